import { z } from 'zod';
import { live, liveList } from '../../endpoint';
import { zCsvFile, zStatementMonth, zTimeZone } from '../../exports';
import { MARGIN_MODES, zSwapInstId } from '../../market';
import { zExactAmount, zMinorUnits, zUsdtAmount } from '../../money';
import { zTime } from '../../schemas';
import { zOrder } from '../spot/endpoints';
import { zRequestId } from '../wallet/endpoints';

export const POSITION_SIDES = ['long', 'short'] as const;
/** How a position ended: closed by its owner (or its trigger), liquidated, or auto-deleveraged. */
export const CLOSE_TYPES = ['close', 'liquidation', 'adl'] as const;

/** A USDT-margined perpetual swap. Prices in USDT; sizes in whole contracts of `ct_val` of the underlying. */
export const zSwapInstrument = z.object({
  instId: z.string(),
  /** The spot instrument whose reference price is the index (`BTC-USDT`). */
  underlying: z.string(),
  /** Underlying per contract (`0.01`) and its asset (`BTC`). */
  ct_val: z.string(),
  ct_val_ccy: z.string(),
  settle_ccy: z.string(),
  tick_size: z.string(),
  /** Contracts are whole: always "1". */
  lot_size: z.string(),
  max_lever: z.number().int(),
  /** Maintenance-margin tiers: up to `max_notional` USDT of position value, rate `mmr`. */
  tiers: z.array(z.object({ max_notional: z.string().nullable(), mmr: z.string() })),
  maker_fee_rate: z.string(),
  taker_fee_rate: z.string(),
  /**
   * Orders match no further than this fraction from the mark price: a limit buy above mark × (1 + it) or a
   * limit sell below mark × (1 − it) is refused (PriceOutOfBand); a market order stops there. Per contract.
   */
  price_band: z.string(),
  /** Null until the index has a price. */
  mark_px: z.string().nullable(),
  idx_px: z.string().nullable(),
  last: z.string().nullable(),
  /** The rate the coming settlement would pay if the period ended now (positive: longs pay shorts). */
  funding_rate: z.string(),
  /** Milliseconds since the epoch of the next settlement. */
  next_funding_time: z.number().int(),
  funding_interval_h: z.number().int(),
  enabled: z.boolean(),
});

/** One open position (net mode: at most one per contract and user, long or short). */
export const zPosition = z.object({
  instId: z.string(),
  pos_side: z.enum(POSITION_SIDES),
  /** Contracts held. */
  pos: z.string(),
  lever: z.number().int(),
  /** Isolated, or cross: the futures account's available balance backs it too (liq_px and margin_ratio count it). */
  mgn_mode: z.enum(MARGIN_MODES),
  /** Open average price. */
  avg_px: z.string(),
  mark_px: z.string().nullable(),
  idx_px: z.string().nullable(),
  /**
   * Mark price at which the position is taken over; null when it cannot be reached. A cross position's counts
   * the available balance as it stands (an estimate: it moves with the balance and the other cross positions).
   */
  liq_px: z.string().nullable(),
  /** Price at which its equity is zero. */
  bk_px: z.string().nullable(),
  /** Position value at the mark price, USDT. */
  notional: z.string(),
  /**
   * Margin held in the position, USDT (funding is paid from and into it); a cross position's grows by what is
   * moved in from the available balance instead of a liquidation.
   */
  margin: z.string(),
  /** Maintenance margin at the mark price, USDT. */
  mmr: z.string(),
  /**
   * Maintenance margin over equity, in percent ("4.87"): low is safe, 100 or above is liquidated; null once
   * equity is gone.
   */
  margin_ratio: z.string().nullable(),
  upl: z.string(),
  /** upl over margin, in percent. */
  upl_ratio: z.string(),
  /** Realized since the position opened (closes, before fees and funding), USDT. */
  realized_pnl: z.string(),
  fee: z.string(),
  /** Funding received (positive) or paid (negative) by this position so far: the sum of its settlements. */
  funding_fee: z.string(),
  /** Insurance cover paid on the position (the spec's compensation fee). */
  compensation: z.string(),
  tp_trigger_px: z.string().nullable(),
  sl_trigger_px: z.string().nullable(),
  /**
   * Auto-deleveraging queue, 1 (last) to 5 (first), for a position in profit: the quintile of its PnL ratio ×
   * leverage among the profitable positions on the same side of the contract; 0 otherwise.
   */
  adl: z.number().int(),
  created_at: zTime,
  updated_at: zTime,
});

/** A position that ended, with what it made. */
export const zClosedPosition = z.object({
  id: z.number().int(),
  instId: z.string(),
  pos_side: z.enum(POSITION_SIDES),
  lever: z.number().int(),
  /** Largest size the position reached, contracts. */
  max_pos: z.string(),
  open_avg_px: z.string(),
  close_avg_px: z.string(),
  realized_pnl: z.string(),
  fee: z.string(),
  funding_fee: z.string(),
  compensation: z.string(),
  /** realized_pnl − fee + funding_fee + compensation, less what a liquidation left to the insurance fund. */
  net_pnl: z.string(),
  close_type: z.enum(CLOSE_TYPES),
  opened_at: zTime,
  closed_at: zTime,
});

/** One funding settlement of one of my positions: positive received, negative paid. */
export const zFundingPayment = z.object({
  instId: z.string(),
  funding_time: zTime,
  rate: z.string(),
  mark_px: z.string(),
  pos_side: z.enum(POSITION_SIDES),
  pos: z.string(),
  amount: z.string(),
});

/** One funding settlement of an instrument. */
export const zFundingRate = z.object({
  instId: z.string(),
  funding_time: zTime,
  rate: z.string(),
  mark_px: z.string(),
});

const zLever = z.coerce.number().int().min(1).max(125);
const zTrigger = zUsdtAmount.nullable().optional();
/** Whole contracts. */
const zContracts = zMinorUnits(0);

/** USDT-margined perpetual swaps: positions, leverage, triggers and funding (orders go through the order calls). */
export const futuresEndpoints = {
  '/v1/futures/instruments': live('futures', {
    summary:
      'Perpetual swaps with contract value, tick, maximum leverage, maintenance-margin tiers, fees, mark, index ' +
      'and last price, the current funding rate and the next settlement time',
    auth: false,
    extension: true,
    request: z.object({}),
    data: z.object({ list: z.array(zSwapInstrument) }),
  }),
  '/v1/futures/account': live('futures', {
    summary:
      'My futures account in USDT: available, held by open orders, margin in positions, unrealized PnL, ' +
      'equity, what may be transferred out, and the leverage and margin mode chosen per contract',
    extension: true,
    request: z.object({}),
    data: z.object({
      ccy: z.string(),
      available: z.string(),
      frozen: z.string(),
      margin: z.string(),
      upl: z.string(),
      equity: z.string(),
      /**
       * What may leave the futures account now: the available balance less what it keeps for cross positions
       * (what would lift each back to its initial margin at the mark).
       */
      max_transfer: z.string(),
      levers: z.array(
        z.object({ instId: z.string(), lever: z.number().int(), mgnMode: z.enum(MARGIN_MODES) }),
      ),
    }),
  }),
  '/v1/futures/setLeverage': live('futures', {
    summary:
      'Choose the leverage of a contract (1 to its maximum) and, with mgnMode, its margin mode (isolated or ' +
      'cross) for the next position; refused while a position or an open order of the contract exists',
    extension: true,
    request: z.object({ instId: zSwapInstId, lever: zLever, mgnMode: z.enum(MARGIN_MODES).optional() }),
    data: z.object({ instId: z.string(), lever: z.number().int(), mgnMode: z.enum(MARGIN_MODES) }),
    errors: ['LeverageLocked'],
  }),
  '/v1/futures/positions': live('futures', {
    summary:
      'My open positions with mark price, unrealized PnL and ratio, liquidation price, margin ratio and triggers',
    extension: true,
    request: z.object({ instId: zSwapInstId.optional() }),
    data: z.object({ list: z.array(zPosition) }),
  }),
  '/v1/futures/closePosition': live('futures', {
    summary:
      'Close my position of a contract, all of it or sz contracts: at market (a reduce-only order that never ' +
      'fills beyond the price band or the position bankruptcy price), or with px at that limit (a reduce-only ' +
      'limit order, canceled once it could no longer only reduce the position)',
    extension: true,
    request: z.object({
      instId: zSwapInstId,
      sz: zContracts.optional(),
      /** A limit close at this price; none: at market. */
      px: zExactAmount.optional(),
      request_id: zRequestId.optional(),
    }),
    data: zOrder,
    errors: [
      'NoPosition',
      'NothingToReduce',
      'OrderRejected',
      'PriceOutOfBand',
      'InsufficientBalance',
      'IdempotencyConflict',
      'CopyManaged',
    ],
  }),
  '/v1/futures/closeAll': live('futures', {
    summary:
      'Close every open position at market (one reduce-only order each) and cancel my open futures orders',
    extension: true,
    request: z.object({}),
    data: z.object({ list: z.array(zOrder) }),
  }),
  '/v1/futures/setTpSl': live('futures', {
    summary:
      'Set or clear (null) the take-profit and stop-loss of my position: when the mark price reaches one, the ' +
      'whole position is closed at market',
    extension: true,
    request: z.object({ instId: zSwapInstId, tp_trigger_px: zTrigger, sl_trigger_px: zTrigger }),
    data: zPosition,
    errors: ['NoPosition', 'TriggerPriceInvalid', 'CopyManaged'],
  }),
  '/v1/futures/positionHistory': liveList('futures', {
    summary:
      'My closed positions, newest first: open and close average, realized PnL, fees, funding, cover paid',
    extension: true,
    filters: { instId: zSwapInstId.optional() },
    item: zClosedPosition,
  }),
  '/v1/futures/fundingHistory': liveList('futures', {
    summary: 'Funding I paid (negative) or received (positive), per settlement, newest first',
    extension: true,
    filters: { instId: zSwapInstId.optional() },
    item: zFundingPayment,
  }),
  '/v1/futures/fundingRates': liveList('futures', {
    summary: 'Past funding settlements of a contract, newest first',
    auth: false,
    extension: true,
    filters: { instId: zSwapInstId },
    item: zFundingRate,
  }),
  '/admin/futures/positions': liveList('futures', {
    summary:
      "A user's futures positions: every open one (entry, mark, liquidation price, margin, leverage, unrealized " +
      'PnL) beside the list of closed ones, newest first, with what they made',
    extension: true,
    access: { roles: ['support', 'finance'] },
    filters: { user_id: z.coerce.number().int().positive() },
    item: zClosedPosition,
    extraData: { open: z.array(zPosition) },
  }),
  '/v1/futures/exportCsv': live('futures', {
    summary:
      'My swap orders, fills or funding payments in a month of my time zone, as CSV in my language (for records and taxes)',
    extension: true,
    request: z.object({
      month: zStatementMonth,
      tz: zTimeZone,
      kind: z.enum(['orders', 'fills', 'funding']),
    }),
    data: zCsvFile,
    errors: ['RateLimited'],
  }),
} as const;
