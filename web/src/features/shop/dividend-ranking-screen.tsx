import { maskAddress } from '@nexa/contract';
import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { EXACT, ratePercent } from '../../lib/amounts';
import { routePath } from '../../paths';
import { IconRecords } from '../../ui/icons';
import { PagedList } from '../../ui/paged-list';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { InlineError } from '../../ui/states';
import { IconCrown } from './shop-icons';
import { poolShare, weightPercent } from './shop-math';
import { ShopLink, SignedIn, USDT, useRefresh, useShopConfig } from './shop-parts';
import '../../ui/balance-card.css';
import './shop.css';
import { useAssets } from '../../hooks/assets';

/** Today's pool, my weight in it and what it would give me now, what I received, VIP. */
function Summary(): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  const q = useApiQuery('/api/shop/dividend', NO_BODY);
  const d = q.data;
  if (!d) {
    return q.isError ? (
      <InlineError className="card sbox" onRetry={() => void q.refetch()} />
    ) : (
      <section className="card sbox" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph animated lineCount={2} />
      </section>
    );
  }
  return (
    <section className="card sbox sdiv" aria-labelledby="pool-label" data-testid="dividend-summary">
      <div className="row row--between sdiv__head">
        <span className="balance__label" id="pool-label">
          {t('shop.dividend.pool', { asset: USDT })}
        </span>
        {d.vip ? (
          <span className="schip schip--gold" data-testid="dividend-vip">
            <IconCrown /> {t('shop.dividend.vipDouble')}
          </span>
        ) : (
          <Link to={routePath('store1')} className="slinkbtn slinkbtn--small">
            {t('shop.dividend.getVip')}
          </Link>
        )}
      </div>
      <p className="balance__value num" data-testid="dividend-pool">
        {registry.format(d.pool_today, USDT, EXACT)}
      </p>
      <dl className="sfigs sfigs--3">
        <div className="sfig">
          <dt>{t('shop.dividend.myWeight')}</dt>
          <dd className="num" data-testid="dividend-weight">
            {registry.format(d.my_weight_today, USDT, EXACT)}
            <small> ({weightPercent(d.my_weight_today, d.total_weight_today)}%)</small>
          </dd>
        </div>
        <div className="sfig">
          <dt>{t('shop.dividend.estimate')}</dt>
          <dd className="num" data-testid="dividend-estimate">
            {registry.format(poolShare(d.pool_today, d.my_weight_today, d.total_weight_today), USDT, EXACT)}
          </dd>
        </div>
        <div className="sfig">
          <dt>{t('shop.dividend.received')}</dt>
          <dd className="num" data-testid="dividend-received">
            {registry.format(d.received, USDT, EXACT)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function MyPlace({
  mine,
}: {
  readonly mine: { rank: number | null; received: string } | undefined;
}): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  return (
    <div className="sdiv-mine" data-testid="dividend-mine">
      <span className="sdiv-mine__label">{t('shop.dividend.myPlace')}</span>
      <span className="sdiv-mine__rank num" data-testid="dividend-rank">
        {mine === undefined ? '--' : mine.rank ? `#${mine.rank}` : t('shop.dividend.notRanked')}
      </span>
      <span className="sdiv-mine__amount num">
        {mine ? `${registry.format(mine.received, USDT, EXACT)} ${USDT}` : '--'}
      </span>
    </div>
  );
}

function Ranking(): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  const config = useShopConfig();
  const head = useApiQuery('/v1/shop/dividendRanking', { page: 1, size: 1 });
  const refresh = useRefresh('/api/shop/dividend', '/v1/shop/dividendRanking');
  const c = config.data;
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="page page--tight shop">
        <Summary />
        <nav className="card link-rows">
          <ShopLink to="consumerDividendRanking1" icon={<IconRecords />} testId="to-dividend-log" />
        </nav>
        <section className="sdiv-rank" aria-labelledby="rank-title">
          <h2 className="ssection__title" id="rank-title">
            {t('shop.dividend.ranking')}
          </h2>
          <MyPlace mine={head.data?.mine} />
          <PagedList
            path="/v1/shop/dividendRanking"
            filters={NO_BODY}
            pullToRefresh={false}
            itemKey={(r) => r.uid}
            skeletonRows={4}
            emptyTitle={t('shop.dividend.rankEmpty')}
            emptyBody={t('shop.dividend.rankEmptyBody')}
            className="slist slist--flush"
            renderItem={(r) => (
              <article className="srank" data-testid="dividend-rank-row">
                <span className={`srank__place srank__place--${r.rank <= 3 ? r.rank : 'n'} num`}>
                  {r.rank}
                </span>
                <span className="fill col">
                  <span className="srank__name">UID {r.uid}</span>
                  <span className="srank__meta num">{maskAddress(r.address, 6, 4)}</span>
                </span>
                <span className="srank__value num">
                  {registry.format(r.received, USDT, EXACT)}
                  <small> {USDT}</small>
                </span>
              </article>
            )}
          />
        </section>
        <p className="note snote--center">
          {c
            ? t('shop.dividend.rule', {
                share: ratePercent(c.dividend_share),
                fee: ratePercent(c.platform_fee_rate),
              })
            : null}
        </p>
      </div>
    </PullToRefresh>
  );
}

/** Dividend ranking (/consumerDividendRanking): today's pool and my share of it, consumers ranked, my place. */
export default function DividendRankingScreen(): ReactNode {
  return <SignedIn>{() => <Ranking />}</SignedIn>;
}
