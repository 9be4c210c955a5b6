/**
 * Deposits. With a chain adapter, the chain is the truth: a reported tx hash is verified there and
 * the watcher credits after N confirmations. Without one, a user reports a tx hash and amount and
 * an operator confirms (`confirm-deposit.ts`) or rejects it (`deposit-review.ts`). Either way a deposit is
 * credited exactly once. Also the receive address, the list, and a payment another domain takes on chain.
 */
import type { ExactDecimal } from '@nexa/contract';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { minorUnits } from '../../kernel/assets';
import { DomainError, ValidationError } from '../../kernel/errors';
import { writeNotice } from '../../kernel/notices';
import { SYSTEM } from '../../ledger';
import type { Tx } from '../../store';
import { onPage } from '../../store/paging';
import { NodeAnswerError } from './chain/node-http';
import { iso } from './common';
import type { Status, WalletCtx } from './context';
import {
  addressOn,
  chainOf,
  confirmationsOf,
  findNetwork,
  modeOf,
  networkList,
  shownHash,
  txLink,
  watcherFor,
} from './funding';
import { walletDeposits } from './tables';

export type DepositRow = typeof walletDeposits.$inferSelect;

export async function view(ctx: WalletCtx, d: DepositRow) {
  const asset = await ctx.assets.get(d.asset);
  let confirmations: number | null = null;
  const w = d.status === 'pending' ? watcherFor(ctx, d.chain, d.asset) : null;
  // A node that does not answer leaves the count unknown; the record still shows.
  if (w) confirmations = await w.confirmationsOf(d.blockNumber).catch(() => null);
  return {
    id: d.id,
    asset: d.asset,
    amount: ctx.assets.show(asset, d.amount),
    chain: d.chain,
    tx_hash: d.chain === 'manual' ? d.txHash : await shownHash(ctx, d.chain, d.txHash),
    address: d.address,
    status: d.status as Status,
    reason: d.reason,
    confirmations,
    locked: d.status === 'pending' && d.chain !== 'manual' && d.ledgerTxId !== null,
    tx_url: d.chain === 'manual' ? null : await txLink(ctx, d.chain, d.txHash),
    time: iso(d.createdAt),
  };
}

/** The user's USDT address on a chain (the spec's receive call), as the deposit networks give it. */
export async function receiveAddress(ctx: WalletCtx, userId: number, chainName: string) {
  const n = findNetwork(await networkList(ctx), chainName, 'USDT');
  if (!n)
    return { asset: 'USDT', chain: 'manual', address: null, confirmations: 0, mode: 'operator' as const };
  return {
    asset: n.asset,
    chain: n.chain,
    address: await addressOn(ctx, userId, n),
    confirmations: confirmationsOf(ctx, n),
    mode: await modeOf(ctx, n),
  };
}

/** Credits a deposit inside the caller's transaction; the watcher and operators both come here. */
export async function credit(
  ctx: WalletCtx,
  tx: Tx,
  d: { id: number; userId: number; asset: string; amount: bigint; txHash: string },
) {
  const ledgerTxId = await ctx.ledger.credit(tx, {
    account: { userId: d.userId, asset: d.asset, kind: 'spot' },
    system: SYSTEM.deposits,
    amount: d.amount,
    cause: 'deposit',
    ref: `dep_${d.id}`,
    remark: d.txHash,
    userId: d.userId,
  });
  const params = { asset: d.asset, amount: ctx.assets.show(await ctx.assets.get(d.asset), d.amount) };
  await writeNotice(ctx.outbox, tx, {
    userId: d.userId,
    kind: 'deposit_credited',
    ref: `dep_${d.id}`,
    params,
  });
  return ledgerTxId;
}

export async function report(
  ctx: WalletCtx,
  userId: number,
  reported: { asset: string; chain: string; tx_hash: string; amount?: ExactDecimal | undefined },
) {
  const networks = await networkList(ctx);
  // The network by any of its names (`TRC20` or `tron`); `manual` and unknown names stay as they are.
  const body = { ...reported, chain: chainOf(networks, reported.chain, reported.asset) };
  // One form for every hash (0x and lowercase), so a hash with and without its prefix is one claim.
  const txHash = `0x${body.tx_hash.replace(/^0x/i, '')}`.toLowerCase();
  // Where a watcher follows the asset, the chain is the truth: the transfer must reach the claimant's own
  // deposit address on the network the report names (or, naming none of the configured ones, on the one
  // watcher of the asset), and the watcher credits it once, however often it is reported.
  const named = networks.some((n) => n.chain === body.chain);
  const watchers = ctx.chains.filter((c) => c.assets.includes(body.asset));
  const w = named ? watcherFor(ctx, body.chain, body.asset) : watchers.length === 1 ? watchers[0] : undefined;
  if (w) {
    // A node that is down or answers out of shape: the report is refused for now, nothing recorded.
    const found = await w.submitTxHash(userId, txHash).catch((err: unknown) => {
      throw err instanceof NodeAnswerError ? new DomainError('BlockProcessing') : err;
    });
    const ids = found.map((f) => f.id);
    const rows = ids.length
      ? await ctx.store.db
          .select()
          .from(walletDeposits)
          .where(and(eq(walletDeposits.userId, userId), inArray(walletDeposits.id, ids)))
      : [];
    return { list: await Promise.all(rows.map((r) => view(ctx, r))) };
  }
  const asset = await ctx.assets.get(body.asset);
  if (!body.amount) throw new ValidationError('amount', 'required');
  const amount = minorUnits(body.amount, asset, 'amount', 'invalid_format');
  const claims = await ctx.store.db
    .select()
    .from(walletDeposits)
    .where(
      and(
        eq(walletDeposits.chain, 'manual'),
        eq(walletDeposits.txHash, txHash),
        inArray(walletDeposits.status, ['pending', 'approved']),
      ),
    );
  // The same hash reported again by its owner answers the same record.
  const mine = claims.find((c) => c.userId === userId);
  if (mine) return { list: [await view(ctx, mine)] };
  // A hash already credited to someone is nobody else's to claim. A pending claim of another user does
  // not block this one: the operator credits the rightful owner, and the other claim then fails.
  if (claims.some((c) => c.status === 'approved')) throw new DomainError('NotFound');
  const [row] = await ctx.store.db
    .insert(walletDeposits)
    .values({
      userId,
      asset: asset.symbol,
      amount,
      chain: 'manual',
      txHash,
      logIndex: 0,
      createdAt: ctx.clock.now(),
      updatedAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return report(ctx, userId, body);
  return { list: [await view(ctx, row)] };
}

export async function list(
  ctx: WalletCtx,
  userId: number | null,
  f: { status?: Status | undefined; symbol?: string | undefined },
  p: { page: number; size: number },
) {
  const conds: SQL[] = [];
  if (userId !== null) conds.push(eq(walletDeposits.userId, userId));
  if (f.status) conds.push(eq(walletDeposits.status, f.status));
  if (f.symbol) conds.push(eq(walletDeposits.asset, f.symbol));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    onPage(ctx.store.db.select().from(walletDeposits).where(where).orderBy(desc(walletDeposits.id)), p),
    ctx.store.db.select({ n: count() }).from(walletDeposits).where(where),
  ]);
  return { rows, list: await Promise.all(rows.map((r) => view(ctx, r))), total: total?.n ?? 0 };
}

/**
 * What a chain transfer of USDT to the user's own deposit address gave (another domain's payment on chain,
 * e.g. a race principal): recorded as a deposit like any reported hash, credited by the watcher after its
 * confirmations; the caller then takes the payment from the balance it reached.
 */
export async function chainPayment(
  ctx: WalletCtx,
  userId: number,
  txHash: string,
): Promise<
  | { state: 'credited'; amount: bigint }
  | { state: 'pending'; confirmations: number; needed: number }
  | { state: 'not_found' }
> {
  // The watchers of USDT, each asked in turn: the first that finds the transfer has it.
  let ids: number[] = [];
  let w: (typeof ctx.chains)[number] | undefined;
  for (const c of ctx.chains.filter((x) => x.assets.includes('USDT'))) {
    try {
      ids = (await c.submitTxHash(userId, txHash)).map((f) => f.id);
      w = c;
      break;
    } catch (err) {
      if (err instanceof DomainError && err.errorName === 'NotFound') continue;
      if (err instanceof ValidationError) continue; // not a hash of this chain
      throw err;
    }
  }
  if (!w) return { state: 'not_found' };
  const rows = ids.length
    ? await ctx.store.db
        .select()
        .from(walletDeposits)
        .where(and(eq(walletDeposits.userId, userId), inArray(walletDeposits.id, ids)))
    : [];
  const mine = rows.filter((r) => r.asset === 'USDT' && r.status !== 'failed');
  if (mine.length === 0) return { state: 'not_found' };
  const waiting = mine.filter((r) => r.status !== 'approved');
  if (waiting.length > 0) {
    let confirmations = w.confirmations;
    for (const r of waiting) {
      const c = (await w.confirmationsOf(r.blockNumber)) ?? 0;
      confirmations = Math.min(confirmations, c);
    }
    return { state: 'pending', confirmations, needed: w.confirmations };
  }
  return { state: 'credited', amount: mine.reduce((sum, r) => sum + r.amount, 0n) };
}
