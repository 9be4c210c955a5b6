import { type Level, type OrderNode, SideBook } from './levels';
import type { BookSpec, Side } from './types';

/** Everything a book holds; the operations take it explicitly. Created once per book, its shape never changes. */
export interface BookState {
  readonly spec: Required<BookSpec>;
  readonly checkInvariants: boolean;
  readonly bids: SideBook;
  readonly asks: SideBook;
  /** Resting orders by id. */
  readonly orders: Map<string, OrderNode>;
  /** Resting orders by user, for cancel-all. */
  readonly byUser: Map<number, Set<OrderNode>>;
  /** Bumped by every operation that changed a level. */
  seq: number;
  /** Id of the operation under way, to mark the levels it touches. */
  opId: number;
  /** Levels the operation under way changed, each once. */
  touched: Level[];
}

export function createState(spec: Required<BookSpec>, checkInvariants: boolean): BookState {
  return {
    spec,
    checkInvariants,
    bids: new SideBook('buy'),
    asks: new SideBook('sell'),
    orders: new Map(),
    byUser: new Map(),
    seq: 0,
    opId: 0,
    touched: [],
  };
}

export const sideOf = (state: BookState, side: Side): SideBook => (side === 'buy' ? state.bids : state.asks);

/** Records that the operation under way changed the level (once per level and operation). */
export function touch(state: BookState, level: Level): void {
  if (level.mark !== state.opId) {
    level.mark = state.opId;
    state.touched.push(level);
  }
}

/** Queues the order last on its level and adds it to the indexes. */
export function append(state: BookState, node: OrderNode): void {
  const level = node.level;
  node.prev = level.tail;
  if (level.tail) level.tail.next = node;
  else level.head = node;
  level.tail = node;
  level.count += 1;
  level.total += node.remaining;
  state.orders.set(node.id, node);
  let mine = state.byUser.get(node.userId);
  if (!mine) {
    mine = new Set();
    state.byUser.set(node.userId, mine);
  }
  mine.add(node);
}

/** Takes the order off its level (dropping the level when it empties) and out of the indexes. */
export function unlink(state: BookState, node: OrderNode): void {
  const level = node.level;
  if (node.prev) node.prev.next = node.next;
  else level.head = node.next;
  if (node.next) node.next.prev = node.prev;
  else level.tail = node.prev;
  node.prev = null;
  node.next = null;
  level.count -= 1;
  level.total -= node.remaining;
  if (level.count === 0) sideOf(state, level.side).remove(level);
  state.orders.delete(node.id);
  const mine = state.byUser.get(node.userId)!;
  mine.delete(node);
  if (mine.size === 0) state.byUser.delete(node.userId);
}
