/** A cancel in its instrument's batch: the user's open orders off the book, their holds released. */
import assert from 'node:assert/strict';
import type { BatchWork } from './batch';
import type { BatchState, OrderRow, PlaceJob, SpotBase } from './context';
import { Postings } from './postings';
import { holdOfRow, isOpen } from './rows';

export async function cancelJob(
  c: SpotBase,
  w: BatchWork,
  index: number,
  job: PlaceJob,
  cancel: NonNullable<PlaceJob['cancel']>,
  state: Pick<BatchState, 'touched'>,
): Promise<void> {
  const { slot, touchedRows, now } = w;
  const { inst } = slot;
  const { userId } = job;
  const { ids, reason } = cancel;
  const wanted = ids ? new Set(ids) : null;
  // The user's open orders as the batch has left them (placed earlier in it, or stored), oldest first.
  const rows = [...new Map([...slot.rows, ...touchedRows]).values()]
    .filter((r) => r.userId === userId && isOpen(r.status) && (!wanted || wanted.has(r.id)))
    .sort((a, b) => (a.seq || Number.MAX_SAFE_INTEGER) - (b.seq || Number.MAX_SAFE_INTEGER));
  if (rows.length === 0) {
    w.outcomes[index] = { ok: true, value: [] };
    return;
  }
  state.touched = true;
  const r = slot.book.cancelMany(rows.map((x) => x.id));
  assert.deepEqual(r.missing, [], `open orders missing from the ${inst.instId} book`);
  const post = new Postings();
  const canceled: OrderRow[] = [];
  for (const stored of rows) {
    const row = touchedRows.get(stored.id) ?? { ...stored };
    assert.equal(row.frozenAmount, holdOfRow(inst, row), `order ${row.id} hold drifted`);
    post.release(await w.acc(userId, c.scaleOf(row.frozenAsset)), row.frozenAmount);
    row.status = 'canceled';
    row.cancelReason = reason;
    row.frozenAmount = 0n;
    row.updatedAt = now;
    touchedRows.set(row.id, row);
    canceled.push({ ...row });
  }
  w.noteMoved(post.list);
  w.placed.push({
    job: index,
    input:
      post.list.length === 0
        ? null
        : {
            cause: 'spot.cancel',
            ref: rows.length === 1 ? (rows[0]?.id ?? '') : inst.instId,
            remark: `${inst.instId} cancel ${rows.length}`,
            userId,
            postings: post.list,
          },
    row: canceled[0] as OrderRow,
    canceled,
    trades: [],
    makers: [],
    deltas: r.deltas,
    seq: r.seq,
  });
}
