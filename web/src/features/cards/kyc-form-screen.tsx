import { useQueryClient } from '@tanstack/react-query';
import { Button, SpinLoading } from 'antd-mobile';
import { type CSSProperties, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiFailure, invalidateApi, useApiMutation, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { Field, PickerButton, SubmitButton, TextInput } from '../../ui/form';
import { IconAlert, IconCheckCircle } from '../../ui/icons';
import { PickerSheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { EmptyState, ErrorState, ScreenSkeleton } from '../../ui/states';
import { showToast } from '../../ui/toast';
import {
  birthDateProblem,
  docNumberProblem,
  imageProblem,
  latestBirthDate,
  localToday,
  normalizeDocNumber,
  sizeText,
} from './cards-math';
import {
  type DocType,
  IconCamera,
  type Kyc,
  type Nation,
  NO_BODY,
  useNationName,
  useNations,
} from './cards-parts';
import { type KycPurpose, UploadError, uploadKycImage } from './upload';
import './cards.css';

const PURPOSES: readonly KycPurpose[] = ['kyc_front', 'kyc_back', 'kyc_selfie'];

type FieldName = 'country' | 'docType' | 'docNumber' | 'surname' | 'givenName' | 'birthDate';
const STEP1_FIELDS: Readonly<Record<string, FieldName>> = {
  country: 'country',
  doc_type: 'docType',
  doc_number: 'docNumber',
  surname: 'surname',
  given_name: 'givenName',
  birth_date: 'birthDate',
};

interface Slot {
  readonly file: File | null;
  /** An object URL of the chosen file, shown as its preview. */
  readonly preview: string | null;
  readonly state: 'empty' | 'uploading' | 'done' | 'error';
  readonly uploadId: string | null;
  readonly error: string | null;
}

const EMPTY_SLOT: Slot = { file: null, preview: null, state: 'empty', uploadId: null, error: null };

/** The stepper's head: which step of two, its name, and a bar of progress. */
function Stepper({ step }: { readonly step: 1 | 2 }): ReactNode {
  const { t } = useTranslation('cards');
  return (
    <div className="cstepper" data-testid="kyc-step" data-step={step}>
      <div className="cstepper__line">
        <span className="cstepper__count num">{t('cards.form.stepOf', { step, total: 2 })}</span>
        <span className="cstepper__name">{t(step === 1 ? 'cards.form.step1' : 'cards.form.step2')}</span>
      </div>
      <div
        className="cstepper__bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={2}
        aria-valuenow={step}
        aria-label={t('cards.form.stepOf', { step, total: 2 })}
      >
        <span style={{ width: step === 1 ? '50%' : '100%' }} />
      </div>
      <ol className="cstepper__names">
        <li className={step === 1 ? 'cstepper__on' : 'cstepper__done'}>{t('cards.form.step1')}</li>
        <li className={step === 2 ? 'cstepper__on' : ''}>{t('cards.form.step2')}</li>
      </ol>
    </div>
  );
}

/** One image: a tile that opens the camera (or the files) on a phone, its preview, its upload's state. */
function ImageSlot({
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
function useImageSlots() {
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

function KycFormBody({
  nations,
  minAge,
  initial,
  editId,
}: {
  readonly nations: readonly Nation[];
  readonly minAge: number;
  readonly initial: Kyc | null;
  readonly editId: number | null;
}): ReactNode {
  const { t } = useTranslation('cards');
  const ids = useId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [step, setStep] = useState<1 | 2>(1);
  const [country, setCountry] = useState(initial?.country ?? '');
  const [docType, setDocType] = useState<DocType | null>(initial?.doc_type ?? null);
  const [docNumber, setDocNumber] = useState('');
  const [surname, setSurname] = useState(initial?.surname ?? '');
  const [givenName, setGivenName] = useState(initial?.given_name ?? '');
  const [birthDate, setBirthDate] = useState(initial?.birth_date ?? '');
  const [touched, setTouched] = useState<ReadonlySet<FieldName>>(new Set());
  const [tried, setTried] = useState(false);
  const [submitTried, setSubmitTried] = useState(false);
  const [picking, setPicking] = useState(false);
  const images = useImageSlots();
  const nationName = useNationName();
  const refreshes = ['/api/digitalAssets/showRealName', '/api/visa/kycList', '/api/visa/info'] as const;
  const add = useApiMutation('/api/visa/addKyc', { refreshes, handles: ['UploadNotFound'] });
  const edit = useApiMutation('/api/visa/editKyc', { refreshes, handles: ['UploadNotFound'] });
  const busy = add.isPending || edit.isPending;

  const nation = nations.find((n) => n.code === country) ?? null;
  const docTypes = nation?.doc_types ?? [];
  const today = localToday();
  const touch = (f: FieldName) => setTouched((s) => new Set(s).add(f));
  const shows = (f: FieldName) => tried || touched.has(f);

  const docLabel = docType ? t(`cards.docType.${docType}`) : '';
  const numberProblem = docNumberProblem(docNumber, docType ? nation?.doc_patterns[docType] : undefined);
  const birthProblem = birthDateProblem(birthDate, today, minAge);
  const errors: Readonly<Record<FieldName, string | null>> = {
    country: country === '' ? t('prompts.country') : null,
    docType: docType === null ? t('prompts.documentType') : null,
    docNumber:
      numberProblem === 'required'
        ? t('prompts.documentNumber')
        : numberProblem === 'invalid'
          ? t('cards.form.docNumberInvalid', {
              doc: docLabel || t('cards.form.document'),
              country: nationName(country),
            })
          : null,
    surname: surname.trim() === '' ? t('prompts.legalSurname') : null,
    givenName: givenName.trim() === '' ? t('prompts.legalGivenName') : null,
    birthDate:
      birthProblem === 'required'
        ? t('cards.form.birthPrompt')
        : birthProblem === 'invalid'
          ? t('cards.form.birthInvalid')
          : birthProblem === 'tooYoung'
            ? t('cards.form.tooYoung', { age: minAge })
            : null,
  };
  const shown = (f: FieldName) => (shows(f) ? errors[f] : null);
  const step1Ok = Object.values(errors).every((e) => e === null);

  const next = () => {
    setTried(true);
    if (!step1Ok) return;
    setStep(2);
    window.scrollTo({ top: 0 });
  };

  const uploads = PURPOSES.map((p) => images.slots[p].uploadId);
  const allUp = uploads.every((u) => u !== null);
  const uploading = PURPOSES.some((p) => images.slots[p].state === 'uploading');

  const submit = async () => {
    setSubmitTried(true);
    if (!step1Ok) {
      setStep(1);
      return;
    }
    if (!allUp || busy) return;
    const [front, back, selfie] = uploads as [string, string, string];
    const body = {
      country,
      doc_type: docType as DocType,
      doc_number: normalizeDocNumber(docNumber),
      surname: surname.trim(),
      given_name: givenName.trim(),
      birth_date: birthDate,
      front_upload: front,
      back_upload: back,
      selfie_upload: selfie,
    };
    try {
      if (editId !== null) await edit.mutateAsync({ ...body, id: editId });
      else await add.mutateAsync(body);
    } catch (error) {
      if (error instanceof ApiFailure && error.is('UploadNotFound'))
        images.lost(error.body?.msg ?? t('cards.upload.failed'));
      // A field the server refused is on the first step: back there (its message was toasted).
      const field =
        (error instanceof ApiFailure ? (error.body?.data as { field?: unknown } | null)?.field : null) ??
        null;
      if (typeof field === 'string' && STEP1_FIELDS[field]) setStep(1);
      return;
    }
    await invalidateApi(client, ...refreshes);
    showToast(t('cards.form.submitted'));
    navigate(routePath('realName'), { replace: true });
  };

  const countryOptions = nations.map((n) => ({ value: n.code, label: nationName(n.code), note: n.code }));

  return (
    <div className="page page--tight ckycform">
      <Stepper step={step} />
      {step === 1 ? (
        <section className="card cbox" aria-label={t('cards.form.step1')}>
          {editId !== null ? <p className="note cnote--top">{t('cards.form.editNote')}</p> : null}
          <Field label={t('cards.kyc.country')} htmlFor={`${ids}-country`} error={shown('country')}>
            <PickerButton
              id={`${ids}-country`}
              label={t('cards.kyc.country')}
              value={nation ? `${nationName(nation.code)} (${nation.code})` : null}
              placeholder={t('prompts.country')}
              onClick={() => setPicking(true)}
            />
          </Field>
          <Field label={t('cards.form.docType')} error={shown('docType')}>
            {nation ? (
              <fieldset className="cseg">
                <legend className="visually-hidden">{t('cards.form.docType')}</legend>
                {docTypes.map((d) => (
                  <button
                    key={d}
                    type="button"
                    aria-pressed={d === docType}
                    className={d === docType ? 'cseg__item cseg__item--on' : 'cseg__item'}
                    onClick={() => {
                      setDocType(d);
                      touch('docType');
                    }}
                    data-testid={`doc-${d}`}
                  >
                    {t(`cards.docType.${d}`)}
                  </button>
                ))}
              </fieldset>
            ) : (
              <p className="wf__static cform__muted">{t('cards.form.countryFirst')}</p>
            )}
          </Field>
          <Field
            label={t('cards.form.docNumber')}
            htmlFor={`${ids}-number`}
            error={shown('docNumber')}
            hint={editId !== null ? t('cards.form.docNumberAgain') : t('cards.form.docNumberHint')}
          >
            <TextInput
              id={`${ids}-number`}
              value={docNumber}
              onChange={(v) => setDocNumber(v.toUpperCase())}
              onBlur={() => touch('docNumber')}
              placeholder={t('prompts.documentNumber')}
              maxLength={30}
              mono
            />
          </Field>
          <Field label={t('cards.form.surname')} htmlFor={`${ids}-surname`} error={shown('surname')}>
            <TextInput
              id={`${ids}-surname`}
              value={surname}
              onChange={setSurname}
              onBlur={() => touch('surname')}
              placeholder={t('prompts.legalSurname')}
              maxLength={60}
            />
          </Field>
          <Field label={t('cards.form.givenName')} htmlFor={`${ids}-given`} error={shown('givenName')}>
            <TextInput
              id={`${ids}-given`}
              value={givenName}
              onChange={setGivenName}
              onBlur={() => touch('givenName')}
              placeholder={t('prompts.legalGivenName')}
              maxLength={60}
            />
          </Field>

          <Field
            label={t('cards.form.birthDate')}
            htmlFor={`${ids}-birth`}
            error={shown('birthDate')}
            hint={t('cards.form.birthHint', { age: minAge })}
          >
            <div className="wf__box">
              <input
                id={`${ids}-birth`}
                type="date"
                className="wf__input wf__input--date num"
                value={birthDate}
                min="1900-01-01"
                max={latestBirthDate(today, minAge)}
                onChange={(e) => setBirthDate(e.target.value)}
                onBlur={() => touch('birthDate')}
                data-testid="birth-date"
              />
            </div>
          </Field>
          <SubmitButton onClick={next}>{t('cards.form.next')}</SubmitButton>
          <p className="note">{t('cards.form.privacy')}</p>
        </section>
      ) : (
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
          {submitTried && !allUp && !uploading ? (
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
              onClick={() => setStep(1)}
            >
              {t('cards.form.back')}
            </Button>
            <Button
              color="primary"
              size="large"
              className="cform__submit"
              loading={busy}
              disabled={busy || uploading}
              onClick={() => void submit()}
              data-testid="kyc-submit"
            >
              {t(editId !== null ? 'cards.form.resubmit' : 'cards.form.submit')}
            </Button>
          </div>
        </section>
      )}
      <PickerSheet
        visible={picking}
        title={t('prompts.country')}
        options={countryOptions}
        value={country || null}
        onClose={() => setPicking(false)}
        onPick={(code) => {
          setCountry(code);
          touch('country');
          const accepted = nations.find((n) => n.code === code)?.doc_types ?? [];
          if (docType && !accepted.includes(docType)) setDocType(null);
          if (!docType && accepted.length === 1) setDocType(accepted[0] ?? null);
        }}
      />
    </div>
  );
}

function KycForm({ editId }: { readonly editId: number | null }): ReactNode {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  const nations = useNations();
  const current = useApiQuery('/api/digitalAssets/showRealName', NO_BODY);
  const editing = useApiQuery(
    '/api/visa/kycDetail',
    { id: editId ?? 1 },
    { enabled: editId !== null, handles: ['KycNotFound'] },
  );
  if (!nations.data || !current.data || (editId !== null && !editing.data)) {
    if (editing.error instanceof ApiFailure && editing.error.is('KycNotFound'))
      return <EmptyState title={t('cards.kyc.notFound')} />;
    const failed = nations.isError || current.isError || editing.isError;
    return failed ? (
      <ErrorState
        onRetry={() => {
          void nations.refetch();
          void current.refetch();
          if (editId !== null) void editing.refetch();
        }}
      />
    ) : (
      <ScreenSkeleton />
    );
  }
  const status = current.data.status;
  const editable =
    editId !== null ? editing.data?.status === 'failed' : status === 'none' || status === 'failed';
  if (!editable) {
    // Pending or approved: nothing to fill in; the status page says where it stands.
    return (
      <div className="page page--tight">
        <section className="card cbox ckyc" data-testid="kyc-locked">
          <p className="ckyc__body">
            {t(`cards.kyc.status.${status === 'approved' ? 'approved' : 'pending'}.body`)}
          </p>
          <Button
            block
            color="primary"
            size="large"
            className="ckyc__action"
            onClick={() => navigate(routePath('realName'))}
          >
            {t('screens.realName')}
          </Button>
        </section>
      </div>
    );
  }
  return (
    <KycFormBody
      nations={nations.data.list}
      minAge={nations.data.min_age}
      initial={editing.data ?? null}
      editId={editId}
    />
  );
}

/** Verification form (/realName1, ?id= to edit a rejected one): details, then the document's images and a selfie. */
export default function KycFormScreen(): ReactNode {
  const { t } = useTranslation('cards');
  const { token } = useSession();
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw === null ? null : Number(raw);
  if (!token) return <SignInPrompt title={t('cards.kyc.signInTitle')} body={t('cards.kyc.signInBody')} />;
  if (id !== null && (!Number.isInteger(id) || id <= 0))
    return <EmptyState title={t('cards.kyc.notFound')} />;
  return <KycForm key={id ?? 0} editId={id} />;
}
