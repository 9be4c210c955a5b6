/**
 * The lines as their settings give them today (output asset, emission, epochs, quota), and each line's daily
 * output: a program of the shared-emission mechanism, where each user with machines running that day weighs
 * their effective power.
 */
import { formatAmount, parseAmount } from '@nexa/contract';
import { and, eq, min, sql } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import type { SharedEmission } from '../../programs/shared-emission';
import { type Line, MINING_SYSTEM, type MiningCtx } from './context';
import { dayIndexOf, emissionOn, epochOn, epochsOf } from './math';
import { ratesNow } from './power';
import { powerWeights } from './power-weights';
import { miningOrders } from './tables';

export async function lines(ctx: MiningCtx): Promise<Map<string, Line>> {
  const { settings, assets, days, outputs } = ctx;
  const all = await settings.get('mining.lines');
  const today = await days.today();
  const out = new Map<string, Line>();
  for (const [key, l] of Object.entries(all)) {
    const a = assets.get(l.output_asset);
    let output = outputs.get(key);
    if (!output || output.asset !== a.symbol) {
      output = outputOf(ctx, key, a.symbol);
      outputs.set(key, output);
    }
    const base = parseAmount(l.daily_emission, a.scale) ?? 0n;
    const epochs =
      l.epochs && l.epoch_start
        ? epochsOf(
            dayIndexOf(l.epoch_start),
            l.epochs.map((e) => ({ days: e.days, emission: parseAmount(e.daily_emission, a.scale) ?? 0n })),
          )
        : null;
    const quota =
      l.quota_asset && l.quota_per_pay
        ? {
            asset: l.quota_asset,
            scale: assets.get(l.quota_asset).scale,
            perPay: parseAmount(l.quota_per_pay, 8) ?? 0n,
          }
        : null;
    out.set(key, {
      key,
      outputAsset: a.symbol,
      outputScale: a.scale,
      emission: emissionOn({ epochs, base }, today),
      epochs,
      quota,
      output,
    });
  }
  return out;
}

export async function line(ctx: MiningCtx, key: string): Promise<Line> {
  const l = (await lines(ctx)).get(key);
  if (!l) throw new DomainError('MiningLineNotFound');
  return l;
}

/** The quota a line grants per unit paid, as text ('0' when it grants none). */
export async function quotaPerPay(ctx: MiningCtx, lineKey: string): Promise<string> {
  const l = await line(ctx, lineKey);
  return formatAmount(l.quota?.perPay ?? 0n, 8);
}

/**
 * A line's daily output: each user with machines running that day weighs their effective power, direct and
 * level power counted from the same day's orders of their referrals and team.
 */
function outputOf(ctx: MiningCtx, key: string, asset: string): SharedEmission {
  return {
    key: `mining:${key}`,
    asset,
    pool: MINING_SYSTEM.output,
    cause: 'mining.output',
    emission: async (day) => {
      const l = await line(ctx, key);
      return l.epochs ? (epochOn(l.epochs, day)?.emission ?? 0n) : l.emission;
    },
    weights: (day) => powerWeights(key, day, ratesNow(ctx)),
    // Each order of the user that ran that day gets its part of the payout, by its power.
    earned: async (tx, rows, day) => {
      const values = sql.join(
        rows.map((r) => sql`(${r.userId}::int, ${r.amount}::numeric, ${r.weight}::numeric)`),
        sql`, `,
      );
      await tx.execute(sql`
        update mining_orders as o
        set output = o.output + div(v.amount * (o.power + o.bonus_power), v.power)
        from (values ${values}) as v(user_id, amount, power)
        where o.user_id = v.user_id and o.line = ${key} and o.first_day <= ${day} and o.end_day > ${day}`);
    },
    firstDay: async () =>
      (
        await ctx.store.db
          .select({ d: min(miningOrders.firstDay) })
          .from(miningOrders)
          .where(and(eq(miningOrders.line, key), eq(miningOrders.status, 'running')))
      )[0]?.d ?? null,
  };
}
