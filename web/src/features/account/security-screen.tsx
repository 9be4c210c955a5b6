import { formatDateMinute } from '@nexa/contract';
import { Button, List, Switch } from 'antd-mobile';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useQrDataUrl } from '../../hooks/qr';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { Field, SubmitButton, TextInput } from '../../ui/form';
import { IconKey, IconLock, IconShield } from '../../ui/icons';
import { Sheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState, ListSkeleton } from '../../ui/states';
import { EmailItem } from './email-binding';
import { KeyBackup } from './key-backup';
import './security.css';

const NOTHING = {};
const REFRESHES = [
  '/api/auth/security',
  '/api/wallet/addresses',
  '/api/notice/list',
  '/api/notice/unread',
] as const;

/** A code as typed: six digits, or a recovery code (`ABCDE-FGHIJ`). */
export const codeShape = (code: string, recovery: boolean) =>
  /^\d{6}$/.test(code) || (recovery && /^[A-Za-z2-7]{5}-[A-Za-z2-7]{5}$/.test(code));

/** A code's field and its check, for enabling (digits only) or disabling (a recovery code too). */
function CodeField({
  value,
  onChange,
  recovery,
  tried,
}: {
  readonly value: string;
  readonly onChange: (v: string) => void;
  readonly recovery: boolean;
  readonly tried: boolean;
}): ReactNode {
  const { t } = useTranslation('account');
  const id = useId();
  return (
    <Field
      label={recovery ? t('security.disablePrompt') : t('security.code')}
      htmlFor={id}
      error={tried && !codeShape(value, recovery) ? t('security.codeInvalid') : null}
    >
      <TextInput
        id={id}
        value={value}
        onChange={(v) => onChange(v.trim())}
        placeholder={t('security.codePrompt')}
        maxLength={recovery ? 11 : 6}
        mono
      />
    </Field>
  );
}

/** Enabling: the secret as a QR code and as text, its first code; then the recovery codes, shown once. */
function EnableSheet({ onClose }: { readonly onClose: () => void }): ReactNode {
  const { t } = useTranslation('account');
  // A new secret each time the sheet opens (the server keeps the last one until its first code confirms it).
  const setup = useApiMutation('/api/auth/totpSetup');
  const start = setup.mutate;
  useEffect(() => start({}), [start]);
  const enable = useApiMutation('/api/auth/totpEnable', { refreshes: REFRESHES });
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const qr = useQrDataUrl(setup.data?.uri ?? '', 200);
  const codes = enable.data?.recovery_codes;
  return (
    <Sheet visible title={t('security.totpTitle')} onClose={onClose}>
      {() =>
        codes ? (
          <div className="sec__sheet">
            <h3 className="sec__h">{t('security.recoveryTitle')}</h3>
            <p className="note">{t('security.recoveryNote')}</p>
            <ol className="sec__codes num" data-testid="recovery-codes">
              {codes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ol>
            <SubmitButton onClick={onClose}>{t('security.recoveryDone')}</SubmitButton>
          </div>
        ) : (
          <div className="sec__sheet">
            <p className="note">{t('security.scan')}</p>
            <div className="sec__qr">
              {qr ? <img src={qr} width={200} height={200} alt={t('security.totpTitle')} /> : null}
            </div>
            <Field label={t('security.key')}>
              <div className="sec__key num" data-testid="totp-secret">
                {setup.data?.secret ?? '…'}
              </div>
            </Field>
            <CodeField value={code} onChange={setCode} recovery={false} tried={tried} />
            <SubmitButton
              disabled={enable.isPending || !setup.data}
              onClick={() => {
                setTried(true);
                if (codeShape(code, false)) enable.mutate({ code });
              }}
            >
              {t('security.confirmEnable')}
            </SubmitButton>
          </div>
        )
      }
    </Sheet>
  );
}

/** Disabling (or turning the whitelist off): a current code, or a recovery code where it is the factor. */
function CodeSheet({
  title,
  recovery,
  busy,
  onSubmit,
  onClose,
}: {
  readonly title: string;
  readonly recovery: boolean;
  readonly busy: boolean;
  readonly onSubmit: (code: string) => void;
  readonly onClose: () => void;
}): ReactNode {
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  return (
    <Sheet visible title={title} onClose={onClose}>
      {() => (
        <div className="sec__sheet">
          <CodeField value={code} onChange={setCode} recovery={recovery} tried={tried} />
          <SubmitButton
            disabled={busy}
            onClick={() => {
              setTried(true);
              if (codeShape(code, recovery)) onSubmit(code);
            }}
          >
            {title}
          </SubmitButton>
        </div>
      )}
    </Sheet>
  );
}

function Security(): ReactNode {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const status = useApiQuery('/api/auth/security', NOTHING);
  const book = useApiQuery('/api/wallet/addresses', NOTHING);
  const disable = useApiMutation('/api/auth/totpDisable', { refreshes: REFRESHES });
  const whitelist = useApiMutation('/api/wallet/setWhitelist', { refreshes: REFRESHES });
  const [sheet, setSheet] = useState<'enable' | 'disable' | 'whitelistOff' | null>(null);
  if (status.isError && !status.data) return <ErrorState onRetry={() => void status.refetch()} />;
  if (!status.data) return <ListSkeleton rows={3} />;
  const s = status.data;
  const listOn = book.data?.whitelist ?? false;
  const close = () => setSheet(null);
  const switchList = (on: boolean) => {
    if (!on && s.totp_enabled) setSheet('whitelistOff');
    else whitelist.mutate({ on });
  };
  return (
    <div className="page sec">
      {s.locked_until ? (
        <p className="sec__lock" role="status" data-testid="security-lock">
          <IconLock /> {t('security.locked', { time: formatDateMinute(s.locked_until) })}
        </p>
      ) : null}
      <KeyBackup />
      <p className="note">{t('security.signNote')}</p>
      <List className="sec__list">
        <List.Item
          prefix={<IconKey />}
          description={t('security.totpWhy')}
          extra={
            <Button
              size="small"
              color="primary"
              fill={s.totp_enabled ? 'outline' : 'solid'}
              onClick={() => setSheet(s.totp_enabled ? 'disable' : 'enable')}
            >
              {s.totp_enabled ? t('security.disable') : t('security.enable')}
            </Button>
          }
        >
          {t('security.totpTitle')}{' '}
          <span className={s.totp_enabled ? 'sec__on' : 'sec__off'} data-testid="totp-state">
            {s.totp_enabled ? t('security.totpOn') : t('security.totpOff')}
          </span>
        </List.Item>
        <List.Item
          prefix={<IconShield />}
          description={`${t('security.whitelistNote')} ${t('security.whitelistOffNote')}`}
          extra={
            <Switch
              checked={listOn}
              loading={whitelist.isPending}
              onChange={switchList}
              aria-label={t('security.whitelistTitle')}
            />
          }
        >
          {t('security.whitelistTitle')}
        </List.Item>
        <EmailItem email={s.email} />
        <List.Item onClick={() => navigate(routePath('addressBook'))} arrowIcon>
          {t('security.addressBook')}
        </List.Item>
      </List>
      {sheet === 'enable' ? <EnableSheet onClose={close} /> : null}
      {sheet === 'disable' ? (
        <CodeSheet
          title={t('security.confirmDisable')}
          recovery
          busy={disable.isPending}
          onClose={close}
          onSubmit={(code) => disable.mutate({ code }, { onSuccess: close })}
        />
      ) : null}
      {sheet === 'whitelistOff' ? (
        <CodeSheet
          title={t('security.whitelistTitle')}
          recovery={false}
          busy={whitelist.isPending}
          onClose={close}
          onSubmit={(code) => whitelist.mutate({ on: false, totp_code: code }, { onSuccess: close })}
        />
      ) : null}
    </div>
  );
}

/** Security (/security): the authenticator, the withdrawal whitelist, the email and the lock after a change. */
export default function SecurityScreen(): ReactNode {
  const { token } = useSession();
  return token ? <Security /> : <SignInPrompt />;
}
