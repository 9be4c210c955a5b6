import { causeNames, MINING_CAUSES } from '@nexa/contract';
import type { AppDeps } from '../../kernel/context';
import { defineEntry, defineModule, type ModuleOwnership } from '../../kernel/module';
import type { Ledger } from '../../ledger';
import type { TeamPort } from '../../ports/team';
import { createMining, MINING_SYSTEM } from './service';
import { MINING_SETTINGS } from './settings';

/** What the module may touch beyond its tables. */
export const MINING_OWNS: ModuleOwnership = {
  causes: causeNames(MINING_CAUSES),
  systemAccounts: [MINING_SYSTEM.sales, MINING_SYSTEM.output, MINING_SYSTEM.capital],
  publishes: [],
};

/** Mining machines and hash power; each line's daily output paid by the rewards engine. */
function buildMining(deps: AppDeps & { readonly ledger: Ledger; readonly team?: TeamPort }) {
  const mining = createMining(deps);
  return {
    api: mining,
    module: defineModule({
      domains: ['mining'],
      handlers: {
        '/api/machine/list': (ctx) => mining.machines(ctx.body),
        '/api/machine/getMachinePowerOrder': (ctx) => mining.buy(ctx.me().id, ctx.body),
        '/api/machine/machinePowerOrderList': (ctx) => mining.orders(ctx.me().id, ctx.body),
        '/api/machine/machinePowerInfo': (ctx) => mining.power(ctx.me().id),
        '/api/user/userPowerCate': (ctx) => mining.powerCategories(ctx.me().id),
        '/api/user/userPower': (ctx) => mining.powerLog(ctx.me().id, ctx.body),
        '/api/mine/buyLog': (ctx) => mining.orders(ctx.me().id, ctx.body),
        '/api/mine/mineList': (ctx) => mining.outputDays(ctx.me().id, ctx.body),
        '/api/moneylog/investLog': (ctx) => mining.investments(ctx.me().id, ctx.body),
        '/api/moneylog/profitLog': (ctx) => mining.outputDays(ctx.me().id, ctx.body),
        '/admin/mining/machines': (ctx) => mining.adminMachines(ctx.body.line),
        '/admin/mining/saveMachine': (ctx) => mining.saveMachine(ctx.op().id, ctx.body),
        '/admin/mining/machineStatus': (ctx) => mining.machineStatus(ctx.op().id, ctx.body),
        '/admin/mining/fund': (ctx) => mining.fund(ctx.op().id, ctx.body),
        '/admin/mining/lines': () => mining.linesReport(),
      },
      programs: () => mining.programReports(),
      start: () => mining.start(),
      // Each ended platform day of each line is settled once; orders past their term end.
      sweep: () => mining.settleDue(),
    }),
  };
}

export const miningModule = defineEntry({
  name: 'mining',
  settings: MINING_SETTINGS,
  owns: MINING_OWNS,
  build: buildMining,
});
