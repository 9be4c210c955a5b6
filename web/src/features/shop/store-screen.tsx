import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { useDebounced } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { routePath, type ScreenName } from '../../paths';
import { IconWallet } from '../../ui/icons';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { SearchBox } from '../../ui/search-box';
import { InlineError } from '../../ui/states';
import { CategoryIcon } from './category-icon';
import { IconBag, IconGift, IconMerchant, IconTrophy } from './shop-icons';
import { ProductGrid, type ProductSort, SortBar, useCategories, useRefresh } from './shop-parts';
import './shop.css';

type EntryKey = 'ranking' | 'orders' | 'wallet' | 'merchant' | 'dividends';

const ENTRIES: readonly { key: EntryKey; to: ScreenName; icon: ReactNode }[] = [
  { key: 'ranking', to: 'storeHome', icon: <IconTrophy /> },
  { key: 'orders', to: 'order', icon: <IconBag /> },
  { key: 'wallet', to: 'order2', icon: <IconWallet /> },
  { key: 'merchant', to: 'store1', icon: <IconMerchant /> },
  { key: 'dividends', to: 'consumerDividendRanking', icon: <IconGift /> },
];

/** The shop's ways in: merchant ranking, my orders, the shop wallet, the merchant center, dividends. */
function Entries(): ReactNode {
  const { t } = useTranslation('shop');
  return (
    <nav className="sentries" aria-label={t('shop.entriesLabel')}>
      {ENTRIES.map((e) => (
        <Link key={e.key} to={routePath(e.to)} className="tile sentries__item" data-testid={`entry-${e.key}`}>
          <span className="tile__icon" aria-hidden="true">
            {e.icon}
          </span>
          <span className="tile__label sentries__label">{t(`shop.entry.${e.key}`)}</span>
        </Link>
      ))}
    </nav>
  );
}

/** The categories as a row that scrolls sideways within itself; each opens its products. */
function Categories(): ReactNode {
  const { t } = useTranslation('shop');
  const q = useCategories();
  if (q.isError && !q.data) return <InlineError className="scats-error" onRetry={() => void q.refetch()} />;
  const list = q.data?.list;
  return (
    <nav className="scroll-x scats" aria-label={t('shop.categories')} aria-busy={!list}>
      {list
        ? list.map((c) => (
            <Link
              key={c.id}
              to={`${routePath('productList')}?category_id=${c.id}`}
              className="scats__item"
              data-testid="category"
            >
              <CategoryIcon icon={c.icon} name={c.name} />
              <span className="scats__name">{c.name}</span>
            </Link>
          ))
        : [0, 1, 2, 3, 4].map((i) => <span key={i} className="scats__item scats__item--ghost" />)}
    </nav>
  );
}

/** Shop (/store): search, the ways in, categories, then the products sorted as chosen, paged as it scrolls. */
export default function StoreScreen(): ReactNode {
  const { t } = useTranslation('shop');
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<ProductSort>('newest');
  const keyword = useDebounced(query.trim(), 350);
  const refresh = useRefresh('/api/shop/categoryList', '/api/shop/productList');
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="page page--tight shop">
        <search className="ssearch">
          <SearchBox
            id={searchId}
            label={t('shop.search')}
            clearLabel={t('shop.clearSearch')}
            value={query}
            onChange={setQuery}
            maxLength={40}
            data-testid="shop-search"
          />
        </search>
        {keyword ? null : (
          <>
            <Entries />
            <Categories />
          </>
        )}
        <section className="sproducts" aria-labelledby="shop-products">
          <div className="sproducts__head">
            <h2 className="ssection__title" id="shop-products">
              {keyword ? t('shop.resultsFor', { query: keyword }) : t('shop.products')}
            </h2>
          </div>
          <SortBar value={sort} onChange={setSort} />
          <ProductGrid
            key={`${sort}:${keyword}`}
            filters={keyword ? { sort, keyword } : { sort }}
            emptyTitle={keyword ? t('shop.noMatch', { query: keyword }) : t('shop.noProducts')}
            emptyBody={keyword ? t('shop.noMatchBody') : t('shop.noProductsBody')}
          />
        </section>
      </div>
    </PullToRefresh>
  );
}
