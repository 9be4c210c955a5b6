import { Button } from 'antd-mobile';
import { type ReactNode, useId, useState } from 'react';
import { NO_BODY, useApiMutation } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { PagedList } from '../../ui/paged-list';
import { showToast } from '../../ui/toast';
import { IconMinus, IconPlus } from './shop-icons';
import { type Product, ProductImage, ProductStatusChip, SHOP_READS, SignedIn } from './shop-parts';
import './shop.css';

const MAX_STOCK = 1_000_000;

/** One of my goods with its stock: − / + or typed, then saved on its own. */
function StockRow({ p }: { readonly p: Product }): ReactNode {
  const { t } = useTranslation('shop');
  const id = useId();
  const [value, setValue] = useState(String(p.stock));
  const save = useApiMutation('/api/shop/goodsStock', { refreshes: SHOP_READS });
  const n = value === '' ? null : Number(value);
  const valid = n !== null && Number.isInteger(n) && n >= 0 && n <= MAX_STOCK;
  const changed = valid && n !== p.stock;
  const set = (next: number) => setValue(String(Math.max(0, Math.min(MAX_STOCK, next))));
  const submit = async () => {
    if (!changed || n === null || save.isPending) return;
    try {
      await save.mutateAsync({ id: p.id, stock: n });
      showToast(t('shop.stockPage.saved', { title: p.title, n }));
    } catch {
      // toasted by the query client
    }
  };
  return (
    <article className="card sstock" data-testid="stock-row" data-id={p.id}>
      <div className="row row--3">
        <ProductImage src={p.images[0]?.url} alt={p.title} className="sstock__img" width={48} />
        <span className="fill col">
          <span className="sstock__title">{p.title}</span>
          <span className="sstock__meta num">
            {t('shop.stockPage.now', { n: p.stock })} · {t('shop.soldN', { n: p.sold })}
          </span>
        </span>
        <ProductStatusChip status={p.status} />
      </div>
      <div className="sstock__edit">
        <label className="visually-hidden" htmlFor={id}>
          {t('shop.stockPage.newStock', { title: p.title })}
        </label>
        <div className="sstep sstep--field">
          <button
            type="button"
            className="sstep__btn"
            aria-label={t('shop.qtyLess')}
            disabled={!valid || (n ?? 0) <= 0}
            onClick={() => set((n ?? 0) - 1)}
          >
            <IconMinus />
          </button>
          <input
            id={id}
            className="sstep__input num"
            inputMode="numeric"
            value={value}
            onChange={(e) => setValue(e.target.value.replace(/\D/g, '').slice(0, 7))}
            data-testid="stock-input"
          />
          <button
            type="button"
            className="sstep__btn"
            aria-label={t('shop.qtyMore')}
            disabled={!valid || (n ?? 0) >= MAX_STOCK}
            onClick={() => set((n ?? 0) + 1)}
          >
            <IconPlus />
          </button>
        </div>
        <Button
          color="primary"
          className="sstock__save"
          disabled={!changed || save.isPending}
          loading={save.isPending}
          onClick={() => void submit()}
          data-testid="stock-save"
        >
          {t('shop.stockPage.save')}
        </Button>
      </div>
      {!valid ? (
        <p className="wf__error" role="alert">
          {t('shop.goods.stockInvalid')}
        </p>
      ) : null}
    </article>
  );
}

/** Stock (/storeMyItem3): what is left to sell of each of my goods, set one by one. */
export default function StockScreen(): ReactNode {
  const { t } = useTranslation('shop');
  return (
    <SignedIn>
      {() => (
        <div className="page page--tight shop shop--list">
          <p className="slead">{t('shop.stockPage.lead')}</p>
          <PagedList
            path="/api/shop/merchantGoods"
            filters={NO_BODY}
            itemKey={(p) => `${p.id}:${p.stock}`}
            skeletonRows={4}
            emptyTitle={t('shop.goods.empty')}
            emptyBody={t('shop.goods.emptyBody')}
            className="slist"
            renderItem={(p) => <StockRow p={p} />}
          />
        </div>
      )}
    </SignedIn>
  );
}
