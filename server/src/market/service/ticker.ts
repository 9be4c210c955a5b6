const MINUTE_MS = 60_000;
const WINDOW_MS = 24 * 60 * MINUTE_MS;

interface Bucket {
  readonly minute: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  vol: bigint;
}

export interface TickerStats {
  /** Last trade ever (null before the first). */
  readonly last: bigint | null;
  /** First price of the 24-hour window; null when nothing traded in it. */
  readonly open: bigint | null;
  readonly high: bigint | null;
  readonly low: bigint | null;
  /** Base volume of the window. */
  readonly vol: bigint;
  /** (last − open) / open in hundredths of a percent, rounded toward zero; 0 without an open. */
  readonly changeBp: bigint;
}

/**
 * Rolling 24-hour statistics of one instrument from its trades, kept in one-minute buckets, so a new trade
 * costs O(1) and a ticker O(buckets in the window) ≤ 1440.
 */
export class TickerWindow {
  #buckets: Bucket[] = [];
  #last: bigint | null = null;

  add(tsMs: number, price: bigint, size: bigint): void {
    const minute = Math.floor(tsMs / MINUTE_MS);
    const tail = this.#buckets[this.#buckets.length - 1];
    if (tail && tail.minute === minute) {
      if (price > tail.high) tail.high = price;
      if (price < tail.low) tail.low = price;
      tail.close = price;
      tail.vol += size;
    } else if (!tail || tail.minute < minute) {
      this.#buckets.push({ minute, open: price, high: price, low: price, close: price, vol: size });
    } else {
      // A clock that went backwards: fold it into the latest bucket rather than reorder history.
      if (price > tail.high) tail.high = price;
      if (price < tail.low) tail.low = price;
      tail.vol += size;
    }
    this.#last = price;
  }

  /** Sets the last price without a bucket (a trade older than the window, read at start). */
  seedLast(price: bigint): void {
    this.#last = price;
  }

  stats(nowMs: number): TickerStats {
    const from = Math.floor((nowMs - WINDOW_MS) / MINUTE_MS);
    let drop = 0;
    while (drop < this.#buckets.length && this.#buckets[drop]!.minute <= from) drop += 1;
    if (drop > 0) this.#buckets.splice(0, drop);
    const first = this.#buckets[0];
    if (!first) return { last: this.#last, open: null, high: null, low: null, vol: 0n, changeBp: 0n };
    let high = first.high;
    let low = first.low;
    let vol = 0n;
    for (const b of this.#buckets) {
      if (b.high > high) high = b.high;
      if (b.low < low) low = b.low;
      vol += b.vol;
    }
    const last = this.#last ?? first.close;
    const changeBp = first.open > 0n ? ((last - first.open) * 10_000n) / first.open : 0n;
    return { last, open: first.open, high, low, vol, changeBp };
  }
}
