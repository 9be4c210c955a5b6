/** Start (the contracts built and rebuilt from the store, the demo's fund, the mark loop) and close. */
import { desc, eq } from 'drizzle-orm';
import { createBook } from '../../engine';
import type { FuturesCtx, Slot } from './context';
import { fundingTimes } from './funding';
import { instrumentSettings, makeInst } from './instruments';
import { tick } from './mark';
import { seedFund } from './pools';
import { rebuild } from './restore';
import { swapFundings } from './tables';

export async function start(ctx: FuturesCtx): Promise<void> {
  const { store, clock, log, settings, slots } = ctx;
  const intervalH = await settings.get('futures.funding_interval_h');
  const last = fundingTimes(intervalH, clock.now().getTime()).last;
  for (const c of await instrumentSettings(ctx)) {
    const inst = makeInst(ctx, c);
    const [settled] = await store.db
      .select({ t: swapFundings.fundingTime })
      .from(swapFundings)
      .where(eq(swapFundings.instId, inst.instId))
      .orderBy(desc(swapFundings.fundingTime))
      .limit(1);
    const slot: Slot = {
      inst,
      book: createBook({ instId: inst.instId, tickSize: inst.spec.tick, lotSize: 1n }),
      rows: new Map(),
      positions: new Map(),
      mark: null,
      idx: null,
      ema: 0n,
      samples: { sum: 0n, n: 0n },
      queued: new Set(),
      warned: new Map(),
      // A period that ended before this start without a settlement is settled at the next mark (with the
      // samples this process has, none: rate 0); one settled already is never paid again.
      lastFunding: settled?.t ?? last,
      dirty: false,
    };
    slots.set(inst.instId, slot);
    await rebuild(ctx, slot);
  }
  await seedFund(ctx);
  const marking = () => {
    if (!ctx.state.closing) void tick(ctx).catch((err) => log.error({ err }, 'swap mark tick failed'));
  };
  // Marked at once where the index is known (a takeover's instance takes swap orders with its books), then
  // once a second.
  marking();
  const timer = setInterval(marking, 1000);
  ctx.state.timer = timer;
  timer.unref();
}

export async function close(ctx: FuturesCtx): Promise<void> {
  const { writer, state } = ctx;
  state.closing = true;
  if (state.timer) clearInterval(state.timer);
  await writer.close();
}
