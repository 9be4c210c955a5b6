import { causeNames, PLACEMENT_CAUSES } from '@nexa/contract';
import type { AppDeps } from '../../kernel/context';
import { defineEntry, defineModule, type ModuleOwnership } from '../../kernel/module';
import type { Ledger } from '../../ledger';
import { createPlacement, PLACEMENT_SYSTEM } from './service';
import { PLACEMENT_SETTINGS } from './settings';

/** What the module may touch beyond its tables. */
export const PLACEMENT_OWNS: ModuleOwnership = {
  causes: causeNames(PLACEMENT_CAUSES),
  systemAccounts: [
    PLACEMENT_SYSTEM.supply,
    PLACEMENT_SYSTEM.vesting,
    PLACEMENT_SYSTEM.sales,
    PLACEMENT_SYSTEM.capital,
  ],
  publishes: [],
};

/** Private placement: rounds, subscriptions, and their monthly vesting paid by the rewards engine. */
function buildPlacement(deps: AppDeps & { readonly ledger: Ledger }) {
  const placement = createPlacement(deps);
  return {
    api: placement,
    module: defineModule({
      domains: ['placement'],
      handlers: {
        '/api/basic/checkBuy': (ctx) => placement.check(ctx.me().id, ctx.body),
        '/api/basic/saveBuy': (ctx) => placement.subscribe(ctx.me().id, ctx.body),
        '/v1/placement/mine': (ctx) => placement.mine(ctx.me().id, ctx.body),
        '/admin/placement/rounds': () => placement.rounds(),
        '/admin/placement/saveRound': (ctx) => placement.openRound(ctx.op().id, ctx.body),
        '/admin/placement/roundStatus': (ctx) => placement.roundStatus(ctx.op().id, ctx.body),
      },
      programs: () => placement.programReports(),
      start: () => placement.start(),
      // Each part of each subscription unlocks once, on its day.
      sweep: () => placement.settleDue(),
    }),
  };
}

export const placementModule = defineEntry({
  name: 'placement',
  settings: PLACEMENT_SETTINGS,
  owns: PLACEMENT_OWNS,
  build: buildPlacement,
});
