import { Switch } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { callApi, reportCallFailure } from '../../api';
import { useTranslation } from '../../i18n';
import { deviceId } from '../../session';
import { showToast } from '../../ui/toast';

type State = 'unsupported' | 'off' | 'on' | 'blocked';

const supported = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window !== 'undefined' &&
  'PushManager' in window &&
  'Notification' in window;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Push notices on this device, in the notice settings. The browser is asked for permission only when the
 * user turns this on; turned off, the browser's subscription and the server's copy of it go.
 */
export function PushToggle(): ReactNode {
  const { t } = useTranslation('notifications');
  const [state, setState] = useState<State>(supported() ? 'off' : 'unsupported');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!supported()) return;
    if (Notification.permission === 'denied') {
      setState('blocked');
      return;
    }
    void currentSubscription().then((s) =>
      setState(s && Notification.permission === 'granted' ? 'on' : 'off'),
    );
  }, []);

  const turnOn = async () => {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      setState(permission === 'denied' ? 'blocked' : 'off');
      if (permission === 'denied') showToast(t('push.blocked'));
      return;
    }
    const registration = await navigator.serviceWorker.ready;
    const { public_key } = await callApi('/api/notice/pushKey', {});
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(public_key),
      }));
    const json = subscription.toJSON();
    await callApi('/api/notice/pushSubscribe', {
      endpoint: subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      device_id: deviceId(),
    });
    setState('on');
    showToast(t('push.enabled'));
  };

  const turnOff = async () => {
    const subscription = await currentSubscription();
    if (subscription) {
      await callApi('/api/notice/pushUnsubscribe', { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
    setState('off');
    showToast(t('push.disabled'));
  };

  const change = async (on: boolean) => {
    if (busy) return;
    setBusy(true);
    try {
      await (on ? turnOn() : turnOff());
    } catch (error) {
      reportCallFailure(error);
      if (on) showToast(t('push.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="push-pref" data-testid="push-toggle">
      <p className="push-pref__line">
        <span>{t('push.title')}</span>
        <Switch
          checked={state === 'on'}
          loading={busy}
          disabled={state === 'unsupported' || state === 'blocked'}
          onChange={(on) => void change(on)}
          aria-label={t('push.title')}
        />
      </p>
      <p className="push-pref__hint">
        {state === 'unsupported'
          ? t('push.unsupported')
          : state === 'blocked'
            ? t('push.blocked')
            : t('push.hint')}
      </p>
    </div>
  );
}
