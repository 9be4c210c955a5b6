import { formatAmount } from '@nexa/contract';
import type { Bus } from '../../../kernel/bus';
import type { Clock } from '../../../kernel/clock';
import { type Dec, formatDec, parseDec } from './decimal';
import { normal, type Random } from './random';

const YEAR_MS = 365 * 24 * 3_600_000;

export interface SimInstrument {
  readonly instId: string;
  /** Starting price, decimal text. */
  readonly price: string;
  /** Annualized volatility of the walk (0.55 = 55 %). */
  readonly volatility: number;
  /** Price step, decimal text ("0.1"); derived from the price when absent (6 significant digits). */
  readonly tickSize?: string;
  /** Size step, decimal text; derived from the price when absent. */
  readonly lotSize?: string;
  /** Median notional of one trade in quote units (default 500). */
  readonly medianNotional?: number;
}

export interface SimMarketOptions {
  readonly bus: Bus;
  readonly clock: Clock;
  readonly random: Random;
  readonly instruments: readonly SimInstrument[];
  /** Time one step covers, and the interval of start() (default 1000 ms). */
  readonly stepMs?: number;
  /** Most trades one instrument prints per step (1..this, default 3). */
  readonly maxTradesPerStep?: number;
}

export interface SimMarket {
  /** Prints the trades of one step on every instrument. */
  step(): void;
  /** Steps every stepMs until stop(). */
  start(): void;
  stop(): void;
  /** The last price of an instrument. */
  price(instId: string): string | undefined;
  /** When the walk last moved an instrument (ms since the epoch of its clock). */
  movedAt(instId: string): number | undefined;
}

/**
 * Annualized volatilities near the real markets' of recent years (BTC the calmest of the large ones, the meme
 * and smaller coins the wildest); platform tokens move more.
 */
export const SIM_VOLATILITY: Readonly<Record<string, number>> = {
  BTC: 0.55,
  ETH: 0.7,
  BNB: 0.6,
  TRX: 0.5,
  LTC: 0.75,
  XRP: 0.85,
  SOL: 0.9,
  ADA: 0.9,
  LINK: 0.9,
  DOGE: 1.0,
};
export const SIM_DEFAULT_VOLATILITY = 1.1;

/** Median trade size in USDT: the larger assets trade in larger prints, so their 24 h volumes differ too. */
const SIM_MEDIAN_NOTIONAL: Readonly<Record<string, number>> = {
  BTC: 1500,
  ETH: 1200,
  SOL: 800,
  BNB: 650,
  XRP: 650,
  DOGE: 550,
  LTC: 350,
  ADA: 350,
  LINK: 300,
  TRX: 250,
};

/** 10^(exponent of the leading digit − digits + 1): the step that keeps `digits` significant digits. */
function stepFor(price: string, digits: number): string {
  const d = parseDec(price);
  if (d.units <= 0n) throw new Error(`price must be positive: ${price}`);
  const leading = d.units.toString().length - 1 - d.scale; // exponent of the leading digit
  const exp = leading - digits + 1;
  return exp >= 0 ? `1${'0'.repeat(exp)}` : `0.${'0'.repeat(-exp - 1)}1`;
}

/** A lot worth about a cent or less (a power of ten, at most 1). */
function lotFor(price: string): string {
  const exp = Math.min(0, Math.floor(Math.log10(0.01 / Number(price))));
  return exp === 0 ? '1' : `0.${'0'.repeat(-exp - 1)}1`;
}

/**
 * The simulated market's instruments for the reference prices of settings `exchange.prices_usdt`:
 * one `<SYMBOL>-USDT` per asset but USDT.
 */
export function simInstruments(pricesUsdt: Readonly<Record<string, string>>): SimInstrument[] {
  return Object.entries(pricesUsdt)
    .filter(([sym]) => sym !== 'USDT')
    .map(([sym, price]) => ({
      instId: `${sym}-USDT`,
      price,
      volatility: SIM_VOLATILITY[sym] ?? SIM_DEFAULT_VOLATILITY,
      ...(SIM_MEDIAN_NOTIONAL[sym] ? { medianNotional: SIM_MEDIAN_NOTIONAL[sym] } : {}),
    }));
}

interface State {
  readonly spec: SimInstrument;
  readonly tick: Dec;
  readonly lot: Dec;
  /** Price in ticks (a float-safe integer). */
  ticks: number;
  tradeSeq: number;
  /** The clock's time of the last step. */
  at: number | undefined;
}

/**
 * A built-in market that moves on its own: per instrument a geometric random walk at its volatility,
 * printed as a few trades per step (`trade` events, enough for 1-minute bars; the candles make the
 * tickers from them). Prices are exact multiples of the tick.
 * Deterministic for a given random source and clock. It quotes no book: the market maker will.
 */
export function createSimMarket(opts: SimMarketOptions): SimMarket {
  const { bus, clock, random } = opts;
  const stepMs = opts.stepMs ?? 1000;
  const maxTrades = Math.max(1, opts.maxTradesPerStep ?? 3);
  let timer: ReturnType<typeof setInterval> | null = null;

  const states = opts.instruments.map((spec): State => {
    const tick = parseDec(spec.tickSize ?? stepFor(spec.price, 6));
    const lot = parseDec(spec.lotSize ?? lotFor(spec.price));
    const p = parseDec(spec.price);
    const ticks = Number((p.units * 10n ** BigInt(tick.scale)) / (tick.units * 10n ** BigInt(p.scale)));
    if (!(ticks >= 1) || !Number.isSafeInteger(ticks)) throw new Error(`bad price/tick for ${spec.instId}`);
    return { spec, tick, lot, ticks, tradeSeq: 0, at: undefined };
  });

  const priceText = (s: State) => formatAmount(BigInt(s.ticks) * s.tick.units, s.tick.scale);

  const stepOne = (s: State, now: number) => {
    s.at = now;
    const n = 1 + Math.floor(random() * maxTrades);
    const dt = stepMs / YEAR_MS / n;
    const sigma = s.spec.volatility;
    for (let i = 0; i < n; i++) {
      const drift = Math.exp(sigma * Math.sqrt(dt) * normal(random) - 0.5 * sigma * sigma * dt);
      s.ticks = Math.max(1, Math.round(s.ticks * drift));
      const price = priceText(s);
      // Trade notional: log-normal around the median, at least one lot.
      const notional = (s.spec.medianNotional ?? 500) * Math.exp(normal(random));
      const lots = Math.max(1, Math.round(notional / Number(price) / Number(formatDec(s.lot))));
      const size: Dec = { units: BigInt(lots) * s.lot.units, scale: s.lot.scale };
      s.tradeSeq++;
      const sizeText = formatDec(size);
      bus.publish('trade', {
        instId: s.spec.instId,
        tradeId: `sim-${s.tradeSeq}`,
        price,
        size: sizeText,
        side: random() < 0.5 ? 'buy' : 'sell',
        ts: now,
      });
    }
  };

  const step = () => {
    const now = clock.now().getTime();
    for (const s of states) stepOne(s, now);
  };

  return {
    step,
    start() {
      if (timer) return;
      timer = setInterval(step, stepMs);
      timer.unref?.();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    price(instId) {
      const s = states.find((x) => x.spec.instId === instId);
      return s ? priceText(s) : undefined;
    },
    movedAt(instId) {
      return states.find((x) => x.spec.instId === instId)?.at;
    },
  };
}
