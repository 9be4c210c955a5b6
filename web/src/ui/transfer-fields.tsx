import { isRecipientText } from '@nexa/contract';
import { type ReactNode, useId, useState } from 'react';
import { ApiFailure, useApiQuery } from '../api/hooks';
import { useDebounced } from '../hooks/money';
import { useTranslation } from '../i18n';
import { useSession } from '../session';
import { AmountField, type AmountFieldState } from './amount-field';
import { Field, TextInput } from './form';
import { ConfirmSheet, type InfoRow } from './sheet';
import './transfer-fields.css';

/*
 * A transfer to another user by address or UID (the wallet's, and the NEU line's gift of SPA quota): the
 * recipient looked up as it is typed, the amount, a remark, and the sheet that confirms it. The fields speak
 * the app's common words (`recipient.*`); the sheet's title and note come in the feature's.
 */

/** How long typing must pause before the recipient is looked up. */
const LOOKUP_DEBOUNCE_MS = 300;
const REMARK_MAX = 100;

/**
 * Who the typed recipient is, looked up once typing settles: the UID for an address, the masked address for a
 * UID. `missing` when nobody has it; `unknown` when the lookup could not be made (the transfer may still go
 * ahead: the server checks again).
 */
function useRecipient(to: string) {
  const settled = useDebounced(to, LOOKUP_DEBOUNCE_MS);
  const query = useApiQuery(
    '/api/transfer/recipient',
    { to: settled },
    { enabled: isRecipientText(settled), handles: 'all' },
  );
  if (!isRecipientText(to)) return { state: 'idle' as const };
  if (settled !== to || query.isFetching) return { state: 'looking' as const };
  if (query.data) return { state: 'found' as const, ...query.data };
  if (query.error instanceof ApiFailure && query.error.is('RecipientNotFound'))
    return { state: 'missing' as const };
  return { state: 'unknown' as const };
}

/**
 * The recipient field's state: what was typed (spaces dropped as typed), who it is, and its first problem —
 * empty, not an address or UID, the user's own account, nobody has it. Nobody found, or the user's own
 * account, shows at once; the rest once the field was left or the form submitted (`tried`).
 */
export function useRecipientField(tried: boolean) {
  const { walletAddress } = useSession();
  const id = useId();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const found = useRecipient(value);
  const self =
    (walletAddress !== null && value.trim().toLowerCase() === walletAddress.toLowerCase()) ||
    (found.state === 'found' && found.self);
  const problem =
    value.trim() === ''
      ? ('required' as const)
      : !isRecipientText(value)
        ? ('invalid' as const)
        : self
          ? ('self' as const)
          : found.state === 'missing'
            ? ('missing' as const)
            : null;
  const shown = tried || touched || problem === 'missing' || problem === 'self';
  return {
    id,
    value,
    found,
    problem,
    /** The problem to show now, if any. */
    shownProblem: shown ? problem : null,
    change: (next: string) => setValue(next.trim()),
    touch: () => setTouched(true),
    /** Empty and untouched, after a transfer went through. */
    reset: () => {
      setValue('');
      setTouched(false);
    },
  };
}

export type RecipientFieldState = ReturnType<typeof useRecipientField>;

/** Under the recipient: that it is being looked up, or who it is (never the user's own account). */
function RecipientHint({
  found,
  testId,
}: {
  readonly found: RecipientFieldState['found'];
  readonly testId: string | undefined;
}): ReactNode {
  const { t } = useTranslation();
  if (found.state === 'looking') return <span className="muted">{t('recipient.lookingUp')}</span>;
  if (found.state !== 'found' || found.self) return null;
  return (
    <span className="recipient-found num" data-testid={testId}>
      <span className="recipient-found__tick" aria-hidden="true">
        ✓
      </span>
      {t('recipient.found', { uid: found.uid, address: found.address })}
    </span>
  );
}

/** The recipient (address or UID, who it is shown under it), the amount, and an optional remark with its count. */
export function TransferFields({
  recipient,
  amount,
  remark,
  onRemark,
  foundTestId,
}: {
  readonly recipient: RecipientFieldState;
  readonly amount: AmountFieldState;
  readonly remark: string;
  readonly onRemark: (remark: string) => void;
  readonly foundTestId?: string;
}): ReactNode {
  const { t } = useTranslation();
  const remarkId = useId();
  const problem = recipient.shownProblem;
  const error =
    problem === null
      ? null
      : problem === 'required'
        ? t('recipient.prompt')
        : problem === 'self'
          ? t('recipient.self')
          : problem === 'missing'
            ? t('recipient.notFound')
            : t('recipient.invalid');
  return (
    <>
      <Field
        label={t('recipient.label')}
        htmlFor={recipient.id}
        error={error}
        hint={error ? null : <RecipientHint found={recipient.found} testId={foundTestId} />}
      >
        <TextInput
          id={recipient.id}
          value={recipient.value}
          onChange={recipient.change}
          onBlur={recipient.touch}
          placeholder={t('recipient.prompt')}
          maxLength={64}
          mono
        />
      </Field>
      <AmountField field={amount} />
      <Field
        label={t('recipient.remark')}
        htmlFor={remarkId}
        extra={<span className="num">{`${remark.length}/${REMARK_MAX}`}</span>}
      >
        <TextInput
          id={remarkId}
          value={remark}
          onChange={onRemark}
          placeholder={t('recipient.remarkPrompt')}
          maxLength={REMARK_MAX}
        />
      </Field>
    </>
  );
}

/** The money call of a transfer (the feature's `useMoneyCall`): what the sheet confirms. */
interface TransferCall<C> {
  readonly content: C | null;
  readonly busy: boolean;
  readonly close: () => void;
}

/**
 * The confirmation of a transfer: to whom (as typed, then the UID and address found), the feature's lines
 * (amount, fee), the remark; the note says it cannot be undone.
 */
export function TransferSheet<C extends { readonly to: string; readonly remark?: string }>({
  call,
  recipient,
  rows,
  onConfirm,
  texts,
  children,
}: {
  readonly call: TransferCall<C>;
  readonly recipient: RecipientFieldState;
  /** The lines between the recipient and the remark. */
  readonly rows: (content: C) => readonly InfoRow[];
  readonly onConfirm: () => void;
  /** The sheet's title and its note, in the feature's words. */
  readonly texts: { readonly title: string; readonly irreversible: string };
  /** Above the lines (the amount, large). */
  readonly children?: ReactNode;
}): ReactNode {
  const { t } = useTranslation();
  const { content } = call;
  const found = recipient.found;
  return (
    <ConfirmSheet
      visible={content !== null}
      title={texts.title}
      busy={call.busy}
      onClose={call.close}
      onConfirm={onConfirm}
      rows={
        content
          ? [
              // The recipient once: as found (UID and address), or as typed when it could not be looked up.
              ...(found.state === 'found'
                ? [
                    { label: t('recipient.uid'), value: found.uid },
                    {
                      label: t('recipient.address'),
                      value: <span className="recipient-mono">{found.address}</span>,
                    },
                  ]
                : [
                    {
                      label: t('recipient.label'),
                      value: <span className="recipient-mono">{content.to}</span>,
                    },
                  ]),
              ...rows(content),
              ...(content.remark ? [{ label: t('recipient.remark'), value: content.remark }] : []),
            ]
          : []
      }
      note={texts.irreversible}
    >
      {children}
    </ConfirmSheet>
  );
}
