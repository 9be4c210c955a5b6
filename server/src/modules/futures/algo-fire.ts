/**
 * Swap triggers firing in the transaction that moved the price they watch: the last price in the work that
 * printed the trades (a batch after each job, a take-profit, a liquidation), the mark in a task the mark loop
 * queues in the contract's writer. A fired trigger leaves the book and places its order through the same path
 * as a user's order (margin is checked then, as OKX does); what it placed, or why it was refused, is written
 * with the work. A failure rebuilds the triggers from the store with the book.
 */
import { exactOf } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import type { Fired, TriggerBook } from '../../engine';
import { DomainError } from '../../kernel/errors';
import { bookFor, loadSwapAlgos, type SwapAlgoRow, type SwapAlgoSlot, swapAlgoSlot } from './algo-state';
import type { FuturesCtx, Slot, SwapSubmit, Work } from './context';
import { mirror } from './mirror';
import { place } from './place-order';
import { afterCommit, inTransaction } from './work';

interface AlgoWork {
  /** The next of `w.trades` still to be read as a last price. */
  cursor: number;
  readonly changed: Map<string, SwapAlgoRow>;
}

const works = new WeakMap<Work, AlgoWork>();

function workOf(w: Work): AlgoWork {
  let a = works.get(w);
  if (!a) {
    a = { cursor: 0, changed: new Map() };
    works.set(w, a);
  }
  return a;
}

function orderOf(r: SwapAlgoRow, f: Fired): SwapSubmit {
  const px = f.leg === 'tp' ? r.tpOrdPx : f.leg === 'sl' ? r.slOrdPx : f.leg === 'trigger' ? r.orderPx : null;
  const base = {
    instId: r.instId,
    side: r.side,
    sz: exactOf(r.sz, 0),
    reduceOnly: r.reduceOnly || undefined,
  };
  return px === null
    ? { ...base, type: 'market' }
    : { ...base, type: 'limit', px: exactOf(px, 6), tif: 'GTC' };
}

async function fireOne(ctx: FuturesCtx, w: Work, r: SwapAlgoRow, f: Fired): Promise<void> {
  const row: SwapAlgoRow = {
    ...r,
    state: 'effective',
    actualSide: f.leg === 'tp' || f.leg === 'sl' ? f.leg : null,
    actualPx: f.at,
    triggeredAt: w.now,
    updatedAt: w.now,
  };
  try {
    const view = await place(ctx, w, { userId: r.userId, o: orderOf(r, f), source: 'algo' });
    row.ordId = view.trade_id;
    await mirror(ctx, w);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    row.state = 'order_failed';
    row.failCode = err.errorName;
    row.failParams = JSON.stringify(err.params);
  }
  workOf(w).changed.set(row.id, row);
}

/** Fires what one price reaches in one of the contract's trigger books, and keeps the trailing stops' moves. */
async function fireAt(ctx: FuturesCtx, w: Work, a: SwapAlgoSlot, book: TriggerBook, price: bigint) {
  for (const f of book.fire(price)) {
    const r = a.rows.get(f.id);
    if (!r) continue;
    a.rows.delete(f.id);
    await fireOne(ctx, w, r, f);
  }
  keepMoves(w, a, book);
}

function keepMoves(w: Work, a: SwapAlgoSlot, book: TriggerBook): void {
  for (const m of book.takeMoved()) {
    const r = a.rows.get(m.id);
    if (!r) continue;
    const moved = { ...r, extremePx: m.extreme, updatedAt: w.now };
    a.rows.set(m.id, moved);
    workOf(w).changed.set(m.id, moved);
  }
}

/** Reads the work's trades since the last call as last prices, in order (fired orders' trades included). */
export async function fireSwapAlgos(ctx: FuturesCtx, w: Work): Promise<void> {
  const a = swapAlgoSlot(ctx, w.slot.inst.instId);
  const aw = workOf(w);
  while (aw.cursor < w.trades.length) {
    const t = w.trades[aw.cursor++];
    if (!t) continue;
    a.last = t.price as bigint;
    if (a.byLast.size > 0) await fireAt(ctx, w, a, a.byLast, t.price as bigint);
  }
}

/** The work's algo rows as they now stand, in one statement. */
export async function writeSwapAlgos(w: Work): Promise<void> {
  const aw = works.get(w);
  if (!aw || aw.changed.size === 0) return;
  const big = (v: bigint | null) => (v === null ? null : v.toString());
  const rows = JSON.stringify(
    [...aw.changed.values()].map((r) => ({
      i: r.id,
      s: r.state,
      as: r.actualSide,
      ap: big(r.actualPx),
      o: r.ordId,
      fc: r.failCode,
      fp: r.failParams,
      ex: big(r.extremePx),
      ta: r.triggeredAt?.toISOString() ?? null,
    })),
  );
  await w.tx.execute(sql`update swap_algo_orders as a
    set state = x.s, actual_side = x."as", actual_px = x.ap::numeric, ord_id = x.o, fail_code = x.fc,
        fail_params = x.fp, extreme_px = x.ex::numeric, triggered_at = x.ta::timestamptz,
        updated_at = ${w.now}::timestamptz
    from jsonb_to_recordset(${rows}::jsonb) as x(i text, s text, "as" text, ap text, o text, fc text, fp text,
      ex text, ta text)
    where a.id = x.i and a.state = 'live'`);
}

/**
 * After a mark: the contract's mark triggers checked in its writer, and what the mark reached fired in one
 * transaction (trailing stops' new extremes stored with it). Queued once at a time.
 */
export function scanMarkAlgos(ctx: FuturesCtx, slot: Slot): void {
  const instId = slot.inst.instId;
  const a = swapAlgoSlot(ctx, instId);
  if (a.byMark.size === 0 || slot.mark === null || a.markQueued) return;
  a.markQueued = true;
  void ctx.writer
    .run(instId, () => fireMark(ctx, slot))
    .catch((err) => ctx.log.error({ err, instId }, 'swap mark triggers failed'))
    .finally(() => {
      swapAlgoSlot(ctx, instId).markQueued = false;
    });
}

async function fireMark(ctx: FuturesCtx, slot: Slot): Promise<void> {
  const instId = slot.inst.instId;
  const mark = slot.mark;
  const a = swapAlgoSlot(ctx, instId);
  if (mark === null || a.byMark.size === 0) return;
  const fired = a.byMark.fire(mark);
  const moved = a.byMark.takeMoved();
  if (fired.length === 0 && moved.length === 0) return;
  try {
    const { work } = await inTransaction(ctx, slot, async (w) => {
      for (const f of fired) {
        const r = a.rows.get(f.id);
        if (!r) continue;
        a.rows.delete(f.id);
        await fireOne(ctx, w, r, f);
      }
      for (const m of moved) {
        const r = a.rows.get(m.id);
        if (!r) continue;
        const next = { ...r, extremePx: m.extreme, updatedAt: w.now };
        a.rows.set(m.id, next);
        workOf(w).changed.set(m.id, next);
      }
    });
    afterCommit(ctx, work);
  } catch (err) {
    // The triggers as stored: nothing of this transaction happened.
    await loadSwapAlgos(ctx, instId);
    throw err;
  }
}

export { bookFor };
