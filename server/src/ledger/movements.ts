/**
 * The ledger's movements, each one journal transaction of two postings: transfer (available → available),
 * freeze and release (a hold on one account), settle (a hold carried out to another account), credit and
 * debit (from or to a named system account).
 */
import assert from 'node:assert/strict';
import type { Tx } from '../store';
import { resolve, systemAccount } from './accounts';
import type { LedgerCtx } from './context';
import { post } from './post-many';
import type { AccountRef, Entry, LedgerAccount, Movement } from './types';

function positive(amount: bigint): void {
  assert(typeof amount === 'bigint' && amount > 0n, `amount must be a positive bigint, got ${amount}`);
}

function meta(m: Entry, ...owners: LedgerAccount[]): Entry {
  const userId = m.userId !== undefined ? m.userId : (owners.find((a) => a.userId !== null)?.userId ?? null);
  return {
    cause: m.cause,
    ref: m.ref ?? '',
    remark: m.remark ?? '',
    userId,
    requestId: m.requestId ?? null,
  };
}

export async function pair(
  ctx: LedgerCtx,
  tx: Tx,
  from: AccountRef,
  to: AccountRef,
): Promise<[LedgerAccount, LedgerAccount]> {
  const a = await resolve(ctx, tx, from);
  const b = await resolve(ctx, tx, to);
  assert.notEqual(a.id, b.id, 'moving money from an account to itself');
  assert.equal(a.asset, b.asset, `moving ${a.asset} into a ${b.asset} account`);
  return [a, b];
}

/** Available of one account → available of another (same asset). */
export async function transfer(
  ctx: LedgerCtx,
  tx: Tx,
  m: Movement & { from: AccountRef; to: AccountRef },
): Promise<number> {
  positive(m.amount);
  const [from, to] = await pair(ctx, tx, m.from, m.to);
  return post(ctx, tx, {
    ...meta(m, from, to),
    postings: [
      { account: from, bucket: 'available', amount: -m.amount },
      { account: to, bucket: 'available', amount: m.amount },
    ],
  });
}

/** Available → frozen on one account: a hold (pending withdrawal, open order, card authorisation). */
export async function freeze(ctx: LedgerCtx, tx: Tx, m: Movement & { account: AccountRef }): Promise<number> {
  positive(m.amount);
  const acc = await resolve(ctx, tx, m.account);
  return post(ctx, tx, {
    ...meta(m, acc),
    postings: [
      { account: acc, bucket: 'available', amount: -m.amount },
      { account: acc, bucket: 'frozen', amount: m.amount },
    ],
  });
}

/** Frozen → available on one account: a hold let go. */
export async function release(
  ctx: LedgerCtx,
  tx: Tx,
  m: Movement & { account: AccountRef },
): Promise<number> {
  positive(m.amount);
  const acc = await resolve(ctx, tx, m.account);
  return post(ctx, tx, {
    ...meta(m, acc),
    postings: [
      { account: acc, bucket: 'frozen', amount: -m.amount },
      { account: acc, bucket: 'available', amount: m.amount },
    ],
  });
}

/** Frozen of one account → available of another: a hold carried out (e.g. withdrawal sent → system:withdrawals). */
export async function settle(
  ctx: LedgerCtx,
  tx: Tx,
  m: Movement & { from: AccountRef; to: AccountRef },
): Promise<number> {
  positive(m.amount);
  const [from, to] = await pair(ctx, tx, m.from, m.to);
  return post(ctx, tx, {
    ...meta(m, from, to),
    postings: [
      { account: from, bucket: 'frozen', amount: -m.amount },
      { account: to, bucket: 'available', amount: m.amount },
    ],
  });
}

/** Named system account → available of an account (deposit, reward payout, …). */
export async function credit(
  ctx: LedgerCtx,
  tx: Tx,
  m: Movement & { account: AccountRef; system: string },
): Promise<number> {
  positive(m.amount);
  const acc = await resolve(ctx, tx, m.account);
  const sys = await systemAccount(ctx, tx, m.system, acc.asset);
  return post(ctx, tx, {
    ...meta(m, acc),
    postings: [
      { account: sys, bucket: 'available', amount: -m.amount },
      { account: acc, bucket: 'available', amount: m.amount },
    ],
  });
}

/** Available of an account → named system account (fee, purchase, …). */
export async function debit(
  ctx: LedgerCtx,
  tx: Tx,
  m: Movement & { account: AccountRef; system: string },
): Promise<number> {
  positive(m.amount);
  const acc = await resolve(ctx, tx, m.account);
  const sys = await systemAccount(ctx, tx, m.system, acc.asset);
  return post(ctx, tx, {
    ...meta(m, acc),
    postings: [
      { account: acc, bucket: 'available', amount: -m.amount },
      { account: sys, bucket: 'available', amount: m.amount },
    ],
  });
}
