/** Operators and verifications: the list with the whole document number, the review, the waiting queue. */
import { asc, count, eq, sql } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import { DomainError, ValidationError } from '../../kernel/errors';
import { writeNotice } from '../../kernel/notices';
import { unseal } from '../../kernel/seal';
import { schema } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import type { CardsCtx, KycRow, KycView } from './context';
import { kycView } from './kyc';
import { kycSubmissions } from './tables';

export async function adminKycList(
  ctx: CardsCtx,
  q: { status?: KycRow['status'] | undefined; page: number; size: number },
  opId: number,
) {
  const { store, docKey } = ctx;
  const where = q.status ? eq(kycSubmissions.status, q.status) : undefined;
  const [rows, [total]] = await Promise.all([
    onPage(
      store.db
        .select({ k: kycSubmissions, uid: schema.users.uid, address: schema.users.address })
        .from(kycSubmissions)
        .innerJoin(schema.users, eq(schema.users.id, kycSubmissions.userId))
        .where(where)
        .orderBy(asc(kycSubmissions.id)),
      q,
    ),
    store.db.select({ n: count() }).from(kycSubmissions).where(where),
  ]);
  const list = [];
  for (const r of rows) {
    list.push({
      ...(await kycView(ctx, r.k, `op:${opId}`)),
      // Operators read the whole number to compare it with the images.
      doc_number: unseal(docKey, r.k.docNumberSealed).toString('utf8'),
      user: { uid: r.uid, address: r.address },
    });
  }
  return pageAnswer(list, total);
}

export async function review(
  ctx: CardsCtx,
  operatorId: number | null,
  body: { id: number; decision: 'approve' | 'reject'; reason?: string | undefined },
): Promise<KycView> {
  const { clock } = ctx;
  if (body.decision === 'reject' && !body.reason) throw new ValidationError('reason', 'required');
  const row = await ctx.store.db.transaction(async (tx) => {
    const [k] = await tx.select().from(kycSubmissions).where(eq(kycSubmissions.id, body.id)).for('update');
    if (!k) throw new DomainError('KycNotFound');
    if (k.status !== 'pending') throw new DomainError('KycNotEditable');
    const [next] = await tx
      .update(kycSubmissions)
      .set({
        status: body.decision === 'approve' ? 'approved' : 'failed',
        reason: body.decision === 'reject' ? (body.reason ?? null) : null,
        reviewedAt: clock.now(),
        reviewedBy: operatorId,
      })
      .where(eq(kycSubmissions.id, k.id))
      .returning();
    if (operatorId !== null)
      await auditOperator(tx, clock.now(), {
        operatorId,
        action: `kyc.${body.decision}`,
        subject: `kyc:${k.id}`,
        before: { status: k.status },
        after: { status: next?.status, reason: next?.reason },
      });
    if (next)
      await writeNotice(ctx.outbox, tx, {
        userId: next.userId,
        kind: next.status === 'approved' ? 'kyc_approved' : 'kyc_rejected',
        ref: `kyc_${next.id}:${next.status}`,
        params: { reason: next.reason ?? '' },
      });
    return next ?? k;
  });
  return kycView(ctx, row, operatorId === null ? `u:${row.userId}` : `op:${operatorId}`);
}

/** Verifications waiting for review and the oldest's time (the operators' dashboard). */
export async function pendingKyc(ctx: CardsCtx): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await ctx.store.db
    .select({ n: count(), oldest: sql<string | Date | null>`min(${kycSubmissions.createdAt})` })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.status, 'pending'));
  const oldest = row?.oldest ?? null;
  return { count: row?.n ?? 0, oldest: oldest === null ? null : new Date(oldest) };
}
