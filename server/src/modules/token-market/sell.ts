/** Listing tokens for sale: they are frozen on the seller's spot account until sold or withdrawn. */
import assert from 'node:assert/strict';
import type { ExactDecimal } from '@nexa/contract';
import { minorUnits } from '../../kernel/assets';
import { DomainError } from '../../kernel/errors';
import { type ListingView, NO_SELLER, QUOTE, type TokenMarketCtx } from './context';
import { costOf } from './math';
import { sellers } from './rows';
import { p2pListings } from './tables';
import { listedAsset } from './terms';
import { listingView } from './views';

/** Lists tokens for sale; they are frozen on the seller's spot account until sold or withdrawn. */
export async function sell(
  ctx: TokenMarketCtx,
  userId: number,
  b: { symbol: string; price: bigint; amount: ExactDecimal; request_id?: string | undefined },
): Promise<ListingView> {
  const { ledger, settings } = ctx;
  const asset = await listedAsset(ctx, b.symbol);
  const { price } = b;
  const amount = minorUnits(b.amount, asset, 'amount', 'invalid_format');
  const min = await settings.get('p2p.min_usdt');
  if (costOf(asset, price, amount) < min.units) {
    throw new DomainError('BelowMinimum', { min: `${min.text} ${QUOTE}` });
  }
  const feeRate = (await settings.get('p2p.fee_rate')).text;
  return ledger.withIdempotency(userId, b.request_id, 'p2p.sell', b, async (tx) => {
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(p2pListings)
      .values({
        userId,
        asset: asset.symbol,
        price,
        amount,
        remaining: amount,
        status: 'open',
        feeRate,
        requestId: b.request_id ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    assert(row, 'listing not written');
    await ledger.freeze(tx, {
      account: { userId, asset: asset.symbol, kind: 'spot' },
      amount,
      cause: 'p2p.list',
      ref: String(row.id),
      remark: `${asset.symbol} @ ${b.price}`,
      userId,
      requestId: b.request_id ?? null,
    });
    return listingView(ctx, row, userId, (await sellers(ctx, [userId], tx)).get(userId) ?? NO_SELLER);
  });
}
