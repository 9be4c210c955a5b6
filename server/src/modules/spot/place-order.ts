/** An order in its instrument's batch: planned, checked against the balance, matched, settled and recorded. */
import assert from 'node:assert/strict';
import { inArray } from 'drizzle-orm';
import type { Fill, PlaceResult } from '../../engine';
import { DomainError } from '../../kernel/errors';
import { feeOf, holdOf, parseRate, quoteOf } from '../../kernel/units';
import type { LedgerAccount } from '../../ledger';
import type { BatchWork } from './batch';
import type { BatchState, OrderRow, PlaceJob, Plan, SpotBase, TradeInsert } from './context';
import { orderRemark } from './partial';
import { plan, rejectError } from './plan';
import { Postings } from './postings';
import { holdOfRow, isOpen, newOrderId } from './rows';
import { marketOrders } from './tables';

/**
 * Places one order of the batch. Refused before it reached the book (bad input, short balance, a post-only
 * that would take), it fails alone; anything failing once the book moved throws, and the batch cannot stand.
 */
export async function placeJob(
  c: SpotBase,
  w: BatchWork,
  index: number,
  job: PlaceJob,
  state: Pick<BatchState, 'touched'>,
): Promise<void> {
  const { userId, o, x } = job;
  const { slot } = w;
  let mutated = false;
  try {
    // Planned inside the transaction: a retried request id gets its first answer, whatever the book is now.
    const p = plan(c, slot, userId, o, w.rules, x?.takerRate);
    const holdAcc = await w.acc(userId, p.freezeAsset);
    if ((await w.availableOf(holdAcc)) < p.freeze) throw new DomainError('InsufficientBalance');
    const id = newOrderId();
    const touchedBefore = state.touched;
    mutated = true;
    state.touched = true;
    const r = slot.book.place({ ...p.input, id });
    if (r.rejectedReason) {
      // A refused order leaves the book as it was.
      mutated = false;
      state.touched = touchedBefore;
      throw rejectError(r.rejectedReason);
    }
    await recordOrder(c, w, index, job, { p, holdAcc, id, r });
  } catch (err) {
    // The book moved for an order that is not going through: the batch cannot stand.
    if (mutated) throw err;
    // Nothing of this order reached the book: it fails alone (the writer gives its claim back).
    w.outcomes[index] = { ok: false, error: err };
  }
}

/** An order the book took: what it placed and held. */
interface Taken {
  readonly p: Plan;
  readonly holdAcc: LedgerAccount;
  readonly id: string;
  readonly r: PlaceResult;
}

/** Settles the order's fills, keeps its hold at what its rest needs, and collects its row and entry. */
async function recordOrder(c: SpotBase, w: BatchWork, index: number, job: PlaceJob, t: Taken) {
  const { userId, o, x } = job;
  const { p, holdAcc, id, r } = t;
  const { inst } = w.slot;
  const { now } = w;
  const post = new Postings();
  post.freeze(holdAcc, p.freeze);

  await loadMakers(w, r.fills);
  const taker = parseRate(p.takerRate);
  const f = await settleFills(c, w, job, t, post);

  const rests = r.status === 'new' || r.status === 'partial_filled';
  const keep = rests
    ? holdOf(inst, {
        side: o.side,
        price: p.price ?? 0n,
        remaining: r.remaining,
        makerRate: parseRate(p.makerRate),
        takerRate: taker,
      })
    : 0n;
  if (f.takerQuote * inst.baseUnit !== r.filledQuote) assert.fail(`order ${id} notional drifted`);
  if (f.takerHold < keep) assert.fail(`order ${id} hold short by ${keep - f.takerHold}`);
  post.release(holdAcc, f.takerHold - keep);

  const row: OrderRow = {
    id,
    seq: 0,
    userId,
    instId: inst.instId,
    side: o.side,
    type: o.type,
    tif: p.tif,
    price: p.price,
    size: p.size,
    quoteSize: p.quoteSize,
    filledSize: r.filledSize,
    filledQuote: f.takerQuote,
    fee: f.takerFee,
    status: r.status,
    cancelReason: r.canceledReason ?? null,
    frozenAsset: p.freezeAsset.symbol,
    frozenAmount: keep,
    makerFeeRate: p.makerRate,
    takerFeeRate: p.takerRate,
    requestId: o.request_id ?? null,
    createdAt: now,
    updatedAt: now,
  };
  w.touchedRows.set(id, row);
  w.newRows.push(row);
  // What later orders of the batch see of these accounts.
  w.noteMoved(post.list);
  w.placed.push({
    job: index,
    input: {
      cause: x?.cause ?? 'spot.order',
      ref: id,
      remark: x?.remark ?? orderRemark(row, inst),
      userId,
      requestId: o.request_id ?? null,
      postings: post.list,
      // The hold must be available in full, not only net of what the order got back at once.
      needsAvailable: [{ accountId: holdAcc.id, amount: p.freeze }],
    },
    row: { ...row },
    trades: f.trades,
    // As they stand after this order (a later order of the batch may change them again).
    makers: [...f.makers.values()].map((m) => ({ ...m })),
    deltas: r.deltas,
    seq: r.seq,
  });
}

/** The makers of these fills as the batch has left them (copies: the cache changes only after the commit). */
async function loadMakers(w: BatchWork, fills: readonly Fill[]): Promise<void> {
  const { slot, touchedRows } = w;
  for (const f of fills) {
    const cached = touchedRows.has(f.makerOrderId) ? undefined : slot.rows.get(f.makerOrderId);
    // A copy: the cache changes only once the batch has committed.
    if (cached) touchedRows.set(f.makerOrderId, { ...cached });
  }
  const missing = [...new Set(fills.map((f) => f.makerOrderId))].filter((m) => !touchedRows.has(m));
  if (missing.length > 0) {
    const rows = await w.tx.select().from(marketOrders).where(inArray(marketOrders.id, missing));
    for (const m of rows) touchedRows.set(m.id, { ...m });
  }
}

/**
 * Each fill moves quote and base between buyer and seller and both fees to the fees account; the maker's
 * fill state and hold follow it. Answers what the taker's hold has left, its fee, notional and trades.
 */
async function settleFills(c: SpotBase, w: BatchWork, job: PlaceJob, t: Taken, post: Postings) {
  const { userId, o } = job;
  const { p, id, r } = t;
  const { inst } = w.slot;
  const { now, fees, acc } = w;
  const taker = parseRate(p.takerRate);
  let takerHold = p.freeze;
  let takerFee = 0n;
  let takerQuote = 0n;
  const trades: TradeInsert[] = [];
  const makers = new Map<string, OrderRow>();
  for (const f of r.fills) {
    const m = w.touchedRows.get(f.makerOrderId);
    assert(m && isOpen(m.status) && m.price === f.price, `maker ${f.makerOrderId} is not the resting order`);
    const q = quoteOf(inst, f.price, f.size);
    const makerFee = feeOf(q, parseRate(m.makerFeeRate));
    // The taker's fee is rounded up once on all it filled in this call, spread over its fills.
    const tFee = feeOf(takerQuote + q, taker) - feeOf(takerQuote, taker);
    const takerBuys = o.side === 'buy';
    const buyer = takerBuys ? userId : m.userId;
    const seller = takerBuys ? m.userId : userId;
    const buyerFee = takerBuys ? tFee : makerFee;
    const sellerFee = takerBuys ? makerFee : tFee;
    post.add(await acc(buyer, inst.quote), 'frozen', -(q + buyerFee));
    post.add(await acc(seller, inst.quote), 'available', q - sellerFee);
    post.add(fees, 'available', buyerFee + sellerFee);
    post.add(await acc(seller, inst.base), 'frozen', -f.size);
    post.add(await acc(buyer, inst.base), 'available', f.size);

    m.filledSize += f.size;
    m.filledQuote += q;
    m.fee += makerFee;
    m.frozenAmount -= m.side === 'buy' ? q + makerFee : f.size;
    assert.equal((m.size ?? 0n) - m.filledSize, f.makerRemaining, `maker ${m.id} size drifted`);
    m.status = f.makerRemaining === 0n ? 'filled' : 'partial_filled';
    m.updatedAt = now;
    const keep = holdOfRow(inst, m);
    assert(m.frozenAmount >= keep, `maker ${m.id} hold short by ${keep - m.frozenAmount}`);
    post.release(await acc(m.userId, c.scaleOf(m.frozenAsset)), m.frozenAmount - keep);
    m.frozenAmount = keep;
    makers.set(m.id, m);

    takerHold -= takerBuys ? q + tFee : f.size;
    takerFee += tFee;
    takerQuote += q;
    trades.push({
      instId: inst.instId,
      price: f.price,
      size: f.size,
      quote: q,
      side: o.side,
      makerOrderId: m.id,
      takerOrderId: id,
      makerUserId: m.userId,
      takerUserId: userId,
      makerFee,
      takerFee: tFee,
      createdAt: now,
    });
  }
  return { takerHold, takerFee, takerQuote, trades, makers };
}
