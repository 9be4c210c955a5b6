import { formatDateMinute, type Notice } from '@nexa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { invalidateApi, useApiMutation } from '../../api/hooks';
import { useAssets } from '../../hooks/assets';
import { useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { Tabs } from '../../ui/tabs';
import { showToast } from '../../ui/toast';
import { AntiPhishing } from './anti-phishing';
import { ChannelSettings } from './channels';
import { noticeParams } from './notice-text';
import { PushToggle } from './push-toggle';
import './notices.css';

const REFRESHES = ['/api/notice/list', '/api/notice/unread'] as const;

/** One notice: its title and body in the reader's language, its time, unread marked; a tap marks it read. */
function NoticeRow({ n, onRead }: { readonly n: Notice; readonly onRead: (n: Notice) => void }): ReactNode {
  const { t } = useTranslation('notifications');
  const assets = useAssets();
  const params = noticeParams(n, {
    amount: (amount, asset) => assets.format(amount, asset, EXACT),
    cardEvent: (event) => t(`notices.cardEvents.${event as 'refund'}`, { defaultValue: event }),
    securityChange: (change) =>
      t(`notices.securityChanges.${change as 'totp_enabled'}`, { defaultValue: change }),
  });
  const unread = n.read_at === null;
  return (
    <button
      type="button"
      className={unread ? 'list-row notice notice--unread' : 'list-row notice'}
      onClick={() => onRead(n)}
      data-testid="notice-row"
      aria-label={unread ? `${t('notices.new')}: ${t(`notices.kinds.${n.kind}.title`, params)}` : undefined}
    >
      <span className="notice__dot" aria-hidden="true" />
      <span className="notice__text">
        <span className="notice__head">
          <span className="notice__title">{t(`notices.kinds.${n.kind}.title`, params)}</span>
          <time className="notice__time num" dateTime={n.created_at}>
            {formatDateMinute(n.created_at)}
          </time>
        </span>
        <span className="notice__body">{t(`notices.kinds.${n.kind}.body`, params)}</span>
      </span>
    </button>
  );
}

/** The notifications list (/notices): all or unread, newest first; mark one (tap) or all read. */
export default function NoticesScreen(): ReactNode {
  const { t } = useTranslation('notifications');
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [view, setView] = useState<'all' | 'unread'>('all');
  const read = useApiMutation('/api/notice/read', { refreshes: REFRESHES });
  const readAll = useApiMutation('/api/notice/readAll', { refreshes: REFRESHES });
  if (!token) return <SignInPrompt title={t('notices.signInTitle')} body={t('notices.signInBody')} />;
  const onRead = (n: Notice) => {
    if (n.read_at === null && !read.isPending) read.mutate({ id: n.id });
  };
  const onReadAll = () =>
    readAll.mutate(
      {},
      {
        onSuccess: () => {
          showToast(t('notices.markedAll'));
          void invalidateApi(queryClient, ...REFRESHES);
        },
      },
    );
  return (
    <div className="page page--flush notices">
      <div className="notices__bar">
        <Tabs
          size="m"
          className="notices__tabs"
          items={[
            { key: 'all', label: t('notices.all') },
            { key: 'unread', label: t('notices.unread') },
          ]}
          value={view}
          onChange={setView}
        />
        <button
          type="button"
          className="notices__all"
          onClick={onReadAll}
          disabled={readAll.isPending}
          data-testid="notice-read-all"
        >
          {t('notices.markAll')}
        </button>
      </div>
      <AntiPhishing />
      <PushToggle />
      <ChannelSettings />
      <PagedList
        key={view}
        path="/api/notice/list"
        filters={{ unread: view === 'unread' ? 1 : 0 }}
        itemKey={(n) => n.id}
        emptyTitle={view === 'unread' ? t('notices.emptyUnread') : t('notices.empty')}
        {...(view === 'all' ? { emptyBody: t('notices.emptyBody') } : {})}
        renderItem={(n) => <NoticeRow n={n} onRead={onRead} />}
      />
    </div>
  );
}
