/**
 * Spot triggers firing inside the batch that moved the price: after each job, every trade it printed is a last
 * price, in order; the triggers each price reaches fire there (once: they leave the book), their hold is
 * released and their order placed right away through the same path as a user's order (so its own trades may
 * fire more). What each placed, or why its order was refused, is written with the batch; a rollback rebuilds
 * the triggers from the store with the book.
 */
import { exactOf } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import type { Fired } from '../../engine';
import { DomainError } from '../../kernel/errors';
import type { PostInput } from '../../ledger';
import type { Tx } from '../../store';
import { type AlgoRow, algoSlotOf } from './algo-state';
import type { BatchWork } from './batch';
import type { BatchState, PlaceJob, SpotBase, SubmitInput } from './context';
import { placeJob } from './place-order';
import { Postings } from './postings';
import { orderView } from './views';

interface AlgoBatch {
  /** The next of `w.placed` whose trades are still to be read as prices. */
  cursor: number;
  readonly inputs: PostInput[];
  readonly changed: Map<string, AlgoRow>;
}

const batches = new WeakMap<BatchWork, AlgoBatch>();

function batchOf(w: BatchWork): AlgoBatch {
  let b = batches.get(w);
  if (!b) {
    b = { cursor: 0, inputs: [], changed: new Map() };
    batches.set(w, b);
  }
  return b;
}

/** The order a fired trigger places. */
function orderOf(r: AlgoRow, f: Fired, c: SpotBase): SubmitInput {
  const [b = '', q = ''] = r.instId.split('-');
  const base = c.scaleOf(b);
  const quote = c.scaleOf(q);
  const px = f.leg === 'tp' ? r.tpOrdPx : f.leg === 'sl' ? r.slOrdPx : f.leg === 'trigger' ? r.orderPx : null;
  if (px !== null)
    return {
      instId: r.instId,
      side: r.side,
      type: 'limit',
      px: exactOf(px, quote.scale),
      sz: exactOf(r.sz, base.scale),
      tif: 'GTC',
    };
  const byQuote = r.tgtCcy === 'quote_ccy';
  return {
    instId: r.instId,
    side: r.side,
    type: 'market',
    sz: exactOf(r.sz, byQuote ? quote.scale : base.scale),
    tgtCcy: byQuote ? 'quote_ccy' : 'base_ccy',
  };
}

/** One trigger fired: its hold released, its order placed as the batch's next job, its outcome kept. */
async function fireOne(
  c: SpotBase,
  w: BatchWork,
  jobs: PlaceJob[],
  state: Pick<BatchState, 'touched'>,
  r: AlgoRow,
  f: Fired,
): Promise<void> {
  const ab = batchOf(w);
  const row: AlgoRow = {
    ...r,
    state: 'effective',
    actualSide: f.leg === 'tp' || f.leg === 'sl' ? f.leg : null,
    actualPx: f.at,
    frozenAmount: 0n,
    triggeredAt: w.now,
    updatedAt: w.now,
  };
  if (r.frozenAmount > 0n) {
    const post = new Postings();
    post.release(await w.acc(r.userId, c.scaleOf(r.frozenAsset)), r.frozenAmount);
    w.noteMoved(post.list);
    ab.inputs.push({
      cause: 'spot.algo_release',
      ref: r.id,
      remark: `${r.instId} ${r.ordType} triggered`,
      userId: r.userId,
      postings: post.list,
    });
  }
  const job: PlaceJob = {
    userId: r.userId,
    o: orderOf(r, f, c),
    x: null,
    answer: async (_tx, order) => orderView(c, order),
  };
  jobs.push(job);
  const index = jobs.length - 1;
  const before = w.placed.length;
  await placeJob(c, w, index, job, state);
  const out = w.outcomes[index];
  if (out && !out.ok) {
    const err = out.error;
    if (!(err instanceof DomainError)) throw err;
    row.state = 'order_failed';
    row.failCode = err.errorName;
    row.failParams = JSON.stringify(err.params);
  } else {
    row.ordId = w.placed[before]?.row.id ?? null;
  }
  ab.changed.set(row.id, row);
}

/**
 * Reads the trades of the jobs placed since the last call as last prices, in order, and fires what each
 * reaches (their orders join `jobs`, so their trades are read in the same loop).
 */
export async function fireAfter(
  c: SpotBase,
  w: BatchWork,
  jobs: PlaceJob[],
  state: Pick<BatchState, 'touched'>,
): Promise<void> {
  const a = algoSlotOf(c, w.slot.inst.instId);
  const ab = batchOf(w);
  while (ab.cursor < w.placed.length) {
    const p = w.placed[ab.cursor++];
    for (const t of p?.trades ?? []) {
      a.last = t.price;
      if (a.book.size === 0) continue;
      for (const f of a.book.fire(t.price)) {
        const r = a.rows.get(f.id);
        if (!r) continue;
        a.rows.delete(f.id);
        await fireOne(c, w, jobs, state, r, f);
      }
      for (const m of a.book.takeMoved()) {
        const r = a.rows.get(m.id);
        if (!r) continue;
        const moved = { ...r, extremePx: m.extreme, updatedAt: w.now };
        a.rows.set(m.id, moved);
        ab.changed.set(m.id, moved);
      }
    }
  }
}

/** The batch's algo changes: holds released (before the orders' own entries), rows updated in one statement. */
export async function writeAlgos(c: SpotBase, tx: Tx, w: BatchWork): Promise<void> {
  const ab = batches.get(w);
  if (!ab || (ab.inputs.length === 0 && ab.changed.size === 0)) return;
  const posted = await c.ledger.postMany(tx, ab.inputs);
  const refused = posted.find((o) => !o.ok);
  if (refused && !refused.ok) throw new Error(`algo hold release refused: ${refused.error}`);
  const big = (v: bigint | null) => (v === null ? null : v.toString());
  const rows = JSON.stringify(
    [...ab.changed.values()].map((r) => ({
      i: r.id,
      s: r.state,
      as: r.actualSide,
      ap: big(r.actualPx),
      o: r.ordId,
      fc: r.failCode,
      fp: r.failParams,
      fa: r.frozenAmount.toString(),
      ex: big(r.extremePx),
      ta: r.triggeredAt?.toISOString() ?? null,
    })),
  );
  await tx.execute(sql`update spot_algo_orders as a
    set state = x.s, actual_side = x."as", actual_px = x.ap::numeric, ord_id = x.o, fail_code = x.fc,
        fail_params = x.fp, frozen_amount = x.fa::numeric, extreme_px = x.ex::numeric,
        triggered_at = x.ta::timestamptz, updated_at = ${w.now}::timestamptz
    from jsonb_to_recordset(${rows}::jsonb) as x(i text, s text, "as" text, ap text, o text, fc text, fp text,
      fa text, ex text, ta text)
    where a.id = x.i and a.state = 'live'`);
}
