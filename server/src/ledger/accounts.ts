/**
 * The ledger's accounts: a user's account per (asset, kind) and a named system account per asset, each
 * created empty on first use (safe under concurrency), many users' at once, a reference resolved, and their
 * balances read without locking.
 */
import assert from 'node:assert/strict';
import { and, eq, inArray } from 'drizzle-orm';
import { ValidationError } from '../kernel/errors';
import { type Db, idIn, schema, type Tx } from '../store';
import { LEDGER_USER_KINDS } from '../store/schema';
import type { LedgerCtx } from './context';
import type { AccountRef, LedgerAccount, UserAccountKey, UserAccountKind } from './types';

const { assets, ledgerAccounts } = schema;

const SYSTEM_NAME_RE = /^system:[a-z0-9_.:-]+$/;

const accountFields = {
  id: ledgerAccounts.id,
  asset: ledgerAccounts.asset,
  kind: ledgerAccounts.kind,
  userId: ledgerAccounts.userId,
  systemName: ledgerAccounts.systemName,
};

export async function requireAsset(ctx: LedgerCtx, db: Db | Tx, asset: string): Promise<void> {
  if (ctx.knownAssets.has(asset)) return;
  const [row] = await db.select({ symbol: assets.symbol }).from(assets).where(eq(assets.symbol, asset));
  if (!row) throw new ValidationError('asset', 'invalid_value');
  ctx.knownAssets.add(asset);
}

/** The user's account for (asset, kind), created empty on first use. Safe under concurrency. */
export async function account(ctx: LedgerCtx, db: Db | Tx, key: UserAccountKey): Promise<LedgerAccount> {
  assert(Number.isSafeInteger(key.userId) && key.userId > 0, `bad user id ${key.userId}`);
  assert((LEDGER_USER_KINDS as readonly string[]).includes(key.kind), `bad account kind ${key.kind}`);
  const where = and(
    eq(ledgerAccounts.userId, key.userId),
    eq(ledgerAccounts.asset, key.asset),
    eq(ledgerAccounts.kind, key.kind),
  );
  const found = await db.select(accountFields).from(ledgerAccounts).where(where);
  if (found[0]) return found[0];
  await requireAsset(ctx, db, key.asset);
  await db
    .insert(ledgerAccounts)
    .values({ userId: key.userId, asset: key.asset, kind: key.kind, createdAt: ctx.clock.now() })
    .onConflictDoNothing();
  const [row] = await db.select(accountFields).from(ledgerAccounts).where(where);
  assert(row, 'account vanished after insert');
  return row;
}

/**
 * The accounts of many users for one (asset, kind), created empty where missing: one query to find them,
 * one multi-row insert for the missing, one to read those back. Safe under concurrency.
 */
export async function accountsOf(
  ctx: LedgerCtx,
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
    await requireAsset(ctx, db, asset);
    await db
      .insert(ledgerAccounts)
      .values(missing.map((userId) => ({ userId, asset, kind, createdAt: ctx.clock.now() })))
      .onConflictDoNothing();
    keep(await find(missing));
  }
  assert.equal(out.size, ids.length, 'accounts vanished after insert');
  return out;
}

/** The named system account for an asset (`system:deposits`, …), created on first use. */
export async function systemAccount(
  ctx: LedgerCtx,
  db: Db | Tx,
  name: string,
  asset: string,
): Promise<LedgerAccount> {
  assert(SYSTEM_NAME_RE.test(name), `bad system account name ${name}`);
  const where = and(eq(ledgerAccounts.systemName, name), eq(ledgerAccounts.asset, asset));
  const found = await db.select(accountFields).from(ledgerAccounts).where(where);
  if (found[0]) return found[0];
  await requireAsset(ctx, db, asset);
  await db
    .insert(ledgerAccounts)
    .values({ systemName: name, asset, kind: 'system', createdAt: ctx.clock.now() })
    .onConflictDoNothing();
  const [row] = await db.select(accountFields).from(ledgerAccounts).where(where);
  assert(row, 'system account vanished after insert');
  return row;
}

export async function resolve(ctx: LedgerCtx, db: Db | Tx, ref: AccountRef): Promise<LedgerAccount> {
  if ('id' in ref) return ref;
  if ('system' in ref) return systemAccount(ctx, db, ref.system, ref.asset);
  return account(ctx, db, ref);
}

/** Available and frozen of accounts by id (read without locking; `post` and `postMany` lock). */
export async function accountBalances(
  db: Db | Tx,
  ids: readonly number[],
): Promise<Map<number, { available: bigint; frozen: bigint }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: ledgerAccounts.id, available: ledgerAccounts.available, frozen: ledgerAccounts.frozen })
    .from(ledgerAccounts)
    .where(idIn(ledgerAccounts.id, ids));
  return new Map(rows.map((r) => [r.id, { available: r.available, frozen: r.frozen }]));
}
