import { formatDateMinute, type ResponseData } from '@nexa/contract';
import { Dialog } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useApiMutation } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { IconDevice } from '../../ui/icons';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { showToast } from '../../ui/toast';
import './devices.css';

type Session = ResponseData<'/api/auth/sessions'>['list'][number];
const REFRESHES = ['/api/auth/sessions', '/api/notice/list', '/api/notice/unread'] as const;

/** What a session's device is called: browser on system, or the unknown device's words. */
function deviceName(s: Session, unknown: string): string {
  if (s.browser && s.os) return `${s.browser} · ${s.os}`;
  return s.browser || s.os || unknown;
}

/** Devices (/devices): the account's signed-in sessions; end one of the others, or all of them. */
export default function DevicesScreen(): ReactNode {
  const { t } = useTranslation('account');
  const { token } = useSession();
  const endOne = useApiMutation('/api/auth/endSession', { refreshes: REFRESHES });
  const endOthers = useApiMutation('/api/auth/endOtherSessions', { refreshes: REFRESHES });
  if (!token) return <SignInPrompt title={t('devices.signInTitle')} body={t('devices.signInBody')} />;
  const busy = endOne.isPending || endOthers.isPending;

  const end = async (s: Session) => {
    const ok = await Dialog.confirm({
      content: t('devices.endConfirm', { device: deviceName(s, t('devices.unknown')) }),
      confirmText: t('devices.end'),
      cancelText: t('common.cancel'),
    });
    if (ok) endOne.mutate({ session_id: s.id }, { onSuccess: () => showToast(t('devices.ended')) });
  };
  const endAll = async () => {
    const ok = await Dialog.confirm({
      content: t('devices.endOthersConfirm'),
      confirmText: t('devices.endOthers'),
      cancelText: t('common.cancel'),
    });
    if (ok)
      endOthers.mutate({}, { onSuccess: (d) => showToast(t('devices.endedCount', { count: d.ended })) });
  };

  return (
    <div className="page page--flush devices">
      <p className="devices__hint">{t('devices.hint')}</p>
      <PagedList
        path="/api/auth/sessions"
        filters={{}}
        itemKey={(s) => s.id}
        emptyTitle={t('devices.empty')}
        renderItem={(s) => (
          <article className="list-row device" data-testid="device-row">
            <span className="device__icon" aria-hidden="true">
              <IconDevice />
            </span>
            <div className="device__text">
              <div className="device__name">
                <span>{deviceName(s, t('devices.unknown'))}</span>
                {s.current ? <span className="device__tag">{t('devices.thisDevice')}</span> : null}
              </div>
              <div className="device__meta num">
                {t('devices.address')} {s.ip || '–'}
              </div>
              <div className="device__meta num">
                {t('devices.lastSeen')} {formatDateMinute(s.last_seen_at)}
              </div>
              <div className="device__meta num">
                {t('devices.signedIn')} {formatDateMinute(s.created_at)}
              </div>
            </div>
            {s.current ? null : (
              <button
                type="button"
                className="device__end"
                disabled={busy}
                onClick={() => void end(s)}
                data-testid="device-end"
              >
                {t('devices.end')}
              </button>
            )}
          </article>
        )}
      />
      <div className="devices__footer">
        <button
          type="button"
          className="btn-primary devices__others"
          disabled={busy}
          onClick={() => void endAll()}
          data-testid="devices-end-others"
        >
          {t('devices.endOthers')}
        </button>
      </div>
    </div>
  );
}
