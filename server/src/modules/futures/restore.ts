/** A contract's book, open orders and positions as the store has them (at start and after a failed batch). */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { createBook } from '../../engine';
import { loadSwapAlgos } from './algo-state';
import type { FuturesCtx, Pos, PositionRow, Slot } from './context';
import { swapOrders, swapPositions } from './tables';
import { publishSnapshot } from './views';

function posFromRow(r: PositionRow): Pos {
  return {
    id: r.id,
    userId: r.userId,
    side: r.side,
    size: r.size,
    entry: r.entry,
    margin: r.margin,
    lever: r.lever,
    mgnMode: r.mgnMode,
    maxSize: r.maxSize,
    openValue: r.openValue,
    openSize: r.openSize,
    closeValue: r.closeValue,
    closeSize: r.closeSize,
    realized: r.realized,
    fee: r.fee,
    funding: r.funding,
    forfeit: r.forfeit,
    tp: r.tpPrice,
    sl: r.slPrice,
    openedAt: r.openedAt,
    updatedAt: r.updatedAt,
    closed: r.status === 'closed',
    closeType: r.closeType,
    closedAt: r.closedAt,
  };
}

async function loadPositions(ctx: FuturesCtx, slot: Slot): Promise<void> {
  const { store } = ctx;
  const rows = await store.db
    .select()
    .from(swapPositions)
    .where(and(eq(swapPositions.instId, slot.inst.instId), eq(swapPositions.status, 'open')));
  slot.positions = new Map(rows.map((r) => [r.userId, posFromRow(r)]));
}

export async function rebuild(ctx: FuturesCtx, slot: Slot): Promise<void> {
  const { store } = ctx;
  const rows = await store.db
    .select()
    .from(swapOrders)
    .where(
      and(eq(swapOrders.instId, slot.inst.instId), inArray(swapOrders.status, ['new', 'partial_filled'])),
    )
    .orderBy(asc(swapOrders.seq));
  const book = createBook({ instId: slot.inst.instId, tickSize: slot.inst.spec.tick, lotSize: 1n });
  book.restore(
    rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      side: r.side,
      price: r.price,
      size: r.size,
      remaining: r.size - r.filledSize,
    })),
  );
  slot.book = book;
  slot.rows = new Map(rows.map((r) => [r.id, r]));
  await loadPositions(ctx, slot);
  await loadSwapAlgos(ctx, slot.inst.instId);
  slot.dirty = false;
  publishSnapshot(ctx, slot);
}
