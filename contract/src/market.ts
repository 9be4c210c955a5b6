import { z } from 'zod';

/** Words every market domain speaks: instrument ids, book levels, instruments and tickers. */

/** An instrument id: spot `BASE-QUOTE` (`BTC-USDT`) or a perpetual swap `BASE-QUOTE-SWAP`. */
export const zInstId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{2,10}-[A-Za-z0-9]{2,10}(-swap)?$/i, { message: 'invalid_format' })
  .transform((s) => s.toUpperCase());

/** A perpetual swap's id, `BASE-QUOTE-SWAP` (`BTC-USDT-SWAP`). */
export const zSwapInstId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{2,10}-[A-Za-z0-9]{2,10}-swap$/i, { message: 'invalid_format' })
  .transform((s) => s.toUpperCase());

/** Whether an instrument id names a perpetual swap. */
export const isSwapInstId = (instId: string): boolean => instId.endsWith('-SWAP');

/** OKX's instrument types: spot pairs and perpetual swaps. */
export const INST_TYPES = ['SPOT', 'SWAP'] as const;
/** An order's trade mode, as OKX's tdMode: cash for spot; a swap's margin mode. */
export const TD_MODES = ['cash', 'isolated', 'cross'] as const;
/** A swap contract's margin mode (chosen with setLeverage): isolated, or cross (the available balance backs it too). */
export const MARGIN_MODES = ['isolated', 'cross'] as const;
export type MarginMode = (typeof MARGIN_MODES)[number];

/** A book level: price, total size, number of orders. */
export const zBookLevel = z.tuple([z.string(), z.string(), z.number().int()]);

export const zInstrument = z.object({
  instId: z.string(),
  base: z.string(),
  quote: z.string(),
  tick_size: z.string(),
  lot_size: z.string(),
  /** Smallest order value, in the quote asset. */
  min_notional: z.string(),
  maker_fee_rate: z.string(),
  taker_fee_rate: z.string(),
  /** How far from the best price a market order given by size may match (fraction). */
  price_band: z.string(),
  /** How far from the index a limit price may be (fraction): a buy at most index × (1 + it), a sell at least × (1 − it). */
  limit_band: z.string().optional(),
  enabled: z.boolean(),
});

export const zTicker = z.object({
  instId: z.string(),
  symbol: z.string(),
  /** Last trade price; null before the first trade. */
  last: z.string().nullable(),
  now_price: z.string().nullable(),
  /** Change over 24 hours in percent, e.g. "-1.25". */
  now_rate: z.string(),
  change_percent: z.string(),
  open24h: z.string().nullable(),
  high24h: z.string().nullable(),
  low24h: z.string().nullable(),
  /** Base volume over 24 hours. */
  vol24h: z.string(),
});
