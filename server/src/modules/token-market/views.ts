/** The answers: a listing and a sale as the caller sees them. */
import { fmt } from '../../kernel/units';
import {
  type ListingRow,
  type ListingView,
  QUOTE,
  type SaleRow,
  type SaleView,
  type Seller,
  type TokenMarketCtx,
} from './context';

export function listingView(
  ctx: TokenMarketCtx,
  row: ListingRow,
  userId: number,
  seller: Seller,
): ListingView {
  const a = ctx.scaleOf(row.asset);
  const usdt = ctx.scaleOf(QUOTE);
  return {
    id: row.id,
    symbol: row.asset,
    price: fmt(usdt, row.price),
    amount: fmt(a, row.amount),
    remaining: fmt(a, row.remaining),
    sold: fmt(a, row.amount - row.remaining),
    status: row.status,
    fee_rate: row.feeRate,
    seller_uid: seller.uid,
    seller_address: seller.address,
    seller_sales: seller.sales,
    mine: row.userId === userId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function saleView(
  ctx: TokenMarketCtx,
  row: SaleRow,
  role: 'buyer' | 'seller',
  counterpartyUid: string,
): SaleView {
  const a = ctx.scaleOf(row.asset);
  const usdt = ctx.scaleOf(QUOTE);
  return {
    id: row.id,
    listing_id: row.listingId,
    symbol: row.asset,
    role,
    counterparty_uid: counterpartyUid,
    price: fmt(usdt, row.price),
    amount: fmt(a, row.amount),
    total: fmt(usdt, row.total),
    fee: fmt(usdt, row.fee),
    net: fmt(usdt, row.total - row.fee),
    created_at: row.createdAt.toISOString(),
  };
}
