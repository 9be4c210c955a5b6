/** The staking lines: the main one (`earn.asset`, USDT) and the NEU line, one mechanism configured per line. */
import { parseAmount } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import { schema } from '../../store';
import type { EarnCtx } from './context';

/** The staking lines: the main one and the NEU line, one mechanism configured per line. */
export const STAKING_LINES = ['main', 'neu'] as const;
export type StakingLine = (typeof STAKING_LINES)[number];

// The asset's scale is read once (views are built inside transactions, which must not query beside them).
export async function asset(ctx: EarnCtx) {
  const symbol = await ctx.settings.get('earn.asset');
  let scale = ctx.scales.get(symbol);
  if (scale === undefined) {
    const [row] = await ctx.store.db.select().from(schema.assets).where(eq(schema.assets.symbol, symbol));
    if (!row) throw new Error(`earn asset ${symbol} is not listed`);
    scale = row.scale;
    ctx.scales.set(symbol, scale);
  }
  return { symbol, scale };
}

export async function allPlans(ctx: EarnCtx) {
  return (await ctx.settings.get('earn.pledge_plans')).map((p) => ({
    days: p.days,
    aprText: p.apr,
    apr: parseAmount(p.apr, 8) ?? 0n,
    status: p.status,
  }));
}

/** A staking line: the main one (USDT) or the NEU line, with its asset, plans, minimum and flexible rate. */
export interface Terms {
  readonly line: StakingLine;
  readonly symbol: string;
  readonly scale: number;
  readonly plans: Awaited<ReturnType<typeof allPlans>>;
  readonly minText: string;
  readonly flexible: bigint;
  readonly flexibleText: string;
  readonly demoPool: string;
}

export async function terms(ctx: EarnCtx, line: StakingLine): Promise<Terms> {
  const { settings } = ctx;
  if (line === 'main') {
    const a = await asset(ctx);
    const flexible = await settings.get('earn.flexible_apr');
    return {
      line,
      symbol: a.symbol,
      scale: a.scale,
      plans: await allPlans(ctx),
      minText: await settings.get('earn.pledge_min'),
      flexible: flexible.units,
      flexibleText: flexible.text,
      demoPool: await settings.get('earn.demo_pool'),
    };
  }
  const n = await settings.get('earn.neu_staking');
  const a = ctx.assets.get(n.asset);
  return {
    line,
    symbol: a.symbol,
    scale: a.scale,
    plans: n.plans.map((p) => ({
      days: p.days,
      aprText: p.apr,
      apr: parseAmount(p.apr, 8) ?? 0n,
      status: p.status,
    })),
    minText: n.min,
    flexible: parseAmount(n.flexible_apr, 8) ?? 0n,
    flexibleText: n.flexible_apr,
    demoPool: n.demo_pool,
  };
}

/** The line whose asset an order is in (orders of an asset no line stakes any more run on the main line's terms). */
export async function lineOf(ctx: EarnCtx, symbol: string): Promise<Terms> {
  for (const l of STAKING_LINES) {
    const t = await terms(ctx, l);
    if (t.symbol === symbol) return t;
  }
  return terms(ctx, 'main');
}
