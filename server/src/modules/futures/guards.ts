/**
 * What keeps a fill from moving money out of the platform's pools: the price band of orders around the mark,
 * the open loss an opening fill away from the mark pays up front, and the bankruptcy price that no close
 * goes beyond. Pure and in bigint minor units (see math.ts for the units).
 *
 * Why. A pair of accounts can trade with each other at any price the books accept. A fill far from the mark
 * leaves one side with a loss beyond its margin at once: its liquidation (or a close beyond its bankruptcy
 * price) is paid by the insurance fund, or by whoever auto-deleveraging picks, and the other side keeps the
 * gain. So: (1) every limit order is within the band (`futures.price_band`, or the contract's own
 * `price_band`); (2) an opening fill worse than the mark adds that difference to the position's margin, so a
 * fresh position's equity at the mark is its initial margin whatever it paid; (3) no order closes beyond the
 * position's bankruptcy price: a limit order that would is refused, a resting one that would is canceled
 * when the position changes, and a liquidation sells (or buys) no further than the bankruptcy price, the
 * rest being auto-deleveraged at it.
 */
import { RATE_ONE } from '@nexa/contract';
import { parseRate } from '../../kernel/units';
import { type SwapSpec, valueAt } from './math';

const toTick = (tick: bigint, v: bigint, up: boolean): bigint => {
  const r = v % tick;
  if (r === 0n) return v;
  return up ? v - r + tick : v - r;
};

/** The farthest price an order may have from the mark: a buy at most the first, a sell at least the second. */
export function bandEdge(spec: SwapSpec, mark: bigint, side: 'buy' | 'sell', rate: bigint): bigint {
  if (side === 'buy') return toTick(spec.tick, (mark * (RATE_ONE + rate)) / RATE_ONE, false);
  const low = toTick(spec.tick, (mark * (RATE_ONE - rate) + RATE_ONE - 1n) / RATE_ONE, true);
  return low < spec.tick ? spec.tick : low;
}

/** Whether a limit price is beyond the band around the mark. */
export function outsideBand(
  spec: SwapSpec,
  mark: bigint,
  side: 'buy' | 'sell',
  price: bigint,
  rate: bigint,
): boolean {
  const edge = bandEdge(spec, mark, side, rate);
  return side === 'buy' ? price > edge : price < edge;
}

/** A contract's own band (decimal text) over the global one; null text means the global. */
export function bandRateOf(text: string | null | undefined): bigint | null {
  if (text === null || text === undefined) return null;
  const r = parseRate(text);
  return r > 0n && r < RATE_ONE ? r : null;
}

/**
 * What `contracts` opened at `price` are worth less than they cost at the mark: a buy above the mark or a
 * sell below it. Zero for a fill at or better than the mark.
 */
export function openLossOf(
  spec: SwapSpec,
  side: 'buy' | 'sell',
  price: bigint,
  mark: bigint,
  contracts: bigint,
): bigint {
  if (contracts <= 0n) return 0n;
  const paid = valueAt(spec, price, contracts);
  const worth = valueAt(spec, mark, contracts);
  const loss = side === 'buy' ? paid - worth : worth - paid;
  return loss > 0n ? loss : 0n;
}

/**
 * The open loss a market order would pay, walking the opposite levels (best first, no further than its
 * limit): the first `reducible` contracts close, the next `opens` open; what the levels given do not cover is
 * counted at the limit. An upper bound of what it pays.
 */
export function walkOpenLoss(
  spec: SwapSpec,
  levels: readonly (readonly [bigint, bigint, number])[],
  side: 'buy' | 'sell',
  limit: bigint,
  mark: bigint,
  reducible: bigint,
  opens: bigint,
): bigint {
  let skip = reducible;
  let left = opens;
  let loss = 0n;
  for (const [price, size] of levels) {
    if (left === 0n) break;
    if (side === 'buy' ? price > limit : price < limit) break;
    let here = size;
    const skipped = skip < here ? skip : here;
    skip -= skipped;
    here -= skipped;
    const take = here < left ? here : left;
    loss += openLossOf(spec, side, price, mark, take);
    left -= take;
  }
  // Beyond the levels given: at the limit, the worst it could pay.
  return loss + openLossOf(spec, side, limit, mark, left);
}

/**
 * The limit a market order matches to: the band edge; a limit given with it (a copy's) only narrows that, a
 * liquidation's (never beyond the bankruptcy price) is its own; a close stops at the bankruptcy price.
 */
export function marketLimit(
  spec: SwapSpec,
  mark: bigint,
  side: 'buy' | 'sell',
  rate: bigint,
  given: bigint | undefined,
  liquidation: boolean,
  bk: bigint | null,
): bigint {
  if (liquidation && given !== undefined) return given;
  const edge = bandEdge(spec, mark, side, rate);
  let price =
    given === undefined ? edge : side === 'buy' ? (given < edge ? given : edge) : given > edge ? given : edge;
  if (bk !== null) {
    if (side === 'sell' && bk > price) price = toTick(spec.tick, bk, true);
    if (side === 'buy' && bk < price) price = toTick(spec.tick, bk, false);
  }
  return price;
}

/** Whether a price closes a position beyond its bankruptcy price (a long sold below it, a short bought above). */
export function beyondBankruptcy(side: 'buy' | 'sell', price: bigint, bk: bigint | null): boolean {
  if (bk === null) return false;
  return side === 'sell' ? price < bk : price > bk;
}
