import { formatUpTo } from '@nexa/contract';
import { useTranslation } from 'react-i18next';
import type { AmountProblem } from './amounts';

type AmountPrompt =
  | 'prompts.depositAmount'
  | 'prompts.withdrawalAmount'
  | 'prompts.amount'
  | 'prompts.internalTransferAmount';

/** The inline message of an amount problem; an empty amount shows the spec's empty-input prompt. */
export function useAmountMessage(prompt: AmountPrompt, defaultAsset: string) {
  const { t } = useTranslation();
  return (
    problem: AmountProblem,
    limits: { readonly min?: string; readonly dailyLimit?: string; readonly asset?: string } = {},
  ): string => {
    const asset = limits.asset ?? defaultAsset;
    switch (problem) {
      case 'required':
        return t(prompt);
      case 'invalid':
        return t('walletForm.amountInvalid');
      case 'belowMinimum':
        return t('walletForm.belowMinimum', { amount: formatUpTo(limits.min ?? '0'), asset });
      case 'aboveLimit':
        return t('walletForm.aboveDailyLimit', { amount: formatUpTo(limits.dailyLimit ?? '0'), asset });
      case 'insufficient':
        return t('messages.insufficientBalance');
    }
  };
}
