/**
 * Cluster mode's two writers' groups and what crosses between them. The spot books run on the holder of the
 * `spot` lease; everything else that keeps memory (the swaps, copy trading, the market's walk and maker, the
 * timers) on the holder of the `writers` lease, another instance whenever there are two. What one group reads
 * of the other's memory reaches it here: the index (the writers' instance tells it every second), the spot
 * books' best prices (from the live feed every instance follows) and the demo maker's quotes (request–reply to
 * the books' holder, one message for what is called together, so one commit still takes a requote).
 */
import type { ClusterLink } from '../cluster';
import { bodyFromWire, bodyToWire } from '../cluster/call-body';
import type { MakerVenue, VenueBook } from '../modules/market/reference';
import type { WritersPlacement } from '../modules/ports';

/** An index older than this is not used (the writers' instance is gone or its walk stopped). */
const INDEX_STALE_MS = 5_000;
const MAKER_TIMEOUT_MS = 10_000;

type MakerOp =
  | { readonly op: 'cancel'; readonly userId: number; readonly instId: string }
  | { readonly op: 'submit'; readonly userId: number; readonly order: Parameters<MakerVenue['submit']>[1] }
  | { readonly op: 'books'; readonly userId: number | null };
type MakerAnswer =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: string };

export interface Spread extends WritersPlacement {
  /** Which groups this process runs now (set by the leases). */
  readonly here: { spot: boolean; writers: boolean };
  /** The feed's best prices (the gateway, once registered). */
  topFrom(top: WritersPlacement['top']): void;
  /** On the writers' holder: tells the index of every spot instrument every second. Returns the way to stop. */
  tellIndex(instIds: () => readonly string[], indexOf: (instId: string) => string | null): () => void;
  /** On the spot books' holder: answers the maker's calls. Returns the way to stop. */
  serveMaker(local: MakerVenue): () => void;
  close(): void;
}

export function createSpread(link: ClusterLink): Spread {
  const { nc } = link;
  const prefix = link.config.prefix;
  const here = { spot: false, writers: false };
  let top: WritersPlacement['top'] = () => null;
  let index: Record<string, string | null> = {};
  let indexAt = 0;
  const indexSub = nc.subscribe(`${prefix}.index`, {
    callback: (err, msg) => {
      if (err) return;
      index = msg.json<Record<string, string | null>>();
      indexAt = Date.now();
    },
  });
  const makerSubject = `${prefix}.maker`;

  /** Calls made in one turn travel in one message, answered in the same order. */
  function remoteVenue(local: MakerVenue): MakerVenue {
    let pending: Array<{ op: MakerOp; done: (a: MakerAnswer) => void }> = [];
    const flush = () => {
      const batch = pending;
      pending = [];
      // Prices and sizes are exact decimals (bigint units): they travel as the forwarded calls' bodies do.
      nc.request(makerSubject, JSON.stringify(bodyToWire(batch.map((b) => b.op))), {
        timeout: MAKER_TIMEOUT_MS,
      })
        .then((msg) => {
          const answers = bodyFromWire(msg.json()) as MakerAnswer[];
          for (const [i, b] of batch.entries()) b.done(answers[i] ?? { ok: false, error: 'no answer' });
        })
        .catch((err: unknown) => {
          const error = `the spot books' instance did not answer (${(err as Error).message})`;
          for (const b of batch) b.done({ ok: false, error });
        });
    };
    const send = (op: MakerOp) =>
      new Promise<unknown>((resolve, reject) => {
        if (pending.length === 0) queueMicrotask(flush);
        pending.push({ op, done: (a) => (a.ok ? resolve(a.value) : reject(new Error(a.error))) });
      });
    return {
      instruments: () => local.instruments(),
      cancel: (userId, q) =>
        here.spot ? local.cancel(userId, q) : send({ op: 'cancel', userId, instId: q.instId }),
      submit: (userId, order) =>
        here.spot ? local.submit(userId, order) : send({ op: 'submit', userId, order }),
      books: async (userId) =>
        here.spot
          ? ((await local.books?.(userId)) ?? [])
          : ((await send({ op: 'books', userId })) as readonly VenueBook[]),
    };
  }

  return {
    here,
    writersHere: () => here.writers,
    index: (instId) => (Date.now() - indexAt <= INDEX_STALE_MS ? (index[instId] ?? null) : null),
    top: (instId) => top(instId),
    makerVenue: remoteVenue,
    topFrom(t) {
      top = t;
    },
    tellIndex(instIds, indexOf) {
      const tell = () => {
        const all: Record<string, string | null> = {};
        for (const id of instIds()) all[id] = indexOf(id);
        nc.publish(`${prefix}.index`, JSON.stringify(all));
      };
      tell();
      const timer = setInterval(tell, 1_000);
      timer.unref();
      return () => clearInterval(timer);
    },
    serveMaker(local) {
      const sub = nc.subscribe(makerSubject, {
        queue: 'spot',
        callback: (err, msg) => {
          if (err) return;
          const ops = bodyFromWire(msg.json()) as MakerOp[];
          // Each call queues its job before the next is made: one commit takes them, as on one instance.
          const runs = ops.map((o) =>
            o.op === 'cancel'
              ? local.cancel(o.userId, { instId: o.instId })
              : o.op === 'submit'
                ? local.submit(o.userId, o.order)
                : Promise.resolve(local.books?.(o.userId) ?? []),
          );
          void Promise.allSettled(runs).then((out) =>
            msg.respond(
              JSON.stringify(
                bodyToWire(
                  out.map(
                    (r): MakerAnswer =>
                      r.status === 'fulfilled'
                        ? { ok: true, value: r.value ?? null }
                        : { ok: false, error: (r.reason as Error)?.message ?? String(r.reason) },
                  ),
                ),
              ),
            ),
          );
        },
      });
      return () => sub.unsubscribe();
    },
    close() {
      indexSub.unsubscribe();
    },
  };
}
