import type { Redis } from 'ioredis';
import type { RateLimiter } from '../kernel/rate-limit';
import { StoreUnavailableError } from '../store/unavailable';

/**
 * Fixed-window counters in Redis: every instance counts against the same key, and a restart forgets
 * nothing. A window is one key (the limit's key and the window's number), counted with INCR and expired
 * with the window; both in one round trip.
 */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, limit: number, windowMs: number, nowMs: number): Promise<boolean> {
    const window = Math.floor(nowMs / windowMs);
    const k = `${this.prefix}:rl:${key}:${window}`;
    let r: Array<[Error | null, unknown]> | null;
    try {
      r = await this.redis
        .multi()
        .incr(k)
        .pexpire(k, windowMs + 1_000)
        .exec();
    } catch (err) {
      // Without its counters a limit cannot be kept: the call is refused as retryable, never let through.
      throw new StoreUnavailableError(`rate limits unavailable (${(err as Error).message})`);
    }
    const count = Number(r?.[0]?.[1] ?? Number.POSITIVE_INFINITY);
    return count <= limit;
  }
}
