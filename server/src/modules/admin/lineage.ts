/**
 * The four-eyes records as the console shows them: the requests (pending first), each operator's lineage (who
 * made it, who granted its roles, since when it is active, its lock, the single-admin flag), the sponsors, and
 * the console's operator rows with those fields.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import { schema } from '../../store';
import type { AdminCtx } from './context';
import { oneOperator, operatorRows } from './operators';
import { operatorRequests } from './tables';

const { operators } = schema;

type OperatorRow = typeof operators.$inferSelect;

export interface LineageFields {
  readonly name: string;
  readonly status: 'active' | 'pending' | 'refused';
  readonly created_by: string | null;
  readonly granted_by: string | null;
  readonly active_from: string | null;
  readonly locked_at: string | null;
  readonly failed_codes: number;
  readonly single_admin: boolean;
}

async function names(ctx: AdminCtx): Promise<Map<number, string>> {
  const rows = await ctx.store.db.select({ id: operators.id, name: operators.name }).from(operators);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The requests (the newest 200, or those named): pending first, then the newest decided. */
export async function requestViews(ctx: AdminCtx, ids?: readonly number[]) {
  const rows = await ctx.store.db
    .select()
    .from(operatorRequests)
    .where(ids ? inArray(operatorRequests.id, [...ids]) : undefined)
    .orderBy(desc(operatorRequests.id))
    .limit(200);
  const byId = await names(ctx);
  const nameOf = (id: number | null) => (id === null ? null : (byId.get(id) ?? null));
  const views = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    operator_id: r.operatorId,
    operator_name: nameOf(r.operatorId) ?? String(r.operatorId),
    roles: r.roles,
    requested_by: nameOf(r.requestedBy),
    requested_at: r.requestedAt.toISOString(),
    reason: r.reason,
    status: r.status,
    decided_by: nameOf(r.decidedBy),
    decided_at: r.decidedAt?.toISOString() ?? null,
    single_admin: r.singleAdmin,
  }));
  // Pending first, then the newest decided.
  return [...views.filter((v) => v.status === 'pending'), ...views.filter((v) => v.status !== 'pending')];
}

/** Operators made through the single-admin exception. */
async function singleAdminOperators(ctx: AdminCtx): Promise<Set<number>> {
  const rows = await ctx.store.db
    .select({ operatorId: operatorRequests.operatorId })
    .from(operatorRequests)
    .where(eq(operatorRequests.singleAdmin, true));
  return new Set(rows.map((r) => r.operatorId));
}

/** The four-eyes fields of each operator, for the operators list and the approvals' flags. */
export async function lineage(ctx: AdminCtx): Promise<Map<number, LineageFields>> {
  const rows = await ctx.store.db.select().from(operators);
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  const single = await singleAdminOperators(ctx);
  const nameOf = (id: number | null) => (id === null ? null : (byId.get(id) ?? null));
  return new Map(
    rows.map((r: OperatorRow) => [
      r.id,
      {
        name: r.name,
        status: r.status,
        created_by: nameOf(r.createdBy),
        granted_by: nameOf(r.grantedBy),
        active_from: r.activeFrom?.toISOString() ?? null,
        locked_at: r.lockedAt?.toISOString() ?? null,
        failed_codes: r.failedCodes,
        single_admin: single.has(r.id),
      },
    ]),
  );
}

export async function sponsors(ctx: AdminCtx) {
  const all = await lineage(ctx);
  return [...all.values()].map((l) => ({
    name: l.name,
    created_by: l.created_by,
    granted_by: l.granted_by,
    active_from: l.active_from,
    single_admin: l.single_admin,
  }));
}

/** The console's operator rows with their four-eyes fields. */
async function withLineage<T extends { id: number }>(ctx: AdminCtx, rows: readonly T[]) {
  const fields = await lineage(ctx);
  return rows.map((r) => {
    const l = fields.get(r.id);
    return {
      ...r,
      status: l?.status ?? 'active',
      created_by: l?.created_by ?? null,
      granted_by: l?.granted_by ?? null,
      active_from: l?.active_from ?? null,
      locked_at: l?.locked_at ?? null,
      failed_codes: l?.failed_codes ?? 0,
      single_admin: l?.single_admin ?? false,
    };
  });
}

/** Every operator with its four-eyes fields. */
export async function operatorsWithLineage(ctx: AdminCtx) {
  return withLineage(ctx, await operatorRows(ctx));
}

/** One operator with its four-eyes fields. */
export async function operatorWithLineage(ctx: AdminCtx, id: number) {
  const [row] = await withLineage(ctx, [await oneOperator(ctx, id)]);
  if (!row) throw new Error('operator row missing');
  return row;
}
