/**
 * Private placement: rounds of a platform token sold at a set price, up to a hard cap and a per-user cap.
 *
 * Opening a round issues its hard cap from the platform's capital into the round's supply. A subscription
 * pays amount × price from the spot account and moves the tokens from the supply into the vesting pool in
 * the same ledger entry; they unlock in `vesting_months` equal parts, the first on the platform day after
 * the subscription and then every 30 days, each part paid once by the rewards engine from the vesting pool
 * (the last part is what is left). Closing a round returns what it did not sell to capital.
 *
 * This file assembles the module's context once (context.ts) and hands it to the operations, one file each:
 * `subscribe.ts` (check and subscribe), `queries.ts` (a user's subscriptions), `vesting.ts` (the rewards
 * engine's programs, the sweep, the solvency report), `rounds.ts` (operators: list, open, status) and
 * `start.ts`; `views.ts` answers, `math.ts` holds the arithmetic (the parts and the cost).
 */
import { platformDays } from '../../programs/days';
import { createRewards } from '../../programs/rewards';
import type { PlacementCtx, PlacementDeps } from './context';
import { mine } from './queries';
import { openRound, roundStatus, rounds } from './rounds';
import { PLACEMENT_SETTINGS } from './settings';
import { start } from './start';
import { check, subscribe } from './subscribe';
import { programReports, settleDue, vestingProgram } from './vesting';

export { PLACEMENT_SYSTEM, type PlacementDeps } from './context';
export { costOf, PART_DAYS, partOf } from './math';

export function createPlacement(deps: PlacementDeps) {
  const { store, clock, ledger, log } = deps;
  const ctx: PlacementCtx = {
    store,
    clock,
    ledger,
    assets: deps.assets,
    config: deps.config,
    settings: deps.settings.of(PLACEMENT_SETTINGS),
    rewards: createRewards({ store, clock, ledger, log }),
    days: platformDays(deps),
    programs: new Map(),
  };
  /** An operation with the module's context bound: the same call the handlers and the app make. */
  const op =
    <A extends unknown[], R>(fn: (c: PlacementCtx, ...args: A) => R) =>
    (...args: A): R =>
      fn(ctx, ...args);

  return {
    check: op(check),
    subscribe: op(subscribe),
    mine: op(mine),
    settleDue: op(settleDue),
    rounds: op(rounds),
    openRound: op(openRound),
    roundStatus: op(roundStatus),
    start: op(start),
    vestingProgram: op(vestingProgram),
    programReports: op(programReports),
    rewards: ctx.rewards,
  };
}

export type Placement = ReturnType<typeof createPlacement>;
