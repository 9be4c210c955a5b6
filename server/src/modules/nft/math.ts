/** The arithmetic of casting and liquidity: the rarity a draw gives, and the base token matching a USDT amount. */
import type { Rarity } from './context';

/** The rarity a draw from 0 to 99 gives, by the chances in order common → legendary. */
export function rarityOf(draw: number, chances: Record<Rarity, { chance: number }>): Rarity {
  let edge = 0;
  for (const r of ['common', 'rare', 'epic', 'legendary'] as const) {
    edge += chances[r].chance;
    if (draw < edge) return r;
  }
  return 'common';
}

/** How much of the base token matches `usdt` at `priceUsdt18` (USDT per whole token × 10^18), rounded down. */
export function baseFor(usdt: bigint, priceUsdt18: bigint, baseScale: number, usdtScale: number): bigint {
  return (usdt * 10n ** BigInt(baseScale) * 10n ** 18n) / (priceUsdt18 * 10n ** BigInt(usdtScale));
}
