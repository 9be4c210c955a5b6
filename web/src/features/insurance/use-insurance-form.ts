import type { ResponseData } from '@nexa/contract';
import { useState } from 'react';
import { useAssets } from '../../hooks/assets';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { fitsScale } from '../../lib/amounts';
import { showToast } from '../../ui/toast';

/** My covers with the terms a new one is sold on. */
export type CoverList = ResponseData<'/v1/user/buyInsuranceList'>;

/**
 * The form that buys a cover: the limit, its premium at the terms' rate, what is wrong with it (said once the
 * user tried), and the purchase confirmed in a sheet. Until the terms are known there is nothing to check.
 */
export function useInsuranceForm(terms: CoverList | undefined) {
  const { t } = useTranslation('insurance');
  const registry = useAssets();
  const balances = useBalances();
  const call = useMoneyCall('/v1/user/buyInsurance', ['/v1/user/buyInsuranceList']);
  const [limit, setLimit] = useState('');
  const [tried, setTried] = useState(false);
  const n = Number(limit);
  const available = balances.available('USDT', 'spot');
  const premium = terms && n > 0 ? n * Number(terms.premium_rate) : 0;
  const problem = !terms
    ? null
    : !limit.trim()
      ? t('insurance.limitPrompt')
      : !(n > 0) || !fitsScale(limit, registry.scale('USDT'))
        ? t('insurance.limitInvalid')
        : n < Number(terms.min_limit) || n > Number(terms.max_limit)
          ? t('insurance.limitRange', {
              min: registry.format(terms.min_limit, 'USDT'),
              max: registry.format(terms.max_limit, 'USDT'),
            })
          : available !== null && premium > Number(available)
            ? t('insurance.insufficient')
            : null;
  const review = () => {
    setTried(true);
    if (problem) return;
    call.open({ limit: limit.trim() });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('insurance.bought'));
    setLimit('');
    setTried(false);
  };
  return { limit, setLimit, available, premium, shown: tried ? problem : null, review, call, confirm };
}

export type InsuranceForm = ReturnType<typeof useInsuranceForm>;
