/** Each line's output as the solvency report and the operators' line report show it. */
import { formatAmount } from '@nexa/contract';
import type { ProgramReport } from '../../programs/rewards';
import type { Tx } from '../../store';
import { MINING_SYSTEM, type MiningCtx, showPower } from './context';
import { lines } from './lines';
import { networkPower } from './power';

async function poolBalance(ctx: MiningCtx, tx: Tx, asset: string): Promise<bigint> {
  const acc = await ctx.ledger.systemAccount(tx, MINING_SYSTEM.output, asset);
  return (await ctx.ledger.accountBalances(tx, [acc.id])).get(acc.id)?.available ?? 0n;
}

/** Each line's output as the solvency report shows it. */
export async function programReports(ctx: MiningCtx): Promise<ProgramReport[]> {
  const { store, shared } = ctx;
  const list: ProgramReport[] = [];
  for (const l of (await lines(ctx)).values()) {
    const r = await shared.report(l.output.key);
    list.push({
      program: l.output.key,
      pool: MINING_SYSTEM.output,
      asset: l.outputAsset,
      poolBalance: await store.db.transaction((tx) => poolBalance(ctx, tx, l.outputAsset)),
      paid: r.paid,
      owed: r.queued,
      lastDay: r.lastDay,
    });
  }
  return list;
}

export async function linesReport(ctx: MiningCtx) {
  const { store, shared, days } = ctx;
  const list = [];
  for (const l of (await lines(ctx)).values()) {
    const r = await shared.report(l.output.key);
    const balance = await store.db.transaction((tx) => poolBalance(ctx, tx, l.outputAsset));
    const fmt = (v: bigint) => formatAmount(v, l.outputScale);
    list.push({
      line: l.key,
      asset: l.outputAsset,
      daily_emission: fmt(l.emission),
      pool_balance: fmt(balance),
      paid: fmt(r.paid),
      queued: fmt(r.queued),
      network: showPower(await networkPower(ctx, l.key)),
      last_period_day: r.lastDay === null ? null : (await days.dayStart(r.lastDay)).toISOString(),
    });
  }
  return { list };
}
