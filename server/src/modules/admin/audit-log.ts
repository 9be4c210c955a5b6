/** The audit log as the console reads it: filtered by action, subject (exact or by prefix), operator and time. */
import { and, count, desc, eq, gte, like, lte, type SQL } from 'drizzle-orm';
import { ValidationError } from '../../kernel/errors';
import { schema } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import type { AdminCtx, Json } from './context';

const { operators, auditLog } = schema;

/** A time filter given as text: an ISO time, or a refusal naming the field. */
function timeFilter(field: string, text: string | undefined): Date | null {
  if (text === undefined || text === '') return null;
  const t = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(t.getTime()))
    throw new ValidationError(field, 'invalid_format');
  return t;
}

/** An exact value, or a prefix when the filter ends in the separator ('withdrawal.', 'setting:'). */
function exactOrPrefix(
  column: typeof auditLog.action | typeof auditLog.subject,
  text: string,
  sep: string,
): SQL {
  if (!text.endsWith(sep)) return eq(column, text);
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return like(column, `${escaped}%`);
}

export async function auditList(
  ctx: AdminCtx,
  body: {
    action?: string | undefined;
    operator_id?: number | undefined;
    subject?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    page: number;
    size: number;
  },
) {
  const { store } = ctx;
  const from = timeFilter('from', body.from);
  const to = timeFilter('to', body.to);
  const where = and(
    body.action ? exactOrPrefix(auditLog.action, body.action, '.') : undefined,
    body.subject ? exactOrPrefix(auditLog.subject, body.subject, ':') : undefined,
    body.operator_id === undefined
      ? undefined
      : and(eq(auditLog.actorKind, 'operator'), eq(auditLog.actorId, body.operator_id)),
    from ? gte(auditLog.createdAt, from) : undefined,
    to ? lte(auditLog.createdAt, to) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    onPage(
      store.db
        .select({
          id: auditLog.id,
          createdAt: auditLog.createdAt,
          actorKind: auditLog.actorKind,
          actorId: auditLog.actorId,
          actorName: operators.name,
          action: auditLog.action,
          subject: auditLog.subject,
          before: auditLog.before,
          after: auditLog.after,
        })
        .from(auditLog)
        .leftJoin(operators, and(eq(auditLog.actorKind, 'operator'), eq(operators.id, auditLog.actorId)))
        .where(where)
        .orderBy(desc(auditLog.id)),
      body,
    ),
    store.db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return pageAnswer(
    rows.map((r) => ({
      id: r.id,
      created_at: r.createdAt.toISOString(),
      actor_kind: r.actorKind,
      actor_id: r.actorId,
      actor_name: r.actorName,
      action: r.action,
      subject: r.subject,
      before: r.before as Json,
      after: r.after as Json,
    })),
    total,
  );
}
