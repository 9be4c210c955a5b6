/** What a market order of a given amount would get on the book now (the wallet's exchange quotes with it). */
import { exactOf } from '@nexa/contract';
import type { Side } from '../../engine';
import { DomainError, ValidationError } from '../../kernel/errors';
import { amountSetting } from '../../kernel/settings';
import { bandPrice, feeOf, maxOf, minOf, parseRate, quoteOf, RATE_ONE } from '../../kernel/units';
import type { ConvertEstimate, SpotCtx } from './context';
import { liveConfig, slotOf } from './instruments';
import { rebuild } from './rebuild';

/**
 * What a market order would get on the book now, read in the instrument's queue: selling `amount` of the
 * base (whole lots), or buying with `amount` of the quote, the fee at `takerRate` included in it. Only
 * levels within the price band of the best opposite price count; an amount the book cannot take there is
 * refused (InsufficientLiquidity), never half filled.
 */
export async function estimate(
  c: SpotCtx,
  instId: string,
  side: Side,
  amount: bigint,
  takerRate: string,
): Promise<ConvertEstimate> {
  const slot = slotOf(c, instId);
  const { settings } = c;
  const cfg = await liveConfig(c, instId);
  if (!cfg?.enabled) throw new DomainError('ExchangeUnavailable');
  const band = (await settings.get('market.price_band')).units;
  const marketTaker = (await settings.get('market.taker_fee_rate')).units;
  const rate = maxOf(parseRate(takerRate), marketTaker);
  const minNotional = amountSetting('market.instruments', cfg.min_notional, slot.inst.quote.scale);
  return c.writer.run(instId, async () => {
    if (slot.dirty) await rebuild(c, slot);
    const { inst, book } = slot;
    const d = book.depth();
    const levels = side === 'sell' ? d.bids : d.asks;
    const best = levels[0]?.[0];
    if (best === undefined) throw new DomainError('InsufficientLiquidity');
    const bound = bandPrice(inst, best, band, side);
    const within = levels.filter(([px]) => (side === 'sell' ? px >= bound : px <= bound));
    let size = 0n;
    let quote = 0n;
    if (side === 'sell') {
      const want = amount - (amount % inst.lot);
      if (want === 0n) throw new ValidationError('amount', 'too_small');
      let left = want;
      for (const [px, sz] of within) {
        const qty = minOf(sz, left);
        size += qty;
        quote += quoteOf(inst, px, qty);
        left -= qty;
        if (left === 0n) break;
      }
      if (left > 0n) throw new DomainError('InsufficientLiquidity');
      if (quote < minNotional)
        throw new DomainError('BelowMinimum', { min: `${cfg.min_notional} ${inst.quote.symbol}` });
      const fee = feeOf(quote, rate);
      return { spend: size, receive: quote - fee, fee, sz: exactOf(size, inst.base.scale) };
    }
    // A buy spends at most `amount` including its fee: the order's quote size leaves room for the fee.
    const budget = (amount * RATE_ONE) / (RATE_ONE + rate);
    if (budget < minNotional)
      throw new DomainError('BelowMinimum', { min: `${cfg.min_notional} ${inst.quote.symbol}` });
    let left = budget * inst.baseUnit;
    let exhausted = true;
    for (const [px, sz] of within) {
      const lots = left / (px * inst.lot);
      const qty = minOf(lots * inst.lot, sz);
      if (qty > 0n) {
        size += qty;
        quote += quoteOf(inst, px, qty);
        left -= qty * px;
      }
      if (qty < sz) {
        exhausted = false;
        break;
      }
    }
    if (exhausted && left >= (within.at(-1)?.[0] ?? 0n) * inst.lot)
      throw new DomainError('InsufficientLiquidity');
    if (size === 0n) throw new ValidationError('amount', 'too_small');
    const fee = feeOf(quote, rate);
    return { spend: quote + fee, receive: size, fee, sz: exactOf(budget, inst.quote.scale) };
  });
}
