import { type ReactNode, useId, useState } from 'react';
import { type AssetBook, useAssets } from '../hooks/assets';
import { useTranslation } from '../i18n';
import {
  type AmountProblem,
  checkAmount,
  exceedsScale,
  maxAmount,
  sanitizeAmountInput,
} from '../lib/amounts';
import { AmountInput, Field } from './form';
import './form.css';

type AmountPrompt =
  | 'prompts.depositAmount'
  | 'prompts.withdrawalAmount'
  | 'prompts.amount'
  | 'prompts.internalTransferAmount';

/** A balance as shown beside an amount: "399.00 USDT", or "--" while unknown. */
export function balanceText(registry: AssetBook, available: string | null, asset: string): string {
  return available === null ? '--' : `${registry.format(available, asset)} ${asset}`;
}

export interface AmountFieldOptions {
  /** The empty-input prompt: the placeholder, and the message of an empty amount. */
  readonly prompt: AmountPrompt;
  readonly asset: string;
  /**
   * The balance the amount (plus fee) is taken from, null while unknown. Left out where the amount
   * is not taken from a balance: then no "available" line, no Max and no balance check.
   */
  readonly available?: string | null;
  /** Taken on top of the amount: checked against the balance, and left over by Max. */
  readonly fee?: string;
  readonly min?: string;
  readonly dailyLimit?: string;
  /** What is left of today's limit (the server's figure): the amount may not exceed it. */
  readonly dailyLeft?: string;
  /** The form was submitted once: every problem shows, not only those of a field the user left. */
  readonly tried: boolean;
  /** An empty amount is flagged only after a submit, not when the user leaves the field. */
  readonly emptyOnlyWhenTried?: boolean;
}

/**
 * The state of one amount field: what was typed (cleaned to the asset's decimals as it is typed),
 * whether the user left it, the first problem with it and its message once it should show.
 */
export function useAmountField(options: AmountFieldOptions) {
  const { prompt, asset, available, fee, min, dailyLimit, dailyLeft, tried, emptyOnlyWhenTried } = options;
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  // What was typed had more decimals than the asset allows: the field says it cut them.
  const [cut, setCut] = useState(false);
  const registry = useAssets();
  const scale = registry.scale(asset);
  const max = dailyLeft ?? dailyLimit;
  const problem = checkAmount(value, { scale, available: available ?? null, fee, min, max });
  const exact = (amount: string) => registry.format(amount, asset, { exact: true });
  // The spec's empty-input prompt for an empty amount; the limits in the asset's words.
  const message = (p: AmountProblem): string => {
    switch (p) {
      case 'required':
        return t(prompt);
      case 'invalid':
        return t('walletForm.amountInvalid');
      case 'belowMinimum':
        return t('walletForm.belowMinimum', { amount: exact(min ?? '0'), asset });
      case 'aboveLimit':
        return dailyLeft === undefined
          ? t('walletForm.aboveDailyLimit', { amount: exact(dailyLimit ?? '0'), asset })
          : t('walletForm.aboveDailyLeft', { amount: exact(dailyLeft), asset });
      case 'insufficient':
        return t('messages.insufficientBalance');
    }
  };
  const shown = tried || (touched && !(emptyOnlyWhenTried && problem === 'required'));
  const error = problem && shown ? message(problem) : null;
  return {
    id,
    prompt,
    asset,
    available,
    /** The registry the field reads its asset's decimals from. */
    registry,
    value,
    /** The user has left the field once. */
    touched,
    problem,
    error,
    /** Decimals beyond the asset's were cut from what was typed (say so, never silently). */
    cutNote: cut ? t('walletForm.cutDecimals', { count: scale, asset }) : null,
    /** What the user typed, cleaned. */
    change: (raw: string) => {
      const next = sanitizeAmountInput(raw, scale);
      // The note stays while the value stays what was cut (a further key that changes nothing).
      setCut(exceedsScale(raw, scale) || (cut && next === value));
      setValue(next);
    },
    touch: () => setTouched(true),
    /** All of the balance less the fee, cut to the asset's decimals. */
    fillMax: () => {
      setValue(maxAmount(available, fee ?? '0', scale));
      setTouched(true);
    },
    /** Empty again, for another asset (the user's own leaving of the field still counts). */
    clear: () => {
      setValue('');
      setCut(false);
    },
    /** Empty and untouched, after a submission went through. */
    reset: () => {
      setValue('');
      setTouched(false);
      setCut(false);
    },
  };
}

export type AmountFieldState = ReturnType<typeof useAmountField>;

/** "Available 399 USDT" (the number emphasized unless `plain`). */
export function AvailableLine({
  field,
  plain,
}: {
  readonly field: AmountFieldState;
  readonly plain?: boolean;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      {t('walletForm.available')}{' '}
      <span className={plain ? 'num' : 'num wf__strong'}>
        {balanceText(field.registry, field.available ?? null, field.asset)}
      </span>
    </>
  );
}

/**
 * The amount field of a wallet form: label with the available balance, the input with Max (or,
 * where the amount is not taken from a balance, the asset), and the message of its problem.
 */
export function AmountField({ field }: { readonly field: AmountFieldState }): ReactNode {
  const { t } = useTranslation();
  const fromBalance = field.available !== undefined;
  return (
    <Field
      label={t('walletForm.amount')}
      htmlFor={field.id}
      error={field.error}
      hint={field.cutNote}
      extra={fromBalance ? <AvailableLine field={field} /> : undefined}
    >
      <AmountInput
        id={field.id}
        value={field.value}
        onChange={field.change}
        onBlur={field.touch}
        placeholder={t(field.prompt)}
        asset={field.asset}
        onMax={fromBalance ? field.fillMax : undefined}
      />
    </Field>
  );
}
