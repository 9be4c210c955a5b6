import { describe, expect, it } from 'vitest';
import { SessionCache } from '../src/modules/auth/session-cache';

const user = (id: number) => ({ id, uid: String(10_000_000 + id), address: `0x${id}`, sessionId: id });

describe('the session cache', () => {
  it('serves a confirmed session until its expiry, and not after', () => {
    const c = new SessionCache({ max: 10, recheck_ms: 30_000 });
    c.set('h1', user(1), 5_000, 0);
    expect(c.get('h1', 4_999)?.id).toBe(1);
    expect(c.get('h1', 5_000)).toBeNull();
    expect(c.size).toBe(0);
  });

  it('asks the store again after the recheck time', () => {
    const c = new SessionCache({ max: 10, recheck_ms: 30_000 });
    c.set('h1', user(1), 1e12, 0);
    expect(c.get('h1', 29_999)).not.toBeNull();
    expect(c.get('h1', 30_000)).toBeNull();
  });

  it('keeps at most `max`, dropping the least recently used', () => {
    const c = new SessionCache({ max: 2, recheck_ms: 30_000 });
    c.set('a', user(1), 1e12, 0);
    c.set('b', user(2), 1e12, 0);
    c.get('a', 1);
    c.set('c', user(3), 1e12, 2);
    expect(c.get('b', 3)).toBeNull();
    expect(c.get('a', 3)?.id).toBe(1);
    expect(c.get('c', 3)?.id).toBe(3);
  });

  it('forgets on invalidation (one session or all of a user) and tells its listeners', () => {
    const c = new SessionCache({ max: 10, recheck_ms: 30_000 });
    const told: string[] = [];
    c.onInvalidate((h) => told.push(h));
    c.set('a', user(1), 1e12, 0);
    c.set('b', user(1), 1e12, 0);
    c.set('c', user(2), 1e12, 0);
    c.invalidate('a');
    c.invalidateUser(1);
    expect(told.sort()).toEqual(['a', 'b']);
    expect(c.get('c', 1)?.id).toBe(2);
    expect(c.size).toBe(1);
  });
});
