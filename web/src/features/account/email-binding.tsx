import { Button, List } from 'antd-mobile';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useApiMutation } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { Field, SubmitButton, TextInput } from '../../ui/form';
import { IconMail } from '../../ui/icons';
import { Sheet } from '../../ui/sheet';
import { showToast } from '../../ui/toast';

const REFRESHES = [
  '/api/auth/security',
  '/api/notice/settings',
  '/api/notice/list',
  '/api/notice/unread',
] as const;
/** What the server allows between two codes to one address. */
const RESEND_S = 60;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE_SHAPE = /^\d{6}$/;

/** Seconds left before another code may be sent, counting down once a code went. */
function useCountdown(): [number, () => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, () => setLeft(RESEND_S)];
}

/** A code sent to an address: the button that sends it (then counts down) and the field its six digits go in. */
function CodeStep({
  email,
  scene,
  label,
  sendText,
  value,
  onChange,
  tried,
  testId,
}: {
  readonly email: string;
  readonly scene: 'bind' | 'verify';
  readonly label: string;
  readonly sendText: string;
  readonly value: string;
  readonly onChange: (v: string) => void;
  readonly tried: boolean;
  readonly testId: string;
}): ReactNode {
  const { t } = useTranslation('account');
  const id = useId();
  const send = useApiMutation('/api/auth/sendEmail');
  const [left, restart] = useCountdown();
  const okAddress = EMAIL_SHAPE.test(email);
  return (
    <Field
      label={label}
      htmlFor={id}
      error={tried && !CODE_SHAPE.test(value) ? t('email.codeInvalid') : null}
      hint={send.isSuccess ? t('email.sent', { email }) : undefined}
    >
      <TextInput
        id={id}
        value={value}
        onChange={(v) => onChange(v.trim())}
        placeholder="000000"
        maxLength={6}
        mono
        suffix={
          <Button
            size="mini"
            fill="none"
            color="primary"
            data-testid={`${testId}-send`}
            disabled={!okAddress || left > 0 || send.isPending}
            onClick={() => send.mutate({ email, scene }, { onSuccess: restart })}
          >
            {left > 0 ? t('email.wait', { s: left }) : sendText}
          </Button>
        }
      />
    </Field>
  );
}

/** Binding the first address, or changing it (the current address's code beside the new one's). */
function EmailSheet({ current, onClose }: { readonly current: string | null; readonly onClose: () => void }) {
  const { t } = useTranslation('account');
  const id = useId();
  const bind = useApiMutation('/api/auth/bindEmail', { refreshes: REFRESHES });
  const change = useApiMutation('/api/auth/changeEmail', { refreshes: REFRESHES });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [oldCode, setOldCode] = useState('');
  const [tried, setTried] = useState(false);
  const address = email.trim();
  const okAddress = EMAIL_SHAPE.test(address);
  const done = (text: string) => () => {
    showToast(text);
    onClose();
  };
  const submit = () => {
    setTried(true);
    if (!okAddress || !CODE_SHAPE.test(code)) return;
    if (current === null) bind.mutate({ email: address, code }, { onSuccess: done(t('email.bound')) });
    else if (CODE_SHAPE.test(oldCode))
      change.mutate({ email: address, code, old_code: oldCode }, { onSuccess: done(t('email.changed')) });
  };
  return (
    <Sheet visible title={current === null ? t('email.bindTitle') : t('email.changeTitle')} onClose={onClose}>
      {() => (
        <div className="sec__sheet" data-testid="email-sheet">
          {current === null ? null : (
            <>
              <p className="note">{t('email.changeNote')}</p>
              <CodeStep
                email={current}
                scene="verify"
                label={t('email.oldCode', { email: current })}
                sendText={t('email.send')}
                value={oldCode}
                onChange={setOldCode}
                tried={tried}
                testId="email-old"
              />
            </>
          )}
          <Field
            label={current === null ? t('email.address') : t('email.newAddress')}
            htmlFor={id}
            error={tried && !okAddress ? t('email.invalid') : null}
          >
            <TextInput
              id={id}
              value={email}
              onChange={setEmail}
              placeholder={t('email.placeholder')}
              maxLength={254}
            />
          </Field>
          <CodeStep
            email={address}
            scene="bind"
            label={t('email.code')}
            sendText={t('email.send')}
            value={code}
            onChange={setCode}
            tried={tried}
            testId="email-new"
          />
          <SubmitButton disabled={bind.isPending || change.isPending} onClick={submit}>
            {current === null ? t('email.bind') : t('email.change')}
          </SubmitButton>
        </div>
      )}
    </Sheet>
  );
}

/** The account's email in the security list: the bound address (or none), and the way to bind or change it. */
export function EmailItem({ email }: { readonly email: string | null }): ReactNode {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  return (
    <>
      <List.Item
        prefix={<IconMail />}
        description={t('email.why')}
        extra={
          <Button
            size="small"
            color="primary"
            fill={email ? 'outline' : 'solid'}
            onClick={() => setOpen(true)}
            data-testid="email-open"
          >
            {email ? t('email.change') : t('email.bind')}
          </Button>
        }
      >
        {t('email.title')}{' '}
        <span className={email ? 'sec__on' : 'sec__off'} data-testid="email-state">
          {email ?? t('email.none')}
        </span>
      </List.Item>
      {open ? <EmailSheet current={email} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
