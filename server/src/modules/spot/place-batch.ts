/** One batch of an instrument's writer in its transaction: every job run, then one posting, one write. */
import assert from 'node:assert/strict';
import { BatchRefused } from '../../kernel/group-writer';
import type { Tx } from '../../store';
import { fireAfter, writeAlgos } from './algo-fire';
import { type BatchWork, openBatch } from './batch';
import { cancelJob } from './cancel-job';
import type { BatchDone, BatchState, PlaceJob, Published, Slot, SpotBase, TradeRow } from './context';
import { noticeLargeFills } from './fill-notices';
import { placeJob } from './place-order';
import { writeBatch } from './write-batch';

/**
 * One batch in its transaction (request ids already claimed). A job refused before it reached the book
 * (bad input, short balance, a post-only that would take) fails alone. Anything failing after the book
 * moved, or a refusal by the ledger, throws: the writer rolls the batch back, the book is rebuilt from
 * the store and each job runs again on its own, so one bad order never fails the others.
 */
export async function placeBatch(
  c: SpotBase,
  tx: Tx,
  slot: Slot,
  jobs: readonly PlaceJob[],
  state: Pick<BatchState, 'touched'>,
): Promise<BatchDone> {
  const w = await openBatch(c, tx, slot, jobs);
  // The triggers a job's trades reach place their orders right after it, as jobs of the batch (algo-fire.ts).
  const all = [...jobs];
  for (const [index, job] of jobs.entries()) {
    if (job.cancel) await cancelJob(c, w, index, job, job.cancel, state);
    else await placeJob(c, w, index, job, state);
    await fireAfter(c, w, all, state);
  }
  if (w.placed.length === 0) return { outcomes: w.outcomes, events: [], rows: [], accounts: w.newAccounts };
  await writeAlgos(c, tx, w);
  const done = await commitBatch(c, w, all);
  return { ...done, outcomes: done.outcomes.slice(0, jobs.length) };
}

/**
 * Posts every placed job's journal entry in one `ledger.postMany`, writes the batch's rows in one statement,
 * and answers each job in order (an order's answer may write more in the same transaction).
 */
async function commitBatch(c: SpotBase, w: BatchWork, jobs: readonly PlaceJob[]): Promise<BatchDone> {
  const { tx, now, placed, touchedRows, newRows, outcomes } = w;
  const inputs = placed.flatMap((p) => (p.input ? [p.input] : []));
  const postedInputs = await c.ledger.postMany(tx, inputs);
  const refused = postedInputs.find((o) => !o.ok);
  if (refused && !refused.ok) throw new BatchRefused(refused.error);
  // Each placed job's journal entry (a cancel that posted nothing has none).
  let nextPosted = 0;
  const posted = placed.map((p) => (p.input ? postedInputs[nextPosted++] : { ok: true as const, id: 0 }));

  // New orders, the makers' fill state and the trades in one statement (ids drawn in order inside it).
  const changed = [...touchedRows.values()].filter((r) => !newRows.includes(r));
  const allTrades = placed.flatMap((p) => p.trades);
  const ids = await writeBatch(tx, newRows, changed, allTrades, now);
  for (const [i, row] of newRows.entries()) row.seq = ids.seqs[i] as number;
  await noticeLargeFills(c, tx, touchedRows.values());
  const tradeRows = allTrades.map((t, i) => ({ ...t, id: ids.trades[i] as number, createdAt: now }));

  const events: Published[] = [];
  let t = 0;
  const seqOf = (id: string, seq: number) => touchedRows.get(id)?.seq ?? seq;
  for (const [k, p] of placed.entries()) {
    const out = posted[k];
    assert(out?.ok);
    if (p.canceled) {
      const canceled = p.canceled.map((x) => ({ ...x, seq: seqOf(x.id, x.seq) }));
      outcomes[p.job] = { ok: true, value: canceled };
      events.push({ deltas: p.deltas, seq: p.seq, trades: [], orders: canceled });
      continue;
    }
    p.row.seq = seqOf(p.row.id, p.row.seq);
    outcomes[p.job] = { ok: true, value: await jobs[p.job]?.answer(tx, p.row, out.id) };
    const trades = tradeRows.slice(t, t + p.trades.length) as TradeRow[];
    t += p.trades.length;
    const makers = p.makers.map((m) => ({ ...m, seq: seqOf(m.id, m.seq) }));
    events.push({ deltas: p.deltas, seq: p.seq, trades, orders: [{ ...p.row }, ...makers] });
  }
  return { outcomes, events, rows: [...touchedRows.values()], accounts: w.newAccounts };
}
