import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiFailure, useApiMutation } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { showToast } from '../../ui/toast';
import { type GoodsField, type GoodsProblem, goodsProblems, MAX_IMAGES } from './shop-math';
import { type Product, SHOP_READS } from './shop-parts';
import { useImageSlots } from './use-image-slots';

/**
 * The goods form's values (from the goods edited, else empty) and images, what is wrong with each field
 * (said once it was left, or once the user tried to save), and the save: it waits for the images' uploads,
 * and an upload the server no longer has marks the images to choose again.
 */
export function useGoodsForm(initial: Product | null) {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const [categoryId, setCategoryId] = useState<number | null>(initial?.category_id ?? null);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [price, setPrice] = useState(initial?.price ?? '');
  const [stock, setStock] = useState(initial ? String(initial.stock) : '');
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

  return {
    categoryId,
    setCategoryId,
    title,
    setTitle,
    description,
    setDescription,
    price,
    setPrice,
    stock,
    setStock,
    images,
    /** An image is still uploading. */
    uploading,
    /** A field's problem, once it is to be said. */
    shown,
    /** Marks a field as left (its problem is said from then on). */
    touch,
    submit,
    saving: save.isPending,
  };
}

export type GoodsFormState = ReturnType<typeof useGoodsForm>;
