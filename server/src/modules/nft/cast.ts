/**
 * Casting: each user's quota of casts (a base quota, more bought at a set price up to a most), and a cast, which
 * pays the collection's fee from the spot account, takes one cast of the quota and makes the collection's next
 * NFT with a rarity drawn at random (a nameplate's NFT carries the name its caster chose).
 */
import { randomInt } from 'node:crypto';
import { parseAmount } from '@nexa/contract';
import { eq, sql } from 'drizzle-orm';
import { DomainError, ValidationError } from '../../kernel/errors';
import type { Tx } from '../../store';
import { NFT_SYSTEM, type NftCtx, type OrderView, usdtAsset } from './context';
import { rarityOf } from './math';
import { order } from './queries';
import { nftCollections, nftOrders, nftQuota, nfts } from './tables';

async function quotaOf(ctx: NftCtx, db: NftCtx['store']['db'] | Tx, userId: number) {
  const { settings } = ctx;
  const [row] = await db.select().from(nftQuota).where(eq(nftQuota.userId, userId));
  const base = await settings.get('nft.base_quota');
  const max = await settings.get('nft.max_bought');
  const bought = row?.bought ?? 0;
  const used = row?.used ?? 0;
  return {
    quota: Math.max(0, base + bought - used),
    base,
    bought,
    used,
    price: await settings.get('nft.quota_price'),
    asset: usdtAsset(ctx).symbol,
    can_buy: Math.max(0, max - bought),
  };
}

export const getQuota = (ctx: NftCtx, userId: number) => quotaOf(ctx, ctx.store.db, userId);

export async function addQuota(
  ctx: NftCtx,
  userId: number,
  body: { count: number; request_id?: string | undefined },
) {
  const { settings, ledger } = ctx;
  const usdt = () => usdtAsset(ctx);
  const price = parseAmount(await settings.get('nft.quota_price'), usdt().scale) ?? 0n;
  await settings.get('nft.max_bought');
  await settings.get('nft.base_quota');
  return ledger.withIdempotency(userId, body.request_id, 'nft.quota', body, async (tx) => {
    await tx.insert(nftQuota).values({ userId }).onConflictDoNothing();
    await tx.select().from(nftQuota).where(eq(nftQuota.userId, userId)).for('update');
    const q = await quotaOf(ctx, tx, userId);
    if (body.count > q.can_buy) throw new DomainError('CastQuotaLimit', { max: String(q.can_buy) });
    if (price > 0n) {
      await ledger.transfer(tx, {
        from: { userId, asset: usdt().symbol, kind: 'spot' },
        to: { system: NFT_SYSTEM.fees, asset: usdt().symbol },
        amount: price * BigInt(body.count),
        cause: 'nft.quota',
        remark: `× ${body.count}`,
        userId,
        requestId: body.request_id ?? null,
      });
    }
    await tx
      .update(nftQuota)
      .set({ bought: sql`${nftQuota.bought} + ${body.count}` })
      .where(eq(nftQuota.userId, userId));
    return quotaOf(ctx, tx, userId);
  });
}

export async function cast(
  ctx: NftCtx,
  userId: number,
  body: { collection_id: number; name?: string | undefined; request_id?: string | undefined },
): Promise<OrderView> {
  const { store, clock, ledger, settings } = ctx;
  const [c0] = await store.db.select().from(nftCollections).where(eq(nftCollections.id, body.collection_id));
  if (!c0) throw new DomainError('CollectionNotFound');
  if (c0.kind === 'nameplate' && !body.name) throw new ValidationError('name', 'required');
  const rarities = await settings.get('nft.rarities');
  await quotaOf(ctx, store.db, userId);
  const draw = randomInt(0, 100);
  const orderId = await ledger.withIdempotency(userId, body.request_id, 'nft.cast', body, async (tx) => {
    const [c] = await tx
      .select()
      .from(nftCollections)
      .where(eq(nftCollections.id, body.collection_id))
      .for('update');
    if (!c) throw new DomainError('CollectionNotFound');
    if (c.cap !== null && c.minted >= c.cap) throw new DomainError('CollectionSoldOut');
    await tx.insert(nftQuota).values({ userId }).onConflictDoNothing();
    await tx.select().from(nftQuota).where(eq(nftQuota.userId, userId)).for('update');
    if ((await quotaOf(ctx, tx, userId)).quota <= 0) throw new DomainError('CastQuotaExhausted');
    const rarity = rarityOf(draw, rarities);
    const serial = c.minted + 1;
    const name = c.kind === 'nameplate' && body.name ? body.name : `${c.name} #${serial}`;
    const [n] = await tx
      .insert(nfts)
      .values({
        collectionId: c.id,
        serial,
        ownerId: userId,
        name,
        rarity,
        weight: rarities[rarity].weight,
        status: 'held',
        mintedAt: clock.now(),
      })
      .returning();
    if (!n) throw new Error('nft not written');
    const [o] = await tx
      .insert(nftOrders)
      .values({
        userId,
        collectionId: c.id,
        nftId: n.id,
        feeAsset: c.feeAsset,
        fee: c.fee,
        name: c.kind === 'nameplate' ? name : null,
        createdAt: clock.now(),
      })
      .returning();
    if (!o) throw new Error('cast order not written');
    await tx.update(nftCollections).set({ minted: serial }).where(eq(nftCollections.id, c.id));
    await tx
      .update(nftQuota)
      .set({ used: sql`${nftQuota.used} + 1` })
      .where(eq(nftQuota.userId, userId));
    if (c.fee > 0n) {
      await ledger.transfer(tx, {
        from: { userId, asset: c.feeAsset, kind: 'spot' },
        to: { system: NFT_SYSTEM.fees, asset: c.feeAsset },
        amount: c.fee,
        cause: 'nft.cast',
        ref: `nft:${n.id}`,
        remark: name,
        userId,
        requestId: body.request_id ?? null,
      });
    }
    return o.id;
  });
  return order(ctx, userId, orderId);
}
