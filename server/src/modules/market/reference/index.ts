/**
 * The built-in reference market: a seeded random walk prints reference trades and tickers (candles follow
 * them on the bus), and (in the demo) a market maker keeps real resting orders around the reference price
 * so a fresh start shows a living book. The walk resumes from the last price the candles kept, so a restart
 * does not jump back to the configured reference prices.
 *
 * This file assembles the reference market's context once (context.ts) and hands it to its steps: `start.ts`
 * (the walk, the demo's past, the maker started; stop) and `maker.ts` (the maker's user, its swap margin, its
 * requotes); `ladder.ts` holds the maker's arithmetic.
 */

import type { SimMarket } from '../sim';
import { seededRandom } from '../sim';
import type { ReferenceCtx, ReferenceDeps, ReferenceOptions } from './context';
import { start, stop } from './start';

export type { MakerVenue, ReferenceDeps, ReferenceOptions, VenueBook } from './context';
export { makerLadder } from './ladder';
export { MAKER_ADDRESS } from './maker';

export interface ReferenceMarket {
  /** The walk; throws before `start` has built it (`ready` says whether it has). */
  readonly sim: SimMarket;
  /** Whether the walk is built (a first start walks its past before it is). */
  readonly ready: boolean;
  /** The demo market maker's user id once it quotes; null when it does not run. */
  readonly makerId: number | null;
  start(): Promise<void>;
  stop(): void;
}

export function createReferenceMarket(deps: ReferenceDeps, opts: ReferenceOptions): ReferenceMarket {
  const ctx: ReferenceCtx = {
    deps,
    opts,
    // The makers' own draws, apart from the walk's, so the ladder does not change the prices a seed gives.
    ladderRandom: seededRandom((opts.seed ?? 20_261_124) ^ 0x5eed),
    state: { sim: null, timer: null, makerId: null, busy: false },
  };
  return {
    get sim() {
      if (!ctx.state.sim) throw new Error('reference market not started');
      return ctx.state.sim;
    },
    get ready() {
      return ctx.state.sim !== null;
    },
    get makerId() {
      return ctx.state.makerId;
    },
    start: () => start(ctx),
    stop: () => stop(ctx),
  };
}
