/** What an NFT (with its pool and earnings), a stake, a pool, a cast order and a liquidity position look like. */
import { formatAmount } from '@nexa/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import {
  type LpView,
  type NftCtx,
  type NftRow,
  type NftView,
  type OrderView,
  rewardAsset,
  type StakeView,
  usdtAsset,
} from './context';
import { type lpPositions, nftCollections, type nftOrders, nftPools, nftStakes, nfts } from './tables';

export async function nftViews(ctx: NftCtx, rows: readonly NftRow[]): Promise<NftView[]> {
  const { store } = ctx;
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [cols, stakes, earned] = await Promise.all([
    store.db
      .select()
      .from(nftCollections)
      .where(inArray(nftCollections.id, [...new Set(rows.map((r) => r.collectionId))])),
    store.db
      .select({ nftId: nftStakes.nftId, poolId: nftStakes.poolId, pool: nftPools.name })
      .from(nftStakes)
      .innerJoin(nftPools, eq(nftPools.id, nftStakes.poolId))
      .where(and(inArray(nftStakes.nftId, ids), eq(nftStakes.status, 'staking'))),
    store.db
      .select({ nftId: nftStakes.nftId, s: sql<string>`sum(${nftStakes.earned})::text` })
      .from(nftStakes)
      .where(inArray(nftStakes.nftId, ids))
      .groupBy(nftStakes.nftId),
  ]);
  const scale = (await rewardAsset(ctx)).scale;
  return rows.map((r) => {
    const c = cols.find((x) => x.id === r.collectionId);
    const s = stakes.find((x) => x.nftId === r.id);
    return {
      id: r.id,
      collection_id: r.collectionId,
      collection: c?.name ?? '',
      symbol: c?.symbol ?? '',
      serial: r.serial,
      name: r.name,
      rarity: r.rarity,
      weight: r.weight,
      status: r.status,
      pool_id: s?.poolId ?? null,
      pool: s?.pool ?? null,
      earned: formatAmount(BigInt(earned.find((x) => x.nftId === r.id)?.s ?? '0'), scale),
      minted_at: r.mintedAt.toISOString(),
    };
  });
}

export async function stakeView(
  ctx: NftCtx,
  s: typeof nftStakes.$inferSelect,
  nft: string,
  pool: string,
): Promise<StakeView> {
  return {
    id: s.id,
    nft_id: s.nftId,
    nft,
    pool_id: s.poolId,
    pool,
    weight: s.weight,
    asset: s.asset,
    earned: formatAmount(s.earned, ctx.assets.get(s.asset).scale),
    status: s.status,
    start_at: (await ctx.days.dayStart(s.startDay)).toISOString(),
    ended_at: s.endedAt?.toISOString() ?? null,
  };
}

/** The pools (of one collection, or all) with the weight staked in each. */
export async function poolViews(ctx: NftCtx, collectionId?: number) {
  const { store, assets } = ctx;
  const rows = await store.db
    .select()
    .from(nftPools)
    .where(collectionId === undefined ? undefined : eq(nftPools.collectionId, collectionId))
    .orderBy(nftPools.id);
  const weights = await store.db
    .select({ poolId: nftStakes.poolId, w: sql<number>`coalesce(sum(${nftStakes.weight}), 0)::int` })
    .from(nftStakes)
    .where(eq(nftStakes.status, 'staking'))
    .groupBy(nftStakes.poolId);
  return rows.map((p) => ({
    id: p.id,
    collection_id: p.collectionId,
    name: p.name,
    asset: p.asset,
    daily_budget: formatAmount(p.dailyBudget, assets.get(p.asset).scale),
    staked_weight: weights.find((w) => w.poolId === p.id)?.w ?? 0,
    status: p.status,
  }));
}

export async function orderView(ctx: NftCtx, o: typeof nftOrders.$inferSelect): Promise<OrderView> {
  const { store } = ctx;
  const [[c], [n]] = await Promise.all([
    store.db.select().from(nftCollections).where(eq(nftCollections.id, o.collectionId)),
    store.db.select().from(nfts).where(eq(nfts.id, o.nftId)),
  ]);
  if (!c || !n) throw new DomainError('NftOrderNotFound');
  const [nft] = await nftViews(ctx, [n]);
  if (!nft) throw new DomainError('NftOrderNotFound');
  return {
    id: o.id,
    collection: c.name,
    kind: c.kind,
    fee: formatAmount(o.fee, ctx.assets.get(o.feeAsset).scale),
    fee_asset: o.feeAsset,
    name: o.name,
    nft,
    created_at: o.createdAt.toISOString(),
  };
}

export function lpView(
  ctx: NftCtx,
  p: typeof lpPositions.$inferSelect,
  baseScale: number,
  rewardScale: number,
): LpView {
  const usdt = usdtAsset(ctx);
  return {
    id: p.id,
    usdt: formatAmount(p.usdt, usdt.scale),
    bwc: formatAmount(p.base, baseScale),
    value: formatAmount(p.value, usdt.scale),
    earned: formatAmount(p.earned, rewardScale),
    status: p.status,
    created_at: p.createdAt.toISOString(),
    removed_at: p.removedAt?.toISOString() ?? null,
  };
}
