/**
 * Starting the reference market: the walk on the market's own ticks and lots, resumed from the last price
 * the candles kept; in the demo, a first start walks a stretch of past at once (handed to the candles, not
 * the bus), and the market maker starts quoting. Stopping ends the walk and the quotes' timer.
 */
import { createMemoryBus } from '../../../kernel/bus';
import { ManualClock } from '../../../kernel/clock';
import { createSimMarket, type Random, type SimInstrument, seededRandom, simInstruments } from '../sim';
import type { ReferenceCtx } from './context';
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
  if (opts.history && fresh.length > 0) instruments = walkHistory(ctx, random, instruments, fresh);
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

/** Walks the past of the instruments without a last price; the instruments with the prices it ended at. */
function walkHistory(
  ctx: ReferenceCtx,
  random: Random,
  instruments: SimInstrument[],
  fresh: SimInstrument[],
): SimInstrument[] {
  const history = ctx.opts.history;
  if (!history) return instruments;
  const { ms, record } = history;
  const past = new ManualClock(ctx.deps.clock.now().getTime() - ms);
  const quiet = createMemoryBus();
  quiet.subscribe('trade', (t) => record(t.instId, t));
  const walk = createSimMarket({
    bus: quiet,
    clock: past,
    random,
    instruments: fresh,
    stepMs: HISTORY_STEP_MS,
  });
  for (let t = HISTORY_STEP_MS; t <= ms; t += HISTORY_STEP_MS) {
    past.advance(HISTORY_STEP_MS);
    walk.step();
  }
  // The live walk goes on from where the past ended.
  return instruments.map((i) => ({ ...i, price: walk.price(i.instId) ?? i.price }));
}

export function stop({ state }: ReferenceCtx): void {
  state.sim?.stop();
  if (state.timer) clearInterval(state.timer);
}
