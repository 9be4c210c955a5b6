/** Operators' notes on a user: listed newest first, one added (audited). */
import { count, desc, eq } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import type { OperatorUser } from '../../kernel/context';
import { schema } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { userOf } from './admin-detail';
import { iso, type Page, type UsersCtx } from './context';

const { userNotes } = schema;

function noteItem(n: typeof userNotes.$inferSelect) {
  return {
    id: n.id,
    text: n.text,
    operator_id: n.operatorId,
    operator_name: n.operatorName,
    created_at: iso(n.createdAt),
  };
}

export async function notes(ctx: UsersCtx, userId: number, page: Page) {
  await userOf(ctx, userId);
  const where = eq(userNotes.userId, userId);
  const [rows, [total]] = await Promise.all([
    onPage(ctx.store.db.select().from(userNotes).where(where).orderBy(desc(userNotes.id)), page),
    ctx.store.db.select({ n: count() }).from(userNotes).where(where),
  ]);
  return pageAnswer(rows.map(noteItem), total);
}

export async function addNote(ctx: UsersCtx, op: OperatorUser, userId: number, text: string) {
  const row = await ctx.store.db.transaction(async (tx) => {
    await userOf(ctx, userId, tx);
    const [n] = await tx
      .insert(userNotes)
      .values({ userId, operatorId: op.id, operatorName: op.name, text, createdAt: ctx.clock.now() })
      .returning();
    if (!n) throw new Error('note insert returned nothing');
    await auditOperator(tx, ctx.clock.now(), {
      operatorId: op.id,
      action: 'user.note',
      subject: `user:${userId}`,
      before: null,
      after: { note_id: n.id, text },
    });
    return n;
  });
  return noteItem(row);
}
