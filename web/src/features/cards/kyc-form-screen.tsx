import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { type ReactNode, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiFailure, invalidateApi, NO_BODY, useApiMutation, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { PickerSheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState, MissingState, ScreenSkeleton } from '../../ui/states';
import { showToast } from '../../ui/toast';
import { normalizeDocNumber } from './cards-math';
import { type DocType, type Kyc, type Nation, useNationName, useNations } from './cards-parts';
import './cards.css';
import { type FieldName, KycDetailsStep, useKycDetails } from './kyc-details';
import { KycImagesStep, PURPOSES, useImageSlots } from './kyc-image-slots';

const STEP1_FIELDS: Readonly<Record<string, FieldName>> = {
  country: 'country',
  doc_type: 'docType',
  doc_number: 'docNumber',
  surname: 'surname',
  given_name: 'givenName',
  birth_date: 'birthDate',
};

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
  const form = useKycDetails(nations, minAge, initial);
  const [submitTried, setSubmitTried] = useState(false);
  const images = useImageSlots();
  const nationName = useNationName();
  const refreshes = ['/api/digitalAssets/showRealName', '/api/visa/kycList', '/api/visa/info'] as const;
  const add = useApiMutation('/api/visa/addKyc', { refreshes, handles: ['UploadNotFound'] });
  const edit = useApiMutation('/api/visa/editKyc', { refreshes, handles: ['UploadNotFound'] });
  const busy = add.isPending || edit.isPending;
  const step1Ok = form.ok;

  const next = () => {
    form.setTried(true);
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
      country: form.country,
      doc_type: form.docType as DocType,
      doc_number: normalizeDocNumber(form.docNumber),
      surname: form.surname.trim(),
      given_name: form.givenName.trim(),
      birth_date: form.birthDate,
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
        <KycDetailsStep form={form} ids={ids} minAge={minAge} editId={editId} onNext={next} />
      ) : (
        <KycImagesStep
          images={images}
          missing={submitTried && !allUp && !uploading}
          busy={busy}
          uploading={uploading}
          editing={editId !== null}
          onBack={() => setStep(1)}
          onSubmit={() => void submit()}
        />
      )}
      <PickerSheet
        visible={form.picking}
        title={t('prompts.country')}
        options={countryOptions}
        value={form.country || null}
        onClose={() => form.setPicking(false)}
        onPick={form.pickCountry}
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
      return <MissingState title={t('cards.kyc.notFound')} back="/realName" />;
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
  if (id !== null && (!Number.isInteger(id) || id <= 0)) return <MissingState noId back="/realName" />;
  return <KycForm key={id ?? 0} editId={id} />;
}
