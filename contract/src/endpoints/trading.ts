import { z } from 'zod';
import { live, liveList } from '../endpoint';
import { zPositiveDecimal } from '../money';
import { zTime } from '../schemas';
import { zAsset, zRequestId } from './wallet';

/** A spot instrument id, `BASE-QUOTE` (`BTC-USDT`). */
export const zInstId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{2,10}-[A-Za-z0-9]{2,10}$/, { message: 'invalid_format' })
  .transform((s) => s.toUpperCase());

/** Order ids are `ord_` + 24 hex characters. */
export const zOrderId = z.string().regex(/^ord_[0-9a-f]{24}$/, { message: 'invalid_format' });

export const ORDER_SIDES = ['buy', 'sell'] as const;
export const ORDER_TYPES = ['limit', 'market'] as const;
/** GTC rests; IOC takes what it can now; FOK fills entirely or not at all; post_only only makes. */
export const TIMES_IN_FORCE = ['GTC', 'IOC', 'FOK', 'post_only'] as const;
/** new and partial_filled are open; filled and canceled are closed (spec section 4). */
export const ORDER_STATUSES = ['new', 'partial_filled', 'filled', 'canceled'] as const;
export const LISTING_STATUSES = ['open', 'sold', 'withdrawn'] as const;

/** A book level: price, total size, number of orders. */
export const zBookLevel = z.tuple([z.string(), z.string(), z.number().int()]);

/** One of the caller's own spot orders. */
export const zOrder = z.object({
  /** The order id (`ord_…`). */
  trade_id: z.string(),
  instId: z.string(),
  side: z.enum(ORDER_SIDES),
  type: z.enum(ORDER_TYPES),
  tif: z.enum(TIMES_IN_FORCE),
  /** What `sz` counts: the base asset, or (market buys) the quote asset to spend. */
  tgt_ccy: z.enum(['base_ccy', 'quote_ccy']),
  /** Limit price; null for market orders. */
  px: z.string().nullable(),
  sz: z.string(),
  filled_sz: z.string(),
  /** Quote amount filled (Σ price × size). */
  filled_quote: z.string(),
  avg_px: z.string().nullable(),
  /** Fees paid so far, in `fee_ccy` (the quote asset). */
  fee: z.string(),
  fee_ccy: z.string(),
  /** Still held for this order (0 once it is closed). */
  frozen: z.string(),
  frozen_ccy: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Why a canceled order ended: user, self_trade, remainder, instrument_changed. */
  cancel_reason: z.string().nullable(),
  /** Futures only; null for spot orders. */
  upl: z.string().nullable(),
  upl_ratio: z.string().nullable(),
  mark_px: z.string().nullable(),
  request_id: z.string().nullable(),
  created_at: zTime,
  updated_at: zTime,
});

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

/** A peer-to-peer token listing. */
export const zListing = z.object({
  id: z.number().int(),
  symbol: z.string(),
  /** USDT per whole token. */
  price: z.string(),
  amount: z.string(),
  /** Still for sale. */
  remaining: z.string(),
  sold: z.string(),
  status: z.enum(LISTING_STATUSES),
  /** The seller's fee on each sale, as a fraction of its USDT total. */
  fee_rate: z.string(),
  seller_uid: z.string(),
  mine: z.boolean(),
  created_at: zTime,
  updated_at: zTime,
});

/** One purchase from a listing, seen by its buyer or its seller. */
export const zSale = z.object({
  id: z.number().int(),
  listing_id: z.number().int(),
  symbol: z.string(),
  role: z.enum(['buyer', 'seller']),
  counterparty_uid: z.string(),
  price: z.string(),
  amount: z.string(),
  /** USDT the buyer paid. */
  total: z.string(),
  /** USDT fee, paid by the seller out of the total. */
  fee: z.string(),
  /** USDT the seller received (total − fee). */
  net: z.string(),
  created_at: zTime,
});

const submitErrors = ['InsufficientBalance', 'BelowMinimum', 'OrderRejected', 'IdempotencyConflict'] as const;

export const tradingEndpoints = {
  '/v1/order/submitTrade': live('trading', {
    summary:
      'Place a spot order: limit (px, sz) or market (sz; a market buy spends sz of the quote asset unless ' +
      'tgtCcy is base_ccy). What it may spend is frozen until it fills or is canceled',
    request: z.object({
      instId: zInstId,
      side: z.enum(ORDER_SIDES),
      type: z.enum(ORDER_TYPES),
      /** Limit orders only. */
      px: zPositiveDecimal.optional(),
      sz: zPositiveDecimal,
      /** Market orders: base_ccy (default for sells) or quote_ccy (default for buys), as OKX. */
      tgtCcy: z.enum(['base_ccy', 'quote_ccy']).optional(),
      /** Spot trades from the cash (spot) account only. */
      tdMode: z.enum(['cash']).optional(),
      tif: z.enum(TIMES_IN_FORCE).default('GTC'),
      request_id: zRequestId.optional(),
    }),
    data: zOrder,
    errors: submitErrors,
  }),
  '/v1/order/batchCancelOrder': live('trading', {
    summary:
      "Cancel own open orders by id (order_id or order_ids), or all of an instrument (instId alone). Another user's " +
      'id is NotFound and nothing is canceled; orders already closed come back unchanged',
    request: z
      .object({
        order_id: zOrderId.optional(),
        order_ids: z.array(zOrderId).min(1).max(100).optional(),
        instId: zInstId.optional(),
      })
      .refine((b) => b.order_id !== undefined || b.order_ids !== undefined || b.instId !== undefined, {
        message: 'required',
      }),
    data: z.object({ list: z.array(zOrder) }),
    errors: ['NotFound'],
  }),
  '/v1/order/meTradeList': liveList('trading', {
    summary: 'My spot orders: open (new, partial_filled) or closed (filled, canceled), newest first',
    filters: { state: z.enum(['open', 'closed']).default('open'), instId: zInstId.optional() },
    item: zOrder,
  }),
  '/v1/order/list': liveList('trading', {
    summary: 'My spot orders by status filter: 1 = open, 2 = closed, none = all; newest first',
    filters: { status: z.coerce.number().int().min(1).max(2).optional(), instId: zInstId.optional() },
    item: zOrder,
  }),
  '/v1/market/instruments': live('trading', {
    summary: 'Spot instruments with tick size, lot size, minimum order value and fees',
    auth: false,
    extension: true,
    request: z.object({}),
    data: z.object({ list: z.array(zInstrument) }),
  }),
  '/v1/market/candles': live('trading', {
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
  '/v1/market/depth': live('trading', {
    summary: 'Order book of an instrument: the best n levels each side, with the book sequence',
    auth: false,
    extension: true,
    request: z.object({ instId: zInstId, n: z.coerce.number().int().min(1).max(400).default(20) }),
    data: z.object({
      instId: z.string(),
      seq: z.number().int(),
      asks: z.array(zBookLevel),
      bids: z.array(zBookLevel),
      ts: z.number().int(),
    }),
  }),
  '/v1/market/tickers': live('trading', {
    summary: 'Tickers of every spot instrument from its trades of the last 24 hours',
    auth: false,
    extension: true,
    request: z.object({}),
    data: z.object({ list: z.array(zTicker) }),
  }),
  '/api/trade/sellList': liveList('trading', {
    summary:
      'Token market: open listings, cheapest first (symbol filter); mine = 1 lists my own listings in every ' +
      'status (status filter), newest first; id picks one of my listings',
    filters: {
      symbol: zAsset.optional(),
      mine: z.coerce.number().int().min(0).max(1).default(0),
      id: z.coerce.number().int().positive().optional(),
      status: z.enum(LISTING_STATUSES).optional(),
    },
    item: zListing,
    extraData: { fee_rate: z.string(), min_usdt: z.string(), symbols: z.array(z.string()) },
  }),
  '/api/trade/sellDetail': liveList('trading', {
    summary: 'Token market: sales from my listings (one listing with id), newest first',
    filters: { symbol: zAsset.optional(), id: z.coerce.number().int().positive().optional() },
    item: zSale,
  }),
  '/api/trade/buyDetail': liveList('trading', {
    summary: 'Token market: my purchases, newest first',
    filters: { symbol: zAsset.optional() },
    item: zSale,
  }),
  '/api/trade/sell': live('trading', {
    summary:
      'Token market: list tokens for sale at a USDT price; the tokens are held until sold or withdrawn',
    extension: true,
    request: z.object({
      symbol: zAsset,
      price: zPositiveDecimal,
      amount: zPositiveDecimal,
      request_id: zRequestId.optional(),
    }),
    data: zListing,
    errors: ['InsufficientBalance', 'BelowMinimum', 'IdempotencyConflict'],
  }),
  '/api/trade/buy': live('trading', {
    summary:
      'Token market: buy all (no amount) or part of a listing; USDT goes to the seller minus the fee, tokens to the buyer',
    extension: true,
    request: z.object({
      id: z.coerce.number().int().positive(),
      amount: zPositiveDecimal.optional(),
      request_id: zRequestId.optional(),
    }),
    data: zSale,
    errors: [
      'InsufficientBalance',
      'NotFound',
      'InvalidState',
      'OwnListing',
      'IdempotencyConflict',
      'BelowMinimum',
      'RemainderTooSmall',
    ],
  }),
  '/api/trade/cancelSell': live('trading', {
    summary: 'Token market: withdraw what is left of my listing; the tokens are released',
    extension: true,
    request: z.object({ id: z.coerce.number().int().positive() }),
    data: zListing,
    errors: ['NotFound', 'InvalidState'],
  }),
} as const;
