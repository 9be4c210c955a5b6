import { LISTING_STATUSES } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { minor, ts } from '../../store/schema/columns';

/**
 * Peer-to-peer token market: a listing escrows `amount` of a platform token (frozen on the seller's spot
 * account) at a USDT `price` per whole token; buyers take all or part; the seller may withdraw the rest.
 */
export const p2pListings = pgTable(
  'p2p_listings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    asset: text('asset').notNull(),
    /** USDT minor units per whole token. */
    price: minor('price').notNull(),
    amount: minor('amount').notNull(),
    /** Unsold: for sale and frozen on the seller's account while open; given back once withdrawn. */
    remaining: minor('remaining').notNull(),
    status: text('status', { enum: LISTING_STATUSES }).notNull().default('open'),
    feeRate: text('fee_rate').notNull(),
    requestId: text('request_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('p2p_listings_open_idx').on(t.asset, t.price, t.id).where(sql`${t.status} = 'open'`),
    index('p2p_listings_user_idx').on(t.userId, t.id),
    check('p2p_listings_remaining_check', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`),
  ],
);

/** One purchase from a listing. `total` is what the buyer paid; the seller got total − fee. */
export const p2pSales = pgTable(
  'p2p_sales',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: integer('listing_id').notNull(),
    sellerId: integer('seller_id').notNull(),
    buyerId: integer('buyer_id').notNull(),
    asset: text('asset').notNull(),
    price: minor('price').notNull(),
    amount: minor('amount').notNull(),
    total: minor('total').notNull(),
    fee: minor('fee').notNull(),
    ledgerTxId: integer('ledger_tx_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('p2p_sales_listing_idx').on(t.listingId, t.id),
    index('p2p_sales_seller_idx').on(t.sellerId, t.id),
    index('p2p_sales_buyer_idx').on(t.buyerId, t.id),
  ],
);
