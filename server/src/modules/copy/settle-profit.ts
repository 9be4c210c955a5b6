/**
 * Profit share: every `settle_interval_h` each copy pays its lead the tier's share of its realized net PnL above
 * the high-water mark, once per (copy, period).
 */
import { RATE_ONE } from '@nexa/contract';
import { eq, lte } from 'drizzle-orm';
import type { CopyCtx } from './context';
import { usdt } from './math';
import { period } from './rules';
import { copyFollows, copySettlements } from './tables';
import { tierOf } from './tiers';

/**
 * Settles one copy for a period: the share of its realized net PnL above the high-water mark moves from the
 * follower's futures account (then spot) to the lead's futures account. The copy's settled period moves
 * forward in the same transaction, only if it is behind: a second call for the period does nothing.
 */
export async function settleOne(ctx: CopyCtx, followId: number, periodIndex: number): Promise<bigint> {
  const { store, clock, ledger, log } = ctx;
  const step = (await ctx.settings.get('copy.settle_interval_h')) * 3_600_000;
  return store.db.transaction(async (tx) => {
    const [f] = await tx.select().from(copyFollows).where(eq(copyFollows.id, followId)).for('update');
    if (!f || f.settledPeriod >= periodIndex) return 0n;
    const lead = ctx.leads.get(f.leadId);
    const rate = lead ? (await tierOf(ctx, lead.tier)).share : 0n;
    const profit = f.realized;
    const due = profit > f.hwm ? ((profit - f.hwm) * rate) / RATE_ONE : 0n;
    let charged = 0n;
    if (due > 0n) {
      for (const kind of ['futures', 'spot'] as const) {
        if (charged === due) break;
        const acc = await ledger.account(tx, { userId: f.followerId, asset: 'USDT', kind });
        const held = (await ledger.accountBalances(tx, [acc.id])).get(acc.id)?.available ?? 0n;
        const take = held < due - charged ? held : due - charged;
        if (take <= 0n) continue;
        await ledger.transfer(tx, {
          from: acc,
          to: { userId: f.leadId, asset: 'USDT', kind: 'futures' },
          amount: take,
          cause: 'copy.profit_share',
          ref: `copy:${f.id}:${periodIndex}`,
          remark: `copy ${f.id}`,
          userId: f.followerId,
        });
        charged += take;
      }
      if (charged < due)
        log.warn({ follow: f.id, due: usdt(due), charged: usdt(charged) }, 'profit share short');
    }
    await tx
      .update(copyFollows)
      .set({
        settledPeriod: periodIndex,
        hwm: profit > f.hwm ? profit : f.hwm,
        shared: f.shared + charged,
      })
      .where(eq(copyFollows.id, f.id));
    if (charged > 0n) {
      await tx.insert(copySettlements).values({
        followId: f.id,
        followerId: f.followerId,
        leadId: f.leadId,
        period: periodIndex,
        periodStart: new Date((f.settledPeriod + 1) * step),
        periodEnd: new Date(Math.min((periodIndex + 1) * step, clock.now().getTime())),
        profit,
        hwm: f.hwm,
        rate,
        amount: charged,
        createdAt: clock.now(),
      });
    }
    return charged;
  });
}

/** Settles every copy whose period has ended (the minute's sweep). */
export async function settleDue(ctx: CopyCtx): Promise<number> {
  const last = (await period(ctx)).index - 1;
  const due = await ctx.store.db
    .select({ id: copyFollows.id })
    .from(copyFollows)
    .where(lte(copyFollows.settledPeriod, last - 1));
  let n = 0;
  for (const f of due) {
    try {
      if ((await settleOne(ctx, f.id, last)) > 0n) n++;
    } catch (err) {
      // This copy is settled by a later sweep; the others are not held up.
      ctx.log.error({ err, follow: f.id }, 'profit share settlement failed; retried next sweep');
    }
  }
  return n;
}
