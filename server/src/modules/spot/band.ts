/**
 * The spot price band: a limit buy above index × (1 + band) or a limit sell below index × (1 − band) is
 * refused, as leading exchanges do. Spot trades move money only between their two sides (no system pool pays
 * for a fill), so a colluding pair gains nothing from a far price; the band keeps such prices off the books,
 * where the wallet's exchange and the platform's prices would otherwise meet them. The index is the reference
 * market's price (never the platform's own book); without one there is no band.
 */
import { parseAmount } from '@nexa/contract';
import { DomainError } from '../../kernel/errors';
import { type Instrument, parseRate, RATE_ONE } from '../../kernel/units';

/** An instrument's own band (decimal fraction text) or the global one (rate units). */
export function spotBandRate(own: string | undefined, global: bigint): bigint {
  if (own === undefined) return global;
  const r = parseRate(own);
  return r > 0n && r < RATE_ONE ? r : global;
}

/** The index in the quote's minor units per base unit (truncated), or null. */
export function indexUnits(inst: Instrument, text: string | null): bigint | null {
  if (text === null) return null;
  const [whole = '', frac = ''] = text.split('.');
  const v = parseAmount(frac ? `${whole}.${frac.slice(0, inst.quote.scale)}` : whole, inst.quote.scale);
  return v !== null && v > 0n ? v : null;
}

/** Throws PriceOutOfBand for a limit price beyond the band around the index. */
export function checkSpotBand(side: 'buy' | 'sell', price: bigint, index: bigint | null, rate: bigint): void {
  if (index === null) return;
  const out =
    side === 'buy'
      ? price * RATE_ONE > index * (RATE_ONE + rate)
      : price * RATE_ONE < index * (RATE_ONE - rate);
  if (out) throw new DomainError('PriceOutOfBand');
}
