/**
 * The largest purchases are confirmed like a withdrawal: from the shop's `confirm_from` total on, the wallet the
 * user signed in with signs the total and the product (and the authenticator's code goes along where one is
 * on). `sign()` answers what the purchase call carries, or null when the wallet did not sign (said in a toast).
 */
import { useState } from 'react';
import { reportCallFailure } from '../../api';
import { useApiMutation } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { compareAmounts } from '../../lib/amounts';
import { ConfirmSignError, signConfirmation } from '../../lib/confirm';
import { useSession } from '../../session';
import { showToast } from '../../ui/toast';
import { useTotpField } from '../../ui/totp-field';
import { SHOP_READS, USDT } from './shop-parts';

/** The purchase call: the shop's reads and the balances refresh after it; the answers the screen says in place. */
export function usePurchaseCall() {
  return useApiMutation('/api/shop/purchase', {
    refreshes: [...SHOP_READS, '/api/finance/userFinance', '/api/assets/moneyRecord'],
    handles: ['PriceChanged', 'OutOfStock', 'InsufficientBalance'],
  });
}

export function usePurchaseConfirm(productId: number, total: string, confirmFrom: string | undefined) {
  const { t } = useTranslation();
  const { walletAddress } = useSession();
  const [tried, setTried] = useState(false);
  const totp = useTotpField(tried);
  const [signing, setSigning] = useState(false);
  const needed = confirmFrom !== undefined && compareAmounts(total, confirmFrom) >= 0;

  const sign = async (): Promise<Record<string, unknown> | null> => {
    if (!needed) return {};
    setTried(true);
    if (totp.problem) return null;
    setSigning(true);
    try {
      const confirm = await signConfirmation(walletAddress ?? '', {
        action: 'purchase',
        asset: USDT,
        amount: total,
        destination: String(productId),
      });
      return { confirm, ...totp.body() };
    } catch (e) {
      if (e instanceof ConfirmSignError) showToast(t(`confirmMove.${e.kind}`));
      else reportCallFailure(e);
      return null;
    } finally {
      setSigning(false);
    }
  };

  return { needed, totp, signing, sign };
}
