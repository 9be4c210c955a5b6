/**
 * Shared emission: a daily budget shared by weight (mining output by hash power, an NFT pool's budget by the
 * NFTs staked in it, liquidity rewards by the value provided), one mechanism for all of them on the rewards
 * engine.
 *
 * Settling a day first fixes its shares, once: one statement writes each user's weight for the day
 * (`emission_shares`) and the day's budget and total weight (`emission_days`, unique per program and day), so
 * a run resumed after a crash, or a second instance, pays from the same figures. Then the engine pays each
 * share ⌊budget × weight ÷ total⌋ from the program's pool; what rounding leaves stays in the pool.
 *
 * This file builds the emission's context once (emission-context.ts) and hands it to its steps:
 * `emission-program.ts` (an emission as the engine's program), `emission-settle.ts` (a day's shares fixed, the
 * ended days settled) and `emission-queries.ts` (a user's days, a program's sums).
 */
import type { EmissionCtx, EmissionDeps, SharedEmission } from './emission-context';
import { programOf } from './emission-program';
import { myDays, report } from './emission-queries';
import { settleDue, takeShares } from './emission-settle';

export { type Share, type SharedEmission, shareOf } from './emission-context';

export function createSharedEmission(deps: EmissionDeps) {
  const ctx: EmissionCtx = {
    store: deps.store,
    clock: deps.clock,
    rewards: deps.rewards,
    programs: new Map(),
  };
  return {
    programOf: (e: SharedEmission) => programOf(ctx, e),
    /** Fixes a day's shares and figures, once. */
    takeShares: (e: SharedEmission, day: number) => takeShares(ctx, e, day),
    /** Settles every ended day not settled yet (its shares fixed first), then pays what waited in the queue. */
    settleDue: (e: SharedEmission, today: number) => settleDue(ctx, e, today),
    /** My payouts of a program per day, newest first: the day, my weight, the total, the amount. */
    myDays: (key: string, userId: number, page: { page: number; size: number }) =>
      myDays(ctx, key, userId, page),
    /** What a program paid and queued in all, and its last settled day. */
    report: (key: string) => report(ctx, key),
  };
}

export type SharedEmissions = ReturnType<typeof createSharedEmission>;
