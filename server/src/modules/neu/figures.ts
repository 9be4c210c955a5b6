/**
 * What the line's answers read: the SPA exchange's terms, the exchange fund's balance, the NEU price at the one
 * price source and what the line's programs paid.
 */
import { formatAmount, NEU_ASSET, parseAmount, USDT_SCALE } from '@nexa/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { schema } from '../../store';
import { NEU_PROGRAMS, NEU_SYSTEM, type NeuCtx, spaAsset } from './context';

/** The SPA exchange's rate (NEU per SPA, units of 10^-8) and least amount, with their texts. */
export async function terms(ctx: NeuCtx) {
  const { settings } = ctx;
  const rateText = await settings.get('neu.spa_rate');
  const minText = await settings.get('neu.spa_min');
  return {
    rate: parseAmount(rateText, 8) ?? 0n,
    rateText,
    min: parseAmount(minText, spaAsset(ctx).scale) ?? 0n,
    minText,
  };
}

/** NEU in the SPA exchange's fund. */
export async function fundBalance(ctx: NeuCtx): Promise<bigint> {
  const { store, ledger } = ctx;
  return store.db.transaction(async (tx) => {
    const acc = await ledger.systemAccount(tx, NEU_SYSTEM.fund, NEU_ASSET);
    return (await ledger.accountBalances(tx, [acc.id])).get(acc.id)?.available ?? 0n;
  });
}

/** USDT per NEU at the one price source, as text at USDT's scale. */
export async function price(ctx: NeuCtx): Promise<{ p18: bigint | null; text: string | null }> {
  const p18 = await ctx.wallet.priceUsdt18(NEU_ASSET);
  return {
    p18,
    text: p18 === null ? null : formatAmount(p18 / 10n ** BigInt(18 - USDT_SCALE), USDT_SCALE),
  };
}

/** What the line's programs paid: everyone's, or one user's, from a day on. */
export async function paid(
  ctx: NeuCtx,
  userId: number | null,
  fromDay?: number,
  untilDay?: number,
): Promise<bigint> {
  const { rewardPayouts } = schema;
  const [row] = await ctx.store.db
    .select({ s: sql<string>`coalesce(sum(${rewardPayouts.amount}), 0)::text` })
    .from(rewardPayouts)
    .where(
      and(
        inArray(rewardPayouts.program, [...NEU_PROGRAMS]),
        eq(rewardPayouts.asset, NEU_ASSET),
        eq(rewardPayouts.status, 'paid'),
        userId === null ? undefined : eq(rewardPayouts.userId, userId),
        fromDay === undefined ? undefined : sql`${rewardPayouts.period} >= ${fromDay}`,
        untilDay === undefined ? undefined : sql`${rewardPayouts.period} < ${untilDay}`,
      ),
    );
  return BigInt(row?.s ?? '0');
}
