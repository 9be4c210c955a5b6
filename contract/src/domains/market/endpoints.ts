import { z } from 'zod';
import { live } from '../../endpoint';
import { zInstId, zTicker } from '../../market';
import { zPriceAlert, zPriceAlertRequest } from './alerts';

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
  '/v1/market/favorites': live('market', {
    summary: "The caller's favourite instruments (spot or swap ids), in the order they were starred",
    extension: true,
    request: z.object({}),
    data: z.object({ list: z.array(z.string()) }),
  }),
  '/v1/market/setFavorite': live('market', {
    summary:
      'Star (on = true) or unstar one instrument for the caller; answers the whole list. Starring a starred one, ' +
      'or unstarring one not starred, changes nothing; an instrument the platform does not list answers NotFound',
    extension: true,
    request: z.object({ instId: zInstId, on: z.boolean() }),
    data: z.object({ list: z.array(z.string()) }),
    errors: ['NotFound'],
  }),
  '/v1/market/alerts': live('market', {
    summary:
      "The caller's price alerts: those waiting, then the latest fired or cancelled (at most 50), newest first",
    extension: true,
    request: z.object({}),
    data: z.object({ list: z.array(zPriceAlert) }),
  }),
  '/v1/market/setAlert': live('market', {
    summary:
      'Set a price alert on one instrument: the last price at or above / at or below a price, or the 24-hour ' +
      'change at or beyond a percentage. It fires once, with a notice to the caller, at the first price that ' +
      'meets it. A condition the market already meets answers AlertAlreadyMet; more than PRICE_ALERT_MAX ' +
      'waiting alerts answers AlertLimit; an instrument the platform does not list answers NotFound',
    extension: true,
    request: zPriceAlertRequest,
    data: zPriceAlert,
    errors: ['NotFound', 'AlertLimit', 'AlertAlreadyMet'],
  }),
  '/v1/market/cancelAlert': live('market', {
    summary:
      "Cancel one of the caller's waiting alerts; answers the list. Another user's id answers NotFound",
    extension: true,
    request: z.object({ id: z.number().int().positive() }),
    data: z.object({ list: z.array(zPriceAlert) }),
    errors: ['NotFound'],
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
