/** Every pool's and the liquidity pool's rewards as the solvency report shows them, and a system account's balance. */
import type { ProgramReport } from '../../programs/rewards';
import { NFT_SYSTEM, type NftCtx, rewardAsset } from './context';
import { lpProgram, poolProgram } from './programs';
import { nftPools } from './tables';

/** What a system account holds of an asset. */
export async function balanceOf(ctx: NftCtx, account: string, asset: string): Promise<bigint> {
  const { store, ledger } = ctx;
  return store.db.transaction(async (tx) => {
    const acc = await ledger.systemAccount(tx, account, asset);
    return (await ledger.accountBalances(tx, [acc.id])).get(acc.id)?.available ?? 0n;
  });
}

/** Every pool's and the liquidity pool's rewards as the solvency report shows them. */
export async function programReports(ctx: NftCtx): Promise<ProgramReport[]> {
  const { store, shared } = ctx;
  const list: ProgramReport[] = [];
  const reward = await rewardAsset(ctx);
  const nftBalance = await balanceOf(ctx, NFT_SYSTEM.rewards, reward.symbol);
  for (const p of await store.db.select().from(nftPools).orderBy(nftPools.id)) {
    const e = poolProgram(ctx, p);
    const r = await shared.report(e.key);
    list.push({
      program: e.key,
      pool: e.pool,
      asset: e.asset,
      poolBalance: nftBalance,
      paid: r.paid,
      owed: r.queued,
      lastDay: r.lastDay,
    });
  }
  const lp = await lpProgram(ctx);
  const r = await shared.report(lp.key);
  list.push({
    program: lp.key,
    pool: lp.pool,
    asset: lp.asset,
    poolBalance: await balanceOf(ctx, NFT_SYSTEM.lpRewards, reward.symbol),
    paid: r.paid,
    owed: r.queued,
    lastDay: r.lastDay,
  });
  return list;
}
