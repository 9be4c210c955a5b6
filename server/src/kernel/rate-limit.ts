/**
 * Fixed-window counters. One process keeps them in memory; cluster mode counts in Redis
 * (`cluster/rate-limit.ts`), so a limit holds across instances and restarts.
 */
export interface RateLimiter {
  /** Counts one hit; false when the key is over `limit` within `window_ms`. */
  hit(key: string, limit: number, windowMs: number, nowMs: number): Promise<boolean>;
}

export class MemoryRateLimiter implements RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  async hit(key: string, limit: number, windowMs: number, nowMs: number): Promise<boolean> {
    return this.hitNow(key, limit, windowMs, nowMs);
  }

  /** The same count, answered at once (the process's own limits that never leave it). */
  hitNow(key: string, limit: number, windowMs: number, nowMs: number): boolean {
    const w = this.#windows.get(key);
    if (!w || nowMs - w.start >= windowMs) {
      this.#windows.set(key, { start: nowMs, count: 1 });
      if (this.#windows.size > 100_000) this.#sweep(nowMs, windowMs);
      return true;
    }
    w.count += 1;
    return w.count <= limit;
  }

  #sweep(nowMs: number, windowMs: number): void {
    for (const [k, w] of this.#windows) if (nowMs - w.start >= windowMs) this.#windows.delete(k);
  }
}
