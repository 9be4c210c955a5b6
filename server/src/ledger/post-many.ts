/**
 * Posting: one journal transaction (`post`), or many in one go (`postMany`), in named steps: the inputs
 * checked (`checkInputs`: balanced, non-empty, non-zero, one asset per account), every touched account locked
 * once in ascending id order (`lockAccounts`), each input judged against the balances the ones before it left
 * (`judge`), and every write of the accepted in one statement (`writeAccepted`).
 */
import assert from 'node:assert/strict';
import { asc, sql } from 'drizzle-orm';
import { DomainError } from '../kernel/errors';
import { idIn, queryRows, schema, type Tx } from '../store';
import { LEDGER_BUCKETS } from '../store/schema';
import type { LedgerCtx } from './context';
import { isCounterAccount, type LedgerAccount, type PostInput, type PostOutcome } from './types';

const { ledgerAccounts } = schema;

/** A locked account's balances as the batch moves them. */
interface Row {
  id: number;
  asset: string;
  kind: string;
  systemName: string | null;
  available: bigint;
  frozen: bigint;
}

/** An accepted input: its place in the batch and the balance each of its postings left. */
interface Accepted {
  readonly input: PostInput;
  readonly index: number;
  readonly after: bigint[];
}

/**
 * Records one journal transaction and applies it to the projections. Must run inside
 * the caller's database transaction, so the balance change commits with its cause.
 * Throws InsufficientBalance (and changes nothing) when a user account would go negative.
 * Unbalanced, empty or zero postings are bugs: they fail an assertion.
 * Locks are held to the end of the caller's transaction: a caller that posts several
 * times in one transaction should touch accounts in ascending id order too, or post once.
 */
export async function post(ctx: LedgerCtx, tx: Tx, input: PostInput): Promise<number> {
  // One input of the batch call: the same checks, locks and writes.
  const [outcome] = await postMany(ctx, tx, [input]);
  assert(outcome, 'no outcome for a posting');
  if (!outcome.ok) throw new DomainError(outcome.error);
  return outcome.id;
}

/** Malformed inputs are bugs: every input balanced per asset, non-empty, non-zero; answers the accounts. */
function checkInputs(inputs: readonly PostInput[]): Map<number, LedgerAccount> {
  const all = new Map<number, LedgerAccount>();
  for (const input of inputs) {
    assert(input.cause.length > 0, 'a ledger transaction needs a cause');
    assert(input.postings.length > 0, 'a ledger transaction needs postings');
    const sums = new Map<string, bigint>();
    for (const p of input.postings) {
      assert(typeof p.amount === 'bigint', 'posting amounts are bigint minor units');
      assert(p.amount !== 0n, 'a posting moves a non-zero amount');
      // The messages are built only when a check fails (this runs for every posting of every order).
      if (!(LEDGER_BUCKETS as readonly string[]).includes(p.bucket)) assert.fail(`bad bucket ${p.bucket}`);
      assert(Number.isSafeInteger(p.account.id), 'posting to an account without id');
      const known = all.get(p.account.id);
      if (known && known.asset !== p.account.asset)
        assert.fail(`account ${p.account.id} posted in two assets`);
      all.set(p.account.id, p.account);
      sums.set(p.account.asset, (sums.get(p.account.asset) ?? 0n) + p.amount);
    }
    for (const [asset, sum] of sums)
      if (sum !== 0n) assert.fail(`postings of ${asset} sum to ${sum}, not zero`);
  }
  return all;
}

/** Locks every touched account once, in ascending id order (batches never deadlock with each other). */
async function lockAccounts(tx: Tx, ids: readonly number[]): Promise<Row[]> {
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
    .where(idIn(ledgerAccounts.id, ids))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  assert.equal(locked.length, ids.length, 'posting to an unknown account');
  return locked;
}

/** Why an input is refused against the balances so far (`InsufficientBalance`, `SystemFundsShort`), or null. */
function refusalOf(
  input: PostInput,
  balance: ReadonlyMap<number, Row>,
  all: ReadonlyMap<number, LedgerAccount>,
): PostOutcome | null {
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
      return { ok: false, error: 'InsufficientBalance' };
    }
    const short = (available < 0n && d.available < 0n) || (frozen < 0n && d.frozen < 0n);
    if (row.kind === 'system' && short && !isCounterAccount(row.systemName ?? '')) {
      return { ok: false, error: 'SystemFundsShort' };
    }
  }
  return refusal;
}

/** Each input in order against the balances the ones before it left: its outcome, and the accepted. */
function judge(
  inputs: readonly PostInput[],
  balance: ReadonlyMap<number, Row>,
  all: ReadonlyMap<number, LedgerAccount>,
): { outcomes: PostOutcome[]; accepted: Accepted[] } {
  const outcomes: PostOutcome[] = [];
  const accepted: Accepted[] = [];
  for (const [index, input] of inputs.entries()) {
    const refusal = refusalOf(input, balance, all);
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
  return { outcomes, accepted };
}

/**
 * Every write in one statement, whatever the batch size: the projections, journal ids drawn in input
 * order, the journal transactions and their postings (rows travel as JSON parameters, expanded by the
 * database; postings are inserted in input order, so their ids follow it). Answers the journal ids in order.
 */
async function writeAccepted(
  ctx: LedgerCtx,
  tx: Tx,
  accepted: readonly Accepted[],
  moved: readonly { i: number; a: string; f: string }[],
): Promise<number[]> {
  const now = ctx.clock.now();
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
  return drawn.map((r) => Number(r.id));
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
export async function postMany(ctx: LedgerCtx, tx: Tx, inputs: readonly PostInput[]): Promise<PostOutcome[]> {
  if (inputs.length === 0) return [];
  const all = checkInputs(inputs);
  const ids = [...all.keys()].sort((a, b) => a - b);
  const locked = await lockAccounts(tx, ids);
  const balance = new Map(locked.map((r) => [r.id, { ...r }]));
  const start = new Map(locked.map((r) => [r.id, { available: r.available, frozen: r.frozen }]));
  const { outcomes, accepted } = judge(inputs, balance, all);
  if (accepted.length === 0) return outcomes;
  // What each account moved in all: its projection is updated once.
  const moved = ids.flatMap((id) => {
    const a = balance.get(id);
    const b = start.get(id);
    assert(a && b);
    const da = a.available - b.available;
    const df = a.frozen - b.frozen;
    return da === 0n && df === 0n ? [] : [{ i: id, a: da.toString(), f: df.toString() }];
  });
  const txIds = await writeAccepted(ctx, tx, accepted, moved);
  for (const [k, { index }] of accepted.entries()) outcomes[index] = { ok: true, id: txIds[k] as number };
  return outcomes;
}
