import { causeNames, TOKEN_MARKET_CAUSES } from '@nexa/contract';
import { defineEntry, defineModule, type ModuleOwnership } from '../../kernel/module';
import { SYSTEM } from '../../ledger';
import { createTokenMarket, type TokenMarketDeps } from './service';
import { TOKEN_MARKET_SETTINGS } from './settings';

/** What the module may touch beyond its tables (the ledger and bus it is given hold it to this). */
export const TOKEN_MARKET_OWNS: ModuleOwnership = {
  causes: causeNames(TOKEN_MARKET_CAUSES),
  systemAccounts: [SYSTEM.fees],
  publishes: [],
};

/** The peer-to-peer token market: listings at a fixed price, bought in parts. */
function buildTokenMarket(deps: TokenMarketDeps) {
  const market = createTokenMarket(deps);
  return {
    api: market,
    module: defineModule({
      domains: ['token-market'],
      handlers: {
        '/api/trade/sellList': (ctx) => market.listings(ctx.me().id, ctx.body, ctx.body),
        '/api/trade/sellDetail': (ctx) => market.sales(ctx.me().id, 'seller', ctx.body, ctx.body),
        '/api/trade/buyDetail': (ctx) => market.sales(ctx.me().id, 'buyer', ctx.body, ctx.body),
        '/api/trade/sell': (ctx) => market.sell(ctx.me().id, ctx.body),
        '/api/trade/buy': (ctx) => market.buy(ctx.me().id, ctx.body),
        '/api/trade/cancelSell': (ctx) => market.withdraw(ctx.me().id, ctx.body.id),
      },
    }),
  };
}

export const tokenMarketModule = defineEntry({
  name: 'token-market',
  settings: TOKEN_MARKET_SETTINGS,
  owns: TOKEN_MARKET_OWNS,
  build: buildTokenMarket,
});
