/** The port the futures writer calls on every move of a lead (`ports/copy.ts`). */
import type { CopyPort } from '../../ports/copy';
import { catchUp } from './catch-up';
import type { CopyCtx } from './context';
import { plan } from './mirror-plan';
import { record } from './mirror-record';

export function copyPort(ctx: CopyCtx): CopyPort {
  const { leads, managed, lagging } = ctx;
  return {
    isLead: (userId) => leads.has(userId),
    manages: (userId, instId) => managed.has(`${userId}:${instId}`),
    plan: (tx, move, sizeOf) => plan(ctx, tx, move, sizeOf),
    record: async (tx, move, outcomes) => {
      // A retry (the lead did not move) that fills nothing leaves no record.
      await record(
        ctx,
        tx,
        move,
        move.before === move.after ? outcomes.filter((o) => o.filled > 0n) : outcomes,
      );
      if (outcomes.some((o) => o.filled < o.order.contracts && o.sizeAfter !== 0n)) lagging.add(move.instId);
    },
    lagging: (instId) => lagging.has(instId),
    catchUp: (tx, instId, sizeOf, mark) => catchUp(ctx, tx, instId, sizeOf, mark),
  };
}
