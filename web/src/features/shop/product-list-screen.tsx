import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { parseId } from './shop-math';
import { ProductGrid, type ProductSort, SortBar, useCategories, useRefresh } from './shop-parts';
import './shop.css';

/** Products (/productList?category_id=): one category's products (or all), sorted, paged as it scrolls. */
export default function ProductListScreen(): ReactNode {
  const { t } = useTranslation('shop');
  const [params, setParams] = useSearchParams();
  const categoryId = parseId(params.get('category_id'));
  const [sort, setSort] = useState<ProductSort>('newest');
  const categories = useCategories();
  const refresh = useRefresh('/api/shop/categoryList', '/api/shop/productList');
  const list = categories.data?.list ?? [];
  const pick = (id: number | null) =>
    setParams(id === null ? {} : { category_id: String(id) }, { replace: true });
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="page page--tight shop">
        <div className="scroll-x schips" role="tablist" aria-label={t('shop.categories')}>
          <button
            type="button"
            role="tab"
            aria-selected={categoryId === null}
            className={categoryId === null ? 'tap schips__item schips__item--on' : 'tap schips__item'}
            onClick={() => pick(null)}
          >
            {t('shop.allCategories')}
          </button>
          {list.map((c) => (
            <button
              key={c.id}
              type="button"
              role="tab"
              aria-selected={c.id === categoryId}
              className={c.id === categoryId ? 'tap schips__item schips__item--on' : 'tap schips__item'}
              onClick={() => pick(c.id)}
            >
              {c.name}
            </button>
          ))}
        </div>
        <section className="sproducts">
          <SortBar value={sort} onChange={setSort} />
          <ProductGrid
            key={`${categoryId ?? 'all'}:${sort}`}
            filters={categoryId === null ? { sort } : { sort, category_id: categoryId }}
            emptyTitle={t('shop.noProductsHere')}
            emptyBody={t('shop.noProductsBody')}
          />
        </section>
      </div>
    </PullToRefresh>
  );
}
