import { causeNames, SPOT_CAUSES } from '@nexa/contract';
import { defineModule, type ModuleOwnership } from '../../kernel/module';
import { SYSTEM } from '../../ledger';
import { createMarket, type MarketDeps } from '.';

/** What the module may touch beyond its tables (the ledger and bus it is given hold it to this). */
export const SPOT_OWNS: ModuleOwnership = {
  causes: causeNames(SPOT_CAUSES),
  // The exchange converts on the spot books: the fills it takes are recorded as the wallet's exchange.
  postsFor: ['exchange'],
  systemAccounts: [SYSTEM.fees],
  publishes: ['book.update', 'book.snapshot', 'trade', 'order.update'],
};

/** Spot trading on the order books. */
export function spotModule(deps: MarketDeps) {
  const market = createMarket(deps);
  return {
    api: market,
    module: defineModule({
      domains: ['spot'],
      owns: SPOT_OWNS,
      handlers: {
        '/v1/order/submitTrade': (ctx) => market.submit(ctx.me().id, ctx.body),
        '/v1/order/batchCancelOrder': async (ctx) => {
          const { order_id, order_ids = [], instId } = ctx.body;
          const orderIds = order_id === undefined ? order_ids : [order_id, ...order_ids];
          return { list: await market.cancel(ctx.me().id, { orderIds, instId }) };
        },
        '/v1/order/meTradeList': (ctx) =>
          market.orders(ctx.me().id, { open: ctx.body.state === 'open', instId: ctx.body.instId }, ctx.body),
        '/v1/order/list': (ctx) =>
          market.orders(
            ctx.me().id,
            {
              open: ctx.body.status === undefined ? undefined : ctx.body.status === 1,
              instId: ctx.body.instId,
            },
            ctx.body,
          ),
        '/v1/market/instruments': async () => ({ list: await market.instruments() }),
        '/v1/market/depth': (ctx) => market.depth(ctx.body.instId, ctx.body.n),
      },
      // Every book is rebuilt from the store's open orders (its snapshot reaches the live feed).
      start: () => market.start(),
      close: () => market.close(),
    }),
  };
}
