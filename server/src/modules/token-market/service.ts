/**
 * The peer-to-peer token market. A listing freezes the seller's tokens (ledger hold); a purchase is one
 * journal transaction — tokens from the seller's hold to the buyer, USDT from the buyer to the seller minus
 * the seller's fee, the fee to `system:fees`; the seller can withdraw what is unsold (hold released). The
 * listing row is locked for the purchase, so two buyers can never take the same tokens.
 * Price is USDT per whole token; a purchase costs price × amount rounded up to the USDT minor unit, and the
 * seller's fee on it is rounded up too (never zero). A listing is worth at least the minimum trade value
 * (`p2p.min_usdt`), and so is every purchase: a part must be worth the minimum and leave at least that much,
 * or take all that is left.
 *
 * This file assembles the module's context once (context.ts) and hands it to the operations, one file each:
 * `sell.ts`, `buy.ts` (a purchase's terms, journal transaction and rows in named steps), `withdraw.ts` and
 * `queries.ts` (listings with the tokens' prices, sales). `terms.ts` checks a token and an amount, `rows.ts`
 * reads the rows they share (a locked listing, the sellers), `views.ts` answers; `math.ts` holds the cost.
 */

import { buy } from './buy';
import type { TokenMarketCtx, TokenMarketDeps } from './context';
import { listings, sales } from './queries';
import { sell } from './sell';
import { TOKEN_MARKET_SETTINGS } from './settings';
import { withdraw } from './withdraw';

export type { ListingView, SaleView, TokenMarketDeps } from './context';

export function createTokenMarket(deps: TokenMarketDeps) {
  const ctx: TokenMarketCtx = {
    store: deps.store,
    clock: deps.clock,
    ledger: deps.ledger,
    priceUsdt18: deps.priceUsdt18,
    settings: deps.settings.of(TOKEN_MARKET_SETTINGS),
    scaleOf: (symbol) => deps.assets.get(symbol),
  };
  /** An operation with the module's context bound: the same call the handlers and the app make. */
  const op =
    <A extends unknown[], R>(fn: (c: TokenMarketCtx, ...args: A) => R) =>
    (...args: A): R =>
      fn(ctx, ...args);

  return { sell: op(sell), buy: op(buy), withdraw: op(withdraw), listings: op(listings), sales: op(sales) };
}

export type TokenMarket = ReturnType<typeof createTokenMarket>;
