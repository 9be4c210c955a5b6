import { type ReactNode, useId, useState } from 'react';
import { useApiQuery } from '../api/hooks';
import { useTranslation } from '../i18n';
import { Field, TextInput } from './form';

const NOTHING = {};

/**
 * The authenticator's code a withdrawal or a transfer asks for once the user enabled one (the server's
 * `/api/auth/security` says whether): six digits, checked as typed; `body` is what the call then carries.
 */
export function useTotpField(tried: boolean) {
  const id = useId();
  const security = useApiQuery('/api/auth/security', NOTHING);
  const enabled = security.data?.totp_enabled ?? false;
  const [value, setValue] = useState('');
  const problem = enabled && !/^\d{6}$/.test(value) ? ('invalid' as const) : null;
  return {
    id,
    enabled,
    value,
    problem,
    shownProblem: tried ? problem : null,
    change: (next: string) => setValue(next.replace(/\D/g, '').slice(0, 6)),
    reset: () => setValue(''),
    /** What the call carries: the code where one is asked for. */
    body: (): { totp_code?: string } => (enabled ? { totp_code: value } : {}),
  };
}

export type TotpFieldState = ReturnType<typeof useTotpField>;

/** The code's field, shown only where the user enabled an authenticator. */
export function TotpField({ field }: { readonly field: TotpFieldState }): ReactNode {
  const { t } = useTranslation();
  if (!field.enabled) return null;
  return (
    <Field
      label={t('confirmMove.totp')}
      htmlFor={field.id}
      error={field.shownProblem ? t('confirmMove.totpInvalid') : null}
    >
      <TextInput
        id={field.id}
        value={field.value}
        onChange={field.change}
        placeholder={t('confirmMove.totpPrompt')}
        maxLength={6}
        mono
      />
    </Field>
  );
}
