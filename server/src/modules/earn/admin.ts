/** Operators: a pool funded from the platform's capital, and a user's stakes, burns and loans. */
import { type ExactDecimal, formatAmount } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { minorUnits } from '../../kernel/assets';
import { fundPoolAudited } from '../../kernel/audit';
import { ValidationError } from '../../kernel/errors';
import { queryRows } from '../../store';
import { pageAnswer, pageClause } from '../../store/paging';
import type { EarnCtx } from './context';
import { lineOf, type StakingLine, terms } from './lines';
import { EARN_SYSTEM } from './pools';
import { burnOrders, earnLoans, pledgeOrders } from './tables';

/** An operator funds a pool (profit, burn release, loans) from the platform's capital. */
export async function fund(
  ctx: EarnCtx,
  operatorId: number,
  body: {
    pool: 'pledge' | 'burn' | 'loans';
    amount: ExactDecimal;
    line?: StakingLine | undefined;
    reason?: string | undefined;
  },
) {
  // Another line's pool is its staking profit pool, in its asset.
  if (body.line && body.line !== 'main' && body.pool !== 'pledge')
    throw new ValidationError('pool', 'invalid_value');
  const a = await terms(ctx, body.line ?? 'main');
  const amount = minorUnits(body.amount, a);
  const pool = { pledge: EARN_SYSTEM.pledge, burn: EARN_SYSTEM.release, loans: EARN_SYSTEM.loans }[body.pool];
  const balance = await ctx.store.db.transaction(async (tx) => {
    return fundPoolAudited(tx, ctx.ledger, ctx.clock.now(), {
      operatorId,
      action: 'earn.fund',
      subject: pool,
      pool: pool,
      asset: a.symbol,
      scale: a.scale,
      amount,
      reason: body.reason,
      from: EARN_SYSTEM.capital,
      remark: pool,
    });
  });
  return { pool, asset: a.symbol, pool_balance: formatAmount(balance, a.scale) };
}

type StakeRow = {
  kind: 'pledge' | 'burn' | 'loan';
  id: string | number;
  asset: string;
  amount: string;
  days: number | null;
  rate: string;
  paid: string;
  pledge_id: string | number | null;
  state: string;
  start_at: string | Date;
  end_at: string | Date | null;
};

/**
 * A user's stakes, burns and loans, newest first, for the operators' user page: one paged query over the three
 * tables (each read by its user index).
 */
export async function adminStakes(
  ctx: EarnCtx,
  userId: number,
  q: { kind?: 'pledge' | 'burn' | 'loan' | undefined; page: number; size: number },
) {
  const { store } = ctx;
  // Every part names its columns: a kind filter may leave any of them first.
  const parts = [
    (!q.kind || q.kind === 'pledge') &&
      sql`select 'pledge' as kind, id, asset, amount::text as amount, days, apr::text as rate,
              received::text as paid, null::bigint as pledge_id, status as state, start_at,
              coalesce(closed_at, end_at) as end_at
            from ${pledgeOrders} where user_id = ${userId}`,
    (!q.kind || q.kind === 'burn') &&
      sql`select 'burn' as kind, id, asset, amount::text as amount, null::int as days, multiple::text as rate,
              released::text as paid, null::bigint as pledge_id, status as state, created_at as start_at,
              completed_at as end_at
            from ${burnOrders} where user_id = ${userId}`,
    (!q.kind || q.kind === 'loan') &&
      sql`select 'loan' as kind, id, asset, amount::text as amount, null::int as days,
              daily_rate::text as rate, interest::text as paid, pledge_id, status as state,
              created_at as start_at, closed_at as end_at
            from ${earnLoans} where user_id = ${userId}`,
  ].filter((x): x is ReturnType<typeof sql> => x !== false);
  const union = sql.join(parts, sql` union all `);
  const [rows, totals] = await Promise.all([
    queryRows<StakeRow>(
      store.db,
      sql`select * from (${union}) s order by start_at desc, id desc
            ${pageClause(q)}`,
    ),
    queryRows<{ n: string | number }>(store.db, sql`select count(*) as n from (${union}) s`),
  ]);
  const iso = (t: string | Date) => (t instanceof Date ? t : new Date(t)).toISOString();
  const rate = (units: string) => formatAmount(BigInt(units), 8);
  const list = [];
  for (const r of rows) {
    const scale = ctx.assets.get(r.asset).scale;
    // A loan runs on the line of the stake it is against, which is in the same asset.
    const line = r.kind === 'burn' ? null : (await lineOf(ctx, r.asset)).line;
    list.push({
      kind: r.kind,
      id: Number(r.id),
      line,
      asset: r.asset,
      amount: formatAmount(BigInt(r.amount), scale),
      days: r.days === null ? null : Number(r.days),
      rate: rate(r.rate),
      paid: formatAmount(BigInt(r.paid), scale),
      pledge_id: r.pledge_id === null ? null : Number(r.pledge_id),
      state: r.state,
      start_at: iso(r.start_at),
      end_at: r.end_at === null ? null : iso(r.end_at),
    });
  }
  return pageAnswer(list, totals[0]);
}
