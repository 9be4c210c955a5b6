/**
 * Conditional ("algo") orders on spot and swaps, in OKX v5's shape: a stop order (`trigger`: triggerPx, then
 * a limit at orderPx or a market order with orderPx -1), a one-sided take-profit or stop-loss (`conditional`),
 * both with one cancelling the other (`oco`), and a trailing stop (`move_order_stop`: callbackRatio or
 * callbackSpread, optional activePx). They rest until the price reaches them, then place their order through
 * the same path as a user's order; the history keeps what each placed, or why it could not.
 */
import { z } from 'zod';
import { live, liveList } from '../../endpoint';
import { INST_TYPES, TD_MODES, zInstId } from '../../market';
import { zExactAmount } from '../../money';
import { zTime } from '../../schemas';
import { zRequestId } from '../wallet/endpoints';

export const ALGO_ORD_TYPES = ['conditional', 'oco', 'trigger', 'move_order_stop'] as const;
export type AlgoOrdType = (typeof ALGO_ORD_TYPES)[number];
/** live: resting; effective: fired and placed its order; canceled; order_failed: fired, its order refused. */
export const ALGO_STATES = ['live', 'effective', 'canceled', 'order_failed'] as const;
export type AlgoState = (typeof ALGO_STATES)[number];
/** Which price a trigger watches: spot's last trade; a swap's last trade or mark price. */
export const TRIGGER_PX_TYPES = ['last', 'mark'] as const;

/** Algo ids are `algo_` + 24 hex characters. */
export const zAlgoId = z.string().regex(/^algo_[0-9a-f]{24}$/, { message: 'invalid_format' });

/** An order price, or -1: a market order once triggered (OKX's convention). */
const zOrdPx = z.union([z.literal('-1'), zExactAmount]);

/** One conditional order of the caller's. Prices are decimal text; null where the type has none. */
export const zAlgoOrder = z.object({
  algoId: z.string(),
  instId: z.string(),
  instType: z.enum(INST_TYPES),
  side: z.enum(['buy', 'sell']),
  ordType: z.enum(ALGO_ORD_TYPES),
  /** Spot: base size, or (a market buy) the quote amount to spend; swaps: contracts. */
  sz: z.string(),
  /** What `sz` counts. */
  tgtCcy: z.enum(['base_ccy', 'quote_ccy', 'contracts']),
  triggerPx: z.string().nullable(),
  /** "-1": market. */
  orderPx: z.string().nullable(),
  tpTriggerPx: z.string().nullable(),
  tpOrdPx: z.string().nullable(),
  slTriggerPx: z.string().nullable(),
  slOrdPx: z.string().nullable(),
  callbackRatio: z.string().nullable(),
  callbackSpread: z.string().nullable(),
  activePx: z.string().nullable(),
  /** A trailing stop's current stop price (null until activated). */
  moveTriggerPx: z.string().nullable(),
  triggerPxType: z.enum(TRIGGER_PX_TYPES),
  reduceOnly: z.boolean(),
  state: z.enum(ALGO_STATES),
  /** Which leg fired: tp, sl (a conditional or OCO), or null. */
  actualSide: z.enum(['tp', 'sl']).nullable(),
  /** The price that reached the trigger. */
  actualPx: z.string().nullable(),
  /** The order it placed once triggered (`ord_…`). */
  ordId: z.string().nullable(),
  /** Why the order it placed was refused: the answer's name and its message in the caller's language. */
  failCode: z.string().nullable(),
  failMsg: z.string().nullable(),
  /** Held for it while it rests (spot; swaps check margin when it fires). */
  frozen: z.string(),
  frozenCcy: z.string(),
  created_at: zTime,
  updated_at: zTime,
  triggered_at: zTime.nullable(),
});

const zInstType = z.enum(INST_TYPES).optional();

export const algoEndpoints = {
  '/v1/order/placeAlgo': live('spot', {
    summary:
      'Place a conditional order (OKX order-algo): trigger (triggerPx, orderPx or -1 for market), conditional ' +
      '(tpTriggerPx/tpOrdPx or slTriggerPx/slOrdPx), oco (both), move_order_stop (callbackRatio or ' +
      'callbackSpread, optional activePx). Spot triggers on the last price and holds what its order may spend ' +
      'while it rests; swaps trigger on the last or mark price (triggerPxType) and check margin when they fire',
    extension: true,
    request: z.object({
      instId: zInstId,
      tdMode: z.enum(TD_MODES).optional(),
      side: z.enum(['buy', 'sell']),
      ordType: z.enum(ALGO_ORD_TYPES),
      /** Spot: base size (a market buy: the quote amount to spend); swaps: whole contracts. */
      sz: zExactAmount,
      triggerPx: zExactAmount.optional(),
      orderPx: zOrdPx.optional(),
      tpTriggerPx: zExactAmount.optional(),
      tpOrdPx: zOrdPx.optional(),
      slTriggerPx: zExactAmount.optional(),
      slOrdPx: zOrdPx.optional(),
      /** Trailing stop: callback as a ratio of the best price (0.001 to 0.3), or as a price amount. */
      callbackRatio: zExactAmount.optional(),
      callbackSpread: zExactAmount.optional(),
      activePx: zExactAmount.optional(),
      triggerPxType: z.enum(TRIGGER_PX_TYPES).default('last'),
      /** Swaps: the order it places only reduces the position. */
      reduceOnly: z.boolean().optional(),
      request_id: zRequestId.optional(),
    }),
    data: zAlgoOrder,
    errors: [
      'InsufficientBalance',
      'BelowMinimum',
      'OrderRejected',
      'PriceOutOfBand',
      'IdempotencyConflict',
      'AlgoTriggerInvalid',
      'MarginModeMismatch',
      'AlgoPriceUnavailable',
      'AlgoLimitReached',
      'MarkPriceUnavailable',
      'NothingToReduce',
      'CopyManaged',
    ],
  }),
  '/v1/order/cancelAlgos': live('spot', {
    summary:
      "Cancel own resting conditional orders (OKX cancel-algos); a spot order's hold comes back. Another user's " +
      'id is NotFound and nothing is canceled; ones no longer resting come back unchanged',
    extension: true,
    request: z.object({
      algoIds: z.array(zAlgoId).min(1).max(100),
      instId: zInstId,
    }),
    data: z.object({ list: z.array(zAlgoOrder) }),
    errors: ['NotFound'],
  }),
  '/v1/order/algoPending': liveList('spot', {
    summary:
      'My resting conditional orders (OKX orders-algo-pending), spot or swaps (instType), newest first',
    extension: true,
    filters: { instId: zInstId.optional(), instType: zInstType, ordType: z.enum(ALGO_ORD_TYPES).optional() },
    item: zAlgoOrder,
  }),
  '/v1/order/algoHistory': liveList('spot', {
    summary:
      'My conditional orders that left the book (OKX orders-algo-history): fired (with the order placed, or why ' +
      'it was refused) or canceled, newest first',
    extension: true,
    filters: {
      instId: zInstId.optional(),
      instType: zInstType,
      ordType: z.enum(ALGO_ORD_TYPES).optional(),
      state: z.enum(['effective', 'canceled', 'order_failed']).optional(),
    },
    item: zAlgoOrder,
  }),
} as const;
