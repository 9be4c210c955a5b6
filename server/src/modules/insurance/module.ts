import { causeNames, INSURANCE_CAUSES } from '@nexa/contract';
import type { AppDeps } from '../../kernel/context';
import { defineEntry, defineModule, type ModuleOwnership } from '../../kernel/module';
import type { Ledger } from '../../ledger';
import {
  createInsurance,
  INSURANCE_CAPITAL,
  INSURANCE_POOL,
  POSITION_LOSS_TOPIC,
  type PositionLoss,
} from './service';
import { INSURANCE_SETTINGS } from './settings';

/** What the module may touch beyond its tables (the ledger and bus it is given hold it to this). */
export const INSURANCE_OWNS: ModuleOwnership = {
  causes: causeNames(INSURANCE_CAUSES),
  systemAccounts: [INSURANCE_POOL, INSURANCE_CAPITAL],
  publishes: [],
};

/** Loss covers on futures positions: purchases, compensation through the outbox, the queue operators watch. */
function buildInsurance(deps: AppDeps & { readonly ledger: Ledger }) {
  const insurance = createInsurance(deps);
  // A position that ended in a covered loss is compensated once, in a transaction of its own.
  deps.outbox.consume<PositionLoss>(POSITION_LOSS_TOPIC, 'insurance.claim', (tx, e) =>
    insurance.onLoss(tx, e.payload),
  );
  return {
    api: insurance,
    module: defineModule({
      domains: ['insurance'],
      handlers: {
        '/v1/user/buyInsurance': (ctx) => insurance.buy(ctx.me().id, ctx.body),
        '/v1/user/buyInsuranceList': (ctx) => insurance.covers(ctx.me().id, ctx.body),
        '/v1/user/insuranceCompensationList': async (ctx) => {
          const { rows, total } = await insurance.claims(ctx.me().id, null, ctx.body);
          return { list: rows.map((r) => insurance.claimView(r.c)), total };
        },
        '/admin/insurance/claims': (ctx) => insurance.queue(ctx.body, ctx.body.status),
      },
      // Claims waiting on a pool that cannot pay them.
      dashboard: async () => ({ queues: [{ key: 'claims_dry', ...(await insurance.dryClaims()) }] }),
      start: () => insurance.seedPool(),
      // Queued compensations are paid as soon as premiums refill the pool.
      sweep: async () => {
        await insurance.payQueued();
      },
    }),
  };
}

export const insuranceModule = defineEntry({
  name: 'insurance',
  settings: INSURANCE_SETTINGS,
  owns: INSURANCE_OWNS,
  build: buildInsurance,
});
