import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COAST,
  crossingOrder,
  finishTime,
  MAX_SPREAD_MS,
  planReplay,
  REPLAY_MS,
  type ReplayRacer,
  seededRandom,
} from '../src/features/games/replay-math';

/** Racers with ranks 1…n in a shuffled lane order, keyed by made-up entry ids. */
const racersArb = fc
  .integer({ min: 1, max: 16 })
  .chain((n) =>
    fc.tuple(
      fc.shuffledSubarray(
        Array.from({ length: n }, (_, i) => i + 1),
        { minLength: n, maxLength: n },
      ),
      fc.uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: n, maxLength: n }),
    ),
  )
  .map(([ranks, keys]) => ranks.map((rank, i): ReplayRacer => ({ key: keys[i] ?? i, rank })));

const seedArb = fc.stringMatching(/^[0-9a-f]{16,64}$/);

describe('race replay motion', () => {
  it('crosses the finish line in the recorded rank order, whatever the seed and ranks', () => {
    fc.assert(
      fc.property(seedArb, racersArb, (seed, racers) => {
        const plan = planReplay(seed, racers);
        const order = crossingOrder(plan, racers.length).map((i) => racers[i]?.rank);
        expect(order).toEqual(racers.map((_, i) => i + 1));
      }),
      { numRuns: 150 },
    );
  });

  it('reaches the line exactly at its finish time, never before, and finish times rise with the rank', () => {
    fc.assert(
      fc.property(seedArb, racersArb, (seed, racers) => {
        const plan = planReplay(seed, racers);
        racers.forEach((r, i) => {
          const end = plan.finish_ms[i] ?? Number.NaN;
          expect(end).toBe(finishTime(r.rank, racers.length));
          expect(plan.position(i, end)).toBe(1);
          expect(plan.position(i, end - 0.5)).toBeLessThan(1);
          expect(end).toBeLessThan(plan.duration_ms);
        });
        const byRank = [...racers.keys()].sort((a, b) => (racers[a]?.rank ?? 0) - (racers[b]?.rank ?? 0));
        for (let k = 1; k < byRank.length; k++) {
          expect(plan.finish_ms[byRank[k] ?? 0]).toBeGreaterThan(plan.finish_ms[byRank[k - 1] ?? 0] ?? 0);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('crosses the line with the gaps the result gives (in proportion when they are wider than the replay allows)', () => {
    // Gaps of 60–600 ms between ranks, as the server's result gives them.
    const withGaps = racersArb.chain((racers) =>
      fc
        .array(fc.integer({ min: 60, max: 600 }), { minLength: racers.length, maxLength: racers.length })
        .map((gaps) => {
          const behind = gaps.map((_, k) => gaps.slice(1, k + 1).reduce((a, b) => a + b, 0));
          return racers.map((r) => ({ ...r, behind_ms: behind[r.rank - 1] ?? 0 }));
        }),
    );
    fc.assert(
      fc.property(seedArb, withGaps, (seed, racers) => {
        const plan = planReplay(seed, racers);
        const widest = Math.max(...racers.map((r) => r.behind_ms));
        const scale = widest > MAX_SPREAD_MS ? MAX_SPREAD_MS / widest : 1;
        const winner = racers.findIndex((r) => r.rank === 1);
        const step = 2;
        const crossed = racers.map((_, i) => {
          let t = 0;
          while (t <= plan.duration_ms && plan.position(i, t) < 1) t += step;
          return t;
        });
        racers.forEach((r, i) => {
          // Where the line is crossed, stepping 2 ms: the result's gap behind the winner, to the step.
          const gap = (crossed[i] ?? 0) - (crossed[winner] ?? 0);
          expect(Math.abs(gap - r.behind_ms * scale)).toBeLessThanOrEqual(step);
        });
        const order = crossingOrder(plan, racers.length, 1, step).map((i) => racers[i]?.rank);
        expect(order).toEqual(racers.map((_, i) => i + 1));
        expect(Math.max(...plan.finish_ms)).toBeLessThan(plan.duration_ms);
      }),
      { numRuns: 80 },
    );
  });

  it('only moves forward, from 0 at the start to a short coast past the line at the end', () => {
    fc.assert(
      fc.property(seedArb, racersArb, (seed, racers) => {
        const plan = planReplay(seed, racers);
        racers.forEach((_, i) => {
          expect(plan.position(i, 0)).toBe(0);
          let last = 0;
          let wrong = 0;
          for (let t = 0; t <= plan.duration_ms; t += 16) {
            const p = plan.position(i, t);
            if (p < last || p > 1 + COAST) wrong++;
            last = p;
          }
          expect(wrong).toBe(0);
          expect(plan.position(i, plan.duration_ms)).toBeGreaterThan(1);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('replays a race the same way every time, and another seed another way', () => {
    const racers: ReplayRacer[] = [
      { key: 11, rank: 3 },
      { key: 12, rank: 1 },
      { key: 13, rank: 2 },
    ];
    const a = planReplay('9f2c5e0a1b3d4c6e', racers);
    const b = planReplay('9f2c5e0a1b3d4c6e', racers);
    const c = planReplay('00112233445566778899', racers);
    const at = (p: typeof a) => racers.map((_, i) => p.position(i, REPLAY_MS * 0.4));
    expect(at(a)).toEqual(at(b));
    expect(at(a)).not.toEqual(at(c));
  });

  it('lets the lead change hands on the way (not simply the winner ahead from the start)', () => {
    // Over many seeded races of five, the racer ahead halfway is often not the winner.
    let upsets = 0;
    const racers = [1, 2, 3, 4, 5].map((rank) => ({ key: rank * 7, rank }));
    for (let s = 0; s < 200; s++) {
      const plan = planReplay(`seed${s}`, racers);
      const half = racers.map((_, i) => plan.position(i, REPLAY_MS * 0.35));
      const leader = half.indexOf(Math.max(...half));
      if (racers[leader]?.rank !== 1) upsets++;
    }
    expect(upsets).toBeGreaterThan(20);
  });

  it('has a seeded generator that repeats for a seed and stays in [0, 1)', () => {
    const a = seededRandom('abc');
    const b = seededRandom('abc');
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});
