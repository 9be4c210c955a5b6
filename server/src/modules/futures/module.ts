import { causeNames, FUTURES_CAUSES } from '@nexa/contract';
import { defineEntry, defineModule, type ModuleOwnership } from '../../kernel/module';
import { createFutures, FUTURES_SYSTEM, type FuturesDeps } from './service';
import { FUTURES_SETTINGS, swapInstrumentsProblem } from './settings';

/** What the module may touch beyond its tables (the ledger and bus it is given hold it to this). */
export const FUTURES_OWNS: ModuleOwnership = {
  causes: causeNames(FUTURES_CAUSES),
  systemAccounts: [
    FUTURES_SYSTEM.pool,
    FUTURES_SYSTEM.fund,
    FUTURES_SYSTEM.funding,
    FUTURES_SYSTEM.fees,
    FUTURES_SYSTEM.capital,
  ],
  publishes: ['book.update', 'book.snapshot', 'trade', 'order.update', 'position.update', 'mark.price'],
};

/** Perpetual swaps: positions, leverage, triggers, funding and liquidation. Orders arrive through the order calls. */
function buildFutures(deps: FuturesDeps) {
  const futures = createFutures(deps);
  return {
    api: futures,
    module: defineModule({
      domains: ['futures'],
      checkSetting: (key, value) =>
        key === 'futures.instruments'
          ? swapInstrumentsProblem(FUTURES_SETTINGS['futures.instruments'].parse(value), (symbol) =>
              deps.assets.find(symbol),
            )
          : null,
      handlers: {
        '/v1/futures/instruments': async () => ({ list: await futures.instruments() }),
        '/v1/futures/exportCsv': (ctx) => futures.exportCsv(ctx.me().id, ctx.body, ctx.lang),
        '/v1/futures/account': (ctx) => futures.account(ctx.me().id),
        '/v1/futures/setLeverage': (ctx) =>
          futures.setLeverage(ctx.me().id, ctx.body.instId, ctx.body.lever, ctx.body.mgnMode),
        '/v1/futures/positions': async (ctx) => {
          await futures.readFree(ctx.me().id);
          return { list: futures.positions(ctx.me().id, ctx.body.instId) };
        },
        '/v1/futures/closePosition': (ctx) => futures.closePosition(ctx.me().id, ctx.body),
        '/v1/futures/closeAll': async (ctx) => ({ list: await futures.closeAll(ctx.me().id) }),
        '/v1/futures/setTpSl': (ctx) =>
          futures.setTpSl(ctx.me().id, {
            instId: ctx.body.instId,
            tp: ctx.body.tp_trigger_px,
            sl: ctx.body.sl_trigger_px,
          }),
        '/v1/futures/positionHistory': (ctx) =>
          futures.positionHistory(ctx.me().id, ctx.body.instId, ctx.body),
        '/v1/futures/fundingHistory': (ctx) => futures.fundingHistory(ctx.me().id, ctx.body.instId, ctx.body),
        '/v1/futures/fundingRates': (ctx) => futures.fundingRates(ctx.body.instId, ctx.body),
        '/admin/futures/positions': async (ctx) => {
          const closed = await futures.positionHistory(ctx.body.user_id, undefined, ctx.body);
          await futures.readFree(ctx.body.user_id);
          return { ...closed, open: futures.positions(ctx.body.user_id) };
        },
      },
      // Today's swap trading: volume and the fees both sides paid, USDT.
      dashboard: async (since) => {
        const t = await futures.tradedSince(since);
        return {
          figures: [
            { key: 'futures_volume', asset: 'USDT', count: t.count, amount: t.volume },
            { key: 'futures_fees', asset: 'USDT', count: t.count, amount: t.fees },
          ],
        };
      },
      start: () => futures.start(),
      close: () => futures.close(),
    }),
  };
}

export const futuresModule = defineEntry({
  name: 'futures',
  settings: FUTURES_SETTINGS,
  owns: FUTURES_OWNS,
  build: buildFutures,
});
