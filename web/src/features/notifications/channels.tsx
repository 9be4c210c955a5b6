import {
  type ChannelChoice,
  NOTICE_CHANNELS,
  NOTICE_KINDS,
  type NoticeChannel,
  type NoticeKind,
  SECURITY_NOTICE_KINDS,
} from '@nexa/contract';
import { Switch } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { Sheet } from '../../ui/sheet';
import { ErrorState, ListSkeleton } from '../../ui/states';

const REFRESHES = ['/api/notice/settings'] as const;
const CHANNEL_WORD = { in_app: 'channels.inApp', email: 'channels.email', push: 'channels.push' } as const;

/** Each kind with its three switches; a security kind's are on and fixed, email's off without an address. */
function ChannelTable(): ReactNode {
  const { t } = useTranslation('notifications');
  const settings = useApiQuery('/api/notice/settings', {});
  const save = useApiMutation('/api/notice/setChannels', { refreshes: REFRESHES });
  if (settings.isError && !settings.data) return <ErrorState onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <ListSkeleton rows={5} />;
  const s = settings.data;
  const title = (kind: NoticeKind) =>
    t(`notices.kinds.${kind}.title`, { event: t('notices.cardEvents.authorization') });
  const flip = (kind: NoticeKind, channel: NoticeChannel, on: boolean) => {
    const now: ChannelChoice = s.channels[kind] ?? { in_app: true, email: true, push: true };
    save.mutate({ kind, ...now, [channel]: on });
  };
  return (
    <div className="chan">
      <p className="note">{t('channels.hint')}</p>
      <p className="note" data-testid="channels-email">
        {s.email ? t('channels.emailTo', { email: s.email }) : t('channels.noEmail')}
      </p>
      <div className="chan__row chan__row--head" aria-hidden="true">
        <span className="chan__kind" />
        {NOTICE_CHANNELS.map((c) => (
          <span key={c} className="chan__cell">
            {t(CHANNEL_WORD[c])}
          </span>
        ))}
      </div>
      {NOTICE_KINDS.map((kind) => {
        const fixed = SECURITY_NOTICE_KINDS.includes(kind);
        const choice = s.channels[kind];
        return (
          <div key={kind} className="chan__row" data-testid={`channels-${kind}`}>
            <span className="chan__kind">
              {title(kind)}
              {fixed ? <span className="chan__fixed"> 🔒</span> : null}
            </span>
            {NOTICE_CHANNELS.map((c) => {
              const noAddress = c === 'email' && !s.email;
              return (
                <span key={c} className="chan__cell">
                  <Switch
                    checked={(choice?.[c] ?? true) && !noAddress}
                    disabled={fixed || noAddress || save.isPending}
                    onChange={(on) => flip(kind, c, on)}
                    aria-label={`${title(kind)}: ${t(CHANNEL_WORD[c])}`}
                  />
                </span>
              );
            })}
          </div>
        );
      })}
      <p className="note">🔒 {t('channels.always')}</p>
    </div>
  );
}

/** The way to the delivery settings, at the head of the notices. */
export function ChannelSettings(): ReactNode {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  return (
    <div className="phishing">
      <p className="phishing__line phishing__none">{t('channels.title')}</p>
      <div className="phishing__actions">
        <button
          type="button"
          className="phishing__btn"
          onClick={() => setOpen(true)}
          data-testid="channels-open"
        >
          {t('channels.open')}
        </button>
      </div>
      <Sheet visible={open} title={t('channels.title')} onClose={() => setOpen(false)}>
        {() => <ChannelTable />}
      </Sheet>
    </div>
  );
}
