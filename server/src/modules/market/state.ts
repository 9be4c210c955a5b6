/**
 * What operators watch of the markets: where reference prices come from, every book (spot and swap) with
 * its reference price and age, best prices and depth, and the demo market maker's orders and balances.
 */
import { formatAmount } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import { schema } from '../../store';
import type { MarketDataCtx, MarketState } from './context';
import { indexPrice, referenceAt } from './prices';
import type { VenueBook } from './reference';

export async function marketState(ctx: MarketDataCtx): Promise<MarketState> {
  const { deps } = ctx;
  const makerId = ctx.state.reference?.makerId ?? null;
  const now = deps.clock.now().getTime();
  const spot: readonly VenueBook[] = (await deps.venue.books?.(makerId)) ?? [];
  const swaps: readonly VenueBook[] = (await deps.swapVenue?.().books?.(makerId)) ?? [];
  const list = [...spot, ...swaps].map((b) => {
    const ref = b.underlying ?? b.instId;
    const at = referenceAt(ctx, ref);
    return {
      instId: b.instId,
      inst_type: b.underlying ? ('SWAP' as const) : ('SPOT' as const),
      enabled: b.enabled,
      reference: { instId: ref, price: indexPrice(ctx, ref), age_ms: at === undefined ? null : now - at },
      best_bid: b.bestBid,
      best_ask: b.bestAsk,
      bid_levels: b.bidLevels,
      ask_levels: b.askLevels,
      bid_orders: b.bidOrders,
      ask_orders: b.askOrders,
      maker_orders: b.userOrders,
    };
  });
  let uid: string | null = null;
  let balances: MarketState['maker']['balances'] = [];
  if (makerId !== null) {
    const [u] = await deps.store.db
      .select({ uid: schema.users.uid })
      .from(schema.users)
      .where(eq(schema.users.id, makerId));
    uid = u?.uid ?? null;
    balances = (await deps.ledger.balances(makerId)).map((b) => {
      const scale = deps.assets.get(b.asset).scale;
      return {
        asset: b.asset,
        account: b.kind,
        available: formatAmount(b.available, scale),
        frozen: formatAmount(b.frozen, scale),
      };
    });
  }
  return {
    source: deps.config.marketSource,
    maker: {
      running: makerId !== null,
      uid,
      orders: list.reduce((n, b) => n + b.maker_orders, 0),
      balances,
    },
    list,
  };
}
