import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../i18n';
import { IconAlert, IconDoc } from './icons';
import './states.css';

/** Placeholder rows while data loads. */
export function ListSkeleton({ rows = 6 }: { readonly rows?: number }): ReactNode {
  return (
    <div className="list-skeleton" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <div className="list-skeleton__row" key={i}>
          <Skeleton.Title animated className="list-skeleton__title" />
          <Skeleton.Paragraph animated lineCount={2} className="list-skeleton__para" />
        </div>
      ))}
    </div>
  );
}

/** What a screen shows while its chunk loads. */
export function ScreenSkeleton(): ReactNode {
  return (
    <div className="screen-skeleton">
      <ListSkeleton rows={4} />
    </div>
  );
}

export function EmptyState({ title, body }: { readonly title?: string; readonly body?: string }): ReactNode {
  const { t } = useTranslation();
  return (
    <div className="state">
      <div className="state__icon" aria-hidden="true">
        <IconDoc />
      </div>
      <p className="state__title">{title ?? t('common.emptyTitle')}</p>
      <p className="state__body">{body ?? t('common.emptyBody')}</p>
    </div>
  );
}

/**
 * A screen opened for a record that is not there: its link names none (`noId`), or names one that does not
 * exist (`title` says which). Says what is missing and offers the way back (to `back`, the list of such records).
 */
export function MissingState(
  props: { readonly back: string } & ({ readonly title: string } | { readonly noId: true }),
): ReactNode {
  const { t } = useTranslation();
  const { back } = props;
  const noId = 'noId' in props;
  const navigate = useNavigate();
  return (
    <div className="state" data-testid="missing-state">
      <div className="state__icon" aria-hidden="true">
        <IconDoc />
      </div>
      <p className="state__title">{noId ? t('common.noIdTitle') : props.title}</p>
      <p className="state__body">{t(noId ? 'common.noIdBody' : 'common.missingBody')}</p>
      <Button
        size="small"
        color="primary"
        fill="outline"
        className="state__action"
        onClick={() => void navigate(back, { replace: true })}
      >
        {t('common.back')}
      </Button>
    </div>
  );
}

export function ErrorState({ onRetry }: { readonly onRetry: () => void }): ReactNode {
  const { t } = useTranslation();
  return (
    <div className="state" role="alert">
      <div className="state__icon state__icon--error" aria-hidden="true">
        <IconAlert />
      </div>
      <p className="state__title">{t('common.errorTitle')}</p>
      <p className="state__body">{t('common.errorBody')}</p>
      <Button size="small" color="primary" fill="outline" className="state__action" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/**
 * A block that could not load, said in one line with its retry, in the block's own place (so the screen
 * around it keeps its layout and the user knows what is missing).
 */
export function InlineError({
  onRetry,
  className,
}: {
  readonly onRetry: () => void;
  readonly className?: string;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <div className={className ? `inline-error ${className}` : 'inline-error'} role="alert">
      <IconAlert className="inline-error__icon" aria-hidden="true" />
      <span className="inline-error__text">{t('common.errorTitle')}</span>
      <button type="button" className="inline-error__retry" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
