/** The copies' rows the futures writer's transaction reads and writes: active copies, copied positions, skips. */
import { and, eq, inArray } from 'drizzle-orm';
import type { LeadMove } from '../../ports/copy';
import type { Tx } from '../../store';
import type { CopyPosRow, FollowRow } from './context';
import { copyFollows, copyPositions, type copyTrades } from './tables';

export async function followsOf(tx: Tx, leadId: number): Promise<FollowRow[]> {
  return tx
    .select()
    .from(copyFollows)
    .where(and(eq(copyFollows.leadId, leadId), eq(copyFollows.status, 'active')))
    .orderBy(copyFollows.id);
}

export async function positionsOf(tx: Tx, followIds: readonly number[]): Promise<CopyPosRow[]> {
  if (followIds.length === 0) return [];
  return tx
    .select()
    .from(copyPositions)
    .where(inArray(copyPositions.followId, [...followIds]));
}

export async function putPosition(tx: Tx, row: CopyPosRow): Promise<void> {
  await tx
    .insert(copyPositions)
    .values(row)
    .onConflictDoUpdate({
      target: [copyPositions.followId, copyPositions.instId],
      set: {
        num: row.num,
        den: row.den,
        contracts: row.contracts,
        margin: row.margin,
        detached: row.detached,
      },
    });
}

export async function dropPosition(tx: Tx, followId: number, instId: string): Promise<void> {
  await tx
    .delete(copyPositions)
    .where(and(eq(copyPositions.followId, followId), eq(copyPositions.instId, instId)));
}

export function missedTrade(
  f: FollowRow,
  move: LeadMove,
  side: 'buy' | 'sell',
  size: bigint,
  reason: NonNullable<(typeof copyTrades.$inferInsert)['reason']>,
): typeof copyTrades.$inferInsert {
  return {
    followId: f.id,
    followerId: f.followerId,
    leadId: f.leadId,
    instId: move.instId,
    side,
    size,
    filled: 0n,
    leadPrice: move.price,
    price: null,
    slippage: null,
    pnl: 0n,
    fee: 0n,
    lever: move.lever,
    venue: f.venue,
    status: 'skipped',
    reason,
    orderId: null,
    createdAt: move.at,
  };
}

export const leadSide = (move: LeadMove): 'buy' | 'sell' => (move.after > move.before ? 'buy' : 'sell');
