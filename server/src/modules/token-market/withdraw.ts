/** Withdrawing what is unsold of one's own listing: the tokens are released from the hold. */
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { type ListingView, NO_SELLER, type TokenMarketCtx } from './context';
import { lockListing, sellers } from './rows';
import { p2pListings } from './tables';
import { listingView } from './views';

/** Withdraws what is unsold of one's own listing: the tokens are released. */
export async function withdraw(ctx: TokenMarketCtx, userId: number, id: number): Promise<ListingView> {
  return ctx.store.db.transaction(async (tx) => {
    const l = await lockListing(tx, id);
    if (!l || l.userId !== userId) throw new DomainError('NotFound');
    if (l.status !== 'open') throw new DomainError('InvalidState');
    await ctx.ledger.release(tx, {
      account: { userId, asset: l.asset, kind: 'spot' },
      amount: l.remaining,
      cause: 'p2p.withdraw',
      ref: String(l.id),
      userId,
    });
    const [row] = await tx
      .update(p2pListings)
      .set({ status: 'withdrawn', updatedAt: ctx.clock.now() })
      .where(eq(p2pListings.id, l.id))
      .returning();
    assert(row, 'listing vanished');
    return listingView(ctx, row, userId, (await sellers(ctx, [userId], tx)).get(userId) ?? NO_SELLER);
  });
}
