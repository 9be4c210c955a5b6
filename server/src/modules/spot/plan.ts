/** Checking an order against its instrument and the live settings: the engine's input and the hold. */
import type { ExactDecimal } from '@nexa/contract';
import type { RejectReason } from '../../engine';
import { minorUnits } from '../../kernel/assets';
import { DomainError, ValidationError } from '../../kernel/errors';
import { amountSetting } from '../../kernel/settings';
import { type AssetScale, bandPrice, feeOf, holdOf, parseRate, quoteOf } from '../../kernel/units';
import { checkSpotBand, indexUnits, spotBandRate } from './band';
import type { Plan, Slot, SpotBase, SubmitInput } from './context';
import { liveConfig } from './instruments';

/** An order's figure in minor units of its asset, on the instrument's step. */
function onStep(a: AssetScale, value: ExactDecimal, field: string, step: bigint): bigint {
  const v = minorUnits(value, a, field, 'invalid_format');
  if (v <= 0n) throw new ValidationError(field, 'too_small');
  if (v % step !== 0n) throw new ValidationError(field, 'invalid_value');
  return v;
}

function rejected(reason: string): DomainError {
  return new DomainError('OrderRejected', { reason }, { reason });
}

/** The live settings an order of the instrument is checked against: read once a batch, not once an order. */
export interface LiveRules {
  readonly cfg: Awaited<ReturnType<typeof liveConfig>>;
  readonly makerRate: string;
  readonly marketTaker: { readonly text: string; readonly units: bigint };
  readonly limitBand: bigint;
  readonly priceBand: bigint;
}

export async function liveRules(c: SpotBase, instId: string): Promise<LiveRules> {
  const { settings } = c;
  return {
    cfg: await liveConfig(c, instId),
    makerRate: (await settings.get('market.maker_fee_rate')).text,
    marketTaker: await settings.get('market.taker_fee_rate'),
    limitBand: (await settings.get('market.limit_band')).units,
    priceBand: (await settings.get('market.price_band')).units,
  };
}

/** Checks the order against the instrument and the live settings; works out the engine input and the hold. */
export function plan(
  c: SpotBase,
  slot: Slot,
  userId: number,
  o: SubmitInput,
  rules: LiveRules,
  takerOverride?: string,
): Plan {
  const { inst, book } = slot;
  const { cfg, makerRate, marketTaker } = rules;
  if (!cfg?.enabled) throw rejected('instrument_disabled');
  const minNotional = amountSetting('market.instruments', cfg.min_notional, inst.quote.scale);
  const belowMin = () => new DomainError('BelowMinimum', { min: `${cfg.min_notional} ${inst.quote.symbol}` });
  const takerRate =
    takerOverride !== undefined && parseRate(takerOverride) > marketTaker.units
      ? takerOverride
      : marketTaker.text;
  const maker = parseRate(makerRate);
  const taker = parseRate(takerRate);
  const tif = o.tif ?? 'GTC';
  const base = { userId, side: o.side, makerRate, takerRate } as const;

  if (o.type === 'limit') {
    if (o.px === undefined) throw new ValidationError('px', 'required');
    if (o.tgtCcy === 'quote_ccy') throw new ValidationError('tgtCcy', 'invalid_value');
    const price = onStep(inst.quote, o.px, 'px', inst.tick);
    const rate = spotBandRate(cfg.limit_band, rules.limitBand);
    checkSpotBand(o.side, price, indexUnits(inst, c.indexPrice?.(inst.instId) ?? null), rate);
    const size = onStep(inst.base, o.sz, 'sz', inst.lot);
    const q = quoteOf(inst, price, size);
    if (q < minNotional) throw belowMin();
    const buy = o.side === 'buy';
    return {
      ...base,
      input: { userId, side: o.side, type: 'limit', price, size, timeInForce: tif },
      freezeAsset: buy ? inst.quote : inst.base,
      freeze: holdOf(inst, { side: o.side, price, remaining: size, makerRate: maker, takerRate: taker }),
      price,
      size,
      quoteSize: null,
      tif,
    };
  }

  // Market orders never rest.
  if (tif === 'post_only') throw new ValidationError('tif', 'invalid_value');
  const tgt = o.tgtCcy ?? (o.side === 'buy' ? 'quote_ccy' : 'base_ccy');
  if (tgt === 'quote_ccy') {
    if (o.side === 'sell') throw new ValidationError('tgtCcy', 'invalid_value');
    if (tif === 'FOK') throw new ValidationError('tif', 'invalid_value');
    const quote = onStep(inst.quote, o.sz, 'sz', 1n);
    if (quote < minNotional) throw belowMin();
    if (book.bestAsk() === undefined) throw rejected('no_liquidity');
    return {
      ...base,
      input: { userId, side: 'buy', type: 'market', quoteSize: quote * inst.baseUnit, timeInForce: 'IOC' },
      freezeAsset: inst.quote,
      freeze: quote + feeOf(quote, taker),
      price: null,
      size: null,
      quoteSize: quote,
      tif: 'IOC',
    };
  }
  // By size: a limit IOC (or FOK) at the price band from the best opposite price protects the taker.
  const size = onStep(inst.base, o.sz, 'sz', inst.lot);
  const ref = o.side === 'buy' ? book.bestAsk() : book.bestBid();
  if (ref === undefined) throw rejected('no_liquidity');
  if (quoteOf(inst, ref, size) < minNotional) throw belowMin();
  const bound = bandPrice(inst, ref, rules.priceBand, o.side);
  const mtif = tif === 'FOK' ? 'FOK' : 'IOC';
  const q = quoteOf(inst, bound, size);
  return {
    ...base,
    input: { userId, side: o.side, type: 'limit', price: bound, size, timeInForce: mtif },
    freezeAsset: o.side === 'buy' ? inst.quote : inst.base,
    freeze: o.side === 'buy' ? q + feeOf(q, taker) : size,
    price: bound,
    size,
    quoteSize: null,
    tif: mtif,
  };
}

export function rejectError(reason: RejectReason): Error {
  if (reason === 'post_only_would_take' || reason === 'fok_unfillable') return rejected(reason);
  // Everything else was checked before placing: reaching the engine with it is a bug.
  return new Error(`engine refused a checked order: ${reason}`);
}
