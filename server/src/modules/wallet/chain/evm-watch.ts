/** The EVM watcher's loop: one poll (reorganisation check, scan steps, crediting), and its start and stop. */
import assert from 'node:assert/strict';
import { knownAddresses } from './evm-addresses';
import { creditDue } from './evm-confirm';
import { ChainMoved, type EvmCtx, head, type Loop, MAX_STEPS_PER_POLL, ready } from './evm-context';
import { checkReorg, cursor } from './evm-reorg';
import { scanStep } from './evm-scan';
import type { PollResult } from './types';

export async function poll(ctx: EvmCtx): Promise<PollResult> {
  await ready(ctx);
  const headHeight = await head(ctx);
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
  return {
    head: headHeight,
    scannedHeight: c.rewoundTo ?? scanned,
    recorded,
    orphaned: orphaned + c.orphaned,
    credited: c.credited,
  };
}

export function start(ctx: EvmCtx, interval_ms: number): void {
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

export async function stop(ctx: EvmCtx): Promise<void> {
  const state = ctx.state.loop;
  if (!state) return;
  ctx.state.loop = null;
  state.stopped = true;
  clearTimeout(state.timer);
  await state.current;
}
