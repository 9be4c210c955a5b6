/** The token market's arithmetic: what a part of a listing costs. */
import type { AssetScale } from '../../kernel/units';

/** Price (USDT per whole token) × amount, rounded up to the USDT minor unit. */
export const costOf = (a: AssetScale, price: bigint, amount: bigint) => {
  const unit = 10n ** BigInt(a.scale);
  return (price * amount + unit - 1n) / unit;
};
