/** The collections with their pools, a user's cast orders (one, or a page) and NFTs (a page, or one). */

import { formatAmount } from '@nexa/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { onPage, pageAnswer } from '../../store/paging';
import type { NftCtx, NftRow, NftView, OrderView } from './context';
import { nftCollections, nftOrders, nfts } from './tables';
import { nftViews, orderView, poolViews } from './views';

export async function collections(ctx: NftCtx) {
  const { store, assets } = ctx;
  const [cols, pools] = await Promise.all([
    store.db.select().from(nftCollections).orderBy(nftCollections.id),
    poolViews(ctx),
  ]);
  return {
    list: cols.map((c) => ({
      id: c.id,
      name: c.name,
      symbol: c.symbol,
      kind: c.kind,
      fee: formatAmount(c.fee, assets.get(c.feeAsset).scale),
      fee_asset: c.feeAsset,
      cap: c.cap,
      minted: c.minted,
      pools: pools.filter((p) => p.collection_id === c.id),
    })),
  };
}

export async function order(ctx: NftCtx, userId: number, id: number): Promise<OrderView> {
  const [o] = await ctx.store.db
    .select()
    .from(nftOrders)
    .where(and(eq(nftOrders.id, id), eq(nftOrders.userId, userId)));
  if (!o) throw new DomainError('NftOrderNotFound');
  return orderView(ctx, o);
}

export async function orders(
  ctx: NftCtx,
  userId: number,
  q: { kind?: 'art' | 'nameplate' | undefined; page: number; size: number },
) {
  const { store } = ctx;
  const where = and(
    eq(nftOrders.userId, userId),
    q.kind
      ? sql`${nftOrders.collectionId} in (select id from nft_collections where kind = ${q.kind})`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(nftOrders).where(where).orderBy(desc(nftOrders.id)), q),
    store.db.select({ n: count() }).from(nftOrders).where(where),
  ]);
  const list: OrderView[] = [];
  for (const o of rows) list.push(await orderView(ctx, o));
  return pageAnswer(list, total);
}

export async function myNfts(
  ctx: NftCtx,
  userId: number,
  q: { status?: NftRow['status'] | undefined; page: number; size: number },
) {
  const { store } = ctx;
  const where = and(eq(nfts.ownerId, userId), q.status ? eq(nfts.status, q.status) : undefined);
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(nfts).where(where).orderBy(desc(nfts.id)), q),
    store.db.select({ n: count() }).from(nfts).where(where),
  ]);
  return pageAnswer(await nftViews(ctx, rows), total);
}

export async function detail(ctx: NftCtx, userId: number, id: number): Promise<NftView> {
  const [n] = await ctx.store.db
    .select()
    .from(nfts)
    .where(and(eq(nfts.id, id), eq(nfts.ownerId, userId)));
  if (!n) throw new DomainError('NftNotFound');
  const [v] = await nftViews(ctx, [n]);
  if (!v) throw new DomainError('NftNotFound');
  return v;
}
