import type { ResponseData } from '@nexa/contract';
import { useState } from 'react';
import { useAssets } from '../../hooks/assets';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { fitsScale } from '../../lib/amounts';
import { showToast } from '../../ui/toast';

/** The platform's pool: its pair and price, rewards, and my positions in it. */
export type InnerPool = ResponseData<'/api/lp/inner'>;

export const LP_REFRESH = ['/api/lp/inner', '/v1/lp/records'] as const;

/**
 * The form that adds liquidity: the USDT typed, the BWC it takes at the pool's price, what I have of each,
 * what is wrong with it (said once the user tried), and the addition confirmed in a sheet.
 */
export function useAddLiquidity(d: InnerPool | undefined) {
  const { t } = useTranslation('nft');
  const registry = useAssets();
  const balances = useBalances();
  const add = useMoneyCall('/v1/lp/add', LP_REFRESH);
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  const usdt = balances.available('USDT', 'spot');
  const base = balances.available('BWC', 'spot');
  const n = Number(amount);
  const need = d?.price && n > 0 ? n / Number(d.price) : 0;
  const text = amount.trim();
  const problem = !d
    ? null
    : !text
      ? t('nft.amountPrompt')
      : !fitsScale(text, registry.scale('USDT')) || !(n > 0)
        ? t('nft.amountInvalid')
        : n < Number(d.min_usdt)
          ? t('nft.min', { amount: d.min_usdt })
          : (usdt !== null && n > Number(usdt)) || (base !== null && need > Number(base))
            ? t('nft.insufficient')
            : null;
  const submit = () => {
    setTried(true);
    if (!problem) add.open({ usdt: text });
  };
  const confirm = () =>
    void add.confirm().then((done) => {
      if (!done) return;
      setAmount('');
      setTried(false);
      showToast(t('nft.addedToast'));
    });
  return {
    amount,
    setAmount,
    /** The USDT as typed, trimmed. */
    text,
    usdt,
    base,
    /** The BWC the USDT takes at the pool's price. */
    need,
    shown: tried ? problem : null,
    submit,
    add,
    confirm,
  };
}

export type AddLiquidity = ReturnType<typeof useAddLiquidity>;
