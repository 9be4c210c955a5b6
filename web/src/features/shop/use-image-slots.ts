import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { showToast } from '../../ui/toast';
import { imageProblem, imagesLeft, MAX_IMAGES, moveToFront, sizeText } from './shop-math';
import { UploadError, uploadGoodsImage } from './upload';

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
export function useImageSlots(initial: readonly { upload_id: string; url: string }[]) {
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

export type Images = ReturnType<typeof useImageSlots>;
