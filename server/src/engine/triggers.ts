/**
 * Resting triggers of conditional orders (stop, take-profit/stop-loss, OCO, trailing stop): pure, in memory,
 * one book per instrument and price type, owned by the instrument's writer like the order book.
 *
 * - A leg fires once, at the first price that reaches it: `up` legs when a price is at or above theirs, `down`
 *   legs at or below. Two heaps keep them (the lowest `up` and the highest `down` on top), so a price that
 *   reaches nothing costs two comparisons and firing k of n legs costs O(k log n).
 * - An order of two legs (OCO) leaves the book whole when either fires; a removed leg is dropped lazily when it
 *   reaches the top of its heap (the heaps are compacted when most of them is dead).
 * - Trailing stops follow the best price since they were activated (the highest for a sell, the lowest for a
 *   buy) and fire once the price comes back by their callback (a ratio of that extreme, or an amount). They are
 *   few and are walked at every price; the ones whose extreme moved are reported so it can be stored.
 * - Orders fired by one price come out in arrival order (time priority among the triggers it reached).
 */

export type TriggerDir = 'up' | 'down';
export type LegName = 'trigger' | 'tp' | 'sl' | 'trail';

/** Rates (a trailing stop's callback ratio) are parts of 10^8. */
const RATE_ONE = 100_000_000n;

export interface TriggerLeg {
  readonly leg: LegName;
  readonly px: bigint;
  readonly dir: TriggerDir;
}

export interface TrailingStop {
  readonly side: 'buy' | 'sell';
  /** Callback as a ratio of the extreme (parts of 10^8), or as an amount in price units. */
  readonly ratio: bigint | null;
  readonly spread: bigint | null;
  /** Activation price; null: active from placement. */
  readonly activePx: bigint | null;
  /** The best price since activation (a sell's highest, a buy's lowest); null until activated. */
  extreme: bigint | null;
}

export interface Fired {
  readonly id: string;
  readonly leg: LegName;
  /** The trigger price of the leg that fired (a trailing stop's stop price when it fired). */
  readonly triggerPx: bigint;
  /** The price that reached it. */
  readonly at: bigint;
}

interface Node {
  readonly id: string;
  readonly seq: number;
  readonly leg: LegName;
  readonly px: bigint;
  dead: boolean;
}

/** A binary heap of legs; `before(a, b)`: a comes out first. */
class Heap {
  readonly items: Node[] = [];
  constructor(private readonly before: (a: Node, b: Node) => boolean) {}

  push(n: Node): void {
    const a = this.items;
    a.push(n);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.before(a[i] as Node, a[p] as Node)) break;
      [a[i], a[p]] = [a[p] as Node, a[i] as Node];
      i = p;
    }
  }

  /** The top live leg (dead ones on top are dropped). */
  top(): Node | undefined {
    while (this.items.length > 0 && (this.items[0] as Node).dead) this.pop();
    return this.items[0];
  }

  pop(): Node | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last) {
      a[0] = last;
      this.down(0);
    }
    return top;
  }

  private down(from: number): void {
    const a = this.items;
    let i = from;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < a.length && this.before(a[l] as Node, a[m] as Node)) m = l;
      if (r < a.length && this.before(a[r] as Node, a[m] as Node)) m = r;
      if (m === i) return;
      [a[i], a[m]] = [a[m] as Node, a[i] as Node];
      i = m;
    }
  }

  /** Drops the dead legs and restores the heap (Floyd's construction, O(n)). */
  compact(): void {
    const live = this.items.filter((n) => !n.dead);
    this.items.length = 0;
    this.items.push(...live);
    for (let i = (live.length >> 1) - 1; i >= 0; i--) this.down(i);
  }
}

const lowFirst = (a: Node, b: Node) => a.px < b.px || (a.px === b.px && a.seq < b.seq);
const highFirst = (a: Node, b: Node) => a.px > b.px || (a.px === b.px && a.seq < b.seq);

/** The stop price of an activated trailing stop. */
export function trailingStopPx(t: TrailingStop): bigint | null {
  if (t.extreme === null) return null;
  const back = t.ratio !== null ? (t.extreme * t.ratio) / RATE_ONE : (t.spread ?? 0n);
  return t.side === 'sell' ? t.extreme - back : t.extreme + back;
}

export class TriggerBook {
  readonly #up = new Heap(lowFirst);
  readonly #down = new Heap(highFirst);
  readonly #legs = new Map<string, Node[]>();
  readonly #trailing = new Map<string, { seq: number; t: TrailingStop }>();
  readonly #moved = new Set<string>();
  #seq = 0;
  #dead = 0;

  /** Resting orders (an OCO counts once). */
  get size(): number {
    return this.#legs.size + this.#trailing.size;
  }

  has(id: string): boolean {
    return this.#legs.has(id) || this.#trailing.has(id);
  }

  /** Adds an order of one or two legs; `seq` keeps arrival order (restored orders pass their stored one). */
  add(id: string, legs: readonly TriggerLeg[], seq = ++this.#seq): void {
    if (this.has(id)) throw new Error(`trigger ${id} already resting`);
    if (seq > this.#seq) this.#seq = seq;
    const nodes = legs.map((l) => ({ id, seq, leg: l.leg, px: l.px, dead: false }));
    this.#legs.set(id, nodes);
    for (const [i, n] of nodes.entries()) (legs[i]?.dir === 'up' ? this.#up : this.#down).push(n);
  }

  addTrailing(id: string, t: TrailingStop, seq = ++this.#seq): void {
    if (this.has(id)) throw new Error(`trigger ${id} already resting`);
    if (seq > this.#seq) this.#seq = seq;
    this.#trailing.set(id, { seq, t: { ...t } });
  }

  /** A trailing stop as it stands (its extreme follows the prices). */
  trailing(id: string): Readonly<TrailingStop> | undefined {
    return this.#trailing.get(id)?.t;
  }

  remove(id: string): boolean {
    if (this.#trailing.delete(id)) {
      this.#moved.delete(id);
      return true;
    }
    const nodes = this.#legs.get(id);
    if (!nodes) return false;
    this.#legs.delete(id);
    for (const n of nodes) n.dead = true;
    this.#dead += nodes.length;
    const all = this.#up.items.length + this.#down.items.length;
    if (this.#dead > 1024 && this.#dead * 2 > all) {
      this.#up.compact();
      this.#down.compact();
      this.#dead = 0;
    }
    return true;
  }

  /** Whether `fire(price)` would fire anything (trailing extremes are not moved). */
  reaches(price: bigint): boolean {
    const up = this.#up.top();
    if (up && up.px <= price) return true;
    const down = this.#down.top();
    if (down && down.px >= price) return true;
    for (const { t } of this.#trailing.values()) if (this.#trailFires(t, price)) return true;
    return false;
  }

  /** Every order the price reaches, removed from the book, in arrival order; trailing extremes follow it. */
  fire(price: bigint): Fired[] {
    const out: { seq: number; f: Fired }[] = [];
    const take = (heap: Heap, reached: (n: Node) => boolean) => {
      for (let n = heap.top(); n && reached(n); n = heap.top()) {
        heap.pop();
        out.push({ seq: n.seq, f: { id: n.id, leg: n.leg, triggerPx: n.px, at: price } });
        this.remove(n.id);
      }
    };
    take(this.#up, (n) => n.px <= price);
    take(this.#down, (n) => n.px >= price);
    for (const [id, { seq, t }] of this.#trailing) {
      if (this.#trailFires(t, price)) {
        out.push({ seq, f: { id, leg: 'trail', triggerPx: trailingStopPx(t) ?? price, at: price } });
        this.remove(id);
        continue;
      }
      const before = t.extreme;
      if (t.extreme === null) {
        const reached =
          t.activePx === null || (t.side === 'sell' ? price >= t.activePx : price <= t.activePx);
        if (reached) t.extreme = price;
      } else if (t.side === 'sell' ? price > t.extreme : price < t.extreme) t.extreme = price;
      if (t.extreme !== before) this.#moved.add(id);
    }
    if (out.length > 1) out.sort((a, b) => a.seq - b.seq);
    return out.map((o) => o.f);
  }

  /** Trailing stops whose extreme moved since the last call (to be stored), and forgets them. */
  takeMoved(): { id: string; extreme: bigint | null }[] {
    const list = [...this.#moved].map((id) => ({ id, extreme: this.#trailing.get(id)?.t.extreme ?? null }));
    this.#moved.clear();
    return list;
  }

  #trailFires(t: TrailingStop, price: bigint): boolean {
    const stop = trailingStopPx(t);
    if (stop === null) return false;
    return t.side === 'sell' ? price <= stop : price >= stop;
  }
}
