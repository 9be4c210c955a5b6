/**
 * The race draw, one function shared by the server that settles a group and the app's verify view (and
 * written out with a worked example in docs/fairness.md).
 *
 * Inputs: the server seed (its sha256 published when the group opened, revealed at settlement) and the
 * entrants in join order, each with its entry id, tickets and client seed (picked by the entrant, unknown
 * to the server when it committed).
 *
 *   mix   = sha256("<entry_id>:<tickets>:<client_seed>|…" over the entrants in join order)
 *   for rank k = 1, 2, … n:
 *     r_k = uint256(sha256("<seed>:<mix>:<k>")) mod (tickets of the entrants not ranked yet)
 *     walk the entrants not ranked yet in join order, adding up their tickets; the first whose running
 *     sum exceeds r_k takes rank k.
 *
 * So each rank goes to an entrant with odds proportional to their tickets, and no one (the server included)
 * can know the order before the last client seed is in and the seed is revealed.
 */

export interface DrawEntrant {
  readonly entry_id: number;
  readonly tickets: number;
  readonly client_seed: string;
}

const subtle = (): SubtleCrypto => {
  const c = globalThis.crypto?.subtle;
  if (!c) throw new Error('Web Crypto is not available here');
  return c;
};

/** sha256 of a text (UTF-8), in lower-case hex. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await subtle().digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The mix of every entrant's contribution, in join order. */
export function mixText(entrants: readonly DrawEntrant[]): string {
  return entrants.map((e) => `${e.entry_id}:${e.tickets}:${e.client_seed}`).join('|');
}

/** Entry ids from rank 1 to rank n. `entrants` must be in join order. */
export async function raceRanking(seed: string, entrants: readonly DrawEntrant[]): Promise<number[]> {
  const mix = await sha256Hex(mixText(entrants));
  const left = [...entrants];
  const order: number[] = [];
  for (let k = 1; left.length > 0; k++) {
    const total = left.reduce((s, e) => s + BigInt(e.tickets), 0n);
    const r = BigInt(`0x${await sha256Hex(`${seed}:${mix}:${k}`)}`) % total;
    let acc = 0n;
    const i = left.findIndex((e) => {
      acc += BigInt(e.tickets);
      return r < acc;
    });
    const [picked] = left.splice(i, 1);
    if (!picked) throw new Error('draw walked past the entrants');
    order.push(picked.entry_id);
  }
  return order;
}

/**
 * Rewards for ranks 1…shares.length from a pool: each share rounded down, rank 1 takes what rounding left,
 * so they add up to the pool exactly. Shares are decimal fractions that add up to 1.
 */
export function splitPool(pool: bigint, shares: readonly string[]): bigint[] {
  const parts = shares.map((s) => {
    const [w = '0', f = ''] = s.split('.');
    const scale = 10n ** BigInt(f.length);
    return (pool * BigInt(`${w}${f}`)) / scale;
  });
  const rest = pool - parts.reduce((a, b) => a + b, 0n);
  if (parts.length > 0) parts[0] = (parts[0] ?? 0n) + rest;
  return parts;
}

/** The shortest and longest gap between two racers crossing the line one after the other (ms). */
export const FINISH_GAP_MS = { min: 60, max: 600 } as const;

/**
 * How far behind the winner each rank crosses the finish line, in ms: 0 for rank 1, then each next rank
 * `gap_k` after the one before it, with
 *
 *   gap_k = 60 + (first 8 hex characters of sha256("<seed>:finish:<k>") read as a number) mod 541
 *
 * so 60 to 600 ms. It follows from the revealed seed alone, like the ranking, so the replay and the result
 * agree and anyone can recompute them.
 */
export async function raceFinish(seed: string, count: number): Promise<number[]> {
  const span = FINISH_GAP_MS.max - FINISH_GAP_MS.min + 1;
  const out: number[] = [];
  let behind = 0;
  for (let k = 1; k <= count; k++) {
    if (k > 1) {
      const h = await sha256Hex(`${seed}:finish:${k}`);
      behind += FINISH_GAP_MS.min + (Number.parseInt(h.slice(0, 8), 16) % span);
    }
    out.push(behind);
  }
  return out;
}
