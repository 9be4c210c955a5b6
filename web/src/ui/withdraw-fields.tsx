import { type ReactNode, useId, useState } from 'react';
import type { ApiFailure } from '../api/failure';
import { useTranslation } from '../i18n';
import { addAmounts, isPositiveAmount } from '../lib/amounts';
import { AmountField, useAmountField } from './amount-field';
import { Field, TextInput } from './form';
import { InfoRows } from './sheet';
import { showToast } from './toast';

/*
 * A withdrawal to an address (the wallet's, and the NEU line's of NEU or USDT): the receiving address, the
 * amount within the wallet's rules for the asset, and its terms, in the app's common words (`walletForm.*`).
 */

/** The wallet's rules for withdrawing an asset, as the server answers them. */
export interface WithdrawRules {
  readonly fee: string;
  readonly min: string;
  readonly daily_limit: string;
  readonly daily_left: string;
}

/**
 * The receiving address: what was typed (spaces dropped as typed) and its problem — empty, or not an address
 * of the network (`valid`). It shows once the field was left or the form submitted (`tried`).
 */
function useAddressField(valid: (address: string) => boolean, tried: boolean) {
  const id = useId();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = value.trim() === '' ? ('required' as const) : valid(value) ? null : ('invalid' as const);
  return {
    id,
    value,
    problem,
    /** The problem to show now, if any. */
    shownProblem: tried || touched ? problem : null,
    change: (next: string) => setValue(next.trim()),
    touch: () => setTouched(true),
    /** Empty and untouched, after a withdrawal went through. */
    reset: () => {
      setValue('');
      setTouched(false);
    },
  };
}

/** The money call of a withdrawal (the feature's `useMoneyCall`). */
interface WithdrawCall {
  readonly confirm: (onFailure?: (failure: ApiFailure) => void) => Promise<unknown>;
}

/**
 * A withdrawal form's state: the address and the amount (fee, minimum and today's limit from `rules`, null
 * while unknown). `review` shows every problem and, when there is none, opens the confirmation with the
 * address and amount; `confirm` sends it, says so, and empties the form.
 */
export function useWithdrawForm({
  asset,
  available,
  rules,
  validAddress,
  addressInvalid,
  call,
}: {
  readonly asset: string;
  readonly available: string | null;
  readonly rules: WithdrawRules | null;
  readonly validAddress: (address: string) => boolean;
  /** What a valid address looks like on the chosen network, said when the one given is not. */
  readonly addressInvalid?: string;
  readonly call: WithdrawCall;
}) {
  const { t } = useTranslation();
  const [tried, setTried] = useState(false);
  const address = useAddressField(validAddress, tried);
  const amount = useAmountField({
    prompt: 'prompts.withdrawalAmount',
    asset,
    available,
    ...(rules
      ? { fee: rules.fee, min: rules.min, dailyLimit: rules.daily_limit, dailyLeft: rules.daily_left }
      : {}),
    tried,
  });
  return {
    asset,
    rules,
    address,
    amount,
    addressInvalid,
    review: (open: (to: { readonly address: string; readonly amount: string }) => void) => {
      setTried(true);
      if (!rules || address.problem || amount.problem) return;
      open({ address: address.value.trim(), amount: amount.value });
    },
    /** Sends it; true once it went through. */
    confirm: async (): Promise<boolean> => {
      const done = await call.confirm();
      if (!done) return false;
      showToast(t('messages.submitSuccess'));
      address.reset();
      amount.reset();
      setTried(false);
      return true;
    },
  };
}

export type WithdrawFormState = ReturnType<typeof useWithdrawForm>;

/**
 * The receiving address, the amount, then the terms — fee, minimum, today's limit and what is left of it —
 * and what the withdrawal comes to: the total deducted and what arrives.
 */
export function WithdrawFields({
  form,
  showsDailyLimit = false,
}: {
  readonly form: WithdrawFormState;
  /** The day's whole limit as a line of its own, above what is left of it. */
  readonly showsDailyLimit?: boolean;
}): ReactNode {
  const { t } = useTranslation();
  const { asset, rules, address, amount } = form;
  const exact = (value: string) => amount.registry.format(value, asset, { exact: true });
  const shown = (value: string | undefined) => (value === undefined ? '--' : `${exact(value)} ${asset}`);
  const valid = isPositiveAmount(amount.value);
  const total = valid && rules ? addAmounts(amount.value, rules.fee) : null;
  const prompt = t('prompts.receivingAddress');
  const addressError =
    address.shownProblem === 'required'
      ? prompt
      : address.shownProblem === 'invalid'
        ? (form.addressInvalid ?? t('walletForm.addressInvalid'))
        : null;
  return (
    <>
      <Field label={t('walletForm.address')} htmlFor={address.id} error={addressError}>
        <TextInput
          id={address.id}
          value={address.value}
          onChange={address.change}
          onBlur={address.touch}
          placeholder={prompt}
          maxLength={120}
          mono
        />
      </Field>
      <AmountField field={amount} />
      <InfoRows
        rows={[
          { label: t('walletForm.fee'), value: shown(rules?.fee) },
          { label: t('walletForm.minimum'), value: shown(rules?.min) },
          ...(showsDailyLimit
            ? [{ label: t('walletForm.dailyLimit'), value: shown(rules?.daily_limit) }]
            : []),
          { label: t('walletForm.dailyLeft'), value: shown(rules?.daily_left) },
          {
            label: t('walletForm.totalDeducted'),
            value: total ? `${exact(total)} ${asset}` : '--',
          },
          {
            label: t('walletForm.youReceive'),
            value: valid ? `${exact(amount.value)} ${asset}` : '--',
            strong: true,
          },
        ]}
      />
    </>
  );
}
