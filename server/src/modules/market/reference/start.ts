/**
 * Starting the reference market: the walk on the market's own ticks and lots, resumed from the last price
 * the candles kept; in the demo, a first start walks a stretch of past at once (handed to the candles, not
 * the bus), and the market maker starts quoting. Stopping ends the walk and the quotes' timer.
 */
import { parseAmount, roundDecimal } from '@nexa/contract';
import { createMemoryBus } from '../../../kernel/bus';
import { ManualClock } from '../../../kernel/clock';
import { createSimMarket, type Random, type SimInstrument, seededRandom, simInstruments } from '../sim';
import type { MakerVenue, ReferenceCtx } from './context';
import { toStep } from './ladder';
import { fundSwaps, makerUser, requote } from './maker';

/** Steps of the walk that draws the demo's past: one a minute, enough for every bar. */
const HISTORY_STEP_MS = 60_000;

export async function start(ctx: ReferenceCtx): Promise<void> {
  const { deps, opts, state } = ctx;
  const prices = await deps.referencePrices();
  const specs = new Map((await deps.market.instruments()).map((i) => [i.instId, i]));
  // The walk moves on the market's own ticks and lots.
  const random = seededRandom(opts.seed ?? Date.now() % 2 ** 31);
  let instruments: SimInstrument[] = simInstruments(prices).flatMap((i) => {
    const spec = specs.get(i.instId);
    const price = opts.lastPrice?.(i.instId) ?? i.price;
    return spec ? [{ ...i, price, tickSize: spec.tick_size, lotSize: spec.lot_size }] : [];
  });
  const fresh = instruments.filter((i) => !opts.lastPrice?.(i.instId));
  if (opts.history && fresh.length > 0) {
    // A swap with no candle yet over a freshly walked underlying gets the same past, as its own trades.
    const walked = new Set(fresh.map((i) => i.instId));
    const swaps = ((await deps.swaps?.instruments()) ?? []).filter(
      (s) => s.underlying && s.ct_val && walked.has(s.underlying) && !opts.lastPrice?.(s.instId),
    );
    instruments = await walkHistory(ctx, random, instruments, fresh, swaps);
  }
  const sim = createSimMarket({ bus: deps.bus, clock: deps.clock, random, instruments, stepMs: opts.stepMs });
  state.sim = sim;
  sim.start();
  if (opts.maker) {
    state.makerId = await makerUser(ctx);
    if (deps.swaps) await fundSwaps(ctx, state.makerId);
    void requote(ctx);
    state.timer = setInterval(() => void requote(ctx), Math.max(opts.stepMs * 5, 3000));
    state.timer.unref();
  }
}

/** Steps of the past walked between two yields to the event loop (an hour of it). */
const STEPS_A_SLICE = 60;

/**
 * Walks the past of the instruments without a last price; the instruments with the prices it ended at. It
 * yields to the event loop every hour of past, so the instance goes on answering and renewing its writers'
 * lease meanwhile (a walk of seconds in one piece let a cluster's lease lapse at every first start).
 */
async function walkHistory(
  ctx: ReferenceCtx,
  random: Random,
  instruments: SimInstrument[],
  fresh: SimInstrument[],
  swaps: readonly SwapSpec[],
): Promise<SimInstrument[]> {
  const history = ctx.opts.history;
  if (!history) return instruments;
  const { ms, record } = history;
  const past = new ManualClock(ctx.deps.clock.now().getTime() - ms);
  const quiet = createMemoryBus();
  quiet.subscribe('trade', (t) => {
    record(t.instId, t);
    for (const swap of swaps) {
      if (swap.underlying !== t.instId) continue;
      const price = toStep(t.price, swap.tick_size, false);
      if (price) record(swap.instId, { price, size: contracts(t.size, swap.ct_val ?? '1'), ts: t.ts });
    }
  });
  const walk = createSimMarket({
    bus: quiet,
    clock: past,
    random,
    instruments: fresh,
    stepMs: HISTORY_STEP_MS,
  });
  let steps = 0;
  // The candles write once the walk is done, not between its slices: its early bars leave memory before.
  const release = history.hold?.() ?? (() => {});
  try {
    for (let t = HISTORY_STEP_MS; t <= ms; t += HISTORY_STEP_MS) {
      past.advance(HISTORY_STEP_MS);
      walk.step();
      if (++steps % STEPS_A_SLICE === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    }
  } finally {
    release();
  }
  // The live walk goes on from where the past ended.
  return instruments.map((i) => ({ ...i, price: walk.price(i.instId) ?? i.price }));
}

type SwapSpec = Awaited<ReturnType<MakerVenue['instruments']>>[number];

/** A base amount in whole contracts of `ctVal` base each, at least one. */
function contracts(size: string, ctVal: string): string {
  const base = parseAmount(roundDecimal(size, 12) ?? '0', 12) ?? 0n;
  const per = parseAmount(roundDecimal(ctVal, 12) ?? '1', 12) ?? 1n;
  const n = per > 0n ? base / per : 1n;
  return (n > 0n ? n : 1n).toString();
}

export function stop({ state }: ReferenceCtx): void {
  state.sim?.stop();
  if (state.timer) clearInterval(state.timer);
}
