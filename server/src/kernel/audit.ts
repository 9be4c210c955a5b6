import type { Db, Tx } from '../store';
import { schema } from '../store';

/** JSON of rows holding bigint amounts (audit trail). */
export function bigintJson(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

const asJson = (v: unknown) =>
  v === null || v === undefined ? null : JSON.parse(JSON.stringify(v, bigintJson));

/** Writes what an operator did to a subject, with the subject before and after. */
export async function auditOperator(
  db: Db | Tx,
  at: Date,
  a: { operatorId: number; action: string; subject: string; before: unknown; after: unknown },
): Promise<void> {
  await db.insert(schema.auditLog).values({
    actorKind: 'operator',
    actorId: a.operatorId,
    action: a.action,
    subject: a.subject,
    before: asJson(a.before),
    after: asJson(a.after),
    createdAt: at,
  });
}
