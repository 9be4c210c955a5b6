import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { minor, ts } from '../../store/schema/columns';

export const shopMerchants = pgTable(
  'shop_merchants',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    intro: text('intro').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'active', 'rejected', 'suspended'] }).notNull(),
    reason: text('reason'),
    fee: minor('fee').notNull(),
    sales: integer('sales').notNull().default(0),
    turnover: minor('turnover').notNull().default(sql`0`),
    createdAt: ts('created_at').notNull(),
    reviewedAt: ts('reviewed_at'),
  },
  (t) => [
    uniqueIndex('shop_merchants_user_key').on(t.userId),
    // The operators' review queue.
    index('shop_merchants_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** Categories, their names in every language (JSON). */
export const shopCategories = pgTable('shop_categories', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  names: text('names').notNull(),
  icon: text('icon').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** A good's title and description in one more language. */
export interface GoodsText {
  readonly title: string;
  readonly description: string;
}

/**
 * Goods. `images`: upload ids (JSON array), the first the cover. Stock is what is left to sell. `title` and
 * `description` are the merchant's own words (shown to every language without one of its own); `texts` holds
 * the same in other languages, by language code (the demo's goods in all seven): read with the good, never
 * queried alone, so a column beside it rather than a table of its own.
 */
export const shopProducts = pgTable(
  'shop_products',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    categoryId: integer('category_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    texts: jsonb('texts').$type<Partial<Record<string, GoodsText>>>().notNull().default({}),
    price: minor('price').notNull(),
    stock: integer('stock').notNull(),
    sold: integer('sold').notNull().default(0),
    images: text('images').notNull(),
    status: text('status', { enum: ['pending', 'on_sale', 'off_sale', 'taken_down'] }).notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('shop_products_list_idx').on(t.status, t.categoryId, t.id),
    index('shop_products_merchant_idx').on(t.merchantId, t.id),
  ],
);

export const shopAddresses = pgTable(
  'shop_addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    region: text('region').notNull(),
    detail: text('detail').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('shop_addresses_user_idx').on(t.userId, t.id)],
);

/**
 * Orders. The payment waits in escrow (`system:shop:escrow`) from purchase to completion (released to the
 * merchant less `fee`, of which `dividend` funds the consumer pool) or cancellation (refunded whole).
 * `settle_day` is the platform day it completed; `weight` its consumption weight (amount, doubled for a VIP
 * buyer) in that day's dividend.
 */
export const shopOrders = pgTable(
  'shop_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    buyerId: integer('buyer_id').notNull(),
    merchantId: integer('merchant_id').notNull(),
    merchantUserId: integer('merchant_user_id').notNull(),
    productId: integer('product_id').notNull(),
    title: text('title').notNull(),
    image: text('image'),
    quantity: integer('quantity').notNull(),
    unitPrice: minor('unit_price').notNull(),
    amount: minor('amount').notNull(),
    fee: minor('fee').notNull().default(sql`0`),
    dividend: minor('dividend').notNull().default(sql`0`),
    weight: minor('weight').notNull().default(sql`0`),
    status: text('status', { enum: ['paid', 'shipped', 'completed', 'canceled'] }).notNull(),
    address: text('address').notNull(),
    company: text('company'),
    tracking: text('tracking'),
    settleDay: integer('settle_day'),
    createdAt: ts('created_at').notNull(),
    shippedAt: ts('shipped_at'),
    autoConfirmAt: ts('auto_confirm_at'),
    completedAt: ts('completed_at'),
    canceledAt: ts('canceled_at'),
  },
  (t) => [
    index('shop_orders_buyer_idx').on(t.buyerId, t.id),
    index('shop_orders_merchant_idx').on(t.merchantId, t.id),
    index('shop_orders_settle_idx').on(t.settleDay).where(sql`${t.status} = 'completed'`),
    index('shop_orders_confirm_idx').on(t.autoConfirmAt).where(sql`${t.status} = 'shipped'`),
  ],
);

/** Shop wallet moves: recharges (done at once), withdrawals (held until `due_at`), flashes (done at once). */
export const shopMoves = pgTable(
  'shop_moves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind', { enum: ['recharge', 'withdrawal', 'flash'] }).notNull(),
    amount: minor('amount').notNull(),
    fee: minor('fee').notNull(),
    status: text('status', { enum: ['pending', 'done'] }).notNull(),
    createdAt: ts('created_at').notNull(),
    dueAt: ts('due_at'),
    doneAt: ts('done_at'),
  },
  (t) => [
    index('shop_moves_user_idx').on(t.userId, t.id),
    index('shop_moves_due_idx').on(t.dueAt).where(sql`${t.status} = 'pending'`),
  ],
);

export const shopVip = pgTable('shop_vip', {
  userId: integer('user_id').primaryKey(),
  until: ts('until').notNull(),
});
