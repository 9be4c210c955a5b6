/** The rows the operations share: a listing locked for a change, the users behind listings and sales. */
import { maskAddress } from '@nexa/contract';
import { count, eq, inArray } from 'drizzle-orm';
import { schema, type Tx } from '../../store';
import type { ListingRow, Seller, TokenMarketCtx } from './context';
import { p2pListings, p2pSales } from './tables';

const { users } = schema;

type Db = Tx | TokenMarketCtx['store']['db'];

/** A listing, locked for the rest of the transaction (two buyers never take the same tokens). */
export async function lockListing(tx: Tx, id: number): Promise<ListingRow | undefined> {
  const [row] = await tx.select().from(p2pListings).where(eq(p2pListings.id, id)).for('update');
  return row;
}

/** The UIDs of users by id. */
export async function uids(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: users.id, uid: users.uid }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.uid]));
}

/** Who the sellers are, as buyers see them: UID, masked address, completed sales. */
export async function sellers(
  ctx: TokenMarketCtx,
  ids: readonly number[],
  db: Db = ctx.store.db,
): Promise<Map<number, Seller>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  // One after another: inside a transaction its connection runs one statement at a time.
  const people = await db
    .select({ id: users.id, uid: users.uid, address: users.address })
    .from(users)
    .where(inArray(users.id, unique));
  const counts = await db
    .select({ id: p2pSales.sellerId, n: count() })
    .from(p2pSales)
    .where(inArray(p2pSales.sellerId, unique))
    .groupBy(p2pSales.sellerId);
  const sales = new Map(counts.map((c) => [c.id, c.n]));
  return new Map(
    people.map((p) => [p.id, { uid: p.uid, address: maskAddress(p.address), sales: sales.get(p.id) ?? 0 }]),
  );
}
