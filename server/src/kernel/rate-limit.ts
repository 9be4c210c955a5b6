/** Fixed-window counters. One process keeps them in memory; cluster mode swaps in a shared store. */
export interface RateLimiter {
  /** Counts one hit; false when the key is over `limit` within `window_ms`. */
  hit(key: string, limit: number, windowMs: number, nowMs: number): boolean;
}

export class MemoryRateLimiter implements RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  hit(key: string, limit: number, windowMs: number, nowMs: number): boolean {
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
