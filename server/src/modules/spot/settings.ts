import { z } from 'zod';
import { DECIMAL, type SettingsCatalogue, zRate } from '../../kernel/settings';

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
      }),
    )
    .default([
      spot('BTC', '0.1', '0.0001'),
      spot('ETH', '0.01', '0.0001'),
      spot('BWC', '0.0001', '0.01'),
      spot('NEU', '0.0001', '0.01'),
    ]),
  /** Spot fees as fractions of the notional, paid in the quote asset (0.08% maker, 0.1% taker). */
  'market.maker_fee_rate': zRate('0.0008'),
  'market.taker_fee_rate': zRate('0.001'),
  /** Market orders given by size match no further than this fraction from the best opposite price. */
  'market.price_band': zRate('0.05'),
} as const satisfies SettingsCatalogue;
