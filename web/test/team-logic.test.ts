import { describe, expect, it } from 'vitest';
import {
  invitationLink,
  type LevelState,
  levelName,
  levelState,
  percentText,
  performanceShare,
} from '../src/features/team/team-math';

describe('invitation link', () => {
  it('opens the sign-in at this origin with the code (path routing, no hash)', () => {
    expect(invitationLink('https://app.example.com', '/login', 'AB12CD')).toBe(
      'https://app.example.com/login?code=AB12CD',
    );
  });
  it('keeps a port and drops a trailing slash of the origin', () => {
    expect(invitationLink('http://127.0.0.1:5173/', '/login', 'X9')).toBe(
      'http://127.0.0.1:5173/login?code=X9',
    );
  });
  it('escapes what a URL cannot carry as is', () => {
    expect(invitationLink('https://a.b', '/login', 'a b&c')).toBe('https://a.b/login?code=a%20b%26c');
  });
  it('is read back by URLSearchParams as the same code', () => {
    const link = new URL(invitationLink('https://a.b', '/login', 'N3XA+1'));
    expect(link.pathname).toBe('/login');
    expect(link.searchParams.get('code')).toBe('N3XA+1');
  });
});

describe('levels', () => {
  it('names V0 to V5', () => {
    expect([0, 1, 2, 3, 4, 5].map(levelName)).toEqual(['V0', 'V1', 'V2', 'V3', 'V4', 'V5']);
  });
  // level of the table, mine → state
  const rows: readonly [number, number, LevelState][] = [
    [1, 0, 'next'],
    [2, 0, 'locked'],
    [1, 1, 'current'],
    [2, 1, 'next'],
    [1, 3, 'reached'],
    [3, 3, 'current'],
    [5, 3, 'locked'],
    [5, 5, 'current'],
  ];
  for (const [level, mine, state] of rows) {
    it(`V${level} is ${state} at V${mine}`, () => expect(levelState(level, mine)).toBe(state));
  }
});

describe('progress toward a threshold', () => {
  // threshold, missing → share
  const rows: readonly [string, string, number][] = [
    ['10000', '10000', 0],
    ['10000', '0', 1],
    ['10000', '7500', 0.25],
    ['10000', '9999.999999', 0],
    ['50000', '25000.5', 0.4999],
    ['0', '0', 0],
    ['10000', 'abc', 0],
    ['10000', '20000', 0],
  ];
  for (const [threshold, missing, share] of rows) {
    it(`${missing} missing of ${threshold} is ${share}`, () =>
      expect(performanceShare(threshold, missing)).toBeCloseTo(share, 4));
  }
  it('never says 100 % before the threshold is met', () => {
    expect(percentText(performanceShare('10000', '0.000001'))).toBe('99%');
    expect(percentText(performanceShare('10000', '0'))).toBe('100%');
    expect(percentText(1.5)).toBe('100%');
    expect(percentText(-1)).toBe('0%');
  });
});
