/**
 * The verification form's images (front, back, selfie): a slot each, uploaded as soon as it is chosen, and
 * the second step that holds them.
 */
import { Button, SpinLoading } from 'antd-mobile';
import { type CSSProperties, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { IconAlert, IconCheckCircle } from '../../ui/icons';
import { imageProblem, sizeText } from './cards-math';
import { IconCamera } from './cards-parts';
import { type KycPurpose, UploadError, uploadKycImage } from './upload';

export const PURPOSES: readonly KycPurpose[] = ['kyc_front', 'kyc_back', 'kyc_selfie'];

export interface Slot {
  readonly file: File | null;
  /** An object URL of the chosen file, shown as its preview. */
  readonly preview: string | null;
  readonly state: 'empty' | 'uploading' | 'done' | 'error';
  readonly uploadId: string | null;
  readonly error: string | null;
}

export const EMPTY_SLOT: Slot = { file: null, preview: null, state: 'empty', uploadId: null, error: null };

/** One image: a tile that opens the camera (or the files) on a phone, its preview, its upload's state. */
export function ImageSlot({
  purpose,
  slot,
  onChoose,
  onRetry,
}: {
  readonly purpose: KycPurpose;
  readonly slot: Slot;
  readonly onChoose: (file: File) => void;
  readonly onRetry: () => void;
}): ReactNode {
  const { t } = useTranslation('cards');
  const id = useId();
  return (
    <div className={`cimg cimg--${slot.state}`} data-testid={`slot-${purpose}`} data-state={slot.state}>
      <label className="cimg__tile" htmlFor={id}>
        {slot.preview ? (
          <img
            key={slot.preview}
            className="cimg__preview"
            src={slot.preview}
            alt={t(`cards.form.image.${purpose}`)}
            onError={(e) => {
              e.currentTarget.hidden = true;
            }}
          />
        ) : (
          <span className="cimg__placeholder" aria-hidden="true">
            <IconCamera />
          </span>
        )}
        {slot.state === 'uploading' ? (
          <span className="cimg__overlay" aria-live="polite">
            <SpinLoading color="white" style={{ '--size': '24px' } as CSSProperties} />
            <span>{t('cards.upload.uploading')}</span>
          </span>
        ) : null}
        {slot.state === 'done' ? (
          <span className="cimg__badge">
            <IconCheckCircle />
            <span className="visually-hidden">{t('cards.upload.done')}</span>
          </span>
        ) : null}
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png"
          capture={purpose === 'kyc_selfie' ? 'user' : 'environment'}
          className="visually-hidden"
          data-testid={`file-${purpose}`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            // The same file may be chosen again (after an error): the input forgets it.
            e.target.value = '';
            if (file) onChoose(file);
          }}
        />
      </label>
      <div className="fill lines">
        <span className="cimg__name">{t(`cards.form.image.${purpose}`)}</span>
        <span className="cimg__hint">
          {slot.state === 'done' && slot.file
            ? t('cards.upload.doneSize', { size: sizeText(slot.file.size) })
            : t(`cards.form.imageHint.${purpose}`)}
        </span>
        {slot.state === 'error' && slot.error ? (
          <span className="cimg__error" role="alert">
            <IconAlert /> {slot.error}
            {slot.file ? (
              <button type="button" className="cimg__retry" onClick={onRetry}>
                {t('common.retry')}
              </button>
            ) : null}
          </span>
        ) : null}
        <label className="cimg__choose" htmlFor={id}>
          {slot.file ? t('cards.form.replaceImage') : t('cards.form.chooseImage')}
        </label>
      </div>
    </div>
  );
}

/** The three images, each uploaded as soon as it is chosen: state per slot, previews freed when replaced. */
export function useImageSlots() {
  const { t } = useTranslation('cards');
  const [slots, setSlots] = useState<Readonly<Record<KycPurpose, Slot>>>({
    kyc_front: EMPTY_SLOT,
    kyc_back: EMPTY_SLOT,
    kyc_selfie: EMPTY_SLOT,
  });
  // The latest choice per slot: an upload that finishes after a newer choice is ignored.
  const generation = useRef<Record<KycPurpose, number>>({ kyc_front: 0, kyc_back: 0, kyc_selfie: 0 });
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const patch = (purpose: KycPurpose, next: Partial<Slot>) =>
    setSlots((all) => ({ ...all, [purpose]: { ...all[purpose], ...next } }));

  const message = (error: unknown): string => {
    if (!(error instanceof UploadError)) return t('cards.upload.failed');
    switch (error.kind) {
      case 'type':
        return t('cards.upload.wrongType');
      case 'empty':
        return t('cards.upload.empty');
      case 'size':
        return error.maxBytes
          ? t('cards.upload.tooLargeMax', { max: sizeText(error.maxBytes) })
          : t('cards.upload.tooLarge');
      case 'refused':
        return error.serverText ?? t('cards.upload.failed');
      case 'failed':
        return t('cards.upload.failed');
    }
  };

  const upload = async (purpose: KycPurpose, file: File) => {
    const mine = ++generation.current[purpose];
    patch(purpose, { state: 'uploading', uploadId: null, error: null });
    try {
      const uploadId = await uploadKycImage(file, purpose);
      if (generation.current[purpose] === mine) patch(purpose, { state: 'done', uploadId });
    } catch (error) {
      if (generation.current[purpose] === mine) patch(purpose, { state: 'error', error: message(error) });
    }
  };

  const choose = (purpose: KycPurpose, file: File) => {
    const old = slots[purpose].preview;
    if (old) {
      URL.revokeObjectURL(old);
      previews.current.delete(old);
    }
    // A file refused here (not a JPEG or PNG, empty) is not kept: no preview, no retry, only why.
    const local = imageProblem(file);
    if (local) {
      generation.current[purpose]++;
      patch(purpose, {
        file: null,
        preview: null,
        state: 'error',
        uploadId: null,
        error: message(new UploadError(local)),
      });
      return;
    }
    const preview = URL.createObjectURL(file);
    previews.current.add(preview);
    patch(purpose, { file, preview });
    void upload(purpose, file);
  };

  const retry = (purpose: KycPurpose) => {
    const file = slots[purpose].file;
    if (file) void upload(purpose, file);
  };

  /** Every image has to go up again (the server no longer has them): said on each slot, with a retry. */
  const lost = (text: string) =>
    setSlots((all) => {
      const next = { ...all };
      for (const p of PURPOSES) next[p] = { ...all[p], state: 'error', uploadId: null, error: text };
      return next;
    });

  return { slots, choose, retry, lost };
}

/** The second step: the three images, what is missing, "Back" and "Submit". */
export function KycImagesStep({
  images,
  missing,
  busy,
  uploading,
  editing,
  onBack,
  onSubmit,
}: {
  readonly images: ReturnType<typeof useImageSlots>;
  /** Said once a submission was tried without every image up (and none still going). */
  readonly missing: boolean;
  readonly busy: boolean;
  readonly uploading: boolean;
  readonly editing: boolean;
  readonly onBack: () => void;
  readonly onSubmit: () => void;
}): ReactNode {
  const { t } = useTranslation('cards');
  return (
    <section className="card cbox" aria-label={t('cards.form.step2')}>
      <p className="note cnote--top">{t('cards.form.imagesLead')}</p>
      <div className="cimgs">
        {PURPOSES.map((p) => (
          <ImageSlot
            key={p}
            purpose={p}
            slot={images.slots[p]}
            onChoose={(file) => images.choose(p, file)}
            onRetry={() => images.retry(p)}
          />
        ))}
      </div>
      {missing ? (
        <p className="wf__error" role="alert">
          {t('cards.form.imagesMissing')}
        </p>
      ) : null}
      <div className="cform__buttons">
        <Button
          color="default"
          fill="outline"
          size="large"
          className="cform__back"
          disabled={busy}
          onClick={onBack}
        >
          {t('cards.form.back')}
        </Button>
        <Button
          color="primary"
          size="large"
          className="cform__submit"
          loading={busy}
          disabled={busy || uploading}
          onClick={onSubmit}
          data-testid="kyc-submit"
        >
          {t(editing ? 'cards.form.resubmit' : 'cards.form.submit')}
        </Button>
      </div>
    </section>
  );
}
