/** A user's subscriptions, newest first, with their rounds' names. */
import { and, count, desc, eq } from 'drizzle-orm';
import { onPage, pageAnswer } from '../../store/paging';
import type { PlacementCtx, SubRow, SubView } from './context';
import { placementRounds, placementSubscriptions } from './tables';
import { subView } from './views';

export async function mine(
  ctx: PlacementCtx,
  userId: number,
  q: { status?: SubRow['status'] | undefined; page: number; size: number },
) {
  const { store } = ctx;
  const where = and(
    eq(placementSubscriptions.userId, userId),
    q.status ? eq(placementSubscriptions.status, q.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    onPage(
      store.db
        .select({ s: placementSubscriptions, name: placementRounds.name })
        .from(placementSubscriptions)
        .innerJoin(placementRounds, eq(placementRounds.id, placementSubscriptions.roundId))
        .where(where)
        .orderBy(desc(placementSubscriptions.id)),
      q,
    ),
    store.db.select({ n: count() }).from(placementSubscriptions).where(where),
  ]);
  const list: SubView[] = [];
  for (const r of rows) list.push(await subView(ctx, r.s, r.name));
  return pageAnswer(list, total);
}
