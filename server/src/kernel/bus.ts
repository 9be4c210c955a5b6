import { EventEmitter } from 'node:events';

/** One price level as the market publishes it: price, total size, order count (decimal strings). */
export type BookLevel = readonly [price: string, size: string, count: number];

/** What the market tells the rest of the server (the live feed subscribes). */
export interface BusEvents {
  /** Changed levels of a book after one operation; size "0" removes a level. `seq` rises by one per change. */
  /**
   * Levels that changed (a size of 0 removes one), the book at `seq` after them. `from`: the sequence the book
   * was at before them, when one update carries several steps (a writer's commit); else `seq` − 1.
   */
  'book.update': {
    instId: string;
    seq: number;
    from?: number;
    asks: BookLevel[];
    bids: BookLevel[];
    ts: number;
  };
  /** The whole book (after a restart or on demand). */
  'book.snapshot': { instId: string; seq: number; asks: BookLevel[]; bids: BookLevel[]; ts: number };
  /** A trade printed on an instrument. */
  trade: { instId: string; tradeId: string; price: string; size: string; side: 'buy' | 'sell'; ts: number };
  /** A ticker changed. */
  ticker: {
    instId: string;
    last: string;
    open24h: string;
    high24h: string;
    low24h: string;
    vol24h: string;
    changePercent: string;
    ts: number;
  };
  /** One of a user's swap positions changed or was re-marked (private: `positions` of that user only). */
  'position.update': { userId: number; position: Record<string, unknown>; ts: number };
  /** A swap's mark price, index price and the funding rate its next settlement would pay (public). */
  'mark.price': {
    instId: string;
    markPx: string;
    idxPx: string;
    fundingRate: string;
    nextFundingTime: number;
    ts: number;
  };
  /** One of a user's orders changed (private: `update_order` of that user only). */
  'order.update': { userId: number; order: Record<string, unknown>; ts: number };
  /** A notice for a user was written (private: `notices` of that user only). */
  'notice.new': { userId: number; notice: Record<string, unknown>; ts: number };
}

export type BusEvent = keyof BusEvents;

/**
 * The in-process event bus. One process by default; cluster mode carries the same events
 * over Redis with the same interface.
 */
export interface Bus {
  publish<E extends BusEvent>(event: E, payload: BusEvents[E]): void;
  subscribe<E extends BusEvent>(event: E, handler: (payload: BusEvents[E]) => void): () => void;
}

export function createMemoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(event, payload) {
      emitter.emit(event, payload);
    },
    subscribe(event, handler) {
      const h = handler as (p: unknown) => void;
      emitter.on(event, h);
      return () => emitter.off(event, h);
    },
  };
}
