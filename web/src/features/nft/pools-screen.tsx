import { formatDate } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { PagedList } from '../../ui/paged-list';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ListSkeleton } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import './nft.css';
import { useAssets } from '../../hooks/assets';

type Tab = 'pools' | 'mine';

/** NFT pools (/nft1): each pool's daily budget and staked weight, and my stakes with what each earned. */
export default function PoolsScreen(): ReactNode {
  const { t } = useTranslation('nft');
  const registry = useAssets();
  const { token } = useSession();
  const [tab, setTab] = useState<Tab>('pools');
  const cols = useApiQuery('/v1/nft/collections', NO_BODY);
  const head = useApiQuery('/api/assets/nftPoolRecord', { page: 1, size: 1 }, { enabled: token !== null });
  return (
    <div className="page nft page--flush nft--records">
      <Tabs
        className="tabs-bar"
        size="m"
        value={tab}
        onChange={setTab}
        items={[
          { key: 'pools', label: t('nft.pools') },
          { key: 'mine', label: t('nft.myStakes') },
        ]}
      />
      {tab === 'pools' ? (
        cols.data ? (
          cols.data.list.flatMap((c) =>
            c.pools.map((p) => (
              <article className="nft-row" key={p.id} data-testid="pool-row">
                <div className="row row--between">
                  <span className="nft-row__title">{p.name}</span>
                  <span className={`nft-chip nft-chip--${p.status}`}>{t(`nft.poolStatus.${p.status}`)}</span>
                </div>
                <dl className="fig-grid nft-grid2 fig-grid--3">
                  <div>
                    <dt>{t('nft.collection')}</dt>
                    <dd>{c.name}</dd>
                  </div>
                  <div>
                    <dt>{t('nft.dailyBudget')}</dt>
                    <dd className="num up">
                      {registry.format(p.daily_budget, p.asset)} {p.asset}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('nft.stakedWeight')}</dt>
                    <dd className="num">{p.staked_weight}</dd>
                  </div>
                </dl>
              </article>
            )),
          )
        ) : (
          <ListSkeleton rows={3} />
        )
      ) : !token ? (
        <SignInPrompt title={t('nft.signInTitle')} body={t('nft.signInBody')} />
      ) : (
        <>
          <section className="card nft-total">
            <span>{t('nft.earnedTotal')}</span>
            <strong className="num up" data-testid="pool-earned-total">
              {(head.data?.totals.length ? head.data.totals : [{ asset: 'BWC', earned: '0' }])
                .map((x) => `${registry.format(x.earned, x.asset)} ${x.asset}`)
                .join(' · ')}
            </strong>
          </section>
          <PagedList
            path="/api/assets/nftPoolRecord"
            filters={{}}
            itemKey={(s) => s.id}
            emptyTitle={t('nft.noStakes')}
            renderItem={(s) => (
              <article className="nft-row" data-testid="stake-row">
                <div className="row row--between">
                  <span className="nft-row__title">{s.nft}</span>
                  <span className={`nft-chip nft-chip--${s.status}`}>{t(`nft.stakeStatus.${s.status}`)}</span>
                </div>
                <dl className="fig-grid nft-grid2 fig-grid--3">
                  <div>
                    <dt>{t('nft.pool')}</dt>
                    <dd>{s.pool}</dd>
                  </div>
                  <div>
                    <dt>{t('nft.weight')}</dt>
                    <dd className="num">{s.weight}</dd>
                  </div>
                  <div>
                    <dt>{t('nft.earned')}</dt>
                    <dd className="num up" data-testid="stake-earned">
                      {registry.format(s.earned, s.asset)} {s.asset}
                    </dd>
                  </div>
                </dl>
                <div className="nft-row__foot num">
                  <span>{formatDate(s.start_at)}</span>
                  <span>{s.ended_at ? formatDate(s.ended_at) : ''}</span>
                </div>
              </article>
            )}
          />
        </>
      )}
    </div>
  );
}
