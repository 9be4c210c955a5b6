import { formatDateMinute, type ResponseData } from '@nexa/contract';
import { type ReactNode, useId, useState } from 'react';
import { NO_BODY, useApiMutation, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { Field, TextInput } from '../../ui/form';
import { ConfirmSheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState, ListSkeleton } from '../../ui/states';
import { showToast } from '../../ui/toast';
import './copy.css';

/** OKX's names of an API key's permissions, and their texts; another name shows as OKX wrote it. */
const PERM_TEXT = {
  read_only: 'copy.perm.read_only',
  trade: 'copy.perm.trade',
  withdraw: 'copy.perm.withdraw',
} as const;

/**
 * Exchange account (/me5): link an OKX account with an API key, secret and passphrase (verified with OKX
 * before it is kept), its masked key and permissions once linked, and unlink.
 */
export default function OkxScreen(): ReactNode {
  const { t } = useTranslation('copy');
  const { token } = useSession();
  if (!token) {
    return (
      <div className="copy">
        <SignInPrompt title={t('copy.signInTitle')} body={t('copy.okxSignIn')} />
      </div>
    );
  }
  return <Linked />;
}

type OkxLink = ResponseData<'/v1/user/okxLink'>;

/** A linked key: its tail, the OKX uid, its permissions and when it was checked; unlinking asks first. */
function LinkedCard({
  l,
  leaving,
  busy,
  onLeave,
  onUnlink,
}: {
  readonly l: OkxLink;
  readonly leaving: boolean;
  readonly busy: boolean;
  readonly onLeave: (leaving: boolean) => void;
  readonly onUnlink: () => void;
}): ReactNode {
  const { t } = useTranslation('copy');
  return (
    <div className="copy okx">
      <section className="card okx__card" data-testid="okx-linked">
        <header className="ccopy__head">
          <span>OKX</span>
          <span className="cstatus cstatus--filled">{t('copy.okxStatusLinked')}</span>
        </header>
        <dl className="cgrid cgrid--2">
          <div>
            <dt>{t('copy.okxKey')}</dt>
            <dd className="num">••••{l.key_tail}</dd>
          </div>
          <div>
            <dt>{t('copy.okxUid')}</dt>
            <dd className="num">{l.uid ?? '--'}</dd>
          </div>
          <div>
            <dt>{t('copy.okxPerm')}</dt>
            <dd>
              {l.perm
                .map((p) => (Object.hasOwn(PERM_TEXT, p) ? t(PERM_TEXT[p as keyof typeof PERM_TEXT]) : p))
                .join(' · ')}
            </dd>
          </div>
          <div>
            <dt>{t('copy.okxVerified')}</dt>
            <dd className="num">{l.verified_at ? formatDateMinute(l.verified_at) : '--'}</dd>
          </div>
        </dl>
        <p className="ccopy__terms">{t('copy.okxLinkedBody')}</p>
        <button type="button" className="ccopy__cancel" onClick={() => onLeave(true)}>
          {t('copy.okxUnlink')}
        </button>
      </section>
      <ConfirmSheet
        visible={leaving}
        title={t('copy.okxUnlink')}
        busy={busy}
        rows={[{ label: t('copy.okxKey'), value: `••••${l.key_tail}` }]}
        note={t('copy.okxUnlinkNote')}
        onClose={() => onLeave(false)}
        onConfirm={onUnlink}
      />
    </div>
  );
}

function Linked(): ReactNode {
  const { t } = useTranslation('copy');
  const ids = useId();
  const link = useApiQuery('/v1/user/okxLink', NO_BODY);
  const bind = useApiMutation('/v1/user/bindOkxApiKey', {
    refreshes: ['/v1/user/okxLink'],
    handles: ['OkxKeyRejected', 'OkxKeyCanWithdraw', 'OkxUnavailable'],
  });
  const unbind = useApiMutation('/v1/user/unbindOkxApiKey', { refreshes: ['/v1/user/okxLink'] });
  const [apiKey, setKey] = useState('');
  const [secret, setSecret] = useState('');
  const [pass, setPass] = useState('');
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  if (!link.data) {
    return (
      <div className="copy okx">
        {link.isError ? <ErrorState onRetry={() => void link.refetch()} /> : <ListSkeleton rows={3} />}
      </div>
    );
  }
  const errors = {
    key: apiKey.trim().length < 8 ? t('copy.okxKeyPrompt') : null,
    secret: secret.trim().length < 8 ? t('copy.okxSecretPrompt') : null,
    pass: pass.length < 1 ? t('copy.okxPassPrompt') : null,
  };
  const submit = async () => {
    setTried(true);
    setRefusal(null);
    if (errors.key || errors.secret || errors.pass || bind.isPending) return;
    try {
      await bind.mutateAsync({ apiKey: apiKey.trim(), secretKey: secret.trim(), passphrase: pass });
      setKey('');
      setSecret('');
      setPass('');
      setTried(false);
      showToast(t('copy.okxLinked'));
    } catch (e) {
      setRefusal((e as Error).message);
    }
  };
  const l = link.data;
  if (l.linked) {
    return (
      <LinkedCard
        l={l}
        leaving={leaving}
        busy={unbind.isPending}
        onLeave={setLeaving}
        onUnlink={() =>
          void unbind.mutateAsync({}).then(
            () => {
              setLeaving(false);
              showToast(t('copy.okxUnlinked'));
            },
            () => {},
          )
        }
      />
    );
  }
  return (
    <div className="copy okx">
      <section className="card okx__card">
        <h2 className="clead__h">{t('copy.okxTitle')}</h2>
        <ol className="okx__steps">
          <li>{t('copy.okxStep1')}</li>
          <li>{t('copy.okxStep2')}</li>
          <li>{t('copy.okxStep3')}</li>
        </ol>
        <Field htmlFor={`${ids}-k`} label={t('copy.okxKey')} error={tried ? errors.key : null}>
          <TextInput
            id={`${ids}-k`}
            value={apiKey}
            onChange={setKey}
            placeholder={t('copy.okxKeyPrompt')}
            mono
          />
        </Field>
        <Field htmlFor={`${ids}-s`} label={t('copy.okxSecret')} error={tried ? errors.secret : null}>
          <TextInput
            id={`${ids}-s`}
            value={secret}
            onChange={setSecret}
            placeholder={t('copy.okxSecretPrompt')}
            mono
            secret
          />
        </Field>
        <Field htmlFor={`${ids}-p`} label={t('copy.okxPass')} error={tried ? errors.pass : null}>
          <TextInput
            id={`${ids}-p`}
            value={pass}
            onChange={setPass}
            placeholder={t('copy.okxPassPrompt')}
            secret
          />
        </Field>
        {refusal ? (
          <p className="okx__refusal" role="alert">
            {refusal}
          </p>
        ) : null}
        <button
          type="button"
          className="btn-primary clead__btn"
          onClick={() => void submit()}
          disabled={bind.isPending}
          data-testid="okx-submit"
        >
          {bind.isPending ? t('copy.okxVerifying') : t('copy.okxSubmit')}
        </button>
        <p className="ccopy__terms">{t('copy.okxSafety')}</p>
      </section>
    </div>
  );
}
