import { formatDate } from '@nexa/contract';
import type { ReactNode } from 'react';
import { useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import './nft.css';
import { useAssets } from '../../hooks/assets';

/** Liquidity records (/nft41): my liquidity rewards per platform day. */
export default function LpRecordsScreen(): ReactNode {
  const { t } = useTranslation('nft');
  const registry = useAssets();
  const { token } = useSession();
  const head = useApiQuery('/v1/lp/records', { page: 1, size: 1 }, { enabled: token !== null });
  if (!token) return <SignInPrompt title={t('nft.signInTitle')} body={t('nft.signInBody')} />;
  return (
    <div className="page nft page--flush nft--records">
      <section className="card nft-total">
        <span>{t('nft.totalPaid')}</span>
        <strong className="num up" data-testid="lp-total">
          {registry.format(head.data?.total_paid ?? '0', 'BWC')} BWC
        </strong>
      </section>
      <PagedList
        path="/v1/lp/records"
        filters={{}}
        itemKey={(r) => r.id}
        emptyTitle={t('nft.noRewards')}
        renderItem={(r) => (
          <article className="nft-row" data-testid="lp-record">
            <div className="row row--between">
              <span className="nft-row__title num">{formatDate(r.day)}</span>
              <span className="num up">
                +{registry.format(r.amount, r.asset)} {r.asset}
              </span>
            </div>
            <dl className="fig-grid nft-grid2 fig-grid--3">
              <div>
                <dt>{t('nft.myValue')}</dt>
                <dd className="num">{registry.format(r.value, 'USDT')} USDT</dd>
              </div>
              <div>
                <dt>{t('nft.poolValue')}</dt>
                <dd className="num">{registry.format(r.total, 'USDT')} USDT</dd>
              </div>
              <div>
                <dt>{t('nft.state')}</dt>
                <dd>{t(`nft.payStatus.${r.status}`)}</dd>
              </div>
            </dl>
          </article>
        )}
      />
    </div>
  );
}
