import { Button, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useQrDataUrl } from '../../hooks/qr';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { copyText } from '../../ui/copy';
import { IconCopy, IconSend } from '../../ui/icons';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState } from '../../ui/states';
import { invitationLink } from './team-math';
import { Figure, type Invitation, LevelBadge, ScreenLink, useInvitation } from './team-parts';
import './team.css';

/** The link as a QR code, drawn by the `qrcode` package (the one the deposit address uses), loaded with it. */
function InviteQr({ link }: { readonly link: string }): ReactNode {
  const { t } = useTranslation('team');
  const src = useQrDataUrl(link, 336);
  return (
    <div className="tqr">
      {src ? (
        <img
          className="tqr__img"
          src={src}
          alt={t('team.qrAlt')}
          width={168}
          height={168}
          data-testid="invite-qr"
        />
      ) : (
        <Skeleton animated className="tqr__placeholder" />
      )}
    </div>
  );
}

/** The system's share sheet where there is one; the link copied (with its toast) where there is not. */
async function shareInvitation(data: { title: string; text: string; url: string }): Promise<void> {
  if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      // Closing the share sheet is the user's choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await copyText(data.url);
}

function CodeCard({ code }: { readonly code: string }): ReactNode {
  const { t } = useTranslation('team');
  const link = invitationLink(window.location.origin, routePath('login'), code);
  return (
    <section className="card box tinvite" aria-labelledby="invite-code-label">
      <p className="tinvite__label" id="invite-code-label">
        {t('team.myCode')}
      </p>
      <div className="row row--between row--3">
        <span className="tinvite__code num" data-testid="invite-code">
          {code}
        </span>
        <button
          type="button"
          className="tcopy"
          onClick={() => void copyText(code)}
          aria-label={t('team.copyCode')}
          data-testid="copy-code"
        >
          <IconCopy />
          <span>{t('common.copy')}</span>
        </button>
      </div>
      <InviteQr link={link} />
      <p className="tinvite__hint">{t('team.qrHint')}</p>
      <div className="tinvite__link">
        <span className="tinvite__link-label">{t('team.link')}</span>
        <span className="tinvite__link-text" data-testid="invite-link">
          {link}
        </span>
      </div>
      <div className="tinvite__actions">
        <Button
          color="primary"
          fill="outline"
          onClick={() => void copyText(link)}
          data-testid="copy-link"
          className="tinvite__btn"
        >
          <IconCopy /> {t('team.copyLink')}
        </Button>
        <Button
          color="primary"
          onClick={() =>
            void shareInvitation({
              title: t('team.shareTitle'),
              text: t('team.shareText', { code }),
              url: link,
            })
          }
          data-testid="share-link"
          className="tinvite__btn"
        >
          <IconSend /> {t('team.share')}
        </Button>
      </div>
    </section>
  );
}

function SummaryCard({ data }: { readonly data: Invitation }): ReactNode {
  const { t } = useTranslation('team');
  return (
    <section className="card box" aria-labelledby="team-summary-title">
      <div className="box__head">
        <h2 className="tcard__title" id="team-summary-title">
          {t('team.myTeam')}
        </h2>
        <LevelBadge level={data.level} testId="sum-level" />
      </div>
      <dl className="tfigs tfigs--3">
        <Figure label={t('team.headcount')} value={data.headcount} testId="sum-headcount" />
        <Figure label={t('team.direct')} value={data.direct} testId="sum-direct" />
        <Figure label={t('team.validDirect')} value={data.valid_direct} testId="sum-valid" />
      </dl>
      <nav className="tlinks">
        <ScreenLink to="invite1" testId="to-referrals" />
        <ScreenLink to="invite2" testId="to-team" />
      </nav>
    </section>
  );
}

function Invite(): ReactNode {
  const { t } = useTranslation('team');
  const query = useInvitation();
  const data = query.data;
  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      <div className="team">
        {data ? (
          <>
            <CodeCard code={data.invite_code} />
            <SummaryCard data={data} />
          </>
        ) : query.isError ? (
          <section className="card box">
            <ErrorState onRetry={() => void query.refetch()} />
          </section>
        ) : (
          <section className="card box tinvite" aria-busy="true">
            <Skeleton.Title animated />
            <Skeleton animated className="tqr__placeholder tqr__placeholder--center" />
            <Skeleton.Paragraph animated lineCount={3} />
          </section>
        )}
        <section className="tnotes" aria-labelledby="team-how-title">
          <h2 className="tnotes__title" id="team-how-title">
            {t('team.howTitle')}
          </h2>
          <ol className="tnotes__list">
            <li>{t('team.how1')}</li>
            {data ? <li>{t('team.how2', { amount: data.valid_volume })}</li> : null}
            <li>{t('team.how3')}</li>
          </ol>
        </section>
      </div>
    </PullToRefresh>
  );
}

/** Invitation (/invite): my code, my link and its QR code, copy and share; a summary of my team. */
export default function InviteScreen(): ReactNode {
  const { t } = useTranslation('team');
  const { token } = useSession();
  return token ? <Invite /> : <SignInPrompt title={t('team.signInTitle')} body={t('team.signInBody')} />;
}
