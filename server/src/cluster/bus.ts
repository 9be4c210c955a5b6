import type { NatsConnection } from '@nats-io/transport-node';
import { type Bus, type BusEvent, type BusEvents, createMemoryBus } from '../kernel/bus';

interface Wire {
  readonly e: BusEvent;
  readonly p: unknown;
}

/** A message's events are sent at most this many characters of JSON at a time (NATS caps a message at 1 MB). */
const MESSAGE_CHARS = 256 * 1024;

export interface ClusterBus extends Bus {
  /** Asks the instance that holds the books to publish `book.snapshot` of one instrument again. */
  resync(instId: string): void;
  /** On the writers' instance: answers other instances' resync requests. */
  onResync(handler: (instId: string) => void): () => void;
  /** Sends the events still waiting for the end of this turn now (before the connection drains). */
  flush(): void;
}

/**
 * The event bus across instances: an event is delivered to this process's subscribers at once (as the
 * in-process bus does) and published on its instance's NATS subject (`<prefix>.bus.<instance in hex>`); every instance
 * listens to all of them and delivers the others' events to its subscribers. Its own come back too (NATS echoes
 * them): the subject tells them apart before their payload is parsed. The events of one turn of the event loop
 * travel as one message (a JSON array). One subject keeps one publisher's events in the order it published them. A live-feed gateway that sees a
 * book's sequence skip (it joined late, or NATS dropped a message to a slow consumer) asks for a resync:
 * the writers' instance publishes that book's snapshot again.
 */
export function createNatsBus(nc: NatsConnection, prefix: string, instance: string): ClusterBus {
  const local = createMemoryBus();
  // In hex: a name may hold a dot, which NATS reads as a subject's separator.
  const subject = `${prefix}.bus.${Buffer.from(instance).toString('hex')}`;
  const resyncSubject = `${prefix}.resync`;
  nc.subscribe(`${prefix}.bus.*`, {
    callback: (err, msg) => {
      // This instance's own, delivered to its subscribers already when it published them.
      if (err || msg.subject === subject) return;
      for (const w of msg.json<Wire[]>()) local.publish(w.e, w.p as BusEvents[typeof w.e]);
    },
  });
  // The events of one turn of the event loop (a batch's orders, trades and book changes) leave as one message.
  let pending: string[] = [];
  let chars = 0;
  const flush = () => {
    if (pending.length === 0) return;
    const body = `[${pending.join(',')}]`;
    pending = [];
    chars = 0;
    nc.publish(subject, body);
  };
  const asked = new Map<string, number>();
  return {
    publish(event, payload) {
      local.publish(event, payload);
      const one = JSON.stringify({ e: event, p: payload } satisfies Wire);
      if (chars + one.length > MESSAGE_CHARS) flush();
      if (pending.length === 0) setImmediate(flush);
      pending.push(one);
      chars += one.length + 1;
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
    flush,
  };
}
