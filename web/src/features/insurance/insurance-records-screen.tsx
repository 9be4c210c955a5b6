import { formatDateTime } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { Tabs } from '../../ui/tabs';
import './insurance.css';
import { useAssets } from '../../hooks/assets';

/** Insurance records (/node8): my purchases and my compensations. */
export default function InsuranceRecordsScreen(): ReactNode {
  const { t } = useTranslation('insurance');
  const registry = useAssets();
  const { token } = useSession();
  const [tab, setTab] = useState<'buy' | 'pay'>('buy');
  if (!token) return <SignInPrompt title={t('insurance.signInTitle')} body={t('insurance.signInBody')} />;
  return (
    <div className="page page--flush">
      <Tabs
        className="tabs-bar sticky-bar"
        value={tab}
        onChange={setTab}
        label={t('insurance.records')}
        items={[
          { key: 'buy', label: t('insurance.purchases') },
          { key: 'pay', label: t('insurance.payouts') },
        ]}
      />
      {tab === 'buy' ? (
        <PagedList
          key="covers"
          path="/v1/user/buyInsuranceList"
          filters={{}}
          itemKey={(c) => c.id}
          emptyTitle={t('insurance.noPurchases')}
          renderItem={(c) => (
            <article className="record-card">
              <div className="row row--between insrec__top">
                <span className="insrec__title num">
                  {t('insurance.limit')} {registry.format(c.limit, 'USDT')} USDT
                </span>
                <span className={`ins__status ins__status--${c.status}`}>
                  {t(`insurance.status.${c.status}`)}
                </span>
              </div>
              <dl className="fig-grid ins__grid">
                <div>
                  <dt>{t('insurance.premium')}</dt>
                  <dd className="num">{registry.format(c.premium, 'USDT')}</dd>
                </div>
                <div>
                  <dt>{t('insurance.remaining')}</dt>
                  <dd className="num">{registry.format(c.remaining, 'USDT')}</dd>
                </div>
                <div>
                  <dt>{t('insurance.paid')}</dt>
                  <dd className="num">{registry.format(c.paid, 'USDT')}</dd>
                </div>
                <div>
                  <dt>{t('insurance.expires')}</dt>
                  <dd className="num">{formatDateTime(c.expires_at)}</dd>
                </div>
              </dl>
            </article>
          )}
        />
      ) : (
        <PagedList
          key="claims"
          path="/v1/user/insuranceCompensationList"
          filters={{}}
          itemKey={(c) => c.id}
          emptyTitle={t('insurance.noPayouts')}
          emptyBody={t('insurance.noPayoutsBody')}
          renderItem={(c) => (
            <article className="record-card" data-testid="ins-payout">
              <div className="row row--between insrec__top">
                <span className="insrec__title">
                  {c.instId.split('-')[0]}USDT · {t(`insurance.kind.${c.kind}`)}
                </span>
                <span className={`insrec__amount num ${c.status === 'paid' ? 'up' : ''}`}>
                  +{registry.format(c.amount, 'USDT')} USDT
                </span>
              </div>
              <dl className="fig-grid ins__grid">
                <div>
                  <dt>{t('insurance.loss')}</dt>
                  <dd className="num">{registry.format(c.loss, 'USDT')}</dd>
                </div>
                <div>
                  <dt>{t('insurance.coveredLoss')}</dt>
                  <dd className="num">{registry.format(c.covered_loss, 'USDT')}</dd>
                </div>
                <div>
                  <dt>{t('insurance.state')}</dt>
                  <dd>{t(`insurance.claim.${c.status}`)}</dd>
                </div>
                <div>
                  <dt>{t('insurance.time')}</dt>
                  <dd className="num">{formatDateTime(c.paid_at ?? c.created_at)}</dd>
                </div>
              </dl>
            </article>
          )}
        />
      )}
    </div>
  );
}
