/** The margin pool's zero-sum check and the demo's insurance fund. */
import { parseAmount, USDT_SCALE } from '@nexa/contract';
import { eq, sql } from 'drizzle-orm';
import { systemAccount } from './accounts';
import { FUTURES_SYSTEM, type FuturesCtx } from './context';
import { swapPositions } from './tables';

/**
 * The zero-sum check of swaps: the margin pool must equal Σ over open positions of (margin − dir × entry).
 * Answers the difference per contract set (0 when healthy).
 */
export async function poolCheck(ctx: FuturesCtx): Promise<{ pool: bigint; expected: bigint }> {
  const { store, ledger } = ctx;
  const [row] = await store.db
    .select({
      m: sql<string>`coalesce(sum(${swapPositions.margin}), 0)::text`,
      e: sql<string>`coalesce(sum(case when ${swapPositions.size} > 0 then ${swapPositions.entry} else -${swapPositions.entry} end), 0)::text`,
    })
    .from(swapPositions)
    .where(eq(swapPositions.status, 'open'));
  const pool = await store.db.transaction((tx) => systemAccount(ctx, tx, FUTURES_SYSTEM.pool));
  const bal = (await ledger.accountBalances(store.db, [pool.id])).get(pool.id);
  return { pool: bal?.available ?? 0n, expected: BigInt(row?.m ?? '0') - BigInt(row?.e ?? '0') };
}

/** The demo's first start puts money into the insurance fund (from outside the platform, like any capital). */
export async function seedFund(ctx: FuturesCtx): Promise<void> {
  const { store, ledger, settings } = ctx;
  if (!ctx.config.seedDemo) return;
  const amount = parseAmount(await settings.get('futures.demo_insurance_fund'), USDT_SCALE);
  if (!amount || amount <= 0n) return;
  await store.db.transaction(async (tx) => {
    const fund = await systemAccount(ctx, tx, FUTURES_SYSTEM.fund);
    const bal = (await ledger.accountBalances(tx, [fund.id])).get(fund.id);
    if (bal && bal.available > 0n) return;
    const capital = await systemAccount(ctx, tx, FUTURES_SYSTEM.capital);
    const capBal = (await ledger.accountBalances(tx, [capital.id])).get(capital.id);
    if (capBal && capBal.available !== 0n) return; // funded once already; what is gone was paid out
    await ledger.post(tx, {
      cause: 'futures.fund',
      ref: 'demo',
      remark: 'futures insurance fund (demo)',
      userId: null,
      postings: [
        { account: capital, bucket: 'available', amount: -amount },
        { account: fund, bucket: 'available', amount },
      ],
    });
  });
}
