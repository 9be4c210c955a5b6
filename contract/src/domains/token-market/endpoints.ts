import { z } from 'zod';
import { live, liveList } from '../../endpoint';
import { USDT_SCALE, zExactAmount, zMinorUnits } from '../../money';
import { zTime } from '../../schemas';
import { zAsset, zRequestId } from '../wallet/endpoints';

export const LISTING_STATUSES = ['open', 'sold', 'withdrawn'] as const;

/** A peer-to-peer token listing. */
export const zListing = z.object({
  id: z.number().int(),
  symbol: z.string(),
  /** USDT per whole token. */
  price: z.string(),
  amount: z.string(),
  /** Still for sale. */
  remaining: z.string(),
  sold: z.string(),
  status: z.enum(LISTING_STATUSES),
  /** The seller's fee on each sale, as a fraction of its USDT total. */
  fee_rate: z.string(),
  seller_uid: z.string(),
  /** The seller's address, masked (head…tail), as the app shows addresses elsewhere. */
  seller_address: z.string(),
  /** Sales the seller has completed on the token market (each purchase from their listings is one). */
  seller_sales: z.number().int(),
  mine: z.boolean(),
  created_at: zTime,
  updated_at: zTime,
});

/** One purchase from a listing, seen by its buyer or its seller. */
export const zSale = z.object({
  id: z.number().int(),
  listing_id: z.number().int(),
  symbol: z.string(),
  role: z.enum(['buyer', 'seller']),
  counterparty_uid: z.string(),
  price: z.string(),
  amount: z.string(),
  /** USDT the buyer paid. */
  total: z.string(),
  /** USDT fee, paid by the seller out of the total. */
  fee: z.string(),
  /** USDT the seller received (total − fee). */
  net: z.string(),
  created_at: zTime,
});

/** The peer-to-peer token market: listings at a fixed price, bought in parts. */
export const tokenMarketEndpoints = {
  '/api/trade/sellList': liveList('token-market', {
    summary:
      'Token market: open listings, cheapest first (symbol filter); mine = 1 lists my own listings in every ' +
      'status (status filter), newest first; id picks one of my listings',
    filters: {
      symbol: zAsset.optional(),
      mine: z.coerce.number().int().min(0).max(1).default(0),
      id: z.coerce.number().int().positive().optional(),
      status: z.enum(LISTING_STATUSES).optional(),
    },
    item: zListing,
    extraData: {
      fee_rate: z.string(),
      min_usdt: z.string(),
      symbols: z.array(z.string()),
      /**
       * Per listable token: the platform's price in USDT (the live book's mid where there is one, else the
       * reference price: the one source every valuation reads), the cheapest open listing, and a suggested
       * listing price (the cheapest listing, else the market price). Null where there is none.
       */
      prices: z.array(
        z.object({
          symbol: z.string(),
          market: z.string().nullable(),
          lowest: z.string().nullable(),
          suggested: z.string().nullable(),
        }),
      ),
    },
  }),
  '/api/trade/sellDetail': liveList('token-market', {
    summary: 'Token market: sales from my listings (one listing with id), newest first',
    filters: { symbol: zAsset.optional(), id: z.coerce.number().int().positive().optional() },
    item: zSale,
  }),
  '/api/trade/buyDetail': liveList('token-market', {
    summary: 'Token market: my purchases, newest first',
    filters: { symbol: zAsset.optional() },
    item: zSale,
  }),
  '/api/trade/sell': live('token-market', {
    summary:
      'Token market: list tokens for sale at a USDT price; the tokens are held until sold or withdrawn',
    extension: true,
    request: z.object({
      symbol: zAsset,
      price: zMinorUnits(USDT_SCALE, 'invalid_format'),
      amount: zExactAmount,
      request_id: zRequestId.optional(),
    }),
    data: zListing,
    errors: ['InsufficientBalance', 'BelowMinimum', 'IdempotencyConflict'],
  }),
  '/api/trade/buy': live('token-market', {
    summary:
      'Token market: buy all (no amount) or part of a listing; USDT goes to the seller minus the fee, tokens to the buyer',
    extension: true,
    request: z.object({
      id: z.coerce.number().int().positive(),
      amount: zExactAmount.optional(),
      request_id: zRequestId.optional(),
    }),
    data: zSale,
    errors: [
      'InsufficientBalance',
      'NotFound',
      'InvalidState',
      'OwnListing',
      'IdempotencyConflict',
      'BelowMinimum',
      'RemainderTooSmall',
    ],
  }),
  '/api/trade/cancelSell': live('token-market', {
    summary: 'Token market: withdraw what is left of my listing; the tokens are released',
    extension: true,
    request: z.object({ id: z.coerce.number().int().positive() }),
    data: zListing,
    errors: ['NotFound', 'InvalidState'],
  }),
} as const;
