/**
 * Cluster mode's writers' groups and what crosses between them. Each spot book runs on the holder of its own
 * lease (`spot.BTC-USDT`); everything else that keeps memory (the swaps, copy trading, the market's walk and
 * maker, the timers) on the holder of the `writers` lease. The placement spreads them over the instances. What
 * one group reads of another's memory reaches it here: the index (the writers' instance tells it every
 * second), the spot books' best prices (from the live feed every instance follows) and the demo maker's quotes
 * (request–reply to each book's holder, one message for what is called together on a book, so one commit
 * still takes a requote).
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
  /** Which groups this process runs now (set by the leases): the writers', and the spot books by instrument. */
  readonly here: { readonly spot: Set<string>; writers: boolean };
  /** The feed's best prices (the gateway, once registered). */
  topFrom(top: WritersPlacement['top']): void;
  /** On the writers' holder: tells the index of every spot instrument every second. Returns the way to stop. */
  tellIndex(instIds: () => readonly string[], indexOf: (instId: string) => string | null): () => void;
  /** On a spot book's holder: answers the maker's calls on that book. Returns the way to stop. */
  serveMaker(local: MakerVenue, instId: string): () => void;
  close(): void;
}

export function createSpread(link: ClusterLink): Spread {
  const { nc } = link;
  const prefix = link.config.prefix;
  const here = { spot: new Set<string>(), writers: false };
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
  const makerSubject = (instId: string) => `${prefix}.maker.${instId}`;

  return {
    here,
    writersHere: () => here.writers,
    index: (instId) => (Date.now() - indexAt <= INDEX_STALE_MS ? (index[instId] ?? null) : null),
    top: (instId) => top(instId),
    makerVenue: (local) => remoteVenue(nc, makerSubject, here, local),
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
    serveMaker(local, instId) {
      const sub = nc.subscribe(makerSubject(instId), {
        queue: 'maker',
        callback: (err, msg) => {
          if (err) return;
          const ops = bodyFromWire(msg.json()) as MakerOp[];
          // Each call queues its job before the next is made: one commit takes them, as on one instance.
          const runs = ops.map((o) =>
            o.op === 'cancel'
              ? local.cancel(o.userId, { instId: o.instId })
              : o.op === 'submit'
                ? local.submit(o.userId, o.order)
                : Promise.resolve(local.books?.(o.userId) ?? []).then((l) =>
                    l.filter((b) => b.instId === instId),
                  ),
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

/**
 * The maker's calls on the books other instances run: those made in one turn on one book travel in one
 * message to its holder, answered in the same order (one commit still takes a requote).
 */
function remoteVenue(
  nc: ClusterLink['nc'],
  subject: (instId: string) => string,
  here: Spread['here'],
  local: MakerVenue,
): MakerVenue {
  let pending = new Map<string, Array<{ op: MakerOp; done: (a: MakerAnswer) => void }>>();
  const flush = () => {
    const batches = pending;
    pending = new Map();
    // Prices and sizes are exact decimals (bigint units): they travel as the forwarded calls' bodies do.
    for (const [instId, batch] of batches)
      nc.request(subject(instId), JSON.stringify(bodyToWire(batch.map((b) => b.op))), {
        timeout: MAKER_TIMEOUT_MS,
      })
        .then((msg) => {
          const answers = bodyFromWire(msg.json()) as MakerAnswer[];
          for (const [i, b] of batch.entries()) b.done(answers[i] ?? { ok: false, error: 'no answer' });
        })
        .catch((err: unknown) => {
          const error = `the instance of the ${instId} book did not answer (${(err as Error).message})`;
          for (const b of batch) b.done({ ok: false, error });
        });
  };
  const send = (instId: string, op: MakerOp) =>
    new Promise<unknown>((resolve, reject) => {
      if (pending.size === 0) queueMicrotask(flush);
      const list = pending.get(instId) ?? [];
      pending.set(instId, list);
      list.push({ op, done: (a) => (a.ok ? resolve(a.value) : reject(new Error(a.error))) });
    });
  /** Every book: those run here, then each other one from its holder (a book no one answers is left out). */
  const books = async (userId: number | null): Promise<readonly VenueBook[]> => {
    const mine =
      here.spot.size === 0
        ? []
        : ((await local.books?.(userId)) ?? []).filter((b) => here.spot.has(b.instId));
    const others = (await local.instruments()).filter((i) => !here.spot.has(i.instId));
    const theirs = await Promise.all(
      others.map((i) =>
        (send(i.instId, { op: 'books', userId }) as Promise<readonly VenueBook[]>).catch(() => []),
      ),
    );
    const all = [...mine, ...theirs.flat()];
    const order = new Map((await local.instruments()).map((i, n) => [i.instId, n]));
    return all.sort((a, b) => (order.get(a.instId) ?? 0) - (order.get(b.instId) ?? 0));
  };
  return {
    instruments: () => local.instruments(),
    cancel: (userId, q) =>
      here.spot.has(q.instId)
        ? local.cancel(userId, q)
        : send(q.instId, { op: 'cancel', userId, instId: q.instId }),
    submit: (userId, order) =>
      here.spot.has(order.instId)
        ? local.submit(userId, order)
        : send(order.instId, { op: 'submit', userId, order }),
    books,
  };
}
