/**
 * A watcher's loop: one poll (reorganisation check, scan steps, crediting and finality, then the heartbeat
 * that says it runs), and its start and stop.
 */
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { schema } from '../../../store';
import type { PollResult } from './types';
import { knownAddresses } from './watch-addresses';
import { creditDue } from './watch-confirm';
import { ChainMoved, type Loop, MAX_STEPS_PER_POLL, type WatchCtx } from './watch-context';
import { checkReorg, cursor } from './watch-reorg';
import { scanStep } from './watch-scan';

const { chainCursors } = schema;

export async function poll(ctx: WatchCtx): Promise<PollResult> {
  await ctx.source.ready();
  const headHeight = await ctx.source.head();
  // Addresses are read after the head: a transfer in a block up to the head was sent to an
  // address its user had already been shown, so it is in this list.
  const addresses = await knownAddresses(ctx);
  let recorded = 0;
  let orphaned = 0;
  let scanned = await cursor(ctx, headHeight);
  try {
    const check = await checkReorg(ctx, scanned, headHeight);
    scanned = check.cursor;
    orphaned += check.orphaned;
    for (let i = 0; i < MAX_STEPS_PER_POLL && scanned < headHeight; i++) {
      const done = await scanStep(ctx, scanned, headHeight, addresses);
      if (!done) break; // another watcher moved the cursor (or the ctx.chain moved): next poll.
      scanned = done.cursor;
      recorded += done.recorded;
    }
  } catch (err) {
    if (!(err instanceof ChainMoved)) throw err;
    ctx.log.info({ chain: ctx.chain, reason: err.message }, 'chain moved during a step; retrying next poll');
  }
  const c = await creditDue(ctx, headHeight);
  // The heartbeat: this poll went through (`running` reads it).
  await ctx.db
    .update(chainCursors)
    .set({ updatedAt: ctx.clock.now() })
    .where(eq(chainCursors.chain, ctx.chain));
  return {
    head: headHeight,
    scannedHeight: c.rewoundTo ?? scanned,
    recorded,
    orphaned: orphaned + c.orphaned,
    credited: c.credited,
    released: c.released,
  };
}

export function start(ctx: WatchCtx, interval_ms: number): void {
  assert(interval_ms > 0, 'interval_ms must be positive');
  if (ctx.state.loop) return;
  const state: Loop = { stopped: false, timer: undefined, current: Promise.resolve() };
  const tick = () => {
    state.current = (async () => {
      let behind = false;
      try {
        const r = await poll(ctx);
        behind = r.scannedHeight < r.head;
      } catch (err) {
        ctx.log.error({ chain: ctx.chain, err }, 'chain poll failed');
      }
      if (state.stopped) return;
      state.timer = setTimeout(tick, behind ? 0 : interval_ms);
      state.timer.unref();
    })();
  };
  ctx.state.loop = state;
  tick();
}

export async function stop(ctx: WatchCtx): Promise<void> {
  const state = ctx.state.loop;
  if (!state) return;
  ctx.state.loop = null;
  state.stopped = true;
  clearTimeout(state.timer);
  await state.current;
}

/** Whether this chain's watcher polled successfully within the staleness window (on any instance). */
export async function running(ctx: WatchCtx): Promise<boolean> {
  const [row] = await ctx.db
    .select({ at: chainCursors.updatedAt })
    .from(chainCursors)
    .where(eq(chainCursors.chain, ctx.chain));
  return row !== undefined && ctx.clock.now().getTime() - row.at.getTime() <= ctx.staleAfter_ms;
}
