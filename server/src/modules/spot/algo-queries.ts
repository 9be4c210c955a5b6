/** A user's spot conditional orders: resting ones, or those that left the book (fired or canceled). */
import type { Lang } from '@nexa/contract';
import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { onPage, pageAnswer } from '../../store/paging';
import { algoView } from './algo-view';
import type { SpotBase } from './context';
import { spotAlgoOrders } from './tables';

export interface AlgoFilter {
  readonly pending: boolean;
  readonly instId?: string | undefined;
  readonly ordType?: (typeof spotAlgoOrders.$inferSelect)['ordType'] | undefined;
  readonly state?: 'effective' | 'canceled' | 'order_failed' | undefined;
}

export async function algoOrders(
  c: SpotBase,
  userId: number,
  f: AlgoFilter,
  page: { page: number; size: number },
  lang: Lang,
) {
  const t = spotAlgoOrders;
  const conds: SQL[] = [eq(t.userId, userId)];
  conds.push(f.pending ? eq(t.state, 'live') : f.state ? eq(t.state, f.state) : ne(t.state, 'live'));
  if (f.instId) conds.push(eq(t.instId, f.instId));
  if (f.ordType) conds.push(inArray(t.ordType, [f.ordType]));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    onPage(c.store.db.select().from(t).where(where).orderBy(desc(t.seq)), page),
    c.store.db.select({ n: count() }).from(t).where(where),
  ]);
  return pageAnswer(
    rows.map((r) => algoView(c, r, lang)),
    total,
  );
}
