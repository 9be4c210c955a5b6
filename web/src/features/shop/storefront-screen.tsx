import { Skeleton } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiFailure, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { IconRight } from '../../ui/icons';
import { PagedList } from '../../ui/paged-list';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { EmptyState, InlineError } from '../../ui/states';
import { MerchantHead } from './merchant-head';
import { parseId } from './shop-math';
import { ProductGrid, type ProductSort, SortBar, USDT, useRefresh } from './shop-parts';
import './shop.css';
import { useAssets } from '../../hooks/assets';
import { EXACT } from '../../lib/amounts';

function Storefront({ id }: { readonly id: number }): ReactNode {
  const { t } = useTranslation('shop');
  const { token } = useSession();
  const [sort, setSort] = useState<ProductSort>('newest');
  const q = useApiQuery('/api/shop/merchantInfo', { id }, { handles: ['MerchantNotFound'] });
  const refresh = useRefresh('/api/shop/merchantInfo', '/api/shop/productList');
  if (q.error instanceof ApiFailure && q.error.is('MerchantNotFound'))
    return <EmptyState title={t('shop.merchantNotFound')} body={t('shop.merchantNotFoundBody')} />;
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="page page--tight shop">
        {!token ? (
          <SignInPrompt compact title={t('shop.signInTitle')} body={t('shop.signInStore')} />
        ) : q.data ? (
          <MerchantHead m={q.data} />
        ) : q.isError ? (
          <InlineError className="card sbox" onRetry={() => void q.refetch()} />
        ) : (
          <section className="card sbox" aria-busy="true">
            <Skeleton.Title animated />
            <Skeleton.Paragraph animated lineCount={2} />
          </section>
        )}
        <section className="sproducts" aria-labelledby="store-products">
          <h2 className="ssection__title" id="store-products">
            {t('shop.storeProducts')}
          </h2>
          <SortBar value={sort} onChange={setSort} />
          <ProductGrid
            key={sort}
            filters={{ merchant_id: id, sort }}
            emptyTitle={t('shop.storeEmpty')}
            emptyBody={t('shop.storeEmptyBody')}
          />
        </section>
      </div>
    </PullToRefresh>
  );
}

/** Every open storefront, ranked by what it sold; each opens. */
function Ranking(): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  return (
    <div className="page page--tight shop shop--list">
      <p className="slead">{t('shop.ranking.lead')}</p>
      <PagedList
        path="/api/shop/ranking"
        filters={{}}
        itemKey={(m) => m.id}
        emptyTitle={t('shop.ranking.empty')}
        emptyBody={t('shop.ranking.emptyBody')}
        className="slist"
        renderItem={(m) => (
          <Link to={`${routePath('storeHome')}?id=${m.id}`} className="srank" data-testid="merchant-rank-row">
            <span className={`srank__place srank__place--${m.rank <= 3 ? m.rank : 'n'} num`}>{m.rank}</span>
            <span className="fill col">
              <span className="srank__name">{m.name}</span>
              <span className="srank__meta num">
                {t('shop.merchantFigures', { products: m.products, sales: m.sales })}
              </span>
            </span>
            <span className="srank__value num">
              {registry.format(m.turnover, USDT, EXACT)}
              <small> {USDT}</small>
            </span>
            <IconRight className="srank__chev" />
          </Link>
        )}
      />
    </div>
  );
}

/**
 * Storefront (/storeHome?id=): one merchant's profile, figures and products. Without an id it is the way into
 * every storefront: the merchants ranked by what they sold (the shop's "merchant ranking").
 */
export default function StorefrontScreen(): ReactNode {
  const { t } = useTranslation('shop');
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = parseId(raw);
  if (raw === null) return <Ranking />;
  if (id === null)
    return <EmptyState title={t('shop.merchantNotFound')} body={t('shop.merchantNotFoundBody')} />;
  return <Storefront key={id} id={id} />;
}
