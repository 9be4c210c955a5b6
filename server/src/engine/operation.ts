import assert from 'node:assert/strict';
import { checkLevel } from './invariants';
import { type BookState, sideOf } from './state';
import type { LevelDelta } from './types';

/** Starts an operation that changes the book: a fresh list of touched levels. */
export function beginOp(state: BookState): void {
  state.opId += 1;
  state.touched = [];
}

/** Turns the touched levels into deltas, checks the invariants they could have broken, bumps seq. */
export function endOp(state: BookState): LevelDelta[] {
  const touched = state.touched;
  const deltas: LevelDelta[] = new Array(touched.length);
  for (let i = 0; i < touched.length; i++) {
    const l = touched[i]!;
    deltas[i] = { side: l.side, price: l.price, size: l.total, count: l.count };
    // Cheap, always on: a level is either live and non-empty, or empty and gone.
    if (l.count === 0) {
      assert.ok(l.total === 0n && l.head === null, 'empty level keeps size or orders');
      assert.notEqual(sideOf(state, l.side).byPrice.get(l.price), l, 'empty level left on the book');
    } else {
      assert.ok(l.total > 0n && l.head !== null, 'live level without size');
      if (state.checkInvariants) checkLevel(state, l);
    }
  }
  const bid = state.bids.best();
  const ask = state.asks.best();
  assert.ok(!bid || !ask || bid.price < ask.price, 'crossed book');
  if (deltas.length > 0) state.seq += 1;
  state.touched = [];
  return deltas;
}
