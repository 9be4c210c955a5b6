import assert from 'node:assert/strict';
import type { Level, OrderNode } from './levels';
import type { BookState } from './state';

/** Checks one level's queue against its links, total and count (O(orders on the level)). */
export function checkLevel(state: BookState, l: Level): void {
  let total = 0n;
  let count = 0;
  let prev: OrderNode | null = null;
  for (let n = l.head; n; n = n.next) {
    assert.equal(n.level, l, 'order linked into a foreign level');
    assert.equal(n.prev, prev, 'broken back link');
    assert.ok(n.remaining > 0n && n.remaining <= n.size, 'open size out of range');
    assert.equal(state.orders.get(n.id), n, 'resting order missing from the id index');
    total += n.remaining;
    count += 1;
    prev = n;
  }
  assert.equal(l.tail, prev, 'tail is not the last order');
  assert.equal(total, l.total, 'level total differs from the sum of its orders');
  assert.equal(count, l.count, 'level count differs from its orders');
}

/** Checks the whole book: level order and indexes, every level's queue, the indexes' sizes, no crossing. */
export function assertInvariants(state: BookState): void {
  let open = 0;
  for (const side of [state.bids, state.asks]) {
    assert.equal(side.levels.length, side.byPrice.size, 'level index size');
    for (let i = 0; i < side.levels.length; i++) {
      const l = side.levels[i]!;
      assert.equal(side.byPrice.get(l.price), l, 'level missing from the price index');
      assert.ok(l.count > 0, 'empty level on the book');
      if (i > 0) {
        const p = side.levels[i - 1]!.price;
        assert.ok(side.side === 'buy' ? p < l.price : p > l.price, 'levels out of order');
      }
      checkLevel(state, l);
      open += l.count;
    }
  }
  assert.equal(open, state.orders.size, 'id index size');
  let mine = 0;
  for (const set of state.byUser.values()) mine += set.size;
  assert.equal(mine, state.orders.size, 'user index size');
  const bid = state.bids.best();
  const ask = state.asks.best();
  assert.ok(!bid || !ask || bid.price < ask.price, 'crossed book');
}
