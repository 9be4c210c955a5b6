/**
 * Buying all or part of someone else's open listing, in one transaction with the listing locked: the part's
 * terms (what it costs, the minimum trade value it and what it leaves must meet), its one journal transaction
 * (tokens from the seller's hold to the buyer, USDT from the buyer to the seller less the fee, the fee to
 * `system:fees`), and the listing's and sale's rows.
 */
import assert from 'node:assert/strict';
import type { ExactDecimal } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import { minorUnits } from '../../kernel/assets';
import { DomainError, ValidationError } from '../../kernel/errors';
import { feeOf, parseRate } from '../../kernel/units';
import { SYSTEM } from '../../ledger';
import type { Tx } from '../../store';
import { type ListingRow, QUOTE, type SaleView, type TokenMarketCtx } from './context';
import { costOf } from './math';
import { lockListing, uids } from './rows';
import { p2pListings, p2pSales } from './tables';
import { saleView } from './views';

interface BuyBody {
  id: number;
  amount?: ExactDecimal | undefined;
  request_id?: string | undefined;
}

/** A purchase's amount, cost and the seller's fee. */
interface Part {
  readonly amount: bigint;
  readonly total: bigint;
  readonly fee: bigint;
}

/** Buys all (no amount) or part of someone else's open listing, atomically. */
export async function buy(ctx: TokenMarketCtx, userId: number, b: BuyBody): Promise<SaleView> {
  return ctx.ledger.withIdempotency(userId, b.request_id, 'p2p.buy', b, async (tx) => {
    const l = await lockListing(tx, b.id);
    if (!l) throw new DomainError('NotFound');
    if (l.userId === userId) throw new DomainError('OwnListing');
    if (l.status !== 'open') throw new DomainError('InvalidState');
    const part = await partOf(ctx, l, b.amount);
    const ledgerTxId = await postPurchase(ctx, tx, l, userId, part, b.request_id ?? null);
    return recordSale(ctx, tx, l, userId, part, ledgerTxId);
  });
}

/** The part bought and what it costs: worth at least the minimum trade value, leaving none or at least that much. */
async function partOf(ctx: TokenMarketCtx, l: ListingRow, sent: ExactDecimal | undefined): Promise<Part> {
  const asset = ctx.scaleOf(l.asset);
  const amount = sent === undefined ? l.remaining : minorUnits(sent, asset, 'amount', 'invalid_format');
  if (amount > l.remaining) throw new ValidationError('amount', 'too_big');
  const total = costOf(asset, l.price, amount);
  // Every purchase is worth at least the minimum trade value, and leaves none or at least that much.
  const { text: minText, units: min } = await ctx.settings.get('p2p.min_usdt');
  const left = l.remaining - amount;
  if (left > 0n && total < min) throw new DomainError('BelowMinimum', { min: `${minText} ${QUOTE}` });
  if (left > 0n && costOf(asset, l.price, left) < min) {
    throw new DomainError('RemainderTooSmall', { min: `${minText} ${QUOTE}` });
  }
  return { amount, total, fee: feeOf(total, parseRate(l.feeRate)) };
}

/** The purchase's one journal transaction; its id. */
async function postPurchase(
  ctx: TokenMarketCtx,
  tx: Tx,
  l: ListingRow,
  userId: number,
  { amount, total, fee }: Part,
  requestId: string | null,
) {
  const { ledger } = ctx;
  const account = (u: number, a: string) => ledger.account(tx, { userId: u, asset: a, kind: 'spot' });
  const sellerTokens = await account(l.userId, l.asset);
  const buyerTokens = await account(userId, l.asset);
  const buyerUsdt = await account(userId, QUOTE);
  const sellerUsdt = await account(l.userId, QUOTE);
  const fees = await ledger.systemAccount(tx, SYSTEM.fees, QUOTE);
  const postings = [
    { account: sellerTokens, bucket: 'frozen' as const, amount: -amount },
    { account: buyerTokens, bucket: 'available' as const, amount },
    { account: buyerUsdt, bucket: 'available' as const, amount: -total },
    { account: sellerUsdt, bucket: 'available' as const, amount: total - fee },
    { account: fees, bucket: 'available' as const, amount: fee },
  ].filter((p) => p.amount !== 0n);
  return ledger.post(tx, {
    cause: 'p2p.buy',
    ref: String(l.id),
    remark: `${l.asset} listing ${l.id}`,
    userId,
    requestId,
    postings,
  });
}

/** The listing's rest (sold when none is left) and the sale's row; the buyer's answer. */
async function recordSale(
  ctx: TokenMarketCtx,
  tx: Tx,
  l: ListingRow,
  userId: number,
  { amount, total, fee }: Part,
  ledgerTxId: Awaited<ReturnType<typeof postPurchase>>,
): Promise<SaleView> {
  const now = ctx.clock.now();
  const remaining = l.remaining - amount;
  await tx
    .update(p2pListings)
    .set({ remaining, status: remaining === 0n ? 'sold' : 'open', updatedAt: now })
    .where(eq(p2pListings.id, l.id));
  const [sale] = await tx
    .insert(p2pSales)
    .values({
      listingId: l.id,
      sellerId: l.userId,
      buyerId: userId,
      asset: l.asset,
      price: l.price,
      amount,
      total,
      fee,
      ledgerTxId,
      createdAt: now,
    })
    .returning();
  assert(sale, 'sale not written');
  return saleView(ctx, sale, 'buyer', (await uids(tx, [l.userId])).get(l.userId) ?? '');
}
