/** What operators change: an item saved (created, or its translations replaced) or deleted, each audited. */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import { DomainError } from '../../kernel/errors';
import { rowsOf } from './admin-queries';
import { type ContentCtx, contentItems, type Kind, type SaveBody } from './context';
import { itemView } from './views';

/**
 * Creates an item (no group key: a new one is made) or replaces an existing one's translations, order, times
 * and feature in one transaction, audited with the item before and after. A future publish time schedules it.
 */
export async function adminSave({ store, clock }: ContentCtx, operatorId: number, body: SaveBody) {
  const now = clock.now();
  const groupKey = body.group_key ?? `${body.kind}-${randomBytes(6).toString('hex')}`;
  const view = await store.db.transaction(async (tx) => {
    const before = await rowsOf(tx, body.kind, groupKey);
    if (body.group_key !== undefined && before.length === 0) throw new DomainError('NotFound');
    await tx
      .delete(contentItems)
      .where(and(eq(contentItems.kind, body.kind), eq(contentItems.groupKey, groupKey)));
    const publishAt = new Date(body.publish_at);
    const expireAt = body.expire_at ? new Date(body.expire_at) : null;
    const inserted = await tx
      .insert(contentItems)
      .values(
        body.translations.map((t) => ({
          kind: body.kind,
          groupKey,
          lang: t.lang,
          title: t.title,
          summary: t.summary ?? '',
          body: t.body ?? '',
          image: t.image ?? null,
          link: t.link ?? null,
          sort: body.sort ?? 0,
          publishAt,
          expireAt,
          feature: body.feature ?? null,
        })),
      )
      .returning();
    inserted.sort((a, b) => a.lang.localeCompare(b.lang));
    const after = itemView(inserted, now);
    await auditOperator(tx, now, {
      operatorId,
      action: before.length === 0 ? 'content.create' : 'content.update',
      subject: `content:${body.kind}:${groupKey}`,
      before: before.length === 0 ? null : itemView(before, now),
      after,
    });
    return after;
  });
  const { translations: _t, ...item } = view;
  return item;
}

/** Deletes an item with all its translations, audited with what it was and the reason. */
export async function adminDelete(
  { store, clock }: ContentCtx,
  operatorId: number,
  body: { kind: Kind; group_key: string; reason: string },
) {
  const now = clock.now();
  return store.db.transaction(async (tx) => {
    const before = await rowsOf(tx, body.kind, body.group_key);
    if (before.length === 0) throw new DomainError('NotFound');
    await tx
      .delete(contentItems)
      .where(and(eq(contentItems.kind, body.kind), eq(contentItems.groupKey, body.group_key)));
    await auditOperator(tx, now, {
      operatorId,
      action: 'content.delete',
      subject: `content:${body.kind}:${body.group_key}`,
      before: itemView(before, now),
      after: { deleted: true, reason: body.reason },
    });
    return { kind: body.kind, group_key: body.group_key, deleted: before.length };
  });
}
