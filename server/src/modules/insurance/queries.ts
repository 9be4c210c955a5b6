/**
 * The lists: a user's covers with the terms, claims (a user's or all), the operators' queue with the pool,
 * the compensation paid per position, and the claims waiting on a dry pool.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { schema } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { type ClaimRow, INSURANCE_POOL, type InsuranceCtx, usdt } from './context';
import { insuranceClaims, insuranceCovers } from './tables';
import { terms } from './terms';
import { claimView, coverView } from './views';

export async function covers(ctx: InsuranceCtx, userId: number, page: { page: number; size: number }) {
  const { store } = ctx;
  const where = eq(insuranceCovers.userId, userId);
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(insuranceCovers).where(where).orderBy(desc(insuranceCovers.id)), page),
    store.db.select({ n: count() }).from(insuranceCovers).where(where),
  ]);
  const t = await terms(ctx);
  return {
    ...pageAnswer(
      rows.map((r) => coverView(ctx, r)),
      total,
    ),
    premium_rate: t.premiumRate.text,
    share: t.share.text,
    min_limit: usdt(t.minLimit),
    max_limit: usdt(t.maxLimit),
    valid_days: t.validDays,
    waiting_h: t.waitingH,
    max_lever: t.maxLever,
  };
}

export async function claims(
  { store }: InsuranceCtx,
  userId: number | null,
  status: ClaimRow['status'] | null,
  page: { page: number; size: number },
) {
  const where = and(
    userId === null ? undefined : eq(insuranceClaims.userId, userId),
    status === null ? undefined : eq(insuranceClaims.status, status),
  );
  const [rows, [total]] = await Promise.all([
    onPage(
      store.db
        .select({ c: insuranceClaims, uid: schema.users.uid })
        .from(insuranceClaims)
        .innerJoin(schema.users, eq(schema.users.id, insuranceClaims.userId))
        .where(where)
        .orderBy(userId === null ? asc(insuranceClaims.id) : desc(insuranceClaims.id)),
      page,
    ),
    store.db.select({ n: count() }).from(insuranceClaims).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function queue(
  ctx: InsuranceCtx,
  page: { page: number; size: number },
  status: ClaimRow['status'],
) {
  const { store, ledger } = ctx;
  const { rows, total } = await claims(ctx, null, status, page);
  const pool = await store.db.transaction((tx) => ledger.systemAccount(tx, INSURANCE_POOL, 'USDT'));
  const held = (await ledger.accountBalances(store.db, [pool.id])).get(pool.id)?.available ?? 0n;
  const [sum] = await store.db
    .select({ s: sql<string>`coalesce(sum(${insuranceClaims.amount}), 0)::text` })
    .from(insuranceClaims)
    .where(eq(insuranceClaims.status, 'queued'));
  return {
    list: rows.map((r) => ({ ...claimView(r.c), uid: r.uid })),
    total,
    pool: usdt(held),
    queued_total: usdt(BigInt(sum?.s ?? '0')),
  };
}

/** Compensation paid per position (the futures history shows it as the position's compensation fee). */
export async function compensationOf(
  { store }: InsuranceCtx,
  positionIds: readonly number[],
): Promise<Map<number, bigint>> {
  if (positionIds.length === 0) return new Map();
  const rows = await store.db
    .select({ p: insuranceClaims.positionId, a: insuranceClaims.amount })
    .from(insuranceClaims)
    .where(and(eq(insuranceClaims.status, 'paid'), sql`${insuranceClaims.positionId} in ${positionIds}`));
  return new Map(rows.map((r) => [r.p, r.a]));
}

/** Claims waiting because the pool cannot pay them, and the oldest's time (the operators' dashboard). */
export async function dryClaims({ store }: InsuranceCtx): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await store.db
    .select({ n: count(), oldest: sql<string | Date | null>`min(${insuranceClaims.createdAt})` })
    .from(insuranceClaims)
    .where(eq(insuranceClaims.status, 'queued'));
  const oldest = row?.oldest ?? null;
  return { count: row?.n ?? 0, oldest: oldest === null ? null : new Date(oldest) };
}
