import { z } from 'zod';
import { live } from '../../endpoint';
import { zInstId, zTicker } from '../../market';

/** Where reference prices come from: the built-in walk, OKX's public feed, or none. */
export const MARKET_SOURCES = ['sim', 'okx', 'off'] as const;

/** One instrument's market as operators watch it. */
export const zMarketState = z.object({
  instId: z.string(),
  inst_type: z.enum(['SPOT', 'SWAP']),
  enabled: z.boolean(),
  /** The reference price (the walk's or OKX's last; a swap's is its underlying's index) and its age. */
  reference: z.object({
    instId: z.string(),
    price: z.string().nullable(),
    /** Milliseconds since the reference last moved; null when unknown. */
    age_ms: z.number().int().nullable(),
  }),
  best_bid: z.string().nullable(),
  best_ask: z.string().nullable(),
  /** Price levels and resting orders on each side of the book. */
  bid_levels: z.number().int(),
  ask_levels: z.number().int(),
  bid_orders: z.number().int(),
  ask_orders: z.number().int(),
  /** The demo market maker's resting orders on this book (0 when it does not run). */
  maker_orders: z.number().int(),
});

/** Market data: candles and tickers of every instrument. */
export const marketEndpoints = {
  '/v1/market/candles': live('market', {
    summary: 'Candles of an instrument, oldest first: [open time ms, open, high, low, close, volume]',
    auth: false,
    extension: true,
    request: z.object({
      instId: zInstId,
      bar: z.enum(['1m', '5m', '15m', '30m', '1H', '4H', '1D', '1W', '3W']).default('1m'),
      limit: z.coerce.number().int().min(1).max(1000).default(300),
    }),
    data: z.array(z.tuple([z.number().int(), z.string(), z.string(), z.string(), z.string(), z.string()])),
  }),
  '/v1/market/tickers': live('market', {
    summary: 'Tickers of every spot instrument from its trades of the last 24 hours',
    auth: false,
    extension: true,
    request: z.object({}),
    data: z.object({ list: z.array(zTicker) }),
  }),
  '/v1/market/source': live('market', {
    summary:
      'Where prices, volumes and history come from: `sim` the built-in simulated market (a seeded walk), `okx` ' +
      "OKX's public feed, `off` none (only the platform's own trades)",
    auth: false,
    extension: true,
    request: z.object({}),
    data: z.object({ source: z.enum(MARKET_SOURCES) }),
  }),
  '/admin/market/state': live('market', {
    summary:
      'Every instrument (spot and swap): its reference price and age, the best bid and ask, depth counts and the ' +
      "market maker's resting orders; where reference prices come from and the market maker's state and balances",
    extension: true,
    access: { roles: ['support', 'finance'] },
    request: z.object({}),
    data: z.object({
      source: z.enum(MARKET_SOURCES),
      maker: z.object({
        running: z.boolean(),
        /** Its account's UID (null when it has none). */
        uid: z.string().nullable(),
        orders: z.number().int(),
        balances: z.array(
          z.object({ asset: z.string(), account: z.string(), available: z.string(), frozen: z.string() }),
        ),
      }),
      list: z.array(zMarketState),
    }),
  }),
} as const;
