import { type OrderNode, view } from './levels';
import { beginOp, endOp } from './operation';
import { type BookState, touch, unlink } from './state';
import type { CancelResult, OpenOrder } from './types';

/** Takes the given resting orders off the book, in the given order, as one operation. */
export function cancelNodes(state: BookState, nodes: Iterable<OrderNode>, missing: string[]): CancelResult {
  beginOp(state);
  const canceled: OpenOrder[] = [];
  for (const node of nodes) {
    touch(state, node.level);
    canceled.push(view(node));
    unlink(state, node);
  }
  const deltas = endOp(state);
  return { canceled, missing, deltas, seq: state.seq };
}

/** Cancels the resting orders among ids (each once); the others are listed as missing. */
export function cancelMany(state: BookState, ids: readonly string[]): CancelResult {
  const nodes: OrderNode[] = [];
  const missing: string[] = [];
  const seen = new Set<string>();
  for (const id of ids) {
    const node = state.orders.get(id);
    if (node && !seen.has(id)) {
      seen.add(id);
      nodes.push(node);
    } else if (!node) missing.push(id);
  }
  return cancelNodes(state, nodes, missing);
}
