import { z } from 'zod';
import { live, liveList } from '../../endpoint';
import { zExactAmount, zUsdtAmount } from '../../money';
import { zTime } from '../../schemas';
import { zRequestId } from '../wallet/endpoints';

export const NFT_RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;
export const NFT_STATUSES = ['held', 'staked'] as const;
export const NFT_STAKE_STATUSES = ['staking', 'ended'] as const;
export const COLLECTION_KINDS = ['art', 'nameplate'] as const;
export const LP_STATUSES = ['active', 'removed'] as const;

/** A pool of a collection: NFTs staked in it share its daily budget by weight. */
export const zNftPool = z.object({
  id: z.number().int(),
  collection_id: z.number().int(),
  name: z.string(),
  asset: z.string(),
  daily_budget: z.string(),
  /** Weight staked in the pool now (the sum of its NFTs' weights). */
  staked_weight: z.number().int(),
  status: z.enum(['active', 'paused', 'closed']),
});

export const zCollection = z.object({
  id: z.number().int(),
  name: z.string(),
  symbol: z.string(),
  kind: z.enum(COLLECTION_KINDS),
  fee: z.string(),
  fee_asset: z.string(),
  /** How many may ever be cast (null: no limit), and how many were. */
  cap: z.number().int().nullable(),
  minted: z.number().int(),
  pools: z.array(zNftPool),
});

/** One NFT of mine: its rarity sets its weight in a pool. */
export const zNft = z.object({
  id: z.number().int(),
  collection_id: z.number().int(),
  collection: z.string(),
  symbol: z.string(),
  serial: z.number().int(),
  name: z.string(),
  rarity: z.enum(NFT_RARITIES),
  weight: z.number().int(),
  status: z.enum(NFT_STATUSES),
  /** The pool it is staked in. */
  pool_id: z.number().int().nullable(),
  pool: z.string().nullable(),
  /** All it has earned in pools, in the pools' asset. */
  earned: z.string(),
  minted_at: zTime,
});

/** A stake of an NFT in a pool: it weighs from the next platform day until the day it is taken out. */
export const zNftStake = z.object({
  id: z.number().int(),
  nft_id: z.number().int(),
  nft: z.string(),
  pool_id: z.number().int(),
  pool: z.string(),
  weight: z.number().int(),
  asset: z.string(),
  earned: z.string(),
  status: z.enum(NFT_STAKE_STATUSES),
  start_at: zTime,
  ended_at: zTime.nullable(),
});

/** A cast order: the fee paid and the NFT it made (a nameplate carries the name chosen). */
export const zNftOrder = z.object({
  id: z.number().int(),
  collection: z.string(),
  kind: z.enum(COLLECTION_KINDS),
  fee: z.string(),
  fee_asset: z.string(),
  name: z.string().nullable(),
  nft: zNft,
  created_at: zTime,
});

export const zCastQuota = z.object({
  /** Casts left: base + bought − used. */
  quota: z.number().int(),
  base: z.number().int(),
  bought: z.number().int(),
  used: z.number().int(),
  /** Price of one more cast, and how many more may be bought. */
  price: z.string(),
  asset: z.string(),
  can_buy: z.number().int(),
});

/** Liquidity inside the platform: USDT and BWC of equal value at the market price, earning the pool's budget. */
export const zLpPosition = z.object({
  id: z.number().int(),
  usdt: z.string(),
  bwc: z.string(),
  /** Its value in USDT when added: its weight in the day's rewards. */
  value: z.string(),
  earned: z.string(),
  status: z.enum(LP_STATUSES),
  created_at: zTime,
  removed_at: zTime.nullable(),
});

const zAdminPool = zNftPool.extend({ paid: z.string(), queued: z.string() });

/** NFTs (collections, casting with a quota, pools earning a daily budget) and liquidity (inside and on chain). */
export const nftEndpoints = {
  '/v1/nft/collections': live('nft', {
    summary: 'Collections with their casting fee, cap and pools',
    extension: true,
    auth: false,
    request: z.object({}),
    data: z.object({ list: z.array(zCollection) }),
  }),
  '/api/assets/getNum': live('nft', {
    summary: 'My casting quota: base, bought, used, left, and the price of one more',
    request: z.object({}),
    data: zCastQuota,
  }),
  '/api/assets/addNum': live('nft', {
    summary: 'Buy more casting quota from the spot account',
    request: z.object({
      count: z.number().int().min(1).max(100),
      request_id: zRequestId.optional(),
    }),
    data: zCastQuota,
    errors: ['CastQuotaLimit', 'InsufficientBalance', 'IdempotencyConflict'],
  }),
  '/api/cast/cast': live('nft', {
    summary:
      'Cast (mint) an NFT of a collection: one cast of my quota and the fee; its rarity is drawn at random (a nameplate carries the name given)',
    request: z.object({
      collection_id: z.number().int().positive(),
      name: z.string().trim().min(1).max(24).optional(),
      request_id: zRequestId.optional(),
    }),
    data: zNftOrder,
    errors: [
      'CollectionNotFound',
      'CollectionSoldOut',
      'CastQuotaExhausted',
      'InsufficientBalance',
      'IdempotencyConflict',
    ],
  }),
  '/api/nameplate/getOrderDetail': live('nft', {
    summary: 'One of my cast orders (a nameplate order with its name, or any cast)',
    request: z.object({ id: z.number().int().positive() }),
    data: zNftOrder,
    errors: ['NftOrderNotFound'],
  }),
  '/v1/nft/orders': liveList('nft', {
    summary: 'My cast orders, newest first',
    extension: true,
    filters: { kind: z.enum(COLLECTION_KINDS).optional() },
    item: zNftOrder,
  }),
  '/api/assets/nftRecord': liveList('nft', {
    summary: 'My NFTs, newest first, held or staked',
    filters: { status: z.enum(NFT_STATUSES).optional() },
    item: zNft,
  }),
  '/v1/nft/detail': live('nft', {
    summary: 'One NFT of mine',
    extension: true,
    request: z.object({ id: z.number().int().positive() }),
    data: zNft,
    errors: ['NftNotFound'],
  }),
  '/api/assets/nftPoolRecord': liveList('nft', {
    summary: 'My NFTs staked in pools, newest first, with what each stake earned',
    filters: { status: z.enum(NFT_STAKE_STATUSES).optional() },
    item: zNftStake,
    extraData: { totals: z.array(z.object({ asset: z.string(), earned: z.string() })) },
  }),
  '/v1/nft/stake': live('nft', {
    summary: "Stake an NFT in one of its collection's pools: it weighs from the next platform day",
    extension: true,
    request: z.object({
      nft_id: z.number().int().positive(),
      pool_id: z.number().int().positive(),
      request_id: zRequestId.optional(),
    }),
    data: zNftStake,
    errors: ['NftNotFound', 'NftPoolNotFound', 'NftStaked', 'IdempotencyConflict'],
  }),
  '/v1/nft/unstake': live('nft', {
    summary: 'Take an NFT out of its pool (today no longer counts)',
    extension: true,
    request: z.object({ nft_id: z.number().int().positive(), request_id: zRequestId.optional() }),
    data: zNftStake,
    errors: ['NftNotFound', 'NftNotStaked', 'IdempotencyConflict'],
  }),
  '/api/lp/inner': live('nft', {
    summary:
      'Liquidity inside the platform: the BWC/USDT pool at the market price, its daily rewards, my positions',
    request: z.object({}),
    data: z.object({
      pair: z.string(),
      price: z.string().nullable(),
      reward_asset: z.string(),
      daily_budget: z.string(),
      total_value: z.string(),
      min_usdt: z.string(),
      my_value: z.string(),
      earned: z.string(),
      list: z.array(zLpPosition),
    }),
  }),
  '/v1/lp/add': live('nft', {
    summary:
      'Add liquidity: the USDT given and BWC of the same value at the market price leave the spot account for the pool',
    extension: true,
    request: z.object({ usdt: zUsdtAmount, request_id: zRequestId.optional() }),
    data: zLpPosition,
    errors: ['LpPriceUnavailable', 'InsufficientBalance', 'IdempotencyConflict'],
  }),
  '/v1/lp/remove': live('nft', {
    summary: 'Remove a liquidity position: the same USDT and BWC come back',
    extension: true,
    request: z.object({ id: z.number().int().positive(), request_id: zRequestId.optional() }),
    data: zLpPosition,
    errors: ['LpPositionNotFound', 'IdempotencyConflict'],
  }),
  '/v1/lp/records': liveList('nft', {
    summary: 'My liquidity rewards per platform day: my value, the pool total, the amount',
    extension: true,
    filters: {},
    item: z.object({
      id: z.number().int(),
      day: zTime,
      value: z.string(),
      total: z.string(),
      asset: z.string(),
      amount: z.string(),
      status: z.enum(['paid', 'queued']),
    }),
    extraData: { total_paid: z.string() },
  }),
  '/api/lp/chain': live('nft', {
    summary:
      'My liquidity on chain: the LP tokens my address holds in the configured pair, my share and what it stands for',
    request: z.object({}),
    data: z.object({
      configured: z.boolean(),
      chain_id: z.number().int().nullable(),
      pair: z.string().nullable(),
      address: z.string(),
      token0: z.string().nullable(),
      token1: z.string().nullable(),
      lp_balance: z.string(),
      total_supply: z.string(),
      share: z.string(),
      amount0: z.string(),
      amount1: z.string(),
    }),
    errors: ['NotAvailable'],
  }),
  '/admin/nft/pools': live('nft', {
    summary:
      'Every NFT pool and the liquidity pool: budget, paid, queued, and the rewards accounts they pay from',
    extension: true,
    access: { roles: ['admin', 'finance', 'support'] },
    request: z.object({}),
    data: z.object({
      list: z.array(zAdminPool),
      lp: z.object({
        daily_budget: z.string(),
        paid: z.string(),
        queued: z.string(),
        total_value: z.string(),
      }),
      accounts: z.array(z.object({ account: z.string(), asset: z.string(), balance: z.string() })),
    }),
  }),
  '/admin/nft/saveCollection': live('nft', {
    summary: 'Add a collection (art or nameplate) with its casting fee and cap',
    extension: true,
    access: { roles: ['admin'], acts: true },
    request: z.object({
      name: z.string().trim().min(1).max(40),
      symbol: z.string().trim().min(1).max(10),
      kind: z.enum(COLLECTION_KINDS),
      fee: zUsdtAmount,
      cap: z.number().int().positive().nullable().default(null),
    }),
    data: zCollection,
  }),
  '/admin/nft/savePool': live('nft', {
    summary: "Open a pool for a collection with a daily budget, or change a pool's budget or status",
    extension: true,
    access: { roles: ['admin'], acts: true },
    request: z.object({
      id: z.number().int().positive().optional(),
      collection_id: z.number().int().positive(),
      name: z.string().trim().min(1).max(40),
      daily_budget: zExactAmount,
      status: z.enum(['active', 'paused', 'closed']).default('active'),
    }),
    data: zNftPool,
    errors: ['CollectionNotFound', 'NftPoolNotFound'],
  }),
  '/admin/nft/fund': live('nft', {
    summary: "Fund the NFT pools' or the liquidity pool's rewards account from the platform's capital",
    extension: true,
    access: { roles: ['finance'], acts: true },
    request: z.object({
      account: z.enum(['nft', 'lp']),
      amount: zExactAmount,
      /** Why the operator funds it: kept in the audit log. */
      reason: z.string().trim().min(1).max(200).optional(),
    }),
    data: z.object({ account: z.string(), asset: z.string(), balance: z.string() }),
  }),
} as const;
