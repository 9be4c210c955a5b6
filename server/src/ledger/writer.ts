import { DomainError } from '../kernel/errors';
import { type BatchPlan, createGroupWriter, type JobOutcome } from '../kernel/group-writer';
import type { Store, Tx } from '../store';
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

/** The money writer's one key: every transfer goes through one queue. */
const KEY = 'ledger';

/**
 * Group commit for money-moving calls (kernel/group-writer.ts): the calls that queue while a batch commits
 * are committed together in one database transaction, with one `postMany` (one lock round in ascending
 * account order, so batches never deadlock with each other or with the order writers). A call refused on
 * its own (validation, a short balance) fails alone and the batch goes on; a failure after the entries
 * were posted (a record that cannot be written, the commit) rolls the batch back and every call runs
 * again on its own.
 */
export function createMoneyWriter(deps: { readonly store: Store; readonly ledger: Ledger }) {
  const { store, ledger } = deps;

  /** Works out each call's entry, posts them all, then finishes the posted ones and undoes the refused. */
  async function run(tx: Tx, jobs: readonly MoneyJob<unknown>[]): Promise<JobOutcome<unknown>[]> {
    const out: JobOutcome<unknown>[] = [];
    const prepared: { index: number; input: PostInput }[] = [];
    for (const [index, job] of jobs.entries()) {
      try {
        prepared.push({ index, input: await job.prepare(tx) });
      } catch (error) {
        out[index] = { ok: false, error };
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
        await job.undo?.(tx);
        out[p.index] = { ok: false, error: new DomainError(result?.error ?? 'InsufficientBalance') };
        continue;
      }
      out[p.index] = { ok: true, value: await job.finish(tx, result.id) };
    }
    return out;
  }

  const plan: BatchPlan<MoneyJob<unknown>, unknown, null> = { begin: () => null, run };
  const writer = createGroupWriter({ store, requests: ledger, plan });

  return {
    /** Commits the call with the others waiting; resolves with its answer after the commit. */
    submit<R>(job: MoneyJob<R>): Promise<R> {
      const request =
        job.requestId === undefined
          ? undefined
          : { userId: job.userId, requestId: job.requestId, scope: job.scope, body: job.body };
      return writer.submit(KEY, job, { request }) as Promise<R>;
    },
    /** Committed batches by size since start. */
    batchSizes: (): ReadonlyMap<number, number> => writer.batchSizes(),
    /** Refuses new calls; resolves once every queued one is answered. */
    close: () => writer.close(),
  };
}

export type MoneyWriter = ReturnType<typeof createMoneyWriter>;
