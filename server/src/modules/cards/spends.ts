/** Card spending as the user sees it. */
import { and, count, desc, eq } from 'drizzle-orm';
import { onPage, pageAnswer } from '../../store/paging';
import type { CardsCtx, SpendRow } from './context';
import { fmt } from './math';
import { cardSpends } from './tables';

export const spendView = (s: SpendRow) => ({
  id: s.id,
  card_id: s.cardId,
  merchant: s.merchant,
  amount: fmt(s.amount),
  settled: fmt(s.settled),
  refunded: fmt(s.refunded),
  status: s.status,
  created_at: s.createdAt.toISOString(),
  updated_at: s.updatedAt.toISOString(),
});

export async function consumeList(
  ctx: CardsCtx,
  userId: number,
  q: { card_id?: number | undefined; page: number; size: number },
) {
  const { store } = ctx;
  const where = and(eq(cardSpends.userId, userId), q.card_id ? eq(cardSpends.cardId, q.card_id) : undefined);
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(cardSpends).where(where).orderBy(desc(cardSpends.id)), q),
    store.db.select({ n: count() }).from(cardSpends).where(where),
  ]);
  return pageAnswer(rows.map(spendView), total);
}
