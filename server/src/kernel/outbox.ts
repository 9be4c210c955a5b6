import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Store, schema, type Tx } from '../store';
import { freshRounds } from './serial';

/** Events a drain reads at most. */
const DRAIN_BATCH = 100;

const { outboxEvents, outboxReceipts } = schema;

/** An event as a consumer receives it. */
export interface OutboxEvent<T = unknown> {
  readonly id: number;
  readonly topic: string;
  readonly payload: T;
}

/**
 * Handles one event inside its own transaction; what it moves commits with its receipt, or not at all. It may
 * answer a function to run once that transaction has committed (telling the live feed, say).
 */
export type OutboxConsumer<T = unknown> = (tx: Tx, event: OutboxEvent<T>) => Promise<void | (() => void)>;

/**
 * The transactional outbox: producers write events in the transaction of the posting that causes them;
 * `drain` hands each pending event to every consumer of its topic, each in a transaction of its own with
 * a receipt keyed by (consumer, event id), so a consumer acts on an event once however often delivery is
 * retried (after a crash, a failed consumer, two drains at once). The live feed keeps the in-memory bus.
 */
export interface Outbox {
  write(tx: Tx, topic: string, payload: unknown): Promise<number>;
  consume<T>(topic: string, consumer: string, handle: OutboxConsumer<T>): void;
  /** Delivers what is pending (up to a batch); answers how many events were completed. */
  drain(): Promise<number>;
}

export function createOutbox(deps: { store: Store; log?: FastifyBaseLogger }): Outbox {
  const consumers = new Map<string, Array<{ name: string; handle: OutboxConsumer }>>();
  async function deliver(event: OutboxEvent): Promise<boolean> {
    let complete = true;
    for (const c of consumers.get(event.topic) ?? []) {
      try {
        const committed = await deps.store.db.transaction(async (tx) => {
          const fresh = await tx
            .insert(outboxReceipts)
            .values({ consumer: c.name, eventId: event.id })
            .onConflictDoNothing()
            .returning({ eventId: outboxReceipts.eventId });
          return fresh.length > 0 ? await c.handle(tx, event) : undefined;
        });
        committed?.();
      } catch (err) {
        complete = false;
        deps.log?.warn({ err, event: event.id, consumer: c.name }, 'outbox consumer failed; will retry');
      }
    }
    return complete;
  }

  /**
   * One drain at a time in this process; receipts keep concurrent drains of other processes safe. A call made
   * while one runs waits for it and for one more, begun after the call, so a caller's events are handed over.
   */
  const drain = freshRounds(() => drainOnce(DRAIN_BATCH));

  async function drainOnce(limit: number): Promise<number> {
    const rows = await deps.store.db
      .select({
        id: outboxEvents.id,
        topic: outboxEvents.topic,
        payload: sql<string>`${outboxEvents.payload}::text`,
      })
      .from(outboxEvents)
      .where(isNull(outboxEvents.deliveredAt))
      .orderBy(asc(outboxEvents.id))
      .limit(limit);
    const done: number[] = [];
    for (const r of rows) {
      const event = { id: r.id, topic: r.topic, payload: JSON.parse(r.payload) as unknown };
      if (await deliver(event)) done.push(r.id);
    }
    if (done.length > 0) {
      await deps.store.db
        .update(outboxEvents)
        .set({ deliveredAt: new Date() })
        .where(and(inArray(outboxEvents.id, done), isNull(outboxEvents.deliveredAt)));
    }
    return done.length;
  }

  return {
    async write(tx, topic, payload) {
      const [row] = await tx
        .insert(outboxEvents)
        .values({ topic, payload: sql`${JSON.stringify(payload)}::jsonb` })
        .returning({ id: outboxEvents.id });
      if (!row) throw new Error('outbox write returned nothing');
      return row.id;
    },
    consume(topic, consumer, handle) {
      const list = consumers.get(topic) ?? [];
      if (list.some((c) => c.name === consumer))
        throw new Error(`outbox consumer ${consumer} registered twice`);
      list.push({ name: consumer, handle: handle as OutboxConsumer });
      consumers.set(topic, list);
    },
    drain,
  };
}
