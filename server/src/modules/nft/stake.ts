/**
 * Pools: an NFT staked in one of its collection's pools weighs from the next platform day until the day it is
 * taken out (that day does not count); and a user's stakes with what each earned.
 */
import { formatAmount } from '@nexa/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { onPage, pageAnswer } from '../../store/paging';
import type { NftCtx, StakeView } from './context';
import { nftPools, nftStakes, nfts } from './tables';
import { stakeView } from './views';

export async function stake(
  ctx: NftCtx,
  userId: number,
  body: { nft_id: number; pool_id: number; request_id?: string | undefined },
): Promise<StakeView> {
  const { clock, ledger, days } = ctx;
  const startDay = (await days.today()) + 1;
  await days.dayStart(startDay);
  const result = await ledger.withIdempotency(userId, body.request_id, 'nft.stake', body, async (tx) => {
    const [n] = await tx.select().from(nfts).where(eq(nfts.id, body.nft_id)).for('update');
    if (n?.ownerId !== userId) throw new DomainError('NftNotFound');
    if (n.status === 'staked') throw new DomainError('NftStaked');
    const [p] = await tx.select().from(nftPools).where(eq(nftPools.id, body.pool_id));
    if (p?.status !== 'active' || p.collectionId !== n.collectionId) throw new DomainError('NftPoolNotFound');
    const [s] = await tx
      .insert(nftStakes)
      .values({
        nftId: n.id,
        poolId: p.id,
        userId,
        weight: n.weight,
        asset: p.asset,
        startDay,
        status: 'staking',
        createdAt: clock.now(),
      })
      .returning();
    if (!s) throw new Error('stake not written');
    await tx.update(nfts).set({ status: 'staked' }).where(eq(nfts.id, n.id));
    return stakeView(ctx, s, n.name, p.name);
  });
  return result;
}

export async function unstake(
  ctx: NftCtx,
  userId: number,
  body: { nft_id: number; request_id?: string | undefined },
) {
  const { clock, ledger, days } = ctx;
  const today = await days.today();
  return ledger.withIdempotency(userId, body.request_id, 'nft.unstake', body, async (tx) => {
    const [n] = await tx.select().from(nfts).where(eq(nfts.id, body.nft_id)).for('update');
    if (n?.ownerId !== userId) throw new DomainError('NftNotFound');
    const [open] = await tx
      .select()
      .from(nftStakes)
      .where(and(eq(nftStakes.nftId, n.id), eq(nftStakes.status, 'staking')))
      .for('update');
    if (!open) throw new DomainError('NftNotStaked');
    // Today does not count (it was not staked for the whole of it); a stake that had not started never does.
    const endDay = today < open.startDay ? open.startDay : today;
    const [s] = await tx
      .update(nftStakes)
      .set({ status: 'ended', endDay, endedAt: clock.now() })
      .where(eq(nftStakes.id, open.id))
      .returning();
    await tx.update(nfts).set({ status: 'held' }).where(eq(nfts.id, n.id));
    const [p] = await tx.select({ name: nftPools.name }).from(nftPools).where(eq(nftPools.id, open.poolId));
    return stakeView(ctx, s ?? open, n.name, p?.name ?? '');
  });
}

export async function stakes(
  ctx: NftCtx,
  userId: number,
  q: { status?: 'staking' | 'ended' | undefined; page: number; size: number },
) {
  const { store, assets } = ctx;
  const where = and(eq(nftStakes.userId, userId), q.status ? eq(nftStakes.status, q.status) : undefined);
  const [rows, [total], sums] = await Promise.all([
    onPage(
      store.db
        .select({ s: nftStakes, nft: nfts.name, pool: nftPools.name })
        .from(nftStakes)
        .innerJoin(nfts, eq(nfts.id, nftStakes.nftId))
        .innerJoin(nftPools, eq(nftPools.id, nftStakes.poolId))
        .where(where)
        .orderBy(desc(nftStakes.id)),
      q,
    ),
    store.db.select({ n: count() }).from(nftStakes).where(where),
    store.db
      .select({ asset: nftStakes.asset, s: sql<string>`sum(${nftStakes.earned})::text` })
      .from(nftStakes)
      .where(eq(nftStakes.userId, userId))
      .groupBy(nftStakes.asset),
  ]);
  const list: StakeView[] = [];
  for (const r of rows) list.push(await stakeView(ctx, r.s, r.nft, r.pool));
  return {
    ...pageAnswer(list, total),
    totals: sums.map((t) => ({
      asset: t.asset,
      earned: formatAmount(BigInt(t.s), assets.get(t.asset).scale),
    })),
  };
}
