import assert from 'node:assert/strict';
import { and, asc, count, desc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../kernel/clock';
import { DomainError, ValidationError } from '../kernel/errors';
import { type Db, queryRows, type Store, schema, type Tx } from '../store';
import { onPage, pageAnswer } from '../store/paging';
import { LEDGER_BUCKETS, LEDGER_USER_KINDS } from '../store/schema';
import { findViolations, type SolvencyLine, solvencyReport, type Violation } from './audit';
import { bodyHash } from './canonical';
import {
  type AccountRef,
  type Balance,
  type Entry,
  type HistoryQuery,
  type HistoryRow,
  isCounterAccount,
  type LedgerAccount,
  type Movement,
  type PostInput,
  type PostOutcome,
  type UserAccountKey,
  type UserAccountKind,
} from './types';

const { assets, ledgerAccounts, ledgerTransactions, ledgerPostings, idempotencyKeys } = schema;

const SYSTEM_NAME_RE = /^system:[a-z0-9_.:-]+$/;

const accountFields = {
  id: ledgerAccounts.id,
  asset: ledgerAccounts.asset,
  kind: ledgerAccounts.kind,
  userId: ledgerAccounts.userId,
  systemName: ledgerAccounts.systemName,
};

export interface LedgerDeps {
  readonly store: Store;
  readonly clock: Clock;
}

/**
 * The only code that moves money. Every movement is one journal transaction whose
 * postings sum to zero per asset; the account projections (available, frozen) are
 * written in the same database transaction as the postings, which is the caller's.
 */
export function createLedger({ store, clock }: LedgerDeps) {
  const knownAssets = new Set<string>();

  async function requireAsset(db: Db | Tx, asset: string): Promise<void> {
    if (knownAssets.has(asset)) return;
    const [row] = await db.select({ symbol: assets.symbol }).from(assets).where(eq(assets.symbol, asset));
    if (!row) throw new ValidationError('asset', 'invalid_value');
    knownAssets.add(asset);
  }

  /** The user's account for (asset, kind), created empty on first use. Safe under concurrency. */
  async function account(db: Db | Tx, key: UserAccountKey): Promise<LedgerAccount> {
    assert(Number.isSafeInteger(key.userId) && key.userId > 0, `bad user id ${key.userId}`);
    assert((LEDGER_USER_KINDS as readonly string[]).includes(key.kind), `bad account kind ${key.kind}`);
    const where = and(
      eq(ledgerAccounts.userId, key.userId),
      eq(ledgerAccounts.asset, key.asset),
      eq(ledgerAccounts.kind, key.kind),
    );
    const found = await db.select(accountFields).from(ledgerAccounts).where(where);
    if (found[0]) return found[0];
    await requireAsset(db, key.asset);
    await db
      .insert(ledgerAccounts)
      .values({ userId: key.userId, asset: key.asset, kind: key.kind, createdAt: clock.now() })
      .onConflictDoNothing();
    const [row] = await db.select(accountFields).from(ledgerAccounts).where(where);
    assert(row, 'account vanished after insert');
    return row;
  }

  /**
   * The accounts of many users for one (asset, kind), created empty where missing: one query to find them,
   * one multi-row insert for the missing, one to read those back. Safe under concurrency.
   */
  async function accountsOf(
    db: Db | Tx,
    userIds: readonly number[],
    asset: string,
    kind: UserAccountKind,
  ): Promise<Map<number, LedgerAccount>> {
    const out = new Map<number, LedgerAccount>();
    if (userIds.length === 0) return out;
    for (const id of userIds) assert(Number.isSafeInteger(id) && id > 0, `bad user id ${id}`);
    assert((LEDGER_USER_KINDS as readonly string[]).includes(kind), `bad account kind ${kind}`);
    const ids = [...new Set(userIds)];
    const find = async (which: readonly number[]) =>
      db
        .select(accountFields)
        .from(ledgerAccounts)
        .where(
          and(
            inArray(ledgerAccounts.userId, [...which]),
            eq(ledgerAccounts.asset, asset),
            eq(ledgerAccounts.kind, kind),
          ),
        );
    const keep = (rows: Awaited<ReturnType<typeof find>>) => {
      for (const a of rows) if (a.userId !== null) out.set(a.userId, a);
    };
    keep(await find(ids));
    const missing = ids.filter((id) => !out.has(id));
    if (missing.length > 0) {
      await requireAsset(db, asset);
      await db
        .insert(ledgerAccounts)
        .values(missing.map((userId) => ({ userId, asset, kind, createdAt: clock.now() })))
        .onConflictDoNothing();
      keep(await find(missing));
    }
    assert.equal(out.size, ids.length, 'accounts vanished after insert');
    return out;
  }

  /** The named system account for an asset (`system:deposits`, …), created on first use. */
  async function systemAccount(db: Db | Tx, name: string, asset: string): Promise<LedgerAccount> {
    assert(SYSTEM_NAME_RE.test(name), `bad system account name ${name}`);
    const where = and(eq(ledgerAccounts.systemName, name), eq(ledgerAccounts.asset, asset));
    const found = await db.select(accountFields).from(ledgerAccounts).where(where);
    if (found[0]) return found[0];
    await requireAsset(db, asset);
    await db
      .insert(ledgerAccounts)
      .values({ systemName: name, asset, kind: 'system', createdAt: clock.now() })
      .onConflictDoNothing();
    const [row] = await db.select(accountFields).from(ledgerAccounts).where(where);
    assert(row, 'system account vanished after insert');
    return row;
  }

  async function resolve(db: Db | Tx, ref: AccountRef): Promise<LedgerAccount> {
    if ('id' in ref) return ref;
    if ('system' in ref) return systemAccount(db, ref.system, ref.asset);
    return account(db, ref);
  }

  /**
   * Records one journal transaction and applies it to the projections. Must run inside
   * the caller's database transaction, so the balance change commits with its cause.
   * Throws InsufficientBalance (and changes nothing) when a user account would go negative.
   * Unbalanced, empty or zero postings are bugs: they fail an assertion.
   * Locks are held to the end of the caller's transaction: a caller that posts several
   * times in one transaction should touch accounts in ascending id order too, or post once.
   */
  async function post(tx: Tx, input: PostInput): Promise<number> {
    // One input of the batch call: the same checks, locks and writes.
    const [outcome] = await postMany(tx, [input]);
    assert(outcome, 'no outcome for a posting');
    if (!outcome.ok) throw new DomainError(outcome.error);
    return outcome.id;
  }

  /**
   * Records many journal transactions in one go, each with its own cause and record, as if posted one
   * after another in the order given, at the cost of one: every touched account is locked once in
   * ascending id order (so batches never deadlock with each other or with `post`), each input is checked
   * against the balances the ones before it left, the projections are updated once per account and the
   * journal is written with multi-row inserts. An input that would take a user account below zero (or a
   * funded system account below what it holds) is refused on its own (`InsufficientBalance`,
   * `SystemFundsShort`) and moves nothing; the others go through. Must run inside the caller's
   * transaction. Malformed inputs (unbalanced, empty, zero) are bugs and fail the whole call.
   */
  async function postMany(tx: Tx, inputs: readonly PostInput[]): Promise<PostOutcome[]> {
    if (inputs.length === 0) return [];
    const all = new Map<number, LedgerAccount>();
    for (const input of inputs) {
      assert(input.cause.length > 0, 'a ledger transaction needs a cause');
      assert(input.postings.length > 0, 'a ledger transaction needs postings');
      const sums = new Map<string, bigint>();
      for (const p of input.postings) {
        assert(typeof p.amount === 'bigint', 'posting amounts are bigint minor units');
        assert(p.amount !== 0n, 'a posting moves a non-zero amount');
        assert((LEDGER_BUCKETS as readonly string[]).includes(p.bucket), `bad bucket ${p.bucket}`);
        assert(Number.isSafeInteger(p.account.id), 'posting to an account without id');
        const known = all.get(p.account.id);
        assert(!known || known.asset === p.account.asset, `account ${p.account.id} posted in two assets`);
        all.set(p.account.id, p.account);
        sums.set(p.account.asset, (sums.get(p.account.asset) ?? 0n) + p.amount);
      }
      for (const [asset, sum] of sums) assert.equal(sum, 0n, `postings of ${asset} sum to ${sum}, not zero`);
    }

    const ids = [...all.keys()].sort((a, b) => a - b);
    const locked = await tx
      .select({
        id: ledgerAccounts.id,
        asset: ledgerAccounts.asset,
        kind: ledgerAccounts.kind,
        systemName: ledgerAccounts.systemName,
        available: ledgerAccounts.available,
        frozen: ledgerAccounts.frozen,
      })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, ids))
      .orderBy(asc(ledgerAccounts.id))
      .for('update');
    assert.equal(locked.length, ids.length, 'posting to an unknown account');
    const balance = new Map(locked.map((r) => [r.id, { ...r }]));
    const start = new Map(locked.map((r) => [r.id, { available: r.available, frozen: r.frozen }]));

    const outcomes: PostOutcome[] = [];
    const accepted: { input: PostInput; index: number; after: bigint[] }[] = [];
    for (const [index, input] of inputs.entries()) {
      const deltas = new Map<number, { available: bigint; frozen: bigint }>();
      for (const p of input.postings) {
        const d = deltas.get(p.account.id) ?? { available: 0n, frozen: 0n };
        d[p.bucket] += p.amount;
        deltas.set(p.account.id, d);
      }
      let refusal: PostOutcome | null = null;
      for (const need of input.needsAvailable ?? []) {
        const row = balance.get(need.accountId);
        assert(row, 'a required balance of an account the postings do not touch');
        if (row.available < need.amount) refusal = { ok: false, error: 'InsufficientBalance' };
      }
      for (const [id, d] of refusal ? [] : deltas) {
        const row = balance.get(id);
        assert(row);
        assert.equal(row.asset, all.get(id)?.asset, `account ${id} holds ${row.asset}`);
        const available = row.available + d.available;
        const frozen = row.frozen + d.frozen;
        if (row.kind !== 'system' && (available < 0n || frozen < 0n)) {
          refusal = { ok: false, error: 'InsufficientBalance' };
          break;
        }
        const short = (available < 0n && d.available < 0n) || (frozen < 0n && d.frozen < 0n);
        if (row.kind === 'system' && short && !isCounterAccount(row.systemName ?? '')) {
          refusal = { ok: false, error: 'SystemFundsShort' };
          break;
        }
      }
      if (refusal) {
        outcomes.push(refusal);
        continue;
      }
      // Balances after each posting, in order, as `post` records them.
      const after = input.postings.map((p) => {
        const row = balance.get(p.account.id);
        assert(row);
        row[p.bucket] += p.amount;
        return row[p.bucket];
      });
      accepted.push({ input, index, after });
      outcomes.push({ ok: true, id: 0 });
    }
    if (accepted.length === 0) return outcomes;

    // Every write in one statement, whatever the batch size: the projections, journal ids drawn in input
    // order, the journal transactions and their postings (rows travel as JSON parameters, expanded by the
    // database; postings are inserted in input order, so their ids follow it).
    const moved = ids.flatMap((id) => {
      const a = balance.get(id);
      const b = start.get(id);
      assert(a && b);
      const da = a.available - b.available;
      const df = a.frozen - b.frozen;
      return da === 0n && df === 0n ? [] : [{ i: id, a: da.toString(), f: df.toString() }];
    });
    const now = clock.now();
    const txJson = JSON.stringify(
      accepted.map(({ input }, k) => ({
        k,
        c: input.cause,
        r: input.ref ?? '',
        m: input.remark ?? '',
        u: input.userId ?? null,
        q: input.requestId ?? null,
      })),
    );
    const postingJson = JSON.stringify(
      accepted.flatMap(({ input, after }, k) =>
        input.postings.map((p, j) => ({
          k,
          a: p.account.id,
          s: p.account.asset,
          b: p.bucket,
          v: p.amount.toString(),
          f: (after[j] as bigint).toString(),
        })),
      ),
    );
    const drawn = await queryRows<{ k: number; id: number | string }>(
      tx,
      sql`with
        moved as (
          update ledger_accounts as a
          set available = a.available + v.a::numeric, frozen = a.frozen + v.f::numeric
          from jsonb_to_recordset(${JSON.stringify(moved)}::jsonb) as v(i bigint, a text, f text)
          where a.id = v.i
          returning a.id),
        ids as materialized (
          select k, nextval('ledger_transactions_id_seq') as id
          from generate_series(0, ${accepted.length - 1}::int) as k order by k),
        txs as (
          insert into ledger_transactions (id, cause, ref, remark, user_id, request_id, created_at)
          select ids.id, x.c, x.r, x.m, x.u, x.q, ${now}::timestamptz
          from jsonb_to_recordset(${txJson}::jsonb) as x(k int, c text, r text, m text, u integer, q text)
          join ids on ids.k = x.k
          returning id),
        postings as (
          insert into ledger_postings (transaction_id, account_id, asset, bucket, amount, balance_after, created_at)
          select ids.id, x.a, x.s, x.b, x.v::numeric, x.f::numeric, ${now}::timestamptz
          from rows from (jsonb_to_recordset(${postingJson}::jsonb) as (k int, a bigint, s text, b text, v text, f text))
            with ordinality as x(k, a, s, b, v, f, n)
          join ids on ids.k = x.k
          order by x.n
          returning id)
      select k, id from ids order by k`,
    );
    assert.equal(drawn.length, accepted.length, 'journal ids not drawn');
    const txIds = drawn.map((r) => Number(r.id));
    for (const [k, { index }] of accepted.entries()) outcomes[index] = { ok: true, id: txIds[k] as number };
    return outcomes;
  }

  function positive(amount: bigint): void {
    assert(typeof amount === 'bigint' && amount > 0n, `amount must be a positive bigint, got ${amount}`);
  }

  function meta(m: Entry, ...owners: LedgerAccount[]): Entry {
    const userId =
      m.userId !== undefined ? m.userId : (owners.find((a) => a.userId !== null)?.userId ?? null);
    return {
      cause: m.cause,
      ref: m.ref ?? '',
      remark: m.remark ?? '',
      userId,
      requestId: m.requestId ?? null,
    };
  }

  async function pair(tx: Tx, from: AccountRef, to: AccountRef): Promise<[LedgerAccount, LedgerAccount]> {
    const a = await resolve(tx, from);
    const b = await resolve(tx, to);
    assert.notEqual(a.id, b.id, 'moving money from an account to itself');
    assert.equal(a.asset, b.asset, `moving ${a.asset} into a ${b.asset} account`);
    return [a, b];
  }

  /** Available of one account → available of another (same asset). */
  async function transfer(tx: Tx, m: Movement & { from: AccountRef; to: AccountRef }): Promise<number> {
    positive(m.amount);
    const [from, to] = await pair(tx, m.from, m.to);
    return post(tx, {
      ...meta(m, from, to),
      postings: [
        { account: from, bucket: 'available', amount: -m.amount },
        { account: to, bucket: 'available', amount: m.amount },
      ],
    });
  }

  /** Available → frozen on one account: a hold (pending withdrawal, open order, card authorisation). */
  async function freeze(tx: Tx, m: Movement & { account: AccountRef }): Promise<number> {
    positive(m.amount);
    const acc = await resolve(tx, m.account);
    return post(tx, {
      ...meta(m, acc),
      postings: [
        { account: acc, bucket: 'available', amount: -m.amount },
        { account: acc, bucket: 'frozen', amount: m.amount },
      ],
    });
  }

  /** Frozen → available on one account: a hold let go. */
  async function release(tx: Tx, m: Movement & { account: AccountRef }): Promise<number> {
    positive(m.amount);
    const acc = await resolve(tx, m.account);
    return post(tx, {
      ...meta(m, acc),
      postings: [
        { account: acc, bucket: 'frozen', amount: -m.amount },
        { account: acc, bucket: 'available', amount: m.amount },
      ],
    });
  }

  /** Frozen of one account → available of another: a hold carried out (e.g. withdrawal sent → system:withdrawals). */
  async function settle(tx: Tx, m: Movement & { from: AccountRef; to: AccountRef }): Promise<number> {
    positive(m.amount);
    const [from, to] = await pair(tx, m.from, m.to);
    return post(tx, {
      ...meta(m, from, to),
      postings: [
        { account: from, bucket: 'frozen', amount: -m.amount },
        { account: to, bucket: 'available', amount: m.amount },
      ],
    });
  }

  /** Named system account → available of an account (deposit, reward payout, …). */
  async function credit(tx: Tx, m: Movement & { account: AccountRef; system: string }): Promise<number> {
    positive(m.amount);
    const acc = await resolve(tx, m.account);
    const sys = await systemAccount(tx, m.system, acc.asset);
    return post(tx, {
      ...meta(m, acc),
      postings: [
        { account: sys, bucket: 'available', amount: -m.amount },
        { account: acc, bucket: 'available', amount: m.amount },
      ],
    });
  }

  /** Available of an account → named system account (fee, purchase, …). */
  async function debit(tx: Tx, m: Movement & { account: AccountRef; system: string }): Promise<number> {
    positive(m.amount);
    const acc = await resolve(tx, m.account);
    const sys = await systemAccount(tx, m.system, acc.asset);
    return post(tx, {
      ...meta(m, acc),
      postings: [
        { account: acc, bucket: 'available', amount: -m.amount },
        { account: sys, bucket: 'available', amount: m.amount },
      ],
    });
  }

  /** The user's accounts, per asset and kind. */
  async function balances(userId: number, db: Db | Tx = store.db): Promise<Balance[]> {
    const rows = await db
      .select({
        asset: ledgerAccounts.asset,
        kind: ledgerAccounts.kind,
        available: ledgerAccounts.available,
        frozen: ledgerAccounts.frozen,
      })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, userId))
      .orderBy(asc(ledgerAccounts.asset), asc(ledgerAccounts.kind));
    return rows.map((r) => {
      assert(r.kind !== 'system', 'a user owns a system account');
      return { asset: r.asset, kind: r.kind, available: r.available, frozen: r.frozen };
    });
  }

  /**
   * The user's records, newest first: one line per journal entry, account and bucket — what the entry did to
   * it in all (an order's hold, fills and returned rest are one line), with what came back in it; entries
   * that net to nothing drop. The lines of the page are found on postings and accounts alone (the journal
   * is joined only to filter by cause), then the page's causes and balances are read for its rows only.
   */
  async function history(
    userId: number,
    q: HistoryQuery,
    db: Db | Tx = store.db,
  ): Promise<{ list: HistoryRow[]; total: number }> {
    assert(Number.isSafeInteger(q.page) && q.page >= 1, 'page starts at 1');
    assert(Number.isSafeInteger(q.size) && q.size >= 1, 'size is positive');
    const conds: SQL[] = [eq(ledgerAccounts.userId, userId)];
    if (q.asset !== undefined) conds.push(eq(ledgerAccounts.asset, q.asset));
    if (q.kind !== undefined) conds.push(eq(ledgerAccounts.kind, q.kind));
    if (q.bucket !== undefined) conds.push(eq(ledgerPostings.bucket, q.bucket));
    if (q.transactionId !== undefined) conds.push(eq(ledgerPostings.transactionId, q.transactionId));
    const byCause = q.cause !== undefined || q.causePrefix !== undefined;
    if (q.cause !== undefined) conds.push(eq(ledgerTransactions.cause, q.cause));
    if (q.causePrefix !== undefined) conds.push(like(ledgerTransactions.cause, `${q.causePrefix}%`));
    const net = sql`sum(${ledgerPostings.amount})`;
    const having =
      q.direction === 'in' ? sql`${net} > 0` : q.direction === 'out' ? sql`${net} < 0` : sql`${net} <> 0`;
    const base = db
      .select({
        lastId: sql<number>`max(${ledgerPostings.id})`.mapWith(Number).as('last_id'),
        netAmount: sql<string>`${net}::text`.as('net_amount'),
        returnedAmount:
          sql<string>`coalesce(sum(${ledgerPostings.amount}) filter (where ${ledgerPostings.amount} > 0), 0)::text`.as(
            'returned_amount',
          ),
        moveCount: sql<number>`count(*)`.mapWith(Number).as('move_count'),
      })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId));
    const grouped = (
      byCause
        ? base.innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
        : base
    )
      .where(and(...conds))
      .groupBy(ledgerPostings.transactionId, ledgerPostings.accountId, ledgerPostings.bucket)
      .having(having)
      .as('g');
    const [lines, [total]] = await Promise.all([
      onPage(db.select().from(grouped).orderBy(desc(grouped.lastId)), q),
      db.select({ n: count() }).from(grouped),
    ]);
    if (lines.length === 0) return { list: [], total: total?.n ?? 0 };
    // The page's last postings: their entry, account and the balance they left.
    const rows = await db
      .select({
        id: ledgerPostings.id,
        transactionId: ledgerPostings.transactionId,
        asset: ledgerPostings.asset,
        kind: ledgerAccounts.kind,
        bucket: ledgerPostings.bucket,
        balanceAfter: ledgerPostings.balanceAfter,
        cause: ledgerTransactions.cause,
        ref: ledgerTransactions.ref,
        remark: ledgerTransactions.remark,
        createdAt: ledgerPostings.createdAt,
      })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .where(
        inArray(
          ledgerPostings.id,
          lines.map((l) => l.lastId),
        ),
      );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return pageAnswer(
      lines.map((l) => {
        const r = byId.get(l.lastId);
        assert(r, 'a record line without its posting');
        assert(r.kind !== 'system', 'a user owns a system account');
        const amount = BigInt(l.netAmount);
        return {
          ...r,
          kind: r.kind as UserAccountKind,
          amount,
          // Only a line that went out and partly came back has something returned.
          returned: amount < 0n && l.moveCount > 1 ? BigInt(l.returnedAmount) : 0n,
        };
      }),
      total,
    );
  }

  /**
   * Runs `fn` once per (user, request id). The first call runs it and stores its answer in
   * the same database transaction; a retry with the same scope and body gets the stored
   * answer without running it again; the same id with another scope or body is refused with
   * IdempotencyConflict. Concurrent duplicates queue on the key and end with one execution.
   * A call that throws stores nothing, so a retry runs again. The answer travels as JSON:
   * the first caller gets the same JSON round-trip a retry gets. It opens its own database
   * transaction (handed to `fn`): never call it inside another one. Without a request id `fn`
   * simply runs in a transaction of its own.
   */
  async function withIdempotency<T>(
    userId: number,
    requestId: string | undefined,
    scope: string,
    body: unknown,
    fn: (tx: Tx) => Promise<T>,
  ): Promise<T> {
    if (requestId === undefined) return store.db.transaction(fn);
    return store.db.transaction(async (tx) => {
      // Claim the key first: a concurrent duplicate waits here until this transaction ends.
      const prior = await claimRequest(tx, userId, requestId, scope, body);
      if (prior.seen) return prior.response as T;
      const result = await fn(tx);
      return (await answerRequest(tx, userId, requestId, result)) as T;
    });
  }

  /**
   * Claims (user, request id) inside the caller's transaction: `seen: false` when this is the first time
   * (the caller runs the request and stores its answer with `answerRequest`, or gives the claim back with
   * `releaseRequest` when it fails), the stored answer when it ran before, IdempotencyConflict when the id
   * came with another scope or body. A concurrent duplicate waits on the claim until its transaction ends.
   */
  async function claimRequest(
    tx: Tx,
    userId: number,
    requestId: string,
    scope: string,
    body: unknown,
  ): Promise<{ seen: false } | { seen: true; response: unknown }> {
    assert(Number.isSafeInteger(userId) && userId > 0, `bad user id ${userId}`);
    assert(requestId.length > 0, 'empty request id');
    const hash = bodyHash(body);
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, requestId, scope, bodyHash: hash, createdAt: clock.now() })
      .onConflictDoNothing()
      .returning({ userId: idempotencyKeys.userId });
    if (claimed.length > 0) return { seen: false };
    const [prior] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.requestId, requestId)));
    assert(prior, 'idempotency key vanished');
    if (prior.scope !== scope || prior.bodyHash !== hash) throw new DomainError('IdempotencyConflict');
    return { seen: true, response: prior.response };
  }

  /** Stores a claimed request's answer (as JSON, which is also what the first caller gets back). */
  async function answerRequest(tx: Tx, userId: number, requestId: string, result: unknown): Promise<unknown> {
    const response: unknown = result === undefined ? null : JSON.parse(JSON.stringify(result));
    await tx
      .update(idempotencyKeys)
      .set({ response })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.requestId, requestId)));
    return response;
  }

  /** Gives a claim back (the request failed inside a transaction that goes on): a retry runs again. */
  async function releaseRequest(tx: Tx, userId: number, requestId: string): Promise<void> {
    await tx
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.requestId, requestId)));
  }

  /** Available and frozen of accounts by id (read without locking; `post` and `postMany` lock). */
  async function accountBalances(
    db: Db | Tx,
    ids: readonly number[],
  ): Promise<Map<number, { available: bigint; frozen: bigint }>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: ledgerAccounts.id, available: ledgerAccounts.available, frozen: ledgerAccounts.frozen })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, [...ids]));
    return new Map(rows.map((r) => [r.id, { available: r.available, frozen: r.frozen }]));
  }

  /** Checks the journal and projections in one snapshot; an empty list means healthy. */
  async function audit(): Promise<Violation[]> {
    return store.db.transaction((tx) => findViolations(tx), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  }

  /** Per asset: user liabilities against the system accounts (they must net to zero). */
  async function solvency(): Promise<SolvencyLine[]> {
    return store.db.transaction((tx) => solvencyReport(tx), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  }

  return {
    account,
    accountsOf,
    systemAccount,
    post,
    postMany,
    transfer,
    freeze,
    release,
    settle,
    credit,
    debit,
    balances,
    accountBalances,
    history,
    withIdempotency,
    claimRequest,
    answerRequest,
    releaseRequest,
    audit,
    solvency,
  };
}

export type Ledger = ReturnType<typeof createLedger>;
