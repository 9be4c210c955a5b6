/** The users' part of the console's dashboard. */
import { count, gte } from 'drizzle-orm';
import type { DashboardPart } from '../../kernel/module';
import { schema } from '../../store';
import type { UsersCtx } from './context';

const { users } = schema;

/** Sign-ups since a moment: one count on the creation time's index. */
export async function dashboard(ctx: UsersCtx, since: Date): Promise<DashboardPart> {
  const [row] = await ctx.store.db.select({ n: count() }).from(users).where(gte(users.createdAt, since));
  return { figures: [{ key: 'signups', asset: null, count: row?.n ?? 0, amount: null }] };
}
