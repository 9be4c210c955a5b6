import { type ReactNode, useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n';
import './offline-banner.css';

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/** Whether the browser says it has no network. */
export function useOffline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !navigator.onLine,
    () => false,
  );
}

/**
 * Shown on every screen while the browser has no network: what is on screen may be old, and nothing new can
 * be loaded or sent until the connection is back (the app keeps no answer of the server offline).
 */
export function OfflineBanner(): ReactNode {
  const { t } = useTranslation();
  const offline = useOffline();
  if (!offline) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <strong className="offline-banner__title">{t('offline.title')}</strong>
      <span className="offline-banner__body">{t('offline.body')}</span>
    </div>
  );
}
