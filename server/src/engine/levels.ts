import assert from 'node:assert/strict';
import type { DepthLevel, OpenOrder, Side } from './types';

/** A resting order, linked into its level's FIFO queue. */
export interface OrderNode {
  readonly id: string;
  readonly userId: number;
  readonly side: Side;
  readonly price: bigint;
  readonly size: bigint;
  remaining: bigint;
  readonly level: Level;
  prev: OrderNode | null;
  next: OrderNode | null;
}

/** One price level of one side: its orders in time priority, their open size and count. */
export interface Level {
  readonly side: Side;
  readonly price: bigint;
  total: bigint;
  count: number;
  head: OrderNode | null;
  tail: OrderNode | null;
  /** Id of the last operation that touched this level, to list each changed level once. */
  mark: number;
}

/**
 * One side of the book. Levels are kept in an array sorted from worst to best, so the best level is the
 * last element: reading it is O(1), removing it (what matching does) is a pop, and a new level near the
 * top of the book (where most arrive) moves few elements. A Map gives O(1) access to an existing level;
 * a binary search finds where a new one goes.
 */
export class SideBook {
  readonly levels: Level[] = [];
  readonly byPrice = new Map<bigint, Level>();

  constructor(readonly side: Side) {}

  best(): Level | undefined {
    return this.levels[this.levels.length - 1];
  }

  /** Index of the first level better than price (where a level at price would be inserted). */
  private upper(price: bigint): number {
    const levels = this.levels;
    let lo = 0;
    let hi = levels.length;
    const buy = this.side === 'buy';
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const p = levels[mid]!.price;
      if (buy ? p > price : p < price) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  getOrCreate(price: bigint): Level {
    const existing = this.byPrice.get(price);
    if (existing) return existing;
    const level: Level = { side: this.side, price, total: 0n, count: 0, head: null, tail: null, mark: 0 };
    const at = this.upper(price);
    if (at === this.levels.length) this.levels.push(level);
    else this.levels.splice(at, 0, level);
    this.byPrice.set(price, level);
    return level;
  }

  remove(level: Level): void {
    this.byPrice.delete(level.price);
    const levels = this.levels;
    if (levels[levels.length - 1] === level) {
      levels.pop();
      return;
    }
    const at = this.upper(level.price) - 1;
    assert.equal(levels[at], level, 'level missing from its side');
    levels.splice(at, 1);
  }
}

/** The public, read-only copy of a resting order. */
export const view = (n: OrderNode): OpenOrder => ({
  id: n.id,
  userId: n.userId,
  side: n.side,
  price: n.price,
  size: n.size,
  remaining: n.remaining,
});

/** The best n levels of a side, best first: price, open size, order count. */
export function depthOf(side: SideBook, n: number): DepthLevel[] {
  const levels = side.levels;
  const out: DepthLevel[] = [];
  for (let i = levels.length - 1; i >= 0 && out.length < n; i--) {
    const l = levels[i]!;
    out.push([l.price, l.total, l.count]);
  }
  return out;
}
