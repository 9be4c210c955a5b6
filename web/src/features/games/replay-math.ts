/**
 * The race replay's motion, pure and deterministic: where each racer is at a time of the replay, given the
 * revealed seed and the recorded ranks. Every racer's speed wobbles along a curve drawn from the seed (so the
 * lead changes hands), yet the racer ranked k always crosses the line at the k-th finish time: the curves are
 * shaped to reach the line exactly then, and the finish times rise strictly with the rank. When the result
 * says how far behind the winner each racer finished (`behind_ms`), the racers cross the line with exactly
 * those gaps (in proportion, when they would not fit the replay).
 *
 * Positions are fractions of the track: 0 at the start line, 1 on the finish line, a little over 1 while a
 * racer coasts out after crossing.
 */

export interface ReplayRacer {
  /** Identifies the racer (its entry id): with the seed it picks the racer's speed curve. */
  readonly key: number;
  /** 1 = first across the line. */
  readonly rank: number;
  /** As the settled result says: ms behind the winner on the line (0 for the winner). */
  readonly behind_ms?: number | null;
}

export interface ReplayPlan {
  /** How long the replay runs, the coast-out after the last finish included. */
  readonly duration_ms: number;
  /** When each racer (in the order given) crosses the finish line, in ms from the start. */
  readonly finish_ms: readonly number[];
  /** Where racer `index` (in the order given) is at `t_ms` from the start. */
  position(index: number, t_ms: number): number;
}

export const REPLAY_MS = 8000;
/** The winner crosses at this share of the replay, the last racer at LAST_FINISH. */
const FIRST_FINISH = 0.7;
const LAST_FINISH = 0.9;
/** How far past the line a racer coasts (fraction of the track) once it has crossed. */
export const COAST = 0.06;
const COAST_TAU = 0.05;
/** Samples of each racer's distance curve (linear between them: monotone, exact at the ends). */
const SAMPLES = 200;
/** Share of the race spent pulling away from the start. */
const LAUNCH = 0.12;

/** 32-bit FNV-1a of a text. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A small seeded generator (mulberry32): numbers in [0, 1). */
export function seededRandom(seedText: string): () => number {
  let a = hash32(seedText);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const smoothstep = (x: number): number => {
  const c = Math.min(1, Math.max(0, x));
  return c * c * (3 - 2 * c);
};

/**
 * One racer's distance along its own race time u ∈ [0, 1]: cumulative share of a speed curve that is always
 * positive (a launch, then a wobble of three waves), normalized to end at exactly 1.
 */
function distanceCurve(random: () => number): Float64Array {
  const waves = Array.from({ length: 3 }, (_, j) => ({
    amp: (0.12 + random() * 0.16) / (j + 1) ** 0.5,
    freq: 0.6 + random() * 1.8 + j * 0.7,
    phase: random() * Math.PI * 2,
  }));
  // Amplitudes add up to at most ~0.6, so the speed never reaches 0.
  const speed = (u: number) => {
    let s = 1;
    for (const w of waves) s += w.amp * Math.sin(2 * Math.PI * w.freq * u + w.phase);
    return (0.25 + 0.75 * smoothstep(u / LAUNCH)) * s;
  };
  const curve = new Float64Array(SAMPLES + 1);
  let prev = speed(0);
  for (let i = 1; i <= SAMPLES; i++) {
    const next = speed(i / SAMPLES);
    curve[i] = (curve[i - 1] ?? 0) + (prev + next) / 2;
    prev = next;
  }
  const total = curve[SAMPLES] ?? 1;
  for (let i = 1; i <= SAMPLES; i++) curve[i] = (curve[i] ?? 0) / total;
  curve[SAMPLES] = 1;
  return curve;
}

function along(curve: Float64Array, u: number): number {
  if (u <= 0) return 0;
  if (u >= 1) return 1;
  const x = u * SAMPLES;
  const i = Math.floor(x);
  const a = curve[i] ?? 0;
  const b = curve[i + 1] ?? 1;
  // Strictly below 1 before the end: a racer is never on the line before its time.
  return Math.min(a + (b - a) * (x - i), 1 - Number.EPSILON);
}

/** The longest the finish may spread over in the replay (ms); a wider result is drawn in proportion. */
export const MAX_SPREAD_MS = 4000;
/** How long the replay runs on after the last racer crossed the line (ms). */
const TAIL_MS = 900;

/**
 * When each racer crosses the line, as the result says: the winner at the usual moment, each other racer its
 * `behind_ms` after it (scaled down together when the last would be more than MAX_SPREAD_MS behind). Null when
 * a racer's gap is not known (the finish is then spread evenly).
 */
export function resultFinish(
  racers: readonly ReplayRacer[],
): { finish_ms: number[]; duration_ms: number } | null {
  const behind = racers.map((r) => r.behind_ms);
  if (racers.length === 0 || behind.some((b) => b === null || b === undefined || b < 0)) return null;
  const known = behind as number[];
  const widest = Math.max(...known);
  const scale = widest > MAX_SPREAD_MS ? MAX_SPREAD_MS / widest : 1;
  const first = FIRST_FINISH * REPLAY_MS;
  const finish_ms = known.map((b) => first + b * scale);
  return { finish_ms, duration_ms: first + widest * scale + TAIL_MS };
}

/** The finish time of rank `rank` among `count` racers. */
export function finishTime(rank: number, count: number, duration_ms = REPLAY_MS): number {
  const share =
    count <= 1 ? FIRST_FINISH : FIRST_FINISH + ((LAST_FINISH - FIRST_FINISH) * (rank - 1)) / (count - 1);
  return share * duration_ms;
}

/**
 * The replay of a settled race. `racers` hold distinct ranks 1…n (any order: lanes follow it); the seed is the
 * group's revealed server seed, so the same race always replays the same way.
 */
export function planReplay(seed: string, racers: readonly ReplayRacer[], evenly_ms = REPLAY_MS): ReplayPlan {
  const count = racers.length;
  const curves = racers.map((r) => distanceCurve(seededRandom(`${seed}:${r.key}`)));
  const byResult = resultFinish(racers);
  const finish_ms = byResult?.finish_ms ?? racers.map((r) => finishTime(r.rank, count, evenly_ms));
  const duration_ms = byResult?.duration_ms ?? evenly_ms;
  return {
    duration_ms,
    finish_ms,
    position(index, t_ms) {
      const curve = curves[index];
      const end = finish_ms[index];
      if (!curve || end === undefined || t_ms <= 0) return 0;
      if (t_ms < end) return along(curve, t_ms / end);
      const after = (t_ms - end) / REPLAY_MS;
      return 1 + COAST * (1 - Math.exp(-after / COAST_TAU));
    },
  };
}

/** The order in which racers reach `at` (1 = the line), found by stepping through the replay: indexes. */
export function crossingOrder(plan: ReplayPlan, count: number, at = 1, step_ms = 4): number[] {
  const crossed: { index: number; t: number }[] = [];
  for (let i = 0; i < count; i++) {
    let t = 0;
    while (t <= plan.duration_ms && plan.position(i, t) < at) t += step_ms;
    crossed.push({ index: i, t });
  }
  return crossed.sort((a, b) => a.t - b.t || a.index - b.index).map((c) => c.index);
}
