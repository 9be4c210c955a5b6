/** The arithmetic of a subscription: its cost, and its equal parts unlocking every `PART_DAYS` days. */

/** Days between two unlocked parts. */
export const PART_DAYS = 30;

/** Part k (1-based) of a subscription: an equal share, rounded down; the last part is what is left. */
export function partOf(amount: bigint, parts: number, k: number): bigint {
  const each = amount / BigInt(parts);
  return k === parts ? amount - each * BigInt(parts - 1) : each;
}

/** What `amount` tokens cost at `price` (pay minor units per whole token), rounded up. */
export function costOf(amount: bigint, price: bigint, tokenScale: number): bigint {
  const one = 10n ** BigInt(tokenScale);
  return (amount * price + one - 1n) / one;
}
