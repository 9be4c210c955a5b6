import type { NatsConnection } from '@nats-io/transport-node';
import { type Bus, type BusEvent, type BusEvents, createMemoryBus } from '../kernel/bus';

interface Wire {
  /** The instance that published it (it delivered it to its own subscribers already). */
  readonly o: string;
  readonly e: BusEvent;
  readonly p: unknown;
}

export interface ClusterBus extends Bus {
  /** Asks the instance that holds the books to publish `book.snapshot` of one instrument again. */
  resync(instId: string): void;
  /** On the writers' instance: answers other instances' resync requests. */
  onResync(handler: (instId: string) => void): () => void;
}

/**
 * The event bus across instances: an event is delivered to this process's subscribers at once (as the
 * in-process bus does) and published on one NATS subject, whose other subscribers deliver it to theirs.
 * One subject keeps one publisher's events in the order it published them. A live-feed gateway that sees a
 * book's sequence skip (it joined late, or NATS dropped a message to a slow consumer) asks for a resync:
 * the writers' instance publishes that book's snapshot again.
 */
export function createNatsBus(nc: NatsConnection, prefix: string, instance: string): ClusterBus {
  const local = createMemoryBus();
  const subject = `${prefix}.bus`;
  const resyncSubject = `${prefix}.resync`;
  nc.subscribe(subject, {
    callback: (err, msg) => {
      if (err) return;
      const w = msg.json<Wire>();
      if (w.o === instance) return;
      local.publish(w.e, w.p as BusEvents[typeof w.e]);
    },
  });
  const asked = new Map<string, number>();
  return {
    publish(event, payload) {
      local.publish(event, payload);
      nc.publish(subject, JSON.stringify({ o: instance, e: event, p: payload } satisfies Wire));
    },
    subscribe: (event, handler) => local.subscribe(event, handler),
    resync(instId) {
      // At most one request a second per instrument, whatever the number of gaps seen.
      const now = Date.now();
      if (now - (asked.get(instId) ?? 0) < 1_000) return;
      asked.set(instId, now);
      nc.publish(resyncSubject, instId);
    },
    onResync(handler) {
      const sub = nc.subscribe(resyncSubject, {
        callback: (err, msg) => {
          if (!err) handler(msg.string());
        },
      });
      return () => sub.unsubscribe();
    },
  };
}
