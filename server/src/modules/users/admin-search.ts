/** Operators' search of users: by UID or id, an address or its start, an email or its start. */
import { count, desc, eq, like, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schema } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { iso, type Page, type UsersCtx } from './context';

const { users } = schema;
const parent = alias(users, 'parent');

const INT_MAX = 2_147_483_647;
/** A LIKE pattern matching texts that start with `text` (its own wildcards taken literally). */
const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What the search matches: UID or numeric id, an address or its start, an email or its start. */
function searchWhere(q: string): SQL | undefined {
  const key = q.trim();
  if (!key) return undefined;
  const lower = key.toLowerCase();
  if (/^0x[0-9a-f]*$/.test(lower)) {
    return lower.length === 42 ? eq(users.address, lower) : like(users.address, startsWith(lower));
  }
  const ors: SQL[] = [sql`lower(${users.email}) like ${startsWith(lower)}`];
  if (/^\d+$/.test(key)) {
    ors.push(eq(users.uid, key));
    const id = Number(key);
    if (Number.isSafeInteger(id) && id >= 1 && id <= INT_MAX) ors.push(eq(users.id, id));
  }
  return or(...ors);
}

const listFields = {
  id: users.id,
  uid: users.uid,
  address: users.address,
  email: users.email,
  level: users.level,
  createdAt: users.createdAt,
  frozenAt: users.frozenAt,
  parentUid: parent.uid,
};

function listItem(r: {
  id: number;
  uid: string;
  address: string;
  email: string | null;
  level: number;
  createdAt: Date;
  frozenAt: Date | null;
  parentUid: string | null;
}) {
  return {
    user_id: r.id,
    uid: r.uid,
    address: r.address,
    email: r.email,
    level: r.level,
    created_at: iso(r.createdAt),
    frozen: r.frozenAt !== null,
    parent_uid: r.parentUid,
  };
}

export async function search(ctx: UsersCtx, q: string, page: Page) {
  const where = searchWhere(q);
  const [rows, [total]] = await Promise.all([
    onPage(
      ctx.store.db
        .select(listFields)
        .from(users)
        .leftJoin(parent, eq(parent.id, users.parentId))
        .where(where)
        .orderBy(desc(users.id)),
      page,
    ),
    ctx.store.db.select({ n: count() }).from(users).where(where),
  ]);
  return pageAnswer(rows.map(listItem), total);
}
