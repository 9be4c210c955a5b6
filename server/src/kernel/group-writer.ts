import { setTimeout as sleep } from 'node:timers/promises';
import type { Store, Tx } from '../store';
import { isStoreUnavailable, StoreUnavailableError } from '../store/unavailable';
import { DomainError } from './errors';
import { Serial } from './serial';

/** A caller's request id: the job runs once per (user, id); a retry gets the first answer. */
export interface RequestClaim {
  readonly userId: number;
  readonly requestId: string;
  /** What the id is bound to: the same id again with another scope or body is IdempotencyConflict. */
  readonly scope: string;
  readonly body: unknown;
}

/** Where request ids are claimed, answered and given back (the ledger's idempotency keys). */
export interface RequestLog {
  claimRequest(
    tx: Tx,
    userId: number,
    requestId: string,
    scope: string,
    body: unknown,
  ): Promise<{ seen: false } | { seen: true; response: unknown }>;
  /** Stores the answer; returns it as stored (JSON), which is what every caller of the id gets. */
  answerRequest(tx: Tx, userId: number, requestId: string, result: unknown): Promise<unknown>;
  releaseRequest(tx: Tx, userId: number, requestId: string): Promise<void>;
}

/** What became of one job of a batch: its answer, or the error it fails with alone. */
export type JobOutcome<R> =
  | { readonly ok: true; readonly value: R }
  | { readonly ok: false; readonly error: unknown };

/**
 * The domain's part of a key's batches: it plans and posts the jobs; the writer queues, claims, retries
 * and answers. `S` is one batch's own state, from `begin` to `committed` or `rolledBack`.
 */
export interface BatchPlan<J, R, S> {
  /** Before a batch, outside its transaction. A throw refuses every job of the batch with that error. */
  begin(key: string): Promise<S> | S;
  /**
   * The batch inside its one transaction, its request ids already claimed: one outcome per job, in order.
   * A job answered with an error fails alone (the plan leaves nothing of it behind); a throw rolls the
   * whole batch back.
   */
  run(tx: Tx, jobs: readonly J[], state: S): Promise<readonly JobOutcome<R>[]>;
  /** After the commit, before any caller is answered (caches, events); must not throw. */
  committed?(state: S): void;
  /** After the transaction rolled back, before its jobs run again alone (memory put back as stored). */
  rolledBack?(state: S, err: unknown): Promise<void>;
}

/** The ledger refused an entry of the batch as a whole: each job runs again alone, answered with `error`. */
export class BatchRefused extends Error {
  constructor(readonly error: 'InsufficientBalance' | 'SystemFundsShort') {
    super(error);
    this.name = 'BatchRefused';
  }
}

/**
 * A job or task handed to a writer that does not own its key (cluster mode: another instance holds it). Retryable,
 * as the store being away is: the call routing sends it to the owner, this refuses whatever else arrives.
 */
export class NotOwnerError extends StoreUnavailableError {
  constructor(readonly key: string) {
    super(`this process does not write ${key}`);
    this.name = 'NotOwnerError';
  }
}

export interface GroupWriterOptions<J, R, S> {
  readonly store: Store;
  readonly requests: RequestLog;
  readonly plan: BatchPlan<J, R, S>;
  /**
   * Whether this process writes a key's jobs (default: every key). A job or task for a key it does not own
   * is refused with NotOwnerError before it queues; nothing of it is committed here.
   */
  readonly owns?: (key: string) => boolean;
  /** The most jobs one batch takes (a bound on how long its locks are held); 256 by default. */
  readonly maxBatch?: number;
}

export interface SubmitOptions {
  /** The caller's request id, claimed in the batch's transaction before the plan runs the job. */
  readonly request?: RequestClaim | undefined;
  /** The job takes a batch of its own (it writes more in the transaction than the plan's postings). */
  readonly alone?: boolean | undefined;
}

export interface GroupWriter<J, R> {
  /** Queues the job on its key; resolves with its answer once the batch holding it committed. */
  submit(key: string, job: J, o?: SubmitOptions): Promise<R>;
  /** Runs a task alone in the key's queue, after what queued before it. */
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Resolves once every key's queue (or `key`'s alone) is empty and nothing runs. */
  idle(key?: string): Promise<void>;
  /** Refuses new jobs; resolves once every job queued before (and every task) has finished. */
  close(): Promise<void>;
  /** Committed batches by size since start: how much the group commit is sharing. */
  batchSizes(): ReadonlyMap<number, number>;
}

interface Queued<J, R> {
  readonly job: J;
  readonly request: RequestClaim | null;
  readonly alone: boolean;
  readonly resolve: (value: R) => void;
  readonly reject: (err: unknown) => void;
}

/** One key: its queue of jobs and the promise queue its batches and exclusive tasks run in. */
interface KeySlot<J, R> {
  readonly key: string;
  readonly serial: Serial;
  readonly pending: Queued<J, R>[];
  /** A batch is queued on the serial. */
  scheduled: boolean;
}

/** A job's answer from its batch; `again`: its request id is in flight in the same batch, it waits for the next. */
type Answer<R> = JobOutcome<R> | { readonly ok: 'again' };

const MAX_BATCH = 256;

/** A failure the callers see: a batch refusal, when a job met it alone, is the refusal's domain error. */
const alone = (err: unknown) => (err instanceof BatchRefused ? new DomainError(err.error) : err);

/**
 * Group commit, one writer per key (an instrument's book, the ledger's transfers): the jobs that queue
 * while a key's batch commits are committed together in one database transaction, in the order they came.
 * Each caller is answered only after the commit that holds its job.
 *
 * - Request ids: claimed in the batch's transaction before the plan runs; one seen before answers with
 *   its stored answer and moves nothing; one twice in a batch waits for the next; a job that fails gives
 *   its claim back (a retry runs again). A first caller gets the answer as stored, like every retry.
 * - Failure: a job the plan refuses fails alone and the batch goes on. A batch whose transaction fails
 *   rolls back whole (the plan puts its memory back) and each job runs again alone, so one bad job fails
 *   alone; when the store is away, every job is answered at once with that error.
 * - Exclusive tasks (`run`) take their turn in the key's queue between batches: reads that must match
 *   what was committed, and work that commits on its own.
 * - `close` refuses new jobs and resolves once every queued one is answered.
 */
export function createGroupWriter<J, R, S>(opts: GroupWriterOptions<J, R, S>): GroupWriter<J, R> {
  return new KeyedGroupWriter(opts);
}

class KeyedGroupWriter<J, R, S> implements GroupWriter<J, R> {
  readonly #store: Store;
  readonly #requests: RequestLog;
  readonly #plan: BatchPlan<J, R, S>;
  readonly #owns: (key: string) => boolean;
  readonly #maxBatch: number;
  /**
   * The embedded store runs one statement at a time and a transaction holds it whole: jobs still on their
   * way in (their own checks need the store) get a moment to join the batch.
   */
  readonly #lingerMs: number;
  readonly #slots = new Map<string, KeySlot<J, R>>();
  readonly #sizes = new Map<number, number>();
  #closed = false;

  constructor(opts: GroupWriterOptions<J, R, S>) {
    this.#store = opts.store;
    this.#requests = opts.requests;
    this.#plan = opts.plan;
    this.#owns = opts.owns ?? (() => true);
    this.#maxBatch = opts.maxBatch ?? MAX_BATCH;
    this.#lingerMs = opts.store.kind === 'pglite' ? 2 : 0;
  }

  submit(key: string, job: J, o: SubmitOptions = {}): Promise<R> {
    if (this.#closed) return Promise.reject(new StoreUnavailableError('writer closed'));
    if (!this.#owns(key)) return Promise.reject(new NotOwnerError(key));
    const slot = this.#slotOf(key);
    return new Promise<R>((resolve, reject) => {
      slot.pending.push({ job, request: o.request ?? null, alone: o.alone === true, resolve, reject });
      this.#schedule(slot);
    });
  }

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    if (!this.#owns(key)) return Promise.reject(new NotOwnerError(key));
    return this.#slotOf(key).serial.run(task);
  }

  async idle(key?: string): Promise<void> {
    for (;;) {
      const slots = key === undefined ? [...this.#slots.values()] : [this.#slots.get(key) ?? []].flat();
      const busy = slots.filter((s) => s.serial.pending > 0 || s.pending.length > 0);
      if (busy.length === 0) return;
      await Promise.all(busy.map((s) => s.serial.idle()));
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.idle();
  }

  batchSizes(): ReadonlyMap<number, number> {
    return new Map(this.#sizes);
  }

  #slotOf(key: string): KeySlot<J, R> {
    let slot = this.#slots.get(key);
    if (!slot) {
      slot = { key, serial: new Serial(), pending: [], scheduled: false };
      this.#slots.set(key, slot);
    }
    return slot;
  }

  #schedule(slot: KeySlot<J, R>): void {
    if (slot.scheduled || slot.pending.length === 0) return;
    slot.scheduled = true;
    void slot.serial.run(() => this.#drain(slot));
  }

  /** The next batch: jobs in order up to the limit, a job that goes alone in a batch of its own. */
  #take(slot: KeySlot<J, R>): Queued<J, R>[] {
    const first = slot.pending[0];
    if (!first) return [];
    let n = 1;
    if (!first.alone) {
      while (n < slot.pending.length && n < this.#maxBatch && !slot.pending[n]?.alone) n++;
    }
    return slot.pending.splice(0, n);
  }

  async #drain(slot: KeySlot<J, R>): Promise<void> {
    if (this.#lingerMs > 0 && slot.pending.length < this.#maxBatch) await sleep(this.#lingerMs);
    slot.scheduled = false;
    const items = this.#take(slot);
    this.#schedule(slot);
    if (items.length > 0) await this.#commit(slot, items);
  }

  /** Claims the batch's request ids: answers for the jobs already decided, the rest left to the plan. */
  async #claim(tx: Tx, items: readonly Queued<J, R>[]) {
    const answers: Answer<R>[] = [];
    const live: number[] = [];
    const claimedHere = new Set<string>();
    for (const [i, item] of items.entries()) {
      const r = item.request;
      if (r === null) {
        live.push(i);
        continue;
      }
      const id = `${r.userId}:${r.requestId}`;
      if (claimedHere.has(id)) {
        answers[i] = { ok: 'again' };
        continue;
      }
      try {
        const prior = await this.#requests.claimRequest(tx, r.userId, r.requestId, r.scope, r.body);
        if (prior.seen) {
          answers[i] = { ok: true, value: prior.response as R };
          continue;
        }
      } catch (error) {
        answers[i] = { ok: false, error };
        continue;
      }
      claimedHere.add(id);
      live.push(i);
    }
    return { answers, live };
  }

  /** One batch inside its transaction: claims, the plan, then each claim answered or given back. */
  async #inBatch(tx: Tx, items: readonly Queued<J, R>[], state: S): Promise<Answer<R>[]> {
    const { answers, live } = await this.#claim(tx, items);
    if (live.length === 0) return answers;
    const jobs = live.map((i) => (items[i] as Queued<J, R>).job);
    const outcomes = await this.#plan.run(tx, jobs, state);
    if (outcomes.length !== live.length)
      throw new Error(`batch plan answered ${outcomes.length} of ${live.length} jobs`);
    for (const [k, i] of live.entries()) {
      const out = outcomes[k] as JobOutcome<R>;
      const r = (items[i] as Queued<J, R>).request;
      if (r === null) answers[i] = out;
      else if (out.ok) {
        const stored = await this.#requests.answerRequest(tx, r.userId, r.requestId, out.value);
        answers[i] = { ok: true, value: stored as R };
      } else {
        await this.#requests.releaseRequest(tx, r.userId, r.requestId);
        answers[i] = out;
      }
    }
    return answers;
  }

  async #commit(slot: KeySlot<J, R>, items: readonly Queued<J, R>[]): Promise<void> {
    let state: S;
    try {
      state = await this.#plan.begin(slot.key);
    } catch (err) {
      for (const item of items) item.reject(err);
      return;
    }
    let answers: Answer<R>[];
    try {
      answers = await this.#store.db.transaction((tx) => this.#inBatch(tx, items, state));
    } catch (err) {
      await this.#failed(slot, items, state, err);
      return;
    }
    this.#sizes.set(items.length, (this.#sizes.get(items.length) ?? 0) + 1);
    try {
      this.#plan.committed?.(state);
    } finally {
      // Committed: every caller is answered, whatever followed.
      this.#answer(slot, items, answers);
    }
  }

  /** A batch rolled back: memory put back, then each job alone (or all answered, the store being away). */
  async #failed(slot: KeySlot<J, R>, items: readonly Queued<J, R>[], state: S, err: unknown): Promise<void> {
    try {
      await this.#plan.rolledBack?.(state, err);
    } catch {
      // Memory could not be put back: the batch is refused whole (the plan's next `begin` tries again).
      for (const item of items) item.reject(alone(err));
      return;
    }
    if (items.length === 1 || isStoreUnavailable(err)) {
      for (const item of items) item.reject(alone(err));
      return;
    }
    for (const item of items) await this.#commit(slot, [item]);
  }

  #answer(slot: KeySlot<J, R>, items: readonly Queued<J, R>[], answers: readonly Answer<R>[]): void {
    const again: Queued<J, R>[] = [];
    for (const [i, item] of items.entries()) {
      const a = answers[i];
      if (!a) continue;
      if (a.ok === 'again') again.push(item);
      else if (a.ok) item.resolve(a.value);
      else item.reject(a.error);
    }
    if (again.length > 0) {
      // Back at the head of the queue, in their order: the next batch answers them.
      slot.pending.unshift(...again);
      this.#schedule(slot);
    }
  }
}
