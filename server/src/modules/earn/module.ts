import { causeNames, EARN_CAUSES } from '@nexa/contract';
import type { AppDeps } from '../../kernel/context';
import { defineEntry, defineModule, type ModuleOwnership } from '../../kernel/module';
import type { Ledger } from '../../ledger';
import type { TeamPort } from '../../ports/team';
import { createEarn, EARN_SYSTEM } from './service';
import { EARN_SETTINGS } from './settings';

/** What the module may touch beyond its tables (the ledger and bus it is given hold it to this). */
export const EARN_OWNS: ModuleOwnership = {
  causes: causeNames(EARN_CAUSES),
  systemAccounts: [
    EARN_SYSTEM.staked,
    EARN_SYSTEM.pledge,
    EARN_SYSTEM.burned,
    EARN_SYSTEM.release,
    EARN_SYSTEM.loans,
    EARN_SYSTEM.capital,
  ],
  publishes: [],
};

/** Earn: staking and burn, paid daily by the rewards engine. */
function buildEarn(deps: AppDeps & { readonly ledger: Ledger; readonly team?: TeamPort }) {
  const earn = createEarn(deps);
  return {
    api: earn,
    module: defineModule({
      domains: ['earn'],
      handlers: {
        '/api/pledge/pledgeInfo': () => earn.pledgeInfo(),
        '/api/pledge/index': (ctx) => earn.stake(ctx.me().id, ctx.body),
        '/api/pledge/balancePledge': (ctx) => earn.stake(ctx.me().id, ctx.body),
        '/api/pledge/pledgeList': (ctx) => earn.pledgeList(ctx.me().id, ctx.body),
        '/api/pledge/getPledgeOrder': (ctx) => earn.pledgeOrder(ctx.me().id, ctx.body.id),
        '/api/pledge/operate': (ctx) => earn.operate(ctx.me().id, ctx.body),
        '/api/destroy/index': (ctx) => earn.burn(ctx.me().id, ctx.body),
        '/api/destroy/getDestroyOrder': (ctx) => earn.burnOrder(ctx.me().id, ctx.body.id),
        '/api/destroy/destroyList': (ctx) => earn.burnList(ctx.me().id, ctx.body),
        '/api/auth/income': (ctx) => earn.income(ctx.me().id, ctx.body),
        '/admin/earn/programs': () => earn.programsReport(),
        '/admin/earn/fund': (ctx) => earn.fund(ctx.op().id, ctx.body),
        '/admin/earn/plans': () => earn.adminPlans(),
        '/admin/earn/savePlan': (ctx) => earn.savePlan(ctx.op().id, ctx.body),
        '/api/user/rankingList': (ctx) => earn.ranking(ctx.me().id, ctx.body),
        '/api/borrow/borrowList': (ctx) => earn.loans(ctx.me().id, ctx.body),
        '/v1/earn/borrow': (ctx) => earn.borrow(ctx.me().id, ctx.body),
        '/v1/earn/repay': (ctx) => earn.repay(ctx.me().id, ctx.body),
        '/admin/earn/stakes': (ctx) => earn.adminStakes(ctx.body.user_id, ctx.body),
      },
      // Its rewards programs and its loans against stakes, for the solvency report.
      programs: () => earn.programReports(),
      loans: () => earn.loanReport(),
      start: () => earn.seedPools(),
      // Each ended platform day is settled once; orders that ran their term end.
      sweep: () => earn.settleDue(),
    }),
  };
}

export const earnModule = defineEntry({
  name: 'earn',
  settings: EARN_SETTINGS,
  owns: EARN_OWNS,
  build: buildEarn,
});
