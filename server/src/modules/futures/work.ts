/**
 * The work of one transaction of a contract (a batch, a liquidation, a trigger, a funding settlement): the
 * balances it moves in memory, then its postings, orders, trades and positions written at its end and, once
 * committed, kept in memory and published.
 */
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { BatchRefused } from '../../kernel/group-writer';
import { writeNotice } from '../../kernel/notices';
import type { LedgerAccount, PostInput } from '../../ledger';
import type { Tx } from '../../store';
import { type FuturesCtx, isOpen, POSITION_LOSS_TOPIC, type Slot, type Work } from './context';
import type { Entry } from './entry';
import { noticeLargeFills } from './notices';
import { rebuild } from './restore';
import { swapOrders, swapPositions, swapTrades } from './tables';
import { levels, orderView, publishPosition, px } from './views';

export function newWork(ctx: FuturesCtx, tx: Tx, slot: Slot): Work {
  const { clock } = ctx;
  return {
    tx,
    slot,
    now: clock.now(),
    entries: [],
    orders: new Map(),
    fresh: new Set(),
    trades: [],
    positions: new Set(),
    deltas: [],
    seqBefore: slot.book.seq,
    balances: new Map(),
    touched: false,
    leads: new Map(),
    mirroring: false,
  };
}

/** After a rolled-back transaction that moved the book: the book and positions rebuilt from the store. */
export async function recover(ctx: FuturesCtx, slot: Slot): Promise<void> {
  const { log } = ctx;
  slot.dirty = true;
  try {
    await rebuild(ctx, slot);
  } catch (again) {
    log.error({ err: again, instId: slot.inst.instId }, 'swap book rebuild failed; retried next time');
  }
}

/** Runs work in one transaction (outside the writer's batches); on failure after the book moved, recovers. */
export async function inTransaction<T>(
  ctx: FuturesCtx,
  slot: Slot,
  fn: (w: Work) => Promise<T>,
): Promise<{ value: T; work: Work }> {
  const { store } = ctx;
  if (slot.dirty) await rebuild(ctx, slot);
  let work: Work | null = null;
  try {
    const value = await store.db.transaction(async (tx) => {
      work = newWork(ctx, tx, slot);
      const v = await fn(work);
      await commitWork(ctx, work);
      return v;
    });
    assert(work);
    return { value, work };
  } catch (err) {
    if ((work as Work | null)?.touched) await recover(ctx, slot);
    throw err;
  }
}

/** Running balance of an account in the work (read once, then moved in memory). */
export async function balanceOf(ctx: FuturesCtx, w: Work, account: LedgerAccount) {
  const { ledger } = ctx;
  let b = w.balances.get(account.id);
  if (!b) {
    const stored = await ledger.accountBalances(w.tx, [account.id]);
    b = stored.get(account.id) ?? { available: 0n, frozen: 0n };
    w.balances.set(account.id, b);
  }
  return b;
}

export async function move(
  ctx: FuturesCtx,
  w: Work,
  e: Entry,
  account: LedgerAccount,
  bucket: 'available' | 'frozen',
  amount: bigint,
) {
  if (amount === 0n) return;
  const b = await balanceOf(ctx, w, account);
  b[bucket] += amount;
  e.add(account, bucket, amount);
}

export async function commitWork(ctx: FuturesCtx, w: Work): Promise<void> {
  const { ledger } = ctx;
  // Triggers the work's last prices reached place their orders in it (algo-fire.ts).
  await ctx.algoWork.fire(w);
  const inputs = w.entries.map((e) => e.input()).filter((i): i is PostInput => i !== null);
  const outcomes = await ledger.postMany(w.tx, inputs);
  for (const o of outcomes) if (!o.ok) throw new BatchRefused(o.error);
  const { tx } = w;
  for (const row of w.orders.values()) {
    if (w.fresh.has(row.id)) {
      const { seq: _seq, ...values } = row;
      await tx.insert(swapOrders).values(values);
    } else {
      await tx
        .update(swapOrders)
        .set({
          filledSize: row.filledSize,
          filledValue: row.filledValue,
          fee: row.fee,
          pnl: row.pnl,
          hold: row.hold,
          status: row.status,
          cancelReason: row.cancelReason,
          updatedAt: row.updatedAt,
        })
        .where(eq(swapOrders.id, row.id));
    }
  }
  await ctx.algoWork.write(w);
  await noticeLargeFills(ctx, w);
  if (w.trades.length > 0) {
    // Each trade's stored id is its id on the bus: the candles replay the stored ones after it at a restart.
    const ids = await tx.insert(swapTrades).values(w.trades).returning({ id: swapTrades.id });
    for (const [i, t] of w.trades.entries()) t.id = ids[i]?.id;
  }
  for (const p of w.positions) {
    const values = {
      userId: p.userId,
      instId: w.slot.inst.instId,
      status: p.closed ? ('closed' as const) : ('open' as const),
      side: p.side,
      size: p.size,
      entry: p.entry,
      margin: p.margin,
      lever: p.lever,
      mgnMode: p.mgnMode,
      maxSize: p.maxSize,
      openValue: p.openValue,
      openSize: p.openSize,
      closeValue: p.closeValue,
      closeSize: p.closeSize,
      realized: p.realized,
      fee: p.fee,
      funding: p.funding,
      forfeit: p.forfeit,
      tpPrice: p.tp,
      slPrice: p.sl,
      closeType: p.closeType,
      openedAt: p.openedAt,
      updatedAt: p.updatedAt,
      closedAt: p.closedAt,
    };
    if (p.id === null) {
      const [row] = await tx.insert(swapPositions).values(values).returning({ id: swapPositions.id });
      assert(row);
      p.id = row.id;
    } else {
      await tx.update(swapPositions).set(values).where(eq(swapPositions.id, p.id));
    }
    // A liquidated position is told to its holder, once per position.
    if (p.closed && p.endedBy === 'liquidation') {
      const params = { inst: w.slot.inst.instId };
      await writeNotice(ctx.outbox, tx, {
        userId: p.userId,
        kind: 'liquidation',
        ref: `swap_${p.id}:liq`,
        params,
      });
    }
    // A position ended by liquidation or its stop-loss with a net loss: insurance may compensate it.
    const net = p.realized - p.fee + p.funding - p.forfeit;
    if (p.closed && p.endedBy && net < 0n) {
      await ctx.outbox.write(tx, POSITION_LOSS_TOPIC, {
        userId: p.userId,
        positionId: p.id,
        instId: w.slot.inst.instId,
        kind: p.endedBy,
        loss: (-net).toString(),
        lever: p.lever,
        openedAt: p.openedAt.getTime(),
        closedAt: (p.closedAt ?? w.now).getTime(),
      });
    }
  }
}

export function afterCommit(ctx: FuturesCtx, w: Work): void {
  const { bus } = ctx;
  const { slot } = w;
  for (const row of w.orders.values()) {
    if (isOpen(row.status)) slot.rows.set(row.id, row);
    else slot.rows.delete(row.id);
  }
  for (const p of w.positions) {
    if (p.closed || p.size === 0n) {
      if (slot.positions.get(p.userId) === p) slot.positions.delete(p.userId);
    } else slot.positions.set(p.userId, p);
  }
  const ts = w.now.getTime();
  if (w.deltas.length > 0) {
    bus.publish('book.update', {
      instId: slot.inst.instId,
      seq: slot.book.seq,
      from: w.seqBefore,
      asks: levels(w.deltas, 'sell', slot),
      bids: levels(w.deltas, 'buy', slot),
      ts,
    });
  }
  for (const t of w.trades) {
    bus.publish('trade', {
      instId: slot.inst.instId,
      tradeId: t.id === undefined ? `${t.takerOrderId}:${t.makerOrderId}` : String(t.id),
      price: px(slot, t.price) ?? '0',
      size: (t.size as bigint).toString(),
      side: t.side,
      ts,
    });
  }
  for (const row of w.orders.values())
    bus.publish('order.update', { userId: row.userId, order: orderView(ctx, row), ts });
  for (const p of w.positions) publishPosition(ctx, slot, p);
}
