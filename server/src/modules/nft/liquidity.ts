/**
 * Liquidity inside the platform: a position puts USDT and the base token of the same value, at the market price
 * the wallet reads everywhere, into the liquidity account; it weighs by that value from the next platform day;
 * removing it returns the same amounts. Also a user's page, their paid days, and their position in the
 * configured on-chain pair (read for their own address).
 */
import { formatAmount, parseAmount } from '@nexa/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { DomainError, ValidationError } from '../../kernel/errors';
import { schema } from '../../store';
import { type LpView, lpBase, NFT_SYSTEM, type NftCtx, rewardAsset, usdtAsset } from './context';
import { type LpChainReader, underlying } from './lp-chain';
import { baseFor } from './math';
import { lpProgram } from './programs';
import { lpPositions } from './tables';
import { lpView } from './views';

export async function lpInner(ctx: NftCtx, userId: number) {
  const { store, settings } = ctx;
  const usdt = usdtAsset(ctx);
  const base = await lpBase(ctx);
  const reward = await rewardAsset(ctx);
  const [price, rows, [sums]] = await Promise.all([
    ctx.priceUsdt18(base.symbol),
    store.db
      .select()
      .from(lpPositions)
      .where(eq(lpPositions.userId, userId))
      .orderBy(desc(lpPositions.id))
      .limit(50),
    store.db
      .select({ total: sql<string>`coalesce(sum(${lpPositions.value}), 0)::text` })
      .from(lpPositions)
      .where(eq(lpPositions.status, 'active')),
  ]);
  const mine = rows.filter((r) => r.status === 'active').reduce((a, r) => a + r.value, 0n);
  const earned = rows.reduce((a, r) => a + r.earned, 0n);
  return {
    pair: `${base.symbol}/USDT`,
    price: price === null ? null : formatAmount(price, 18),
    reward_asset: reward.symbol,
    daily_budget: await settings.get('lp.daily_budget'),
    total_value: formatAmount(BigInt(sums?.total ?? '0'), usdt.scale),
    min_usdt: await settings.get('lp.min_usdt'),
    my_value: formatAmount(mine, usdt.scale),
    earned: formatAmount(earned, reward.scale),
    list: rows.map((r) => lpView(ctx, r, base.scale, reward.scale)),
  };
}

export async function lpAdd(
  ctx: NftCtx,
  userId: number,
  body: { usdt: bigint; request_id?: string | undefined },
): Promise<LpView> {
  const { clock, ledger, settings, days } = ctx;
  const usdt = () => usdtAsset(ctx);
  const base = await lpBase(ctx);
  const reward = await rewardAsset(ctx);
  const u = body.usdt;
  if (u < (parseAmount(await settings.get('lp.min_usdt'), usdt().scale) ?? 0n))
    throw new ValidationError('usdt', 'too_small');
  const price = await ctx.priceUsdt18(base.symbol);
  if (price === null || price <= 0n) throw new DomainError('LpPriceUnavailable');
  const amount = baseFor(u, price, base.scale, usdt().scale);
  if (amount <= 0n) throw new ValidationError('usdt', 'too_small');
  const startDay = (await days.today()) + 1;
  return ledger.withIdempotency(userId, body.request_id, 'lp.add', body, async (tx) => {
    const [p] = await tx
      .insert(lpPositions)
      .values({
        userId,
        usdt: u,
        base: amount,
        value: u * 2n,
        startDay,
        status: 'active',
        createdAt: clock.now(),
      })
      .returning();
    if (!p) throw new Error('liquidity position not written');
    // One after another: a transaction's connection runs one statement at a time.
    const fromUsdt = await ledger.account(tx, { userId, asset: usdt().symbol, kind: 'spot' });
    const fromBase = await ledger.account(tx, { userId, asset: base.symbol, kind: 'spot' });
    const toUsdt = await ledger.systemAccount(tx, NFT_SYSTEM.liquidity, usdt().symbol);
    const toBase = await ledger.systemAccount(tx, NFT_SYSTEM.liquidity, base.symbol);
    await ledger.post(tx, {
      cause: 'lp.add',
      ref: `lp:${p.id}`,
      userId,
      requestId: body.request_id ?? null,
      postings: [
        { account: fromUsdt, bucket: 'available', amount: -u },
        { account: toUsdt, bucket: 'available', amount: u },
        { account: fromBase, bucket: 'available', amount: -amount },
        { account: toBase, bucket: 'available', amount },
      ],
    });
    return lpView(ctx, p, base.scale, reward.scale);
  });
}

export async function lpRemove(
  ctx: NftCtx,
  userId: number,
  body: { id: number; request_id?: string | undefined },
): Promise<LpView> {
  const { clock, ledger, days } = ctx;
  const usdt = () => usdtAsset(ctx);
  const base = await lpBase(ctx);
  const reward = await rewardAsset(ctx);
  const today = await days.today();
  return ledger.withIdempotency(userId, body.request_id, 'lp.remove', body, async (tx) => {
    const [p] = await tx.select().from(lpPositions).where(eq(lpPositions.id, body.id)).for('update');
    if (p?.userId !== userId || p.status !== 'active') throw new DomainError('LpPositionNotFound');
    const [row] = await tx
      .update(lpPositions)
      .set({ status: 'removed', endDay: today < p.startDay ? p.startDay : today, removedAt: clock.now() })
      .where(eq(lpPositions.id, p.id))
      .returning();
    // One after another: a transaction's connection runs one statement at a time.
    const toUsdt = await ledger.account(tx, { userId, asset: usdt().symbol, kind: 'spot' });
    const toBase = await ledger.account(tx, { userId, asset: base.symbol, kind: 'spot' });
    const fromUsdt = await ledger.systemAccount(tx, NFT_SYSTEM.liquidity, usdt().symbol);
    const fromBase = await ledger.systemAccount(tx, NFT_SYSTEM.liquidity, base.symbol);
    await ledger.post(tx, {
      cause: 'lp.remove',
      ref: `lp:${p.id}`,
      userId,
      requestId: body.request_id ?? null,
      postings: [
        { account: fromUsdt, bucket: 'available', amount: -p.usdt },
        { account: toUsdt, bucket: 'available', amount: p.usdt },
        { account: fromBase, bucket: 'available', amount: -p.base },
        { account: toBase, bucket: 'available', amount: p.base },
      ],
    });
    return lpView(ctx, row ?? p, base.scale, reward.scale);
  });
}

/** My liquidity rewards per settled day. */
export async function lpRecords(ctx: NftCtx, userId: number, q: { page: number; size: number }) {
  const { shared, days } = ctx;
  const usdt = usdtAsset(ctx);
  const e = await lpProgram(ctx);
  const reward = await rewardAsset(ctx);
  const mine = await shared.myDays(e.key, userId, q);
  const list = [];
  for (const r of mine.rows) {
    list.push({
      id: r.id,
      day: (await days.dayStart(r.period)).toISOString(),
      value: formatAmount(r.weight, usdt.scale),
      total: formatAmount(r.total, usdt.scale),
      asset: reward.symbol,
      amount: formatAmount(r.amount, reward.scale),
      status: r.status,
    });
  }
  return { list, total: mine.total, total_paid: formatAmount(mine.paid, reward.scale) };
}

/** My position in the configured on-chain pair, for my own address. */
export async function lpChain(ctx: NftCtx, userId: number) {
  const [u] = await ctx.store.db
    .select({ address: schema.users.address })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  const address = u?.address ?? '';
  const reader = ctx.lpChain;
  if (!reader) {
    return {
      configured: false,
      chain_id: null,
      pair: null,
      address,
      token0: null,
      token1: null,
      lp_balance: '0',
      total_supply: '0',
      share: '0',
      amount0: '0',
      amount1: '0',
    };
  }
  let p: Awaited<ReturnType<LpChainReader['position']>>;
  try {
    p = await reader.position(address);
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message }, 'liquidity pair unreadable');
    throw new DomainError('NotAvailable');
  }
  const { amount0, amount1 } = underlying(p);
  const share = p.totalSupply > 0n ? (p.balance * 10n ** 8n) / p.totalSupply : 0n;
  return {
    configured: true,
    chain_id: reader.chainId,
    pair: reader.pair,
    address,
    token0: p.symbol0,
    token1: p.symbol1,
    lp_balance: formatAmount(p.balance, p.lpDecimals),
    total_supply: formatAmount(p.totalSupply, p.lpDecimals),
    share: formatAmount(share, 8),
    amount0: formatAmount(amount0, p.decimals0),
    amount1: formatAmount(amount1, p.decimals1),
  };
}
