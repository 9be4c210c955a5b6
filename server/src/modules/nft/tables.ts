import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { minor, ts } from '../../store/schema/columns';

/** NFT collections: casting fee (USDT minor units) and an optional cap on how many are ever cast. */
export const nftCollections = pgTable('nft_collections', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  symbol: text('symbol').notNull(),
  kind: text('kind', { enum: ['art', 'nameplate'] }).notNull(),
  feeAsset: text('fee_asset').notNull(),
  fee: minor('fee').notNull(),
  cap: integer('cap'),
  minted: integer('minted').notNull().default(0),
  createdAt: ts('created_at').notNull(),
});

/** Pools of a collection: each platform day its budget is shared by the weight of the NFTs staked in it. */
export const nftPools = pgTable('nft_pools', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  collectionId: integer('collection_id').notNull(),
  name: text('name').notNull(),
  asset: text('asset').notNull(),
  dailyBudget: minor('daily_budget').notNull(),
  status: text('status', { enum: ['active', 'paused', 'closed'] }).notNull(),
  createdAt: ts('created_at').notNull(),
});

export const nfts = pgTable(
  'nfts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    collectionId: integer('collection_id').notNull(),
    serial: integer('serial').notNull(),
    ownerId: integer('owner_id').notNull(),
    name: text('name').notNull(),
    rarity: text('rarity', { enum: ['common', 'rare', 'epic', 'legendary'] }).notNull(),
    weight: integer('weight').notNull(),
    status: text('status', { enum: ['held', 'staked'] }).notNull(),
    mintedAt: ts('minted_at').notNull(),
  },
  (t) => [
    uniqueIndex('nfts_serial_key').on(t.collectionId, t.serial),
    index('nfts_owner_idx').on(t.ownerId, t.id),
  ],
);

/** Cast orders: the fee paid for each NFT (a nameplate's order carries its name). */
export const nftOrders = pgTable(
  'nft_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    collectionId: integer('collection_id').notNull(),
    nftId: integer('nft_id').notNull(),
    feeAsset: text('fee_asset').notNull(),
    fee: minor('fee').notNull(),
    name: text('name'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('nft_orders_user_idx').on(t.userId, t.id)],
);

/** Casting quota bought and used per user (the base quota is a setting). */
export const nftQuota = pgTable('nft_quota', {
  userId: integer('user_id').primaryKey(),
  bought: integer('bought').notNull().default(0),
  used: integer('used').notNull().default(0),
});

/** An NFT staked in a pool: it weighs on the days `start_day` ≤ d < `end_day` (open while staked). */
export const nftStakes = pgTable(
  'nft_stakes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    nftId: integer('nft_id').notNull(),
    poolId: integer('pool_id').notNull(),
    userId: integer('user_id').notNull(),
    weight: integer('weight').notNull(),
    asset: text('asset').notNull(),
    startDay: integer('start_day').notNull(),
    endDay: integer('end_day'),
    earned: minor('earned').notNull().default(sql`0`),
    status: text('status', { enum: ['staking', 'ended'] }).notNull(),
    createdAt: ts('created_at').notNull(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    index('nft_stakes_user_idx').on(t.userId, t.id),
    index('nft_stakes_pool_idx').on(t.poolId, t.startDay),
    uniqueIndex('nft_stakes_open_key').on(t.nftId).where(sql`${t.status} = 'staking'`),
  ],
);

/** Liquidity inside the platform: USDT and BWC of equal value, weighing by `value` on days start ≤ d < end. */
export const lpPositions = pgTable(
  'lp_positions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    usdt: minor('usdt').notNull(),
    base: minor('base').notNull(),
    value: minor('value').notNull(),
    startDay: integer('start_day').notNull(),
    endDay: integer('end_day'),
    earned: minor('earned').notNull().default(sql`0`),
    status: text('status', { enum: ['active', 'removed'] }).notNull(),
    createdAt: ts('created_at').notNull(),
    removedAt: ts('removed_at'),
  },
  (t) => [index('lp_positions_user_idx').on(t.userId, t.id)],
);
