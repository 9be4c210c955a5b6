import { z } from 'zod';
import { live, liveList } from '../../endpoint';
import { zCsvFile, zStatementMonth, zTimeZone } from '../../exports';
import { INST_TYPES, TD_MODES, zBookLevel, zInstId, zInstrument } from '../../market';
import { zExactAmount } from '../../money';
import { PARTIAL_REASONS } from '../../remarks';
import { zTime } from '../../schemas';
import { zRequestId } from '../wallet/endpoints';
import { algoEndpoints } from './algo';

/** Order ids are `ord_` + 24 hex characters. */
export const zOrderId = z.string().regex(/^ord_[0-9a-f]{24}$/, { message: 'invalid_format' });

export const ORDER_SIDES = ['buy', 'sell'] as const;
export const ORDER_TYPES = ['limit', 'market'] as const;
/** GTC rests; IOC takes what it can now; FOK fills entirely or not at all; post_only only makes. */
export const TIMES_IN_FORCE = ['GTC', 'IOC', 'FOK', 'post_only'] as const;

/** new and partial_filled are open; filled and canceled are closed (spec section 4). */
export const ORDER_STATUSES = ['new', 'partial_filled', 'filled', 'canceled'] as const;

/** One of the caller's own orders: spot, or (inst_type SWAP) a perpetual swap's, sized in contracts. */
export const zOrder = z.object({
  /** The order id (`ord_…`). */
  trade_id: z.string(),
  instId: z.string(),
  inst_type: z.enum(INST_TYPES),
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
  /** Swaps: only reduces the position (closes never open the other way). */
  reduce_only: z.boolean(),
  /** Swaps: the leverage the order opens at; null for spot. */
  lever: z.number().int().nullable(),
  /** Swaps: PnL this order realized by reducing a position; null for spot. */
  pnl: z.string().nullable(),
  /** Swaps: who placed it — the user, a take-profit or stop-loss trigger, a liquidation or auto-deleveraging. */
  source: z.enum(['user', 'tp', 'sl', 'liquidation', 'adl', 'copy', 'algo']),
  /** Swaps: the unrealized PnL of what this order opened that is still held, at the mark price; null for spot. */
  upl: z.string().nullable(),
  upl_ratio: z.string().nullable(),
  mark_px: z.string().nullable(),
  request_id: z.string().nullable(),
  created_at: zTime,
  updated_at: zTime,
  /** Swaps: the take-profit and stop-loss the order sets on its position when it fills; absent for spot. */
  tp_trigger_px: z.string().nullable().optional(),
  sl_trigger_px: z.string().nullable().optional(),
  /**
   * Spot: what a closed order did not fill of its amount (in `unfilled_ccy`, the unit of `sz`); it came back
   * to the balance. "0" when it filled its whole amount or is still open. Absent for swaps.
   */
  unfilled: z.string().optional(),
  unfilled_ccy: z.string().optional(),
  /**
   * Spot: why a closed order filled only part of its amount: lot_size (the rest could not buy one more lot),
   * book_depth (the book had no more), price_band (none within the band), price_limit (none at the order's
   * limit), self_trade, canceled; null when nothing is missing. Absent for swaps.
   */
  partial_reason: z.enum(PARTIAL_REASONS).nullable().optional(),
});

const submitErrors = [
  'InsufficientBalance',
  'BelowMinimum',
  'OrderRejected',
  'PriceOutOfBand',
  'IdempotencyConflict',
  'NothingToReduce',
  'MarkPriceUnavailable',
  'CopyManaged',
  'TakeProfitInvalid',
  'StopLossInvalid',
  'MarginModeMismatch',
] as const;

/** A user's spot order as an operator sees it on the user's page. */
export const zAdminSpotOrder = z.object({
  id: z.string(),
  inst_id: z.string(),
  side: z.enum(ORDER_SIDES),
  type: z.enum(ORDER_TYPES),
  /** Limit price; null for market orders. */
  price: z.string().nullable(),
  /** Base size, or (a market buy by amount) the quote amount to spend: `size_ccy` says which. */
  size: z.string(),
  size_ccy: z.string(),
  filled: z.string(),
  avg_price: z.string().nullable(),
  fee: z.string(),
  state: z.enum(ORDER_STATUSES),
  cancel_reason: z.string().nullable(),
  created_at: zTime,
});

/** A user id an operator names (the console's user page). */
const zUserId = z.coerce.number().int().positive();

/** Which book an order call is about: spot (the default) or perpetual swaps; a swap instId implies SWAP. */
const zInstType = z.enum(INST_TYPES).optional();

/** Spot trading on the order books. */
export const spotEndpoints = {
  '/v1/order/submitTrade': live('spot', {
    summary:
      'Place an order: limit (px, sz) or market (sz; a spot market buy spends sz of the quote asset unless ' +
      'tgtCcy is base_ccy). What it may spend is frozen until it fills or is canceled. On a swap ' +
      '(`BTC-USDT-SWAP`) sz is whole contracts, buy opens long or reduces a short and sell the reverse, at the ' +
      "contract's chosen leverage, with isolated margin from the futures account",
    request: z.object({
      instId: zInstId,
      side: z.enum(ORDER_SIDES),
      type: z.enum(ORDER_TYPES),
      /** Limit orders only. */
      px: zExactAmount.optional(),
      sz: zExactAmount,
      /** Market orders: base_ccy (default for sells) or quote_ccy (default for buys), as OKX. */
      tgtCcy: z.enum(['base_ccy', 'quote_ccy']).optional(),
      /**
       * cash: spot, from the spot account. A swap: its contract's margin mode (isolated or cross, chosen with
       * setLeverage), margined from the futures account; another mode is refused.
       */
      tdMode: z.enum(TD_MODES).optional(),
      /** Swaps: only reduce the position. */
      reduceOnly: z.boolean().optional(),
      /**
       * Swaps, as OKX's attached TP/SL: take-profit and stop-loss trigger prices (mark) set on the position
       * this order opens or adds to, when it fills. A buy's take-profit above its price (a market order's:
       * the mark) and its stop-loss below; a sell's the reverse. Not with reduceOnly.
       */
      tpTriggerPx: zExactAmount.optional(),
      slTriggerPx: zExactAmount.optional(),
      tif: z.enum(TIMES_IN_FORCE).default('GTC'),
      request_id: zRequestId.optional(),
    }),
    data: zOrder,
    errors: submitErrors,
  }),
  '/v1/order/batchCancelOrder': live('spot', {
    summary:
      "Cancel own open orders by id (order_id or order_ids), or all of an instrument (instId alone). Another user's " +
      'id is NotFound and nothing is canceled; orders already closed come back unchanged',
    request: z
      .object({
        order_id: zOrderId.optional(),
        order_ids: z.array(zOrderId).min(1).max(100).optional(),
        instId: zInstId.optional(),
        instType: zInstType,
      })
      .refine((b) => b.order_id !== undefined || b.order_ids !== undefined || b.instId !== undefined, {
        message: 'required',
      }),
    data: z.object({ list: z.array(zOrder) }),
    errors: ['NotFound'],
  }),
  '/v1/order/meTradeList': liveList('spot', {
    summary:
      'My orders (spot, or swaps with instType SWAP): open (new, partial_filled) or closed (filled, canceled), ' +
      'newest first',
    filters: {
      state: z.enum(['open', 'closed']).default('open'),
      instId: zInstId.optional(),
      instType: zInstType,
    },
    item: zOrder,
  }),
  '/v1/order/list': liveList('spot', {
    summary:
      'My orders (spot, or swaps with instType SWAP) by status: 1 = open, 2 = closed, none = all; newest first',
    filters: {
      status: z.coerce.number().int().min(1).max(2).optional(),
      instId: zInstId.optional(),
      instType: zInstType,
    },
    item: zOrder,
  }),
  '/v1/market/instruments': live('spot', {
    summary: 'Spot instruments with tick size, lot size, minimum order value and fees',
    auth: false,
    extension: true,
    request: z.object({}),
    data: z.object({ list: z.array(zInstrument) }),
  }),
  '/v1/market/depth': live('spot', {
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
  '/admin/spot/orders': liveList('spot', {
    summary: "A user's spot orders, newest first: open (resting) or done (filled, canceled), or all",
    extension: true,
    access: { roles: ['support', 'finance'] },
    filters: { user_id: zUserId, state: z.enum(['open', 'done']).optional() },
    item: zAdminSpotOrder,
  }),
  '/v1/order/exportCsv': live('spot', {
    summary:
      'My spot orders placed, or my fills, in a month of my time zone, as CSV in my language (for records and taxes)',
    extension: true,
    request: z.object({ month: zStatementMonth, tz: zTimeZone, kind: z.enum(['orders', 'fills']) }),
    data: zCsvFile,
    errors: ['RateLimited'],
  }),
  ...algoEndpoints,
} as const;
