/**
 * The programs of the shared-emission mechanism: each pool's daily budget shared by the weight of the NFTs
 * staked in it, and the liquidity pool's shared by the value of the positions; and the sweep that pays each
 * one's ended days once.
 */
import { parseAmount } from '@nexa/contract';
import { and, eq, min, sql } from 'drizzle-orm';
import type { SharedEmission } from '../../programs/shared-emission';
import { lpBase, NFT_SYSTEM, type NftCtx, rewardAsset } from './context';
import { lpPositions, nftPools, nftStakes } from './tables';

/** A pool's daily budget, shared by the weight of the NFTs staked in it that day. */
export function poolProgram(ctx: NftCtx, p: typeof nftPools.$inferSelect): SharedEmission {
  const { store, poolPrograms } = ctx;
  const known = poolPrograms.get(p.id);
  if (known) return known;
  const e: SharedEmission = {
    key: `nft:pool:${p.id}`,
    asset: p.asset,
    pool: NFT_SYSTEM.rewards,
    cause: 'nft.reward',
    emission: async () => {
      const [now] = await store.db.select().from(nftPools).where(eq(nftPools.id, p.id));
      return now?.status === 'active' ? now.dailyBudget : 0n;
    },
    weights: (day) => sql`
      select user_id, sum(weight) as weight from nft_stakes
      where pool_id = ${p.id} and start_day <= ${day} and (end_day is null or end_day > ${day})
      group by user_id`,
    // Each stake of the user in the pool that day gets its part, by its weight.
    earned: async (tx, rows, day) => {
      const values = sql.join(
        rows.map((r) => sql`(${r.userId}::int, ${r.amount}::numeric, ${r.weight}::numeric)`),
        sql`, `,
      );
      await tx.execute(sql`
        update nft_stakes as s set earned = s.earned + div(v.amount * s.weight, v.weight)
        from (values ${values}) as v(user_id, amount, weight)
        where s.user_id = v.user_id and s.pool_id = ${p.id} and s.start_day <= ${day}
          and (s.end_day is null or s.end_day > ${day})`);
    },
    firstDay: async () =>
      (
        await store.db
          .select({ d: min(nftStakes.startDay) })
          .from(nftStakes)
          .where(and(eq(nftStakes.poolId, p.id), eq(nftStakes.status, 'staking')))
      )[0]?.d ?? null,
  };
  poolPrograms.set(p.id, e);
  return e;
}

/** The liquidity pool's daily budget, shared by the value of the positions that day. */
export async function lpProgram(ctx: NftCtx): Promise<SharedEmission> {
  const { store, settings, state } = ctx;
  const reward = await rewardAsset(ctx);
  if (state.lp && state.lp.asset === reward.symbol) return state.lp;
  state.lp = {
    key: `lp:${(await lpBase(ctx)).symbol}-USDT`,
    asset: reward.symbol,
    pool: NFT_SYSTEM.lpRewards,
    cause: 'lp.reward',
    emission: async () => parseAmount(await settings.get('lp.daily_budget'), reward.scale) ?? 0n,
    weights: (day) => sql`
      select user_id, sum(value) as weight from lp_positions
      where start_day <= ${day} and (end_day is null or end_day > ${day}) group by user_id`,
    earned: async (tx, rows, day) => {
      const values = sql.join(
        rows.map((r) => sql`(${r.userId}::int, ${r.amount}::numeric, ${r.weight}::numeric)`),
        sql`, `,
      );
      await tx.execute(sql`
        update lp_positions as p set earned = p.earned + div(v.amount * p.value, v.weight)
        from (values ${values}) as v(user_id, amount, weight)
        where p.user_id = v.user_id and p.start_day <= ${day} and (p.end_day is null or p.end_day > ${day})`);
    },
    firstDay: async () =>
      (
        await store.db
          .select({ d: min(lpPositions.startDay) })
          .from(lpPositions)
          .where(eq(lpPositions.status, 'active'))
      )[0]?.d ?? null,
  };
  return state.lp;
}

/** Each pool's and the liquidity pool's ended days, paid once. */
export async function settleDue(ctx: NftCtx): Promise<void> {
  const { store, shared, days } = ctx;
  const today = await days.today();
  const pools = await store.db.select().from(nftPools);
  for (const p of pools) await shared.settleDue(poolProgram(ctx, p), today);
  await shared.settleDue(await lpProgram(ctx), today);
}
