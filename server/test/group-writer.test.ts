import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../src/kernel/errors';
import {
  type BatchPlan,
  createGroupWriter,
  type GroupWriterOptions,
  type JobOutcome,
  NotOwnerError,
  type RequestClaim,
} from '../src/kernel/group-writer';
import type { LedgerAccount, PostInput } from '../src/ledger';
import { queryRows, type Tx } from '../src/store';
import { isStoreUnavailable } from '../src/store/unavailable';
import { type LedgerFixture, ledgerFixture, testCause } from './ledger-fixture';

/*
 * The group writer's guarantees, once, on the store the run uses (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): what queued together commits together, a failing job fails alone, a request id is
 * answered once, jobs of a key commit in their order, close drains. The plan is a small one of its own:
 * each job is a transfer between two ledger accounts.
 */

let f: LedgerFixture;
beforeAll(async () => {
  f = await ledgerFixture();
});
afterAll(async () => {
  await f?.drop();
});

interface Job {
  readonly name: string;
  readonly from: LedgerAccount;
  readonly to: LedgerAccount;
  readonly amount: bigint;
  /** `alone`: the plan refuses it; `batch`: the plan throws on it (the whole transaction fails). */
  readonly fail?: 'alone' | 'batch';
}

interface Answer {
  readonly name: string;
  readonly ledgerTx: number;
}

/** What the test plan saw: jobs run (in order), batches committed (names), rollbacks. */
interface Seen {
  readonly ran: string[];
  readonly batches: string[][];
  rollbacks: number;
}

function testPlan(seen: Seen): BatchPlan<Job, Answer, { names: string[] }> {
  return {
    begin: () => ({ names: [] }),
    async run(tx: Tx, jobs: readonly Job[], state) {
      const out: JobOutcome<Answer>[] = [];
      const inputs: { index: number; input: PostInput }[] = [];
      for (const [index, job] of jobs.entries()) {
        seen.ran.push(job.name);
        if (job.fail === 'batch') throw new Error(`job ${job.name} breaks the batch`);
        if (job.fail === 'alone') {
          out[index] = { ok: false, error: new DomainError('NotFound') };
          continue;
        }
        const input: PostInput = {
          cause: testCause('group.test'),
          ref: job.name,
          userId: job.from.userId,
          postings: [
            { account: job.from, bucket: 'available', amount: -job.amount },
            { account: job.to, bucket: 'available', amount: job.amount },
          ],
        };
        inputs.push({ index, input });
      }
      const posted = await f.ledger.postMany(
        tx,
        inputs.map((i) => i.input),
      );
      for (const [k, { index }] of inputs.entries()) {
        const p = posted[k];
        const job = jobs[index] as Job;
        if (p?.ok) {
          out[index] = { ok: true, value: { name: job.name, ledgerTx: p.id } };
          state.names.push(job.name);
        } else out[index] = { ok: false, error: new DomainError(p?.error ?? 'InsufficientBalance') };
      }
      return out;
    },
    committed: (state) => seen.batches.push(state.names),
    rolledBack: async () => {
      seen.rollbacks += 1;
    },
  };
}

function makeWriter(opts: Partial<GroupWriterOptions<Job, Answer, { names: string[] }>> = {}) {
  const seen: Seen = { ran: [], batches: [], rollbacks: 0 };
  const writer = createGroupWriter({ store: f.store, requests: f.ledger, plan: testPlan(seen), ...opts });
  return { writer, seen };
}

async function account(funds: bigint): Promise<LedgerAccount> {
  const user = f.newUser();
  if (funds > 0n) await f.deposit(user, 'USDT', funds);
  return f.ledger.account(f.store.db, { userId: user, asset: 'USDT', kind: 'spot' });
}

const available = async (a: LedgerAccount) => (await f.balance(a.userId as number, 'USDT')).available;

/** A task that holds a key's queue until `open` is called: what is submitted meanwhile queues together. */
function hold(writer: ReturnType<typeof makeWriter>['writer'], key: string) {
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const held = writer.run(key, () => gate);
  return { open, held };
}

const claim = (job: Job, requestId: string): { request: RequestClaim } => ({
  request: {
    userId: job.from.userId as number,
    requestId,
    scope: 'group.test',
    body: { to: job.to.id, amount: job.amount.toString() },
  },
});

describe('the group writer', () => {
  it('commits what queued together in one transaction, up to its batch limit; a job that goes alone has a batch of its own', async () => {
    const { writer, seen } = makeWriter({ maxBatch: 3 });
    const [a, b] = [await account(100n), await account(0n)];
    const h = hold(writer, 'k');
    const names = ['j1', 'j2', 'j3', 'j4', 'j5', 'j6'];
    const done = names.map((name) =>
      writer.submit('k', { name, from: a, to: b, amount: 1n }, { alone: name === 'j5' }),
    );
    h.open();
    await h.held;
    const answers = await Promise.all(done);
    expect(answers.map((x) => x.name)).toEqual(names);
    expect(seen.batches).toEqual([['j1', 'j2', 'j3'], ['j4'], ['j5'], ['j6']]);
    expect(writer.batchSizes()).toEqual(
      new Map([
        [3, 1],
        [1, 3],
      ]),
    );
    // Each job has its own journal entry.
    expect(new Set(answers.map((x) => x.ledgerTx)).size).toBe(6);
    expect(await available(b)).toBe(6n);
  });

  it('a job the plan refuses fails alone; a job that breaks the batch fails alone and the others commit', async () => {
    const { writer, seen } = makeWriter();
    const [a, b, poor] = [await account(100n), await account(0n), await account(1n)];
    const h = hold(writer, 'k');
    const results = Promise.allSettled([
      writer.submit('k', { name: 'ok1', from: a, to: b, amount: 10n }),
      writer.submit('k', { name: 'refused', from: a, to: b, amount: 10n, fail: 'alone' }),
      writer.submit('k', { name: 'short', from: poor, to: b, amount: 5n }),
      writer.submit('k', { name: 'ok2', from: a, to: b, amount: 20n }),
    ]);
    h.open();
    const first = await results;
    expect(first.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(first[2]?.status === 'rejected' && (first[2].reason as DomainError).errorName).toBe(
      'InsufficientBalance',
    );
    expect(seen.batches).toEqual([['ok1', 'ok2']]);
    expect(seen.rollbacks).toBe(0);

    const h2 = hold(writer, 'k');
    const second = Promise.allSettled([
      writer.submit('k', { name: 'ok3', from: a, to: b, amount: 1n }),
      writer.submit('k', { name: 'bad', from: a, to: b, amount: 1n, fail: 'batch' }),
      writer.submit('k', { name: 'ok4', from: a, to: b, amount: 2n }),
    ]);
    h2.open();
    const out = await second;
    expect(out.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(out[1]?.status === 'rejected' && String(out[1].reason)).toContain('breaks the batch');
    // One rollback of the batch of three, one of the bad job alone; the good ones committed alone.
    expect(seen.rollbacks).toBe(2);
    expect(seen.batches.slice(1)).toEqual([['ok3'], ['ok4']]);
    expect(await available(b)).toBe(33n);
    expect(await f.ledger.audit()).toEqual([]);
  });

  it('answers a request id once: a replay gets the first answer and moves nothing, twice in a batch both get it, a failure gives the id back', async () => {
    const { writer, seen } = makeWriter();
    const [a, b] = [await account(100n), await account(0n)];
    const job: Job = { name: 'pay', from: a, to: b, amount: 30n };
    const h = hold(writer, 'k');
    const both = Promise.all([
      writer.submit('k', job, claim(job, 'r1')),
      writer.submit('k', job, claim(job, 'r1')),
    ]);
    h.open();
    const [x, y] = await both;
    expect(y).toEqual(x);
    const replay = await writer.submit('k', job, claim(job, 'r1'));
    expect(replay).toEqual(x);
    expect(seen.ran.filter((n) => n === 'pay')).toHaveLength(1);
    expect(await available(b)).toBe(30n);
    // The same id for another body is a conflict, and moves nothing.
    const other: Job = { ...job, amount: 31n };
    await expect(writer.submit('k', other, claim(other, 'r1'))).rejects.toMatchObject({
      errorName: 'IdempotencyConflict',
    });
    // A job that failed left no claim: its retry runs again.
    const bad: Job = { name: 'bad', from: a, to: b, amount: 5n, fail: 'alone' };
    await expect(writer.submit('k', bad, claim(bad, 'r2'))).rejects.toBeInstanceOf(DomainError);
    const keys = await queryRows<{ request_id: string }>(
      f.store.db,
      sql`select request_id from idempotency_keys where user_id = ${a.userId} order by request_id`,
    );
    expect(keys.map((k) => k.request_id)).toEqual(['r1']);
    const good: Job = { name: 'retry', from: a, to: b, amount: 5n };
    expect((await writer.submit('k', good, claim(bad, 'r2'))).name).toBe('retry');
    expect(await available(b)).toBe(35n);
  });

  it("commits a key's jobs in the order they came, and one key never waits for another", async () => {
    const { writer, seen } = makeWriter({ maxBatch: 2 });
    const [a, b] = [await account(100n), await account(0n)];
    const other = hold(writer, 'other');
    const answered: string[] = [];
    const names = ['o1', 'o2', 'o3', 'o4', 'o5'];
    const done = names.map((name) =>
      writer.submit('k', { name, from: a, to: b, amount: 1n }).then((x) => answered.push(x.name)),
    );
    await Promise.all(done);
    expect(answered).toEqual(names);
    expect(seen.ran).toEqual(names);
    expect(seen.batches.flat()).toEqual(names);
    other.open();
    await other.held;
  });

  it('close answers every queued job, then refuses new ones', async () => {
    const { writer } = makeWriter();
    const [a, b] = [await account(100n), await account(0n)];
    const settled: string[] = [];
    for (const name of ['c1', 'c2', 'c3']) {
      void writer.submit('k', { name, from: a, to: b, amount: 1n }).then((x) => settled.push(x.name));
    }
    void writer.submit('k2', { name: 'c4', from: a, to: b, amount: 1n }).then((x) => settled.push(x.name));
    await writer.close();
    // Answers are handed out before close resolves; their callbacks have run by the next turn.
    await Promise.resolve();
    expect(settled.sort()).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(await available(b)).toBe(4n);
    await expect(writer.submit('k', { name: 'late', from: a, to: b, amount: 1n })).rejects.toThrow('closed');
    expect(await available(b)).toBe(4n);
  });

  it('refuses a job for a key this process does not own, before it queues', async () => {
    const { writer, seen } = makeWriter({ owns: (key) => key !== 'elsewhere' });
    const [a, b] = [await account(10n), await account(0n)];
    await expect(
      writer.submit('elsewhere', { name: 'x', from: a, to: b, amount: 1n }),
    ).rejects.toBeInstanceOf(NotOwnerError);
    // A task in its queue too, and both as retryable (503: the call belongs on the owner).
    const task = writer.run('elsewhere', async () => 'ran');
    await expect(task).rejects.toBeInstanceOf(NotOwnerError);
    expect(isStoreUnavailable(await task.catch((e: unknown) => e))).toBe(true);
    expect((await writer.submit('here', { name: 'y', from: a, to: b, amount: 1n })).name).toBe('y');
    expect(seen.ran).toEqual(['y']);
  });
});
