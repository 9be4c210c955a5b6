/** The lists: listings (the market's or one's own) with each token's prices, and one's sales or purchases. */
import { and, asc, count, desc, eq, inArray, min, type SQL } from 'drizzle-orm';
import { fmt } from '../../kernel/units';
import { onPage, pageAnswer } from '../../store/paging';
import { type ListingRow, NO_SELLER, QUOTE, type SaleRow, type TokenMarketCtx } from './context';
import { sellers, uids } from './rows';
import { p2pListings, p2pSales } from './tables';
import { listingView, saleView } from './views';

/** Market, cheapest listing and suggested price of each listable token. */
async function prices(ctx: TokenMarketCtx, symbols: readonly string[]) {
  const usdt = ctx.scaleOf(QUOTE);
  const lowest = await ctx.store.db
    .select({ asset: p2pListings.asset, price: min(p2pListings.price) })
    .from(p2pListings)
    .where(and(eq(p2pListings.status, 'open'), inArray(p2pListings.asset, [...symbols])))
    .groupBy(p2pListings.asset);
  const cheapest = new Map(lowest.map((l) => [l.asset, l.price]));
  return Promise.all(
    symbols.map(async (symbol) => {
      const p18 = await ctx.priceUsdt18(symbol);
      // USDT per token at the quote's scale, rounded to the nearest minor unit.
      const unit = 10n ** BigInt(18 - usdt.scale);
      const market = p18 === null ? null : (p18 + unit / 2n) / unit;
      const low = cheapest.get(symbol) ?? null;
      const suggested = low ?? (market !== null && market > 0n ? market : null);
      return {
        symbol,
        market: market === null ? null : fmt(usdt, market),
        lowest: low === null ? null : fmt(usdt, low),
        suggested: suggested === null ? null : fmt(usdt, suggested),
      };
    }),
  );
}

/** Open listings cheapest first; or (mine) the caller's own in every status, newest first. */
export async function listings(
  ctx: TokenMarketCtx,
  userId: number,
  f: {
    symbol?: string | undefined;
    mine: number;
    status?: ListingRow['status'] | undefined;
    id?: number | undefined;
  },
  page: { page: number; size: number },
) {
  const { store, settings } = ctx;
  const conds: SQL[] = [];
  if (f.symbol) conds.push(eq(p2pListings.asset, f.symbol));
  // One listing by id is one of mine, whatever its status: someone else's is not found.
  if (f.id !== undefined) conds.push(eq(p2pListings.id, f.id), eq(p2pListings.userId, userId));
  else if (f.mine === 1) {
    conds.push(eq(p2pListings.userId, userId));
    if (f.status) conds.push(eq(p2pListings.status, f.status));
  } else {
    conds.push(eq(p2pListings.status, 'open'));
  }
  const where = and(...conds);
  const order = f.mine === 1 ? [desc(p2pListings.id)] : [asc(p2pListings.price), asc(p2pListings.id)];
  const [rows, [total]] = await Promise.all([
    onPage(
      store.db
        .select()
        .from(p2pListings)
        .where(where)
        .orderBy(...order),
      page,
    ),
    store.db.select({ n: count() }).from(p2pListings).where(where),
  ]);
  const who = await sellers(
    ctx,
    rows.map((r) => r.userId),
  );
  const symbols = await settings.get('p2p.assets');
  return {
    ...pageAnswer(
      rows.map((r) => listingView(ctx, r, userId, who.get(r.userId) ?? NO_SELLER)),
      total,
    ),
    fee_rate: (await settings.get('p2p.fee_rate')).text,
    min_usdt: (await settings.get('p2p.min_usdt')).text,
    symbols,
    prices: await prices(ctx, symbols),
  };
}

/** The caller's sales (as seller, optionally of one listing) or purchases (as buyer), newest first. */
export async function sales(
  ctx: TokenMarketCtx,
  userId: number,
  role: 'buyer' | 'seller',
  f: { symbol?: string | undefined; id?: number | undefined },
  page: { page: number; size: number },
) {
  const { store } = ctx;
  const conds: SQL[] = [eq(role === 'buyer' ? p2pSales.buyerId : p2pSales.sellerId, userId)];
  if (f.symbol) conds.push(eq(p2pSales.asset, f.symbol));
  if (f.id !== undefined) conds.push(eq(p2pSales.listingId, f.id));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(p2pSales).where(where).orderBy(desc(p2pSales.id)), page),
    store.db.select({ n: count() }).from(p2pSales).where(where),
  ]);
  const other = (r: SaleRow) => (role === 'buyer' ? r.sellerId : r.buyerId);
  const names = await uids(store.db, rows.map(other));
  return pageAnswer(
    rows.map((r) => saleView(ctx, r, role, names.get(other(r)) ?? '')),
    total,
  );
}
