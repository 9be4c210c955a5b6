import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from '../kernel/errors';
import type { Store, Tx } from '../store';
import { isStoreUnavailable } from '../store/unavailable';
import type { Ledger } from './ledger';
import type { PostInput } from './types';

/** One money-moving call for the writer: how to work out its entry, and what to do once it is posted. */
export interface MoneyJob<R> {
  readonly userId: number;
  /** The caller's request id: the call runs once per (user, id), a retry gets the first answer. */
  readonly requestId?: string | undefined;
  readonly scope: string;
  readonly body: unknown;
  /** Checks the call and works out its journal entry, inside the batch's transaction. */
  prepare(tx: Tx): Promise<PostInput>;
  /** Once its entry is posted: its own records and its answer (a throw undoes the whole batch). */
  finish(tx: Tx, ledgerTxId: number): Promise<R>;
  /** When its entry is refused (a short balance): takes back what `prepare` wrote. */
  undo?(tx: Tx): Promise<void>;
}

interface Queued {
  readonly job: MoneyJob<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (err: unknown) => void;
}

type Outcome =
  | { readonly kind: 'ok'; readonly value: unknown }
  | { readonly kind: 'error'; readonly error: unknown }
  | { readonly kind: 'again' };

/** The most calls one batch takes (a bound on how long its locks are held). */
const MAX_BATCH = 256;

/**
 * Group commit for money-moving calls: the calls that queue while a batch commits are committed together
 * in one database transaction, with one `postMany` (one lock round in ascending account order, so
 * batches never deadlock with each other or with the order writers). A call refused on its own
 * (validation, a short balance) fails alone and the batch goes on; a failure after the entries were
 * posted (a record that cannot be written, the commit) rolls the batch back and every call runs again on
 * its own. Each caller is answered only after the commit that holds its call.
 */
export function createMoneyWriter(deps: { readonly store: Store; readonly ledger: Ledger }) {
  const { store, ledger } = deps;
  const linger_ms = store.kind === 'pglite' ? 2 : 0;
  const pending: Queued[] = [];
  let running = false;
  const sizes = new Map<number, number>();

  async function batch(tx: Tx, jobs: readonly MoneyJob<unknown>[]): Promise<Outcome[]> {
    const out: Outcome[] = [];
    const claimedHere = new Set<string>();
    const prepared: { index: number; input: PostInput; claimed: boolean }[] = [];
    for (const [index, job] of jobs.entries()) {
      const key = job.requestId === undefined ? null : `${job.userId}:${job.requestId}`;
      let claimed = false;
      try {
        if (key !== null && job.requestId !== undefined) {
          if (claimedHere.has(key)) {
            // The same request twice in one batch: the second waits for the first's answer.
            out[index] = { kind: 'again' };
            continue;
          }
          const prior = await ledger.claimRequest(tx, job.userId, job.requestId, job.scope, job.body);
          if (prior.seen) {
            out[index] = { kind: 'ok', value: prior.response };
            continue;
          }
          claimed = true;
          claimedHere.add(key);
        }
        prepared.push({ index, input: await job.prepare(tx), claimed });
      } catch (err) {
        if (claimed && key !== null && job.requestId !== undefined) {
          await ledger.releaseRequest(tx, job.userId, job.requestId);
          claimedHere.delete(key);
        }
        out[index] = { kind: 'error', error: err };
      }
    }
    const posted = await ledger.postMany(
      tx,
      prepared.map((p) => p.input),
    );
    for (const [k, p] of prepared.entries()) {
      const job = jobs[p.index] as MoneyJob<unknown>;
      const result = posted[k];
      if (!result?.ok) {
        if (p.claimed && job.requestId !== undefined)
          await ledger.releaseRequest(tx, job.userId, job.requestId);
        await job.undo?.(tx);
        out[p.index] = { kind: 'error', error: new DomainError(result?.error ?? 'InsufficientBalance') };
        continue;
      }
      const value = await job.finish(tx, result.id);
      out[p.index] = {
        kind: 'ok',
        value:
          p.claimed && job.requestId !== undefined
            ? await ledger.answerRequest(tx, job.userId, job.requestId, value)
            : value,
      };
    }
    return out;
  }

  async function commit(items: readonly Queued[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = await store.db.transaction((tx) =>
        batch(
          tx,
          items.map((i) => i.job),
        ),
      );
    } catch (err) {
      // The store is away: each call alone would fail the same way, after as many round trips. All are
      // answered now (StoreUnavailable); their request ids let the callers retry safely.
      if (items.length === 1 || isStoreUnavailable(err)) {
        for (const item of items) item.reject(err);
        return;
      }
      for (const item of items) await commit([item]);
      return;
    }
    sizes.set(items.length, (sizes.get(items.length) ?? 0) + 1);
    for (const [i, item] of items.entries()) {
      const o = outcomes[i];
      if (!o) continue;
      if (o.kind === 'ok') item.resolve(o.value);
      else if (o.kind === 'error') item.reject(o.error);
      else pending.unshift(item);
    }
  }

  async function drain(): Promise<void> {
    running = true;
    try {
      while (pending.length > 0) {
        // The embedded store runs one statement at a time: calls still on their way in get a moment.
        if (linger_ms > 0 && pending.length < MAX_BATCH) await sleep(linger_ms);
        const items = pending.splice(0, MAX_BATCH);
        await commit(items);
      }
    } finally {
      running = false;
    }
  }

  return {
    /** Commits the call with the others waiting; resolves with its answer after the commit. */
    submit<R>(job: MoneyJob<R>): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        pending.push({ job: job as MoneyJob<unknown>, resolve: resolve as (v: unknown) => void, reject });
        if (!running) void drain();
      });
    },
    /** Committed batches by size since start. */
    batchSizes: (): ReadonlyMap<number, number> => new Map(sizes),
  };
}

export type MoneyWriter = ReturnType<typeof createMoneyWriter>;
