import type { ResponseData } from '@nexa/contract';
import { useState } from 'react';
import { useAssets } from '../../hooks/assets';
import { useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { compareAmounts, fitsScale, multiplyUp } from '../../lib/amounts';
import { showToast } from '../../ui/toast';

/** The round on offer (if any) and where I stand in it: bought, allowance, money available, eligibility. */
export type PlacementInfo = ResponseData<'/api/basic/checkBuy'>;

const REFRESH = ['/api/basic/checkBuy', '/v1/placement/mine'] as const;

/**
 * The subscription form: the amount, what it costs (rounded up to the pay asset's decimals, as the server
 * charges it) and releases a month, what is wrong with it (said once the user tried), and the subscription
 * confirmed in a sheet. Until the round is known there is nothing to check.
 */
export function usePlacementForm(d: PlacementInfo | undefined) {
  const { t } = useTranslation('placement');
  const registry = useAssets();
  const call = useMoneyCall('/api/basic/saveBuy', REFRESH);
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  const r = d?.round ?? null;
  const n = Number(amount);
  const costText = r ? (multiplyUp(amount, r.price, registry.scale(r.pay_asset)) ?? '0') : '0';
  const cost = n > 0 ? Number(costText) : 0;
  const part = r && n > 0 ? n / r.vesting_months : 0;
  const text = amount.trim();
  const problem =
    !d || !r
      ? null
      : !text
        ? t('placement.amountPrompt')
        : !fitsScale(text, registry.scale(r.asset)) || !(n > 0)
          ? t('placement.amountInvalid')
          : n < Number(r.min_amount)
            ? t('placement.min', { amount: registry.format(r.min_amount, r.asset), asset: r.asset })
            : n > Number(d.allowance)
              ? t('placement.max', { amount: registry.format(d.allowance, r.asset), asset: r.asset })
              : compareAmounts(costText, d.available) > 0
                ? t('placement.insufficient')
                : null;
  const review = () => {
    setTried(true);
    if (problem || !r) return;
    call.open({ round_id: r.id, amount: text });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('placement.success'));
    setAmount('');
    setTried(false);
  };
  return {
    amount,
    setAmount,
    /** The amount as typed, trimmed. */
    text,
    /** What it costs in the pay asset, as a decimal string. */
    costText,
    cost,
    /** What is released each month. */
    part,
    shown: tried ? problem : null,
    review,
    call,
    confirm,
  };
}

export type PlacementForm = ReturnType<typeof usePlacementForm>;
