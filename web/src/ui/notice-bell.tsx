import { formatNumber } from '@nexa/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NO_BODY, useApiQuery } from '../api/hooks';
import { useTranslation } from '../i18n';
import { useNoticeUpdates } from '../live/hooks';
import { routePath } from '../paths';
import { useSession } from '../session';
import { IconBell } from './icons';

/** The count a badge shows: up to 99, then "99+". */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : formatNumber(count, 0);
}

/**
 * The top bar's bell (signed in only): the unread notices' count, kept live by the private `notices` channel;
 * it opens the notices list.
 */
export function NoticeBell(): ReactNode {
  const { t } = useTranslation();
  const { token } = useSession();
  useNoticeUpdates();
  const { data } = useApiQuery('/api/notice/unread', NO_BODY, { enabled: Boolean(token) });
  if (!token) return null;
  const count = data?.count ?? 0;
  const label = count > 0 ? t('topBar.noticesUnread', { count }) : t('topBar.notices');
  return (
    <Link to={routePath('notices')} className="top-bar__icon top-bar__bell" aria-label={label}>
      <IconBell fontSize={22} />
      {count > 0 ? (
        <span className="top-bar__badge num" data-testid="notice-badge">
          {badgeText(count)}
        </span>
      ) : null}
    </Link>
  );
}
