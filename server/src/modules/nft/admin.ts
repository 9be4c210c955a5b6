/**
 * Operators: the pools with what each paid and owes (and the liquidity pool's, and the reward accounts), a
 * collection created, a pool created or changed, and a reward account funded from the platform's capital.
 */
import { type ExactDecimal, formatAmount } from '@nexa/contract';
import { eq, sql } from 'drizzle-orm';
import { minorUnits } from '../../kernel/assets';
import { auditOperator, fundPoolAudited } from '../../kernel/audit';
import { DomainError } from '../../kernel/errors';
import { NFT_SYSTEM, type NftCtx, rewardAsset, usdtAsset } from './context';
import { lpProgram, poolProgram } from './programs';
import { collections } from './queries';
import { balanceOf } from './reports';
import { lpPositions, nftCollections, nftPools } from './tables';
import { poolViews } from './views';

export async function adminPools(ctx: NftCtx) {
  const { store, settings, shared } = ctx;
  const reward = await rewardAsset(ctx);
  const fmt = (v: bigint) => formatAmount(v, reward.scale);
  const views = await poolViews(ctx);
  const rows = await store.db.select().from(nftPools);
  const list = [];
  for (const v of views) {
    const p = rows.find((r) => r.id === v.id);
    const r = p ? await shared.report(poolProgram(ctx, p).key) : { paid: 0n, queued: 0n };
    list.push({ ...v, paid: fmt(r.paid), queued: fmt(r.queued) });
  }
  const lp = await shared.report((await lpProgram(ctx)).key);
  const [total] = await store.db
    .select({ s: sql<string>`coalesce(sum(${lpPositions.value}), 0)::text` })
    .from(lpPositions)
    .where(eq(lpPositions.status, 'active'));
  return {
    list,
    lp: {
      daily_budget: await settings.get('lp.daily_budget'),
      paid: fmt(lp.paid),
      queued: fmt(lp.queued),
      total_value: formatAmount(BigInt(total?.s ?? '0'), usdtAsset(ctx).scale),
    },
    accounts: [
      {
        account: NFT_SYSTEM.rewards,
        asset: reward.symbol,
        balance: fmt(await balanceOf(ctx, NFT_SYSTEM.rewards, reward.symbol)),
      },
      {
        account: NFT_SYSTEM.lpRewards,
        asset: reward.symbol,
        balance: fmt(await balanceOf(ctx, NFT_SYSTEM.lpRewards, reward.symbol)),
      },
    ],
  };
}

export async function saveCollection(
  ctx: NftCtx,
  operatorId: number | null,
  body: { name: string; symbol: string; kind: 'art' | 'nameplate'; fee: bigint; cap: number | null },
) {
  const { store, clock } = ctx;
  const usdt = () => usdtAsset(ctx);
  const { fee } = body;
  const id = await store.db.transaction(async (tx) => {
    const [c] = await tx
      .insert(nftCollections)
      .values({
        name: body.name,
        symbol: body.symbol,
        kind: body.kind,
        feeAsset: usdt().symbol,
        fee,
        cap: body.cap,
        createdAt: clock.now(),
      })
      .returning();
    if (!c) throw new Error('collection not written');
    if (operatorId !== null)
      await auditOperator(tx, clock.now(), {
        operatorId,
        action: 'nft.collection.create',
        subject: `collection:${c.id}`,
        before: null,
        after: c,
      });
    return c.id;
  });
  const all = await collections(ctx);
  const c = all.list.find((x) => x.id === id);
  if (!c) throw new DomainError('CollectionNotFound');
  return c;
}

export async function savePool(
  ctx: NftCtx,
  operatorId: number | null,
  body: {
    id?: number | undefined;
    collection_id: number;
    name: string;
    daily_budget: ExactDecimal;
    status: 'active' | 'paused' | 'closed';
  },
) {
  const { store, clock } = ctx;
  const reward = await rewardAsset(ctx);
  const budget = minorUnits(body.daily_budget, reward, 'daily_budget');
  const id = await store.db.transaction(async (tx) => {
    const [c] = await tx
      .select({ id: nftCollections.id })
      .from(nftCollections)
      .where(eq(nftCollections.id, body.collection_id));
    if (!c) throw new DomainError('CollectionNotFound');
    const fields = { collectionId: c.id, name: body.name, dailyBudget: budget, status: body.status };
    if (body.id === undefined) {
      const [p] = await tx
        .insert(nftPools)
        .values({ ...fields, asset: reward.symbol, createdAt: clock.now() })
        .returning();
      if (!p) throw new Error('pool not written');
      if (operatorId !== null)
        await auditOperator(tx, clock.now(), {
          operatorId,
          action: 'nft.pool.create',
          subject: `pool:${p.id}`,
          before: null,
          after: p,
        });
      return p.id;
    }
    const [before] = await tx.select().from(nftPools).where(eq(nftPools.id, body.id)).for('update');
    if (!before) throw new DomainError('NftPoolNotFound');
    const [p] = await tx.update(nftPools).set(fields).where(eq(nftPools.id, body.id)).returning();
    if (operatorId !== null)
      await auditOperator(tx, clock.now(), {
        operatorId,
        action: 'nft.pool.update',
        subject: `pool:${body.id}`,
        before,
        after: p,
      });
    return body.id;
  });
  const v = (await poolViews(ctx)).find((p) => p.id === id);
  if (!v) throw new DomainError('NftPoolNotFound');
  return v;
}

export async function fund(
  ctx: NftCtx,
  operatorId: number | null,
  body: { account: 'nft' | 'lp'; amount: ExactDecimal; reason?: string | undefined },
) {
  const { store, clock, ledger } = ctx;
  const reward = await rewardAsset(ctx);
  const amount = minorUnits(body.amount, reward);
  const account = body.account === 'nft' ? NFT_SYSTEM.rewards : NFT_SYSTEM.lpRewards;
  await store.db.transaction(async (tx) => {
    await fundPoolAudited(tx, ledger, clock.now(), {
      operatorId,
      action: 'nft.fund',
      subject: account,
      pool: account,
      asset: reward.symbol,
      scale: reward.scale,
      amount,
      reason: body.reason,
      from: NFT_SYSTEM.capital,
      remark: account,
    });
  });
  return {
    account,
    asset: reward.symbol,
    balance: formatAmount(await balanceOf(ctx, account, reward.symbol), reward.scale),
  };
}
