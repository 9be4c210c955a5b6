import { Button, SpinLoading, TextArea } from 'antd-mobile';
import { type CSSProperties, type ReactNode, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '../../api/hooks';
import { useAssets } from '../../hooks/assets';
import { useTranslation } from '../../i18n';
import { sanitizeAmountInput } from '../../lib/amounts';
import { AmountInput, Field, PickerButton, TextInput } from '../../ui/form';
import { IconAlert, IconClose, IconInfo } from '../../ui/icons';
import { PickerSheet } from '../../ui/sheet';
import { EmptyState, ErrorState, MissingState, ScreenSkeleton } from '../../ui/states';
import { IconPlus } from './shop-icons';
import { IMAGE_TYPES, MAX_IMAGES, parseId } from './shop-math';
import { BottomBar, type Product, ProductStatusChip, SignedIn, USDT, useCategories } from './shop-parts';
import { type GoodsFormState, useGoodsForm } from './use-goods-form';
import type { Images } from './use-image-slots';
import './shop.css';

function ImageGrid({ images, error }: { readonly images: Images; readonly error: string | null }): ReactNode {
  const { t } = useTranslation('shop');
  const inputId = useId();
  const { slots } = images;
  return (
    <div className={error ? 'wf wf--error' : 'wf'}>
      <div className="wf__head">
        <span className="wf__label" id={`${inputId}-label`}>
          {t('shop.goods.images')}
        </span>
        <span className="wf__extra num">
          {t('shop.goods.imagesCount', { n: slots.length, max: MAX_IMAGES })}
        </span>
      </div>
      <ul className="sshots" aria-labelledby={`${inputId}-label`}>
        {slots.map((s, i) => (
          <li key={s.key} className={`sshot sshot--${s.state}`} data-testid="image-slot" data-state={s.state}>
            <img className="cover" src={s.preview} alt={t('shop.goods.imageN', { n: i + 1 })} />
            {i === 0 ? <span className="sshot__cover">{t('shop.goods.cover')}</span> : null}
            {s.state === 'uploading' ? (
              <span className="sshot__overlay" aria-live="polite">
                <SpinLoading color="white" style={{ '--size': '20px' } as CSSProperties} />
                <span className="visually-hidden">{t('shop.upload.uploading')}</span>
              </span>
            ) : null}
            {s.state === 'error' ? (
              <span className="sshot__overlay sshot__overlay--error" role="alert">
                <IconAlert />
                <span className="sshot__error">{s.error}</span>
                {s.file ? (
                  <button type="button" className="sshot__retry" onClick={() => images.retry(s.key)}>
                    {t('common.retry')}
                  </button>
                ) : null}
              </span>
            ) : null}
            <button
              type="button"
              className="sshot__remove"
              onClick={() => images.remove(s.key)}
              aria-label={t('shop.goods.removeImage', { n: i + 1 })}
              data-testid="image-remove"
            >
              <IconClose />
            </button>
            {i > 0 && s.state === 'done' ? (
              <button
                type="button"
                className="sshot__make-cover"
                onClick={() => images.makeCover(s.key)}
                data-testid="image-cover"
              >
                {t('shop.goods.makeCover')}
              </button>
            ) : null}
          </li>
        ))}
        {slots.length < MAX_IMAGES ? (
          <li className="sshot sshot--add">
            <label className="sshot__add" htmlFor={inputId}>
              <IconPlus className="sshot__add-icon" />
              <span>{t('shop.goods.addImage')}</span>
              <input
                id={inputId}
                type="file"
                accept={IMAGE_TYPES.join(',')}
                multiple
                className="visually-hidden"
                data-testid="goods-file"
                onChange={(e) => {
                  const files = [...(e.target.files ?? [])];
                  // The same file may be chosen again: the input forgets it.
                  e.target.value = '';
                  images.add(files);
                }}
              />
            </label>
          </li>
        ) : null}
      </ul>
      {error ? (
        <p className="wf__error" role="alert">
          {error}
        </p>
      ) : (
        <p className="wf__hint">{t('shop.goods.imagesHint', { max: MAX_IMAGES })}</p>
      )}
    </div>
  );
}

/** Goods edited: their status and that a change goes to review again; new goods: that they wait for review. */
function GoodsStatus({ initial }: { readonly initial: Product | null }): ReactNode {
  const { t } = useTranslation('shop');
  if (initial) {
    return (
      <section className="card sbox">
        <div className="row row--between">
          <span className="sbox__label">{t('shop.status')}</span>
          <ProductStatusChip status={initial.status} />
        </div>
        <p className="note">{t('shop.goods.editNote')}</p>
      </section>
    );
  }
  return (
    <p className="card sbox snotice" data-testid="review-note">
      <IconInfo className="snotice__icon" />
      <span>{t('shop.goods.reviewNote')}</span>
    </p>
  );
}

/** The goods' fields: category (picked in a sheet), title, description, price and stock side by side. */
function GoodsFields({
  form,
  categoryName,
  onPickCategory,
}: {
  readonly form: GoodsFormState;
  readonly categoryName: string | null;
  readonly onPickCategory: () => void;
}): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  const ids = useId();
  const { shown, touch } = form;
  return (
    <section className="card sbox">
      <Field label={t('shop.goods.category')} htmlFor={`${ids}-cat`} error={shown('category')}>
        <PickerButton
          id={`${ids}-cat`}
          label={t('shop.goods.category')}
          value={categoryName}
          placeholder={t('shop.goods.prompt.category')}
          onClick={onPickCategory}
        />
      </Field>
      <Field label={t('shop.goods.title')} htmlFor={`${ids}-title`} error={shown('title')}>
        <TextInput
          id={`${ids}-title`}
          value={form.title}
          onChange={form.setTitle}
          onBlur={touch('title')}
          placeholder={t('shop.goods.prompt.title')}
          maxLength={80}
        />
      </Field>
      <Field label={t('shop.goods.description')} htmlFor={`${ids}-desc`}>
        <div className="wf__box sarea">
          <TextArea
            id={`${ids}-desc`}
            value={form.description}
            onChange={form.setDescription}
            placeholder={t('shop.goods.prompt.description')}
            maxLength={2000}
            autoSize={{ minRows: 3, maxRows: 8 }}
            showCount
          />
        </div>
      </Field>
      <div className="field-pair sgoods-pair">
        <Field label={t('shop.goods.price', { asset: USDT })} htmlFor={`${ids}-price`} error={shown('price')}>
          <AmountInput
            id={`${ids}-price`}
            value={form.price}
            onChange={(v) => form.setPrice(sanitizeAmountInput(v, registry.scale(USDT)))}
            onBlur={touch('price')}
            placeholder="0.00"
            asset={USDT}
          />
        </Field>
        <Field label={t('shop.stock')} htmlFor={`${ids}-stock`} error={shown('stock')}>
          <div className="wf__box">
            <input
              id={`${ids}-stock`}
              className="wf__input wf__input--amount num"
              value={form.stock}
              inputMode="numeric"
              autoComplete="off"
              placeholder="0"
              onChange={(e) => form.setStock(e.target.value.replace(/\D/g, '').slice(0, 7))}
              onBlur={touch('stock')}
            />
          </div>
        </Field>
      </div>
    </section>
  );
}

function GoodsForm({ initial }: { readonly initial: Product | null }): ReactNode {
  const { t } = useTranslation('shop');
  const categories = useCategories();
  const form = useGoodsForm(initial);
  const [picking, setPicking] = useState(false);
  const { categoryId, uploading } = form;
  const categoryName = categories.data?.list.find((c) => c.id === categoryId)?.name ?? null;

  return (
    <>
      <div className="page page--tight shop" data-testid="goods-form">
        <GoodsStatus initial={initial} />
        <section className="card sbox">
          <ImageGrid images={form.images} error={form.shown('images')} />
        </section>
        <GoodsFields form={form} categoryName={categoryName} onPickCategory={() => setPicking(true)} />
      </div>
      <BottomBar>
        <Button
          block
          color="primary"
          size="large"
          className="sbar__btn"
          disabled={form.saving || uploading}
          loading={form.saving}
          onClick={() => void form.submit()}
          data-testid="goods-save"
        >
          {uploading ? t('shop.upload.waiting') : initial ? t('shop.goods.save') : t('shop.goods.submit')}
        </Button>
      </BottomBar>
      <PickerSheet
        visible={picking}
        title={t('shop.goods.prompt.category')}
        value={categoryId === null ? null : String(categoryId)}
        onClose={() => setPicking(false)}
        onPick={(v) => {
          form.setCategoryId(Number(v));
          form.touch('category')();
        }}
        options={(categories.data?.list ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
      />
    </>
  );
}

function EditGoods({ id }: { readonly id: number }): ReactNode {
  const { t } = useTranslation('shop');
  // There is no call for one of my goods in any status: it is found among my goods.
  const mine = useApiQuery('/api/shop/merchantGoods', { page: 1, size: 100 });
  const found = mine.data?.list.find((p) => p.id === id) ?? null;
  const detail = useApiQuery(
    '/api/shop/productDetail',
    { id },
    { enabled: Boolean(mine.data) && !found, handles: ['ProductNotFound'] },
  );
  if (!mine.data)
    return mine.isError ? <ErrorState onRetry={() => void mine.refetch()} /> : <ScreenSkeleton />;
  if (found) return <GoodsForm initial={found} />;
  if (detail.data) return <GoodsForm initial={detail.data} />;
  if (detail.isError) return <EmptyState title={t('shop.productNotFound')} body={t('shop.goods.notMine')} />;
  return <ScreenSkeleton />;
}

/**
 * Edit goods (/storeMyItem2; ?id= edits one): category, title, description, price, stock and up to six
 * images (each uploaded as chosen, the first the cover). New goods wait for review before they go on sale.
 */
export default function GoodsFormScreen(): ReactNode {
  useTranslation('shop');
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = parseId(raw);
  return (
    <SignedIn>
      {() =>
        raw === null ? (
          <GoodsForm initial={null} />
        ) : id === null ? (
          <MissingState noId back="/storeMyItem1" />
        ) : (
          <EditGoods key={id} id={id} />
        )
      }
    </SignedIn>
  );
}
