import { causeNames, NEU_CAUSES } from '@nexa/contract';
import { defineEntry, defineModule, type ModuleOwnership } from '../../kernel/module';
import { createNeu, NEU_SYSTEM, type NeuDeps } from './service';
import { NEU_SETTINGS } from './settings';

/** What the module may touch beyond its tables: the SPA exchange's fund and sink. */
export const NEU_OWNS: ModuleOwnership = {
  causes: causeNames(NEU_CAUSES),
  systemAccounts: [NEU_SYSTEM.fund, NEU_SYSTEM.spent, NEU_SYSTEM.capital],
  publishes: [],
};

/** The NEU line: staking, machines, exchanges and team of the NEU token, on the shared mechanisms. */
function buildNeu(deps: NeuDeps) {
  const neu = createNeu(deps);
  const { staking, machines } = deps;
  return {
    api: neu,
    module: defineModule({
      domains: ['neu'],
      handlers: {
        '/api/neu/index': () => neu.index(),
        '/api/neu/uinfo': (ctx) => neu.uinfo(ctx.me().id),
        '/api/neu/withdrawal': (ctx) => neu.withdrawUsdt(ctx.me().id, ctx.body),
        '/api/neu/withdrawalNeu': (ctx) => neu.withdrawNeu(ctx.me().id, ctx.body),
        '/api/neu/spaQuotaTransfer': (ctx) => neu.spaTransfer(ctx.me().id, ctx.body),
        '/api/neu/spaQuotaTransferList': (ctx) => neu.spaTransfers(ctx.me().id, ctx.body),
        '/api/neu/spaExchange': (ctx) => neu.spaExchange(ctx.me().id, ctx.body),
        '/api/neu/spaExchangeList': (ctx) => neu.spaExchanges(ctx.me().id, ctx.body),
        '/api/neu/exchangeList': (ctx) => neu.exchangeList(ctx.me().id, ctx.body),
        '/api/neu/getNeuExchangeOrder': (ctx) => neu.exchange(ctx.me().id, ctx.body),
        '/api/neu/incomeLog': (ctx) => neu.incomeLog(ctx.me().id, ctx.body),
        '/api/neu/teamList': (ctx) => neu.teamList(ctx.me().id, ctx.body),
        '/api/neu/rankingList': (ctx) => staking.ranking(ctx.me().id, ctx.body),
        '/api/neu/buyMachine': (ctx) => machines.buy(ctx.me().id, ctx.body),
        '/api/neu/machineList': (ctx) => neu.machineList(ctx.me().id, ctx.body),
        '/api/neu/periodList': (ctx) => machines.periods(ctx.me().id, ctx.body),
        '/api/neuPledge/pledgeInfo': () => staking.info(),
        '/api/neuPledge/balanceGetOrder': (ctx) => staking.stake(ctx.me().id, ctx.body),
        '/api/neuPledge/redemption': (ctx) =>
          staking.operate(ctx.me().id, {
            id: ctx.body.id,
            action: 'redeem',
            request_id: ctx.body.request_id,
          }),
        '/api/neuPledge/renewal': (ctx) =>
          staking.operate(ctx.me().id, {
            id: ctx.body.id,
            action: ctx.body.auto_renew ? 'renew' : 'no_renew',
            request_id: ctx.body.request_id,
          }),
        '/api/neuPledge/pledgeList': (ctx) => staking.list(ctx.me().id, ctx.body),
        '/api/neuPledge/getOrder': (ctx) => staking.order(ctx.me().id, ctx.body.id),
        '/admin/neu/fund': (ctx) => neu.fund(ctx.op().id, ctx.body),
      },
      start: () => neu.start(),
    }),
  };
}

export const neuModule = defineEntry({
  name: 'neu',
  settings: NEU_SETTINGS,
  owns: NEU_OWNS,
  build: buildNeu,
});
