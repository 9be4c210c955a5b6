/** Funding: its periods, the rate the premium samples give, and a period's settlement, once. */
import assert from 'node:assert/strict';
import { systemAccount } from './accounts';
import { guardResting } from './cancel';
import { abs, FUTURES_SYSTEM, type FuturesCtx, type Slot } from './context';
import { Entry } from './entry';
import { clamp, fundingOf } from './math';
import { swapFundingPayments, swapFundings } from './tables';
import { afterCommit, inTransaction, move } from './work';

export function fundingTimes(intervalH: number, now: number): { last: number; next: number } {
  const step = intervalH * 3_600_000;
  const last = Math.floor(now / step) * step;
  return { last, next: last + step };
}

/** The funding rate the samples so far give (rate units), clamped. */
export async function currentRate(ctx: FuturesCtx, slot: Slot): Promise<bigint> {
  const { settings } = ctx;
  const cap = (await settings.get('futures.funding_cap')).units;
  const mean = slot.samples.n === 0n ? 0n : slot.samples.sum / slot.samples.n;
  return clamp(mean, -cap, cap);
}

/**
 * Settles one funding period of a contract, once: the settlement row's key (contract, time) is written in
 * the same transaction as every payment, so a crash or a second instance never pays a period twice.
 */
export async function settleFunding(ctx: FuturesCtx, slot: Slot, fundingTime: number): Promise<void> {
  const mark = slot.mark;
  if (mark === null) return;
  const rate = await currentRate(ctx, slot);
  const { value, work } = await inTransaction(ctx, slot, async (w) => {
    const claimed = await w.tx
      .insert(swapFundings)
      .values({ instId: slot.inst.instId, fundingTime, rate, markPrice: mark, settledAt: w.now })
      .onConflictDoNothing()
      .returning({ t: swapFundings.fundingTime });
    if (claimed.length === 0) return false;
    const { spec } = slot.inst;
    const open = [...slot.positions.values()].filter((p) => !p.closed && p.size !== 0n);
    let paid = 0n;
    let owed = 0n;
    const dues = open.map((p) => {
      const due = fundingOf(spec, p, mark, rate);
      if (due > 0n) {
        const pay = due < p.margin ? due : p.margin;
        paid += pay;
        return { p, amount: -pay };
      }
      owed += -due;
      return { p, amount: -due };
    });
    let got = 0n;
    const payments: (typeof swapFundingPayments.$inferInsert)[] = [];
    for (const d of dues) {
      let amount = d.amount;
      if (amount > 0n && owed > paid) amount = (amount * paid) / owed;
      if (amount > 0n) got += amount;
      if (amount === 0n) continue;
      d.p.margin += amount;
      d.p.funding += amount;
      d.p.updatedAt = w.now;
      w.positions.add(d.p);
      assert(d.p.id !== null);
      payments.push({
        userId: d.p.userId,
        instId: slot.inst.instId,
        positionId: d.p.id,
        fundingTime,
        side: d.p.size > 0n ? 'long' : 'short',
        size: abs(d.p.size),
        amount,
      });
    }
    if (payments.length > 0) await w.tx.insert(swapFundingPayments).values(payments);
    await guardResting(
      ctx,
      w,
      dues.filter((d) => d.amount < 0n).map((d) => d.p.userId),
    );
    const residue = paid - got;
    if (residue > 0n) {
      const e = new Entry('futures.funding', `${slot.inst.instId}:${fundingTime}`, null, null);
      w.entries.push(e);
      await move(ctx, w, e, await systemAccount(ctx, w.tx, FUTURES_SYSTEM.pool), 'available', -residue);
      await move(ctx, w, e, await systemAccount(ctx, w.tx, FUTURES_SYSTEM.funding), 'available', residue);
    }
    return true;
  });
  slot.samples = { sum: 0n, n: 0n };
  slot.lastFunding = fundingTime;
  if (value) afterCommit(ctx, work);
}
