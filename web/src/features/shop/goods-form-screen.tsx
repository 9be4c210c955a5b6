import { Button, SpinLoading, TextArea } from 'antd-mobile';
import { type CSSProperties, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiFailure, useApiMutation, useApiQuery } from '../../api/hooks';
import { useAssets } from '../../hooks/assets';
import { useTranslation } from '../../i18n';
import { sanitizeAmountInput } from '../../lib/amounts';
import { routePath } from '../../paths';
import { AmountInput, Field, PickerButton, TextInput } from '../../ui/form';
import { IconAlert, IconClose, IconInfo } from '../../ui/icons';
import { PickerSheet } from '../../ui/sheet';
import { EmptyState, ErrorState, ScreenSkeleton } from '../../ui/states';
import { showToast } from '../../ui/toast';
import { IconPlus } from './shop-icons';
import {
  type GoodsField,
  type GoodsProblem,
  goodsProblems,
  IMAGE_TYPES,
  imageProblem,
  imagesLeft,
  MAX_IMAGES,
  moveToFront,
  parseId,
  sizeText,
} from './shop-math';
import {
  BottomBar,
  type Product,
  ProductStatusChip,
  SHOP_READS,
  SignedIn,
  USDT,
  useCategories,
} from './shop-parts';
import { UploadError, uploadGoodsImage } from './upload';
import './shop.css';

interface Slot {
  /** The slot's own key (a slot keeps it through reordering). */
  readonly key: string;
  /** What shows: the stored image's address, or an object URL of the chosen file. */
  readonly preview: string;
  readonly file: File | null;
  readonly state: 'uploading' | 'done' | 'error';
  readonly uploadId: string | null;
  readonly error: string | null;
}

let slotSeq = 0;
const nextKey = () => `s${++slotSeq}`;

/** The images of the form: each uploaded as soon as it is chosen; the first is the cover. */
function useImageSlots(initial: readonly { upload_id: string; url: string }[]) {
  const { t } = useTranslation('shop');
  const [slots, setSlots] = useState<readonly Slot[]>(() =>
    initial.map((img) => ({
      key: nextKey(),
      preview: img.url,
      file: null,
      state: 'done' as const,
      uploadId: img.upload_id,
      error: null,
    })),
  );
  const objectUrls = useRef(new Set<string>());
  useEffect(() => {
    const urls = objectUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const patch = (key: string, next: Partial<Slot>) =>
    setSlots((all) => all.map((s) => (s.key === key ? { ...s, ...next } : s)));

  const message = (error: unknown): string => {
    if (!(error instanceof UploadError)) return t('shop.upload.failed');
    switch (error.kind) {
      case 'type':
        return t('shop.upload.wrongType');
      case 'empty':
        return t('shop.upload.empty');
      case 'size':
        return error.maxBytes
          ? t('shop.upload.tooLargeMax', { max: sizeText(error.maxBytes) })
          : t('shop.upload.tooLarge');
      case 'refused':
        return error.serverText ?? t('shop.upload.failed');
      case 'failed':
        return t('shop.upload.failed');
    }
  };

  const upload = async (key: string, file: File) => {
    patch(key, { state: 'uploading', error: null, uploadId: null });
    try {
      const uploadId = await uploadGoodsImage(file);
      patch(key, { state: 'done', uploadId });
    } catch (error) {
      patch(key, { state: 'error', error: message(error) });
    }
  };

  /** Files chosen: up to what is left of the six; a refused one says why in a toast and is not kept. */
  const add = (files: readonly File[]) => {
    const room = imagesLeft(slots.length);
    const taken = files.slice(0, room);
    if (files.length > room) showToast(t('shop.upload.tooMany', { n: MAX_IMAGES }));
    const added: Slot[] = [];
    for (const file of taken) {
      const local = imageProblem(file);
      if (local) {
        showToast(message(new UploadError(local)));
        continue;
      }
      const preview = URL.createObjectURL(file);
      objectUrls.current.add(preview);
      added.push({ key: nextKey(), preview, file, state: 'uploading', uploadId: null, error: null });
    }
    if (added.length === 0) return;
    setSlots((all) => [...all, ...added]);
    for (const s of added) if (s.file) void upload(s.key, s.file);
  };

  const remove = (key: string) => setSlots((all) => all.filter((s) => s.key !== key));
  const makeCover = (key: string) =>
    setSlots((all) =>
      moveToFront(
        all,
        all.findIndex((s) => s.key === key),
      ),
    );
  const retry = (key: string) => {
    const slot = slots.find((s) => s.key === key);
    if (slot?.file) void upload(key, slot.file);
  };
  /** The server no longer has some uploads: every image not chosen again says so. */
  const lost = (text: string) =>
    setSlots((all) => all.map((s) => (s.file ? { ...s, state: 'error', uploadId: null, error: text } : s)));

  return { slots, add, remove, makeCover, retry, lost };
}

type Images = ReturnType<typeof useImageSlots>;

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

function GoodsForm({ initial }: { readonly initial: Product | null }): ReactNode {
  const { t } = useTranslation('shop');
  const registry = useAssets();
  const ids = useId();
  const navigate = useNavigate();
  const categories = useCategories();
  const [categoryId, setCategoryId] = useState<number | null>(initial?.category_id ?? null);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [price, setPrice] = useState(initial?.price ?? '');
  const [stock, setStock] = useState(initial ? String(initial.stock) : '');
  const [picking, setPicking] = useState(false);
  const [tried, setTried] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<GoodsField>>(new Set());
  const images = useImageSlots(initial?.images ?? []);
  const save = useApiMutation('/v1/shop/saveGoods', { refreshes: SHOP_READS, handles: ['UploadNotFound'] });

  const uploading = images.slots.some((s) => s.state === 'uploading');
  const failed = images.slots.some((s) => s.state === 'error');
  const problems = goodsProblems({ categoryId, title, price, stock, images: images.slots.length });
  const text = (f: GoodsField, p: GoodsProblem | null): string | null => {
    if (!p) return null;
    if (f === 'category') return t('shop.goods.prompt.category');
    if (f === 'title') return p === 'tooShort' ? t('shop.goods.titleShort') : t('shop.goods.prompt.title');
    if (f === 'price') return p === 'invalid' ? t('shop.goods.priceInvalid') : t('shop.goods.prompt.price');
    if (f === 'stock') return p === 'invalid' ? t('shop.goods.stockInvalid') : t('shop.goods.prompt.stock');
    return p === 'tooMany' ? t('shop.upload.tooMany', { n: MAX_IMAGES }) : t('shop.goods.prompt.images');
  };
  const shown = (f: GoodsField) => (tried || touched.has(f) ? text(f, problems[f]) : null);
  const touch = (f: GoodsField) => () => setTouched((s) => new Set(s).add(f));
  const categoryName = categories.data?.list.find((c) => c.id === categoryId)?.name ?? null;

  const submit = async () => {
    setTried(true);
    if (save.isPending || uploading || failed) return;
    if (Object.values(problems).some((p) => p !== null) || categoryId === null) return;
    const uploadIds = images.slots.map((s) => s.uploadId).filter((u): u is string => u !== null);
    try {
      const saved = await save.mutateAsync({
        ...(initial ? { id: initial.id } : {}),
        category_id: categoryId,
        title: title.trim(),
        description: description.trim(),
        price: price.trim(),
        stock: Number(stock),
        images: uploadIds,
      });
      showToast(saved.status === 'pending' ? t('shop.goods.savedReview') : t('shop.goods.saved'));
      navigate(routePath('storeMyItem1'), { replace: true });
    } catch (e) {
      if (e instanceof ApiFailure && e.is('UploadNotFound')) images.lost(t('shop.upload.lost'));
    }
  };

  return (
    <>
      <div className="page page--tight shop" data-testid="goods-form">
        {initial ? (
          <section className="card sbox">
            <div className="row row--between">
              <span className="sbox__label">{t('shop.status')}</span>
              <ProductStatusChip status={initial.status} />
            </div>
            <p className="note">{t('shop.goods.editNote')}</p>
          </section>
        ) : (
          <p className="card sbox snotice" data-testid="review-note">
            <IconInfo className="snotice__icon" />
            <span>{t('shop.goods.reviewNote')}</span>
          </p>
        )}
        <section className="card sbox">
          <ImageGrid images={images} error={shown('images')} />
        </section>
        <section className="card sbox">
          <Field label={t('shop.goods.category')} htmlFor={`${ids}-cat`} error={shown('category')}>
            <PickerButton
              id={`${ids}-cat`}
              label={t('shop.goods.category')}
              value={categoryName}
              placeholder={t('shop.goods.prompt.category')}
              onClick={() => setPicking(true)}
            />
          </Field>
          <Field label={t('shop.goods.title')} htmlFor={`${ids}-title`} error={shown('title')}>
            <TextInput
              id={`${ids}-title`}
              value={title}
              onChange={setTitle}
              onBlur={touch('title')}
              placeholder={t('shop.goods.prompt.title')}
              maxLength={80}
            />
          </Field>
          <Field label={t('shop.goods.description')} htmlFor={`${ids}-desc`}>
            <div className="wf__box sarea">
              <TextArea
                id={`${ids}-desc`}
                value={description}
                onChange={setDescription}
                placeholder={t('shop.goods.prompt.description')}
                maxLength={2000}
                autoSize={{ minRows: 3, maxRows: 8 }}
                showCount
              />
            </div>
          </Field>
          <div className="field-pair sgoods-pair">
            <Field
              label={t('shop.goods.price', { asset: USDT })}
              htmlFor={`${ids}-price`}
              error={shown('price')}
            >
              <AmountInput
                id={`${ids}-price`}
                value={price}
                onChange={(v) => setPrice(sanitizeAmountInput(v, registry.scale(USDT)))}
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
                  value={stock}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="0"
                  onChange={(e) => setStock(e.target.value.replace(/\D/g, '').slice(0, 7))}
                  onBlur={touch('stock')}
                />
              </div>
            </Field>
          </div>
        </section>
      </div>
      <BottomBar>
        <Button
          block
          color="primary"
          size="large"
          className="sbar__btn"
          disabled={save.isPending || uploading}
          loading={save.isPending}
          onClick={() => void submit()}
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
          setCategoryId(Number(v));
          touch('category')();
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
  const { t } = useTranslation('shop');
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = parseId(raw);
  return (
    <SignedIn>
      {() =>
        raw === null ? (
          <GoodsForm initial={null} />
        ) : id === null ? (
          <EmptyState title={t('shop.productNotFound')} />
        ) : (
          <EditGoods key={id} id={id} />
        )
      }
    </SignedIn>
  );
}
