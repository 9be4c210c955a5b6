/** The daily settlement (every ended platform day of both programs, then the orders that are due) and the demo's pools. */
import { parseAmount } from '@nexa/contract';
import { and, eq, min, sql } from 'drizzle-orm';
import type { RewardProgram } from '../../programs/rewards';
import type { BurnRow, EarnCtx, PledgeRow } from './context';
import { expire } from './expire';
import { STAKING_LINES, type Terms, terms } from './lines';
import { EARN_SYSTEM } from './pools';
import { stakingPrograms } from './programs';
import { EARN_SETTINGS } from './settings';
import { burnOrders, pledgeOrders } from './tables';

/** Settles every day that ended and is not settled, for both programs, then ends the orders that are due. */
export async function settleDue(ctx: EarnCtx): Promise<void> {
  const { store, rewards } = ctx;
  const today = await ctx.days.dayOf(ctx.clock.now());
  const due: [RewardProgram<PledgeRow> | RewardProgram<BurnRow>, number | null][] = [];
  for (const program of await stakingPrograms(ctx)) {
    const [first] = await store.db
      .select({ d: min(pledgeOrders.firstDay) })
      .from(pledgeOrders)
      .where(and(eq(pledgeOrders.status, 'in_progress'), eq(pledgeOrders.asset, program.asset)));
    due.push([program, first?.d ?? null]);
  }
  due.push([
    ctx.burnProgram,
    (
      await store.db
        .select({ d: min(burnOrders.firstDay) })
        .from(burnOrders)
        .where(eq(burnOrders.status, 'releasing'))
    )[0]?.d ?? null,
  ]);
  for (const [program, from] of due) {
    if (from !== null) await rewards.settleRange(program as RewardProgram<unknown>, from, today);
    await rewards.payQueued(program as RewardProgram<unknown>, async (tx, p) => {
      if (program.key.startsWith('pledge')) {
        await tx
          .update(pledgeOrders)
          .set({ received: sql`${pledgeOrders.received} + ${p.amount}` })
          .where(eq(pledgeOrders.id, p.positionId));
      }
    });
  }
  await expire(ctx);
}

/** The demo's first start funds the profit and release pools, so the first days pay at once. */
export async function seedPools(ctx: EarnCtx): Promise<void> {
  // Settings and the asset's scale are read before any transaction needs them (none queries beside one).
  for (const key of Object.keys(EARN_SETTINGS) as (keyof typeof EARN_SETTINGS)[]) await ctx.settings.get(key);
  await ctx.days.offsetMs();
  for (const line of STAKING_LINES) await terms(ctx, line);
  if (!ctx.config.seedDemo) return;
  for (const line of STAKING_LINES) await seedLine(ctx, await terms(ctx, line));
}

async function seedLine(ctx: EarnCtx, a: Terms): Promise<void> {
  const { ledger } = ctx;
  const amount = parseAmount(a.demoPool, a.scale);
  if (!amount || amount <= 0n) return;
  await ctx.store.db.transaction(async (tx) => {
    const capital = await ledger.systemAccount(tx, EARN_SYSTEM.capital, a.symbol);
    const seen = (await ledger.accountBalances(tx, [capital.id])).get(capital.id)?.available ?? 0n;
    if (seen !== 0n) return;
    const pools =
      a.line === 'main' ? [EARN_SYSTEM.pledge, EARN_SYSTEM.release, EARN_SYSTEM.loans] : [EARN_SYSTEM.pledge];
    for (const pool of pools) {
      await ledger.transfer(tx, {
        from: capital,
        to: { system: pool, asset: a.symbol },
        amount,
        cause: 'earn.fund',
        remark: `${pool} (demo)`,
        userId: null,
      });
    }
  });
}
