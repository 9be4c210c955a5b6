import { useState } from 'react';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { isPositiveAmount, ratePercent } from '../../lib/amounts';
import { useAmountField } from '../../ui/amount-field';
import { showToast } from '../../ui/toast';
import { feeSplit } from './shop-math';
import { SHOP_READS, type ShopConfig, type ShopInfo, USDT } from './shop-parts';

/** The shop wallet's three moves: in from the USDT wallet, back out to it, or flashed out at once. */
export type Mode = 'recharge' | 'withdraw' | 'flash';

const PATHS = {
  recharge: '/api/shop/recharge',
  withdraw: '/api/shop/withdrawal',
  flash: '/api/shop/flashUsdt',
} as const;

/**
 * One move's form: the amount (against what the wallet it leaves holds, at least the shop's minimum), its fee
 * at the move's rate and what arrives, both for what is typed and for what is being confirmed; the move itself
 * confirmed in a sheet.
 */
export function useMoveForm(
  mode: Mode,
  info: ShopInfo | undefined,
  config: ShopConfig | undefined,
  /** Called once a move is done (a recharge made for an order goes back to it). */
  onDone?: () => void,
) {
  const { t } = useTranslation('shop');
  const balances = useBalances();
  const [tried, setTried] = useState(false);
  const call = useMoneyCall(PATHS[mode], SHOP_READS);
  const available = mode === 'recharge' ? balances.available(USDT, 'spot') : (info?.balance ?? null);
  const amount = useAmountField({
    prompt: mode === 'withdraw' ? 'prompts.withdrawalAmount' : 'prompts.amount',
    asset: USDT,
    available,
    ...(config ? { min: config.min_move } : {}),
    tried,
  });
  const rate =
    mode === 'withdraw' ? config?.withdraw_fee_rate : mode === 'flash' ? config?.flash_fee_rate : '0';
  const valid = isPositiveAmount(amount.value);
  const split = valid && rate !== undefined ? feeSplit(amount.value, rate) : null;
  const pending = call.content ? feeSplit(call.content.amount, rate ?? '0') : null;
  const feeLabel =
    rate && rate !== '0' ? t('shop.wallet.feeRate', { rate: ratePercent(rate) }) : t('walletForm.fee');

  const review = () => {
    setTried(true);
    if (!config || amount.problem) return;
    call.open({ amount: amount.value });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(
      mode === 'withdraw'
        ? t('shop.wallet.withdrawDone')
        : mode === 'flash'
          ? t('shop.wallet.flashDone')
          : t('shop.wallet.rechargeDone'),
    );
    amount.reset();
    setTried(false);
    onDone?.();
  };

  return {
    amount,
    /** The fee and what arrives for the amount typed, null until it is a positive amount and the rate known. */
    split,
    /** The fee and what arrives for the move being confirmed. */
    pending,
    feeLabel,
    review,
    call,
    confirm,
  };
}

export type MoveFormState = ReturnType<typeof useMoveForm>;
