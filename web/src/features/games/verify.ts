import { type DrawEntrant, mixText, raceFinish, raceRanking, sha256Hex } from '@nexa/contract';

/** What the verify view needs of an entrant (the racerInfo answer's entrants carry it). */
export interface VerifyEntrant extends DrawEntrant {
  readonly join_order: number;
  readonly rank: number | null;
  /** ms behind the winner on the line, as recorded (null before settlement). */
  readonly finish_ms: number | null;
}

export interface RaceCheck {
  /** sha256 of the revealed seed, computed here. */
  readonly hash: string;
  /** It equals the seed hash published when the group opened. */
  readonly hashOk: boolean;
  /** The draw's input: every entrant's contribution in join order. */
  readonly mix: string;
  /** Entry ids from rank 1 down, as the shared draw function gives them here. */
  readonly computed: readonly number[];
  /** Entry ids from rank 1 down, as recorded. */
  readonly recorded: readonly number[];
  /** The draw here gives the recorded ranks, every entrant ranked. */
  readonly orderOk: boolean;
  /** Every rank's recorded gap behind the winner is the one the seed gives (`raceFinish`). */
  readonly finishOk: boolean;
}

/** The entrants in join order (the draw's order). */
export function inJoinOrder<E extends { readonly join_order: number }>(entrants: readonly E[]): E[] {
  return [...entrants].sort((a, b) => a.join_order - b.join_order);
}

/** Entry ids by recorded rank, 1 first; entrants without a rank are left out. */
export function recordedOrder(entrants: readonly VerifyEntrant[]): number[] {
  return entrants
    .filter((e) => e.rank !== null)
    .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0))
    .map((e) => e.entry_id);
}

/**
 * Recomputes a settled race in the browser with the same draw function the server settled it with: the seed
 * must hash to the published seed hash, and the draw over the entrants in join order must give the recorded
 * ranks.
 */
export async function checkRace(
  seed: string,
  seedHash: string,
  entrants: readonly VerifyEntrant[],
): Promise<RaceCheck> {
  const ordered = inJoinOrder(entrants);
  const draw = ordered.map((e) => ({ entry_id: e.entry_id, tickets: e.tickets, client_seed: e.client_seed }));
  const hash = await sha256Hex(seed);
  const computed = ordered.length > 0 ? await raceRanking(seed, draw) : [];
  const recorded = recordedOrder(entrants);
  const orderOk =
    recorded.length === ordered.length &&
    computed.length === recorded.length &&
    computed.every((id, i) => id === recorded[i]);
  const behind = await raceFinish(seed, ordered.length);
  const finishOk = entrants.every((e) => e.rank !== null && e.finish_ms === behind[e.rank - 1]);
  return {
    hash,
    hashOk: hash === seedHash.trim().toLowerCase(),
    mix: mixText(draw),
    computed,
    recorded,
    orderOk,
    finishOk,
  };
}
