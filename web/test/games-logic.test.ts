import { raceFinish, raceRanking, sha256Hex } from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import {
  affordableCount,
  checkCount,
  clock,
  fillPercent,
  isClientSeed,
  newClientSeed,
  notAbove,
  sanitizeCount,
  sanitizeSeed,
  secondsLeft,
  timesCount,
} from '../src/features/games/game-math';
import { checkRace, inJoinOrder, recordedOrder, type VerifyEntrant } from '../src/features/games/verify';

describe('ticket figures', () => {
  // price, count → price × count, exactly
  const rows: readonly [string, number, string][] = [
    ['1', 3, '3'],
    ['2.5', 3, '7.5'],
    ['0.1', 3, '0.3'],
    ['0.000001', 1000, '0.001'],
    ['12.345678', 7, '86.419746'],
    ['10', 0, '0'],
    ['abc', 2, '0'],
  ];
  for (const [price, count, total] of rows) {
    it(`${count} tickets at ${price} cost ${total}`, () => expect(timesCount(price, count)).toBe(total));
  }

  it('checks a typed ticket count: empty, not whole, above the maximum, above what is held', () => {
    expect(checkCount('', 100)).toBe('required');
    expect(checkCount('  ', 100)).toBe('required');
    expect(checkCount('0', 100)).toBe('invalid');
    expect(checkCount('1.5', 100)).toBe('invalid');
    expect(checkCount('101', 100)).toBe('tooMany');
    expect(checkCount('6', 100, 5)).toBe('notEnough');
    expect(checkCount('5', 100, 5)).toBeNull();
    expect(checkCount('100', 100)).toBeNull();
  });

  it('keeps only digits in a count and drops leading zeros', () => {
    expect(sanitizeCount('0012')).toBe('12');
    expect(sanitizeCount('1.5')).toBe('15');
    expect(sanitizeCount('a3b')).toBe('3');
    expect(sanitizeCount('123456')).toBe('1234');
    expect(sanitizeCount('0')).toBe('0');
  });

  it('counts the tickets a balance affords, rounded down and capped', () => {
    expect(affordableCount('10', '3', 100)).toBe(3);
    expect(affordableCount('1000', '1', 50)).toBe(50);
    expect(affordableCount('0.5', '1', 50)).toBe(0);
    expect(affordableCount('5', '0', 50)).toBe(0);
    expect(notAbove('2.5', '2.50')).toBe(true);
    expect(notAbove('2.500001', '2.5')).toBe(false);
  });

  it('shows fill and countdowns', () => {
    expect(fillPercent(3, 5)).toBe(60);
    expect(fillPercent(7, 5)).toBe(100);
    expect(fillPercent(1, 0)).toBe(0);
    expect(secondsLeft('2026-01-01T00:00:10.000Z', Date.parse('2026-01-01T00:00:00.200Z'))).toBe(10);
    expect(secondsLeft(1000, 5000)).toBe(0);
    expect(secondsLeft(null, 0)).toBeNull();
    expect(clock(75)).toBe('01:15');
    expect(clock(-3)).toBe('00:00');
  });
});

describe('client seeds', () => {
  it('makes 32 random hex characters the server accepts, a new one each time', () => {
    const a = newClientSeed();
    const b = newClientSeed();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(isClientSeed(a)).toBe(true);
    expect(a).not.toBe(b);
  });

  it('takes 8 to 64 lower-case hex characters', () => {
    expect(isClientSeed('deadbeef')).toBe(true);
    expect(isClientSeed('deadbee')).toBe(false);
    expect(isClientSeed('DEADBEEF')).toBe(false);
    expect(isClientSeed('a'.repeat(65))).toBe(false);
    expect(sanitizeSeed('DE ad-BE:ef!xyz')).toBe('deadbeef');
    expect(sanitizeSeed('f'.repeat(70))).toHaveLength(64);
  });
});

/** A settled race made with the shared draw function: seed, its hash, the entrants with their ranks. */
async function settledRace(): Promise<{ seed: string; seedHash: string; entrants: VerifyEntrant[] }> {
  const seed = 'b1946ac92492d2347c6235b4d2611184a3f1e2d4c5b6a7980123456789abcdef';
  const joined = [
    { entry_id: 41, tickets: 5, client_seed: '0a1b2c3d4e5f6071' },
    { entry_id: 42, tickets: 1, client_seed: 'ffeeddccbbaa9988' },
    { entry_id: 45, tickets: 3, client_seed: '1234abcd' },
    { entry_id: 47, tickets: 2, client_seed: 'cafebabecafebabecafebabecafebabe' },
  ];
  const ranking = await raceRanking(seed, joined);
  const behind = await raceFinish(seed, joined.length);
  // Handed in shuffled, as a screen might hold them.
  const entrants = joined
    .map((e, i) => {
      const rank = ranking.indexOf(e.entry_id) + 1;
      return { ...e, join_order: i + 1, rank, finish_ms: behind[rank - 1] ?? null };
    })
    .reverse();
  return { seed, seedHash: await sha256Hex(seed), entrants };
}

describe('verifying a race in the browser', () => {
  it('passes every check for a race settled with the shared draw', async () => {
    const { seed, seedHash, entrants } = await settledRace();
    const check = await checkRace(seed, seedHash, entrants);
    expect(check.hashOk).toBe(true);
    expect(check.orderOk).toBe(true);
    expect(check.finishOk).toBe(true);
    expect(check.computed).toEqual(check.recorded);
    expect(check.mix).toBe(
      '41:5:0a1b2c3d4e5f6071|42:1:ffeeddccbbaa9988|45:3:1234abcd|47:2:cafebabecafebabecafebabecafebabe',
    );
  });

  it('fails the hash check when the seed does not match the published hash', async () => {
    const { seed, entrants } = await settledRace();
    const check = await checkRace(seed, await sha256Hex('another seed'), entrants);
    expect(check.hashOk).toBe(false);
    expect(check.orderOk).toBe(true);
  });

  it('fails the order check when the recorded ranks differ from the draw', async () => {
    const { seed, seedHash, entrants } = await settledRace();
    const swapped = entrants.map((e) => ({ ...e, rank: e.rank === 1 ? 2 : e.rank === 2 ? 1 : e.rank }));
    const check = await checkRace(seed, seedHash, swapped);
    expect(check.hashOk).toBe(true);
    expect(check.orderOk).toBe(false);
  });

  it('fails the finish check when a recorded gap is not the one the seed gives', async () => {
    const { seed, seedHash, entrants } = await settledRace();
    const moved = entrants.map((e) => (e.rank === 2 ? { ...e, finish_ms: (e.finish_ms ?? 0) + 1 } : e));
    const check = await checkRace(seed, seedHash, moved);
    expect(check.orderOk).toBe(true);
    expect(check.finishOk).toBe(false);
    // Each gap is 60–600 ms, the winner's 0.
    const behind = await raceFinish(seed, 10);
    expect(behind[0]).toBe(0);
    for (let k = 1; k < behind.length; k++) {
      expect((behind[k] ?? 0) - (behind[k - 1] ?? 0)).toBeGreaterThanOrEqual(60);
      expect((behind[k] ?? 0) - (behind[k - 1] ?? 0)).toBeLessThanOrEqual(600);
    }
  });

  it('fails the order check when an entrant has no rank', async () => {
    const { seed, seedHash, entrants } = await settledRace();
    const check = await checkRace(
      seed,
      seedHash,
      entrants.map((e, i) => (i === 0 ? { ...e, rank: null } : e)),
    );
    expect(check.orderOk).toBe(false);
  });

  it('orders entrants by join order and by recorded rank', () => {
    const es: VerifyEntrant[] = [
      { entry_id: 3, tickets: 1, client_seed: 'aaaaaaaa', join_order: 2, rank: 1, finish_ms: 0 },
      { entry_id: 1, tickets: 1, client_seed: 'bbbbbbbb', join_order: 1, rank: null, finish_ms: null },
      { entry_id: 2, tickets: 1, client_seed: 'cccccccc', join_order: 3, rank: 2, finish_ms: 120 },
    ];
    expect(inJoinOrder(es).map((e) => e.entry_id)).toEqual([1, 3, 2]);
    expect(recordedOrder(es)).toEqual([3, 2]);
  });
});
