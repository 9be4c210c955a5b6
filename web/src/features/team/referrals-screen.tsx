import { formatDateTime, maskAddress } from '@nexa/contract';
import type { ReactNode } from 'react';
import { NO_BODY } from '../../api/hooks';
import type { PagedItem } from '../../api/paging';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ListHead, useInvitation, useRefresh, ValidTag } from './team-parts';
import './team.css';
import { useAssets } from '../../hooks/assets';

type Referral = PagedItem<'/api/user/shareList'>;

function ReferralRow({ r }: { readonly r: Referral }): ReactNode {
  const { t } = useTranslation('team');
  const registry = useAssets();
  return (
    <article className="trow" data-testid="referral-row" data-uid={r.uid}>
      <div className="row row--between row--3">
        <span className="trow__who">
          <span className="trow__addr num" title={r.address}>
            {maskAddress(r.address, 6, 4)}
          </span>
          <ValidTag valid={r.valid} />
        </span>
        <span className="trow__amount num" data-testid="referral-volume">
          {registry.format(r.volume, 'USDT')}
        </span>
      </div>
      <div className="row row--between row--3 trow__line--dim">
        <span className="num">{t('team.uid', { uid: r.uid })}</span>
        <span className="num">{formatDateTime(r.registered_at)}</span>
      </div>
    </article>
  );
}

function Referrals(): ReactNode {
  const { t } = useTranslation('team');
  const summary = useInvitation();
  const refresh = useRefresh('/api/user/smarInvitation', '/api/user/shareList');
  const data = summary.data;
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="team team--list">
        <dl className="tstrip">
          <div className="tstrip__item">
            <dt className="tstrip__label">{t('team.direct')}</dt>
            <dd className="tstrip__value num" data-testid="strip-direct">
              {data ? data.direct : '--'}
            </dd>
          </div>
          <div className="tstrip__item">
            <dt className="tstrip__label">{t('team.validDirect')}</dt>
            <dd className="tstrip__value num" data-testid="strip-valid">
              {data ? data.valid_direct : '--'}
            </dd>
          </div>
        </dl>
        <section className="tsection" aria-label={t('screens.invite1')}>
          <ListHead left={t('team.colMember')} right={t('team.colVolume')} />
          <PagedList
            path="/api/user/shareList"
            filters={NO_BODY}
            pullToRefresh={false}
            itemKey={(r) => r.uid}
            emptyTitle={t('team.noReferrals')}
            emptyBody={t('team.noReferralsBody')}
            renderItem={(r) => <ReferralRow r={r} />}
          />
        </section>
      </div>
    </PullToRefresh>
  );
}

/** Direct referrals (/invite1): everyone who signed up with my code, newest first. */
export default function ReferralsScreen(): ReactNode {
  const { t } = useTranslation('team');
  const { token } = useSession();
  return token ? <Referrals /> : <SignInPrompt title={t('team.signInTitle')} body={t('team.signInBody')} />;
}
