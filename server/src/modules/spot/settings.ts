import { z } from 'zod';
import { DECIMAL, type SettingsCatalogue, zRate } from '../../kernel/settings';
import { type AssetScale, makeInstrument } from '../../kernel/units';

const spot = (base: string, tick_size: string, lot_size: string) => ({
  inst_id: `${base}-USDT`,
  base,
  quote: 'USDT',
  tick_size,
  lot_size,
  min_notional: '5',
  enabled: true,
});

export const SPOT_SETTINGS = {
  /**
   * Spot instruments. Prices are in the quote asset, sizes in the base asset (decimal text). tick × lot must
   * be a whole number of the quote's minor units per base unit, so every fill's notional is exact. tick and
   * lot are read when the market starts (a book's steps never change under resting orders); enabled and
   * min_notional apply at once.
   */
  'market.instruments': z
    .array(
      z.object({
        inst_id: z.string().regex(/^[A-Z0-9]{2,10}-[A-Z0-9]{2,10}$/),
        base: z.string(),
        quote: z.string(),
        tick_size: z.string().regex(DECIMAL),
        lot_size: z.string().regex(DECIMAL),
        /** In the quote asset. */
        min_notional: z.string().regex(DECIMAL),
        enabled: z.boolean().default(true),
        /** This instrument's limit price band around the index (fraction); without it, `market.limit_band`. */
        limit_band: z.string().regex(DECIMAL).optional(),
      }),
    )
    .default([
      spot('BTC', '0.1', '0.0001'),
      spot('ETH', '0.01', '0.0001'),
      spot('BWC', '0.0001', '0.01'),
      spot('NEU', '0.0001', '0.01'),
      spot('SOL', '0.01', '0.001'),
      spot('XRP', '0.0001', '0.1'),
      spot('BNB', '0.1', '0.001'),
      spot('DOGE', '0.00001', '1'),
      spot('ADA', '0.0001', '0.1'),
      spot('TRX', '0.00001', '1'),
      spot('LTC', '0.01', '0.001'),
      spot('LINK', '0.001', '0.01'),
    ]),
  /** Spot fees as fractions of the notional, paid in the quote asset (0.08% maker, 0.1% taker). */
  'market.maker_fee_rate': zRate('0.0008'),
  'market.taker_fee_rate': zRate('0.001'),
  /** Market orders given by size match no further than this fraction from the best opposite price. */
  'market.price_band': zRate('0.05'),
  /**
   * A limit buy above index × (1 + band) or a limit sell below index × (1 − band) is refused (the index: the
   * reference market's price; an instrument without one has no band). An instrument's `limit_band` overrides it.
   */
  'market.limit_band': zRate('0.1'),
  /**
   * An order of a pair quoted in USDT whose filled notional reaches this many USDT is told to its user when it
   * is filled ("large order filled"); 0 tells none.
   */
  'market.large_fill_usdt': z.string().regex(DECIMAL).default('1000'),
} as const satisfies SettingsCatalogue;

type SpotInstrument = z.output<(typeof SPOT_SETTINGS)['market.instruments']>[number];

/**
 * What would stop the market from building its books with this list of instruments (checked before an
 * operator's change is kept, since the books are built from it at the next start): null when nothing.
 */
export function spotInstrumentsProblem(
  list: readonly SpotInstrument[],
  find: (symbol: string) => AssetScale | undefined,
): string | null {
  const seen = new Set<string>();
  for (const c of list) {
    if (c.inst_id !== `${c.base}-${c.quote}`) return `${c.inst_id} is not ${c.base}-${c.quote}`;
    if (seen.has(c.inst_id)) return `${c.inst_id} is listed twice`;
    seen.add(c.inst_id);
    const base = find(c.base);
    const quote = find(c.quote);
    if (!base || !quote) return `${c.inst_id} names an asset the platform does not have`;
    if (c.limit_band !== undefined) {
      const band = Number(c.limit_band);
      if (!(band > 0 && band < 1)) return `${c.inst_id}: the limit band must be a fraction between 0 and 1`;
    }
    try {
      makeInstrument(c.inst_id, base, quote, c.tick_size, c.lot_size);
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  }
  return null;
}
