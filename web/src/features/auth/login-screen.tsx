import { maskAddress } from '@nexa/contract';
import { Button, Input } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiFailure, callApi, clientConfig, reportCallFailure } from '../../api';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { deviceId, signIn, useSession } from '../../session';
import { IconCheckCircle, IconGlobe, IconKey, IconShield } from '../../ui/icons';
import { Logo } from '../../ui/logo';
import { showToast } from '../../ui/toast';
import { RestoreEntry } from './restore-sheet';
import './login.css';

type WalletModule = typeof import('../../lib/wallet');
type WalletKind = 'injected' | 'local';
type Step = 'idle' | 'connecting' | 'signing' | 'verifying';

export const DEMO_INVITATION_CODE = 'NEXA2026';

/** viem loads with this screen only, and only once the screen is up. */
function useWalletModule(): WalletModule | null {
  const [mod, setMod] = useState<WalletModule | null>(null);
  useEffect(() => {
    let live = true;
    void import('../../lib/wallet').then((m) => {
      if (live) setMod(m);
    });
    return () => {
      live = false;
    };
  }, []);
  return mod;
}

function SignedIn({ address }: { readonly address: string }): ReactNode {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <div className="login__done card">
      <IconCheckCircle className="login__done-icon" />
      <p className="login__done-text">{t('login.signedInAs', { address: maskAddress(address) })}</p>
      <Button block color="primary" onClick={() => navigate(routePath('me'))}>
        {t('login.goToMine')}
      </Button>
    </div>
  );
}

/** The invitation code: typed, or the demo's put in with a tap; what is wrong with it under the field. */
function InvitationField({
  code,
  error,
  onChange,
}: {
  readonly code: string;
  readonly error: string | null;
  readonly onChange: (code: string) => void;
}): ReactNode {
  const { t } = useTranslation('auth');
  return (
    <div className="login__field">
      <label className="login__label" htmlFor="invite-code">
        {t('login.invitation')}
      </label>
      <div className={error ? 'login__input login__input--error' : 'login__input'}>
        <Input
          id="invite-code"
          value={code}
          onChange={onChange}
          placeholder={t('login.invitationPlaceholder')}
          clearable
          maxLength={16}
          autoComplete="off"
          autoCapitalize="characters"
        />
      </div>
      {error ? (
        <p className="login__error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="login__hint">
        <span>{t('login.demoHint', { code: DEMO_INVITATION_CODE })}</span>
        <button type="button" className="login__use" onClick={() => onChange(DEMO_INVITATION_CODE)}>
          {t('login.useDemo')}
        </button>
      </p>
    </div>
  );
}

/** The browser's wallet (when there is one) or the wallet kept on this device. */
function WalletChoice({
  chosen,
  injected,
  localAddress,
  busy,
  onChoose,
}: {
  readonly chosen: WalletKind;
  readonly injected: boolean;
  readonly localAddress: string | null;
  readonly busy: boolean;
  readonly onChoose: (kind: WalletKind) => void;
}): ReactNode {
  const { t } = useTranslation('auth');
  return (
    <div className="login__field">
      <p className="login__label">{t('login.chooseWallet')}</p>
      <fieldset className="login__wallets">
        <legend className="visually-hidden">{t('login.chooseWallet')}</legend>
        <label
          className={`wallet-option${chosen === 'injected' ? ' wallet-option--on' : ''}${!injected ? ' wallet-option--off' : ''}`}
        >
          <input
            type="radio"
            name="wallet"
            className="visually-hidden"
            checked={chosen === 'injected'}
            disabled={!injected || busy}
            onChange={() => onChoose('injected')}
          />
          <span className="wallet-option__icon" aria-hidden="true">
            <IconGlobe />
          </span>
          <span className="wallet-option__text">
            <span className="wallet-option__name">{t('login.injected')}</span>
            <span className="wallet-option__hint">
              {injected ? t('login.injectedHint') : t('login.noInjected')}
            </span>
          </span>
        </label>
        <label className={`wallet-option${chosen === 'local' ? ' wallet-option--on' : ''}`}>
          <input
            type="radio"
            name="wallet"
            className="visually-hidden"
            checked={chosen === 'local'}
            disabled={busy}
            onChange={() => onChoose('local')}
          />
          <span className="wallet-option__icon" aria-hidden="true">
            <IconKey />
          </span>
          <span className="wallet-option__text">
            <span className="wallet-option__name">{t('login.local')}</span>
            <span className="wallet-option__hint">{t('login.localHint')}</span>
            <span className="wallet-option__address num">
              {localAddress ? maskAddress(localAddress, 8, 6) : t('login.localNew')}
            </span>
          </span>
        </label>
      </fieldset>
    </div>
  );
}

export default function LoginScreen(): ReactNode {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const session = useSession();
  const wallet = useWalletModule();

  const [code, setCode] = useState(() => params.get('code') ?? '');
  /** What is wrong with the invitation code, shown under its field (not as a toast). */
  const [codeError, setCodeError] = useState<string | null>(null);
  const [kind, setKind] = useState<WalletKind | null>(null);
  const [step, setStep] = useState<Step>('idle');
  const [restored, setRestored] = useState(0);
  const injected = wallet?.hasInjectedWallet() ?? false;
  const localAddress = wallet?.localWalletAddress() ?? null;
  const chosen: WalletKind = kind ?? (injected && restored === 0 ? 'injected' : 'local');
  const busy = step !== 'idle';

  if (session.token && session.walletAddress && !busy) {
    return (
      <div className="login">
        <SignedIn address={session.walletAddress} />
      </div>
    );
  }

  const submit = async () => {
    if (!wallet || busy) return;
    setCodeError(null);
    try {
      setStep('connecting');
      const signer = chosen === 'injected' ? await wallet.injectedSigner() : wallet.localSigner();
      const message = wallet.signInMessage(signer.address, clientConfig.chainId, t('login.statement'));
      setStep('signing');
      const signature = await signer.signMessage(message);
      setStep('verifying');
      const trimmed = code.trim();
      let token: string;
      try {
        const data = await callApi('/api/auth/login', {
          ...(trimmed ? { code: trimmed } : {}),
          name: signer.address,
          sign_message: signature,
          message,
          device_id: deviceId(),
        });
        token = data.token;
      } catch (failure) {
        if (failure instanceof ApiFailure && failure.is('InvitationCodeRequired'))
          setCodeError(t('prompts.invitationCode'));
        else if (failure instanceof ApiFailure && failure.is('UnknownInvitationCode'))
          setCodeError(failure.body?.msg ?? t('prompts.invitationCode'));
        reportCallFailure(failure, { handles: ['InvitationCodeRequired', 'UnknownInvitationCode'] });
        return;
      }
      signIn(token, signer.address);
      showToast(t('messages.signInSuccess'));
      const from = (location.state as { from?: unknown } | null)?.from;
      navigate(typeof from === 'string' && from.startsWith('/') ? from : routePath('me'), { replace: true });
    } catch (error) {
      showToast(t(wallet.isUserRejection(error) ? 'login.rejected' : 'login.walletError'));
    } finally {
      setStep('idle');
    }
  };

  const stepText: Record<Step, string> = {
    idle: t('login.submit'),
    connecting: t('login.connecting'),
    signing: t('login.signing'),
    verifying: t('login.verifying'),
  };

  return (
    <div className="login">
      <div className="login__hero">
        <Logo />
        <h2 className="login__welcome">{t('login.welcome')}</h2>
        <p className="login__subtitle">{t('login.subtitle')}</p>
      </div>

      <InvitationField
        code={code}
        error={codeError}
        onChange={(v) => {
          setCode(v);
          setCodeError(null);
        }}
      />

      <WalletChoice
        chosen={chosen}
        injected={injected}
        localAddress={localAddress}
        busy={busy}
        onChoose={setKind}
      />
      <RestoreEntry busy={busy} onRestored={() => setRestored(restored + 1)} />

      <Button
        block
        color="primary"
        size="large"
        className="login__submit"
        loading={busy || !wallet}
        loadingText={busy ? stepText[step] : t('common.loading')}
        disabled={busy || !wallet}
        onClick={() => void submit()}
      >
        {stepText.idle}
      </Button>

      <p className="login__secure">
        <IconShield />
        <span>{t('login.secure')}</span>
      </p>
    </div>
  );
}
