import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import { DomainError, ValidationError } from '../../kernel/errors';
import { SYSTEM } from '../../ledger';
import { schema, type Tx } from '../../store';
import { onPage } from '../../store/paging';
import { type Assets, iso, type WalletDeps } from './common';
import type { Funding } from './funding';
import { WALLET_SETTINGS } from './settings';
import { walletDeposits } from './tables';

const { users, operators } = schema;

type DepositRow = typeof walletDeposits.$inferSelect;
type Status = 'pending' | 'approved' | 'failed';

/**
 * Deposits. With a chain adapter, the chain is the truth: a reported tx hash is verified there and
 * the watcher credits after N confirmations. Without one, a user reports a tx hash and amount and
 * an operator confirms (or rejects) it. Either way a deposit is credited exactly once.
 */
export function createDeposits(deps: WalletDeps, assets: Assets, funding: Funding) {
  const { store, clock, ledger, chain } = deps;

  async function view(d: DepositRow) {
    const asset = await assets.get(d.asset);
    let confirmations: number | null = null;
    if (chain && d.chain === chain.chain && d.status === 'pending' && chain.confirmationsOf) {
      confirmations = await chain.confirmationsOf(d.blockNumber);
    }
    return {
      id: d.id,
      asset: d.asset,
      amount: assets.show(asset, d.amount),
      chain: d.chain,
      tx_hash: d.txHash,
      address: d.address,
      status: d.status as Status,
      reason: d.reason,
      confirmations,
      tx_url: d.chain === 'manual' ? null : await funding.txLink(d.chain, d.txHash),
      time: iso(d.createdAt),
    };
  }

  /** The user's USDT address on a chain (the spec's receive call), as the deposit networks give it. */
  async function receiveAddress(userId: number, chainName: string) {
    const n = (await funding.networkList()).find((x) => x.asset === 'USDT' && x.chain === chainName);
    if (!n)
      return { asset: 'USDT', chain: 'manual', address: null, confirmations: 0, mode: 'operator' as const };
    return {
      asset: n.asset,
      chain: n.chain,
      address: await funding.addressOn(userId, n),
      confirmations: funding.confirmationsOf(n),
      mode: funding.watched(n) ? ('chain' as const) : ('operator' as const),
    };
  }

  /** Credits a deposit inside the caller's transaction; the watcher and operators both come here. */
  async function credit(
    tx: Tx,
    d: { id: number; userId: number; asset: string; amount: bigint; txHash: string },
  ) {
    return ledger.credit(tx, {
      account: { userId: d.userId, asset: d.asset, kind: 'spot' },
      system: SYSTEM.deposits,
      amount: d.amount,
      cause: 'deposit',
      ref: `dep_${d.id}`,
      remark: d.txHash,
      userId: d.userId,
    });
  }

  async function report(
    userId: number,
    body: { asset: string; chain: string; tx_hash: string; amount?: string | undefined },
  ) {
    // One form for every hash (0x and lowercase), so a hash with and without its prefix is one claim.
    const txHash = `0x${body.tx_hash.replace(/^0x/i, '')}`.toLowerCase();
    // With a chain for the asset, the chain is the truth: the transfer must reach the claimant's own
    // deposit address, whatever network the claim names (unless it names another configured network).
    const otherNetwork = (await funding.networkList()).some(
      (n) => n.chain === body.chain && n.chain !== chain?.chain,
    );
    if (chain && (body.chain === chain.chain || (body.asset === chain.asset && !otherNetwork))) {
      const found = await chain.submitTxHash(userId, txHash);
      const ids = found.map((f) => f.id);
      const rows = ids.length
        ? await store.db
            .select()
            .from(walletDeposits)
            .where(and(eq(walletDeposits.userId, userId), inArray(walletDeposits.id, ids)))
        : [];
      return { list: await Promise.all(rows.map(view)) };
    }
    const asset = await assets.get(body.asset);
    if (!body.amount) throw new ValidationError('amount', 'required');
    const amount = assets.toMinor(asset, body.amount);
    const claims = await store.db
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
    if (mine) return { list: [await view(mine)] };
    // A hash already credited to someone is nobody else's to claim. A pending claim of another user does
    // not block this one: the operator credits the rightful owner, and the other claim then fails.
    if (claims.some((c) => c.status === 'approved')) throw new DomainError('NotFound');
    const [row] = await store.db
      .insert(walletDeposits)
      .values({
        userId,
        asset: asset.symbol,
        amount,
        chain: 'manual',
        txHash,
        logIndex: 0,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return report(userId, body);
    return { list: [await view(row)] };
  }

  async function list(
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
      onPage(store.db.select().from(walletDeposits).where(where).orderBy(desc(walletDeposits.id)), p),
      store.db.select({ n: count() }).from(walletDeposits).where(where),
    ]);
    return { rows, list: await Promise.all(rows.map(view)), total: total?.n ?? 0 };
  }

  async function ownerOf(userId: number) {
    const [u] = await store.db
      .select({ uid: users.uid, address: users.address })
      .from(users)
      .where(eq(users.id, userId));
    return u ?? { uid: '', address: '' };
  }

  async function adminView(d: DepositRow) {
    const names = d.approvals.length
      ? await store.db
          .select({ id: operators.id, name: operators.name })
          .from(operators)
          .where(inArray(operators.id, d.approvals))
      : [];
    // Other claims of the same transfer: a contested hash needs a look at who really sent it.
    const others = await store.db
      .select({ id: walletDeposits.id })
      .from(walletDeposits)
      .where(
        and(
          eq(walletDeposits.chain, d.chain),
          eq(walletDeposits.txHash, d.txHash),
          eq(walletDeposits.logIndex, d.logIndex),
          ne(walletDeposits.id, d.id),
          ne(walletDeposits.status, 'failed'),
        ),
      );
    return {
      ...(await view(d)),
      user_id: d.userId,
      user: await ownerOf(d.userId),
      approvals: d.approvals.map((id) => names.find((n) => n.id === id)?.name ?? String(id)),
      required_approvals: d.requiredApprovals,
      contested: others.length > 0,
    };
  }

  /** Approvals a manual credit needs: two from the threshold on (in USDT at the live price), else one. */
  async function approvalsFor(asset: string, amount: bigint): Promise<number> {
    const threshold = (await deps.settings.of(WALLET_SETTINGS).get('deposit.manual_second_approval_usdt'))
      .units;
    const a = await assets.get(asset);
    const price = await assets.priceUsdt18(a.symbol);
    // An asset without a price cannot be judged small: it takes two.
    if (price === null) return 2;
    return (await assets.usdtValue(a, amount)) >= threshold ? 2 : 1;
  }

  async function audit(
    tx: Tx,
    operatorId: number,
    action: string,
    before: DepositRow | null,
    after: DepositRow,
    note?: string,
  ) {
    await auditOperator(tx, clock.now(), {
      operatorId,
      action,
      subject: `deposit:${after.id}`,
      before,
      // The operator's own words travel with the change they made.
      after: note ? { ...after, operator_note: note } : after,
    });
  }

  /**
   * An operator approves a pending claim, or records a deposit seen elsewhere. A manual credit worth the
   * threshold or more needs two different operators: the first approval makes it, the second credits it.
   * Crediting fails every other pending claim of the same transfer.
   */
  async function confirm(
    operatorId: number,
    body: {
      deposit_id?: number | undefined;
      user?: string | undefined;
      asset?: string | undefined;
      amount?: string | undefined;
      tx_hash?: string | undefined;
      reason?: string | undefined;
    },
  ) {
    const row = await store.db.transaction(async (tx) => {
      let d: DepositRow | undefined;
      if (body.deposit_id) {
        [d] = await tx
          .select()
          .from(walletDeposits)
          .where(eq(walletDeposits.id, body.deposit_id))
          .for('update');
        if (!d) throw new DomainError('NotFound');
        if (d.status !== 'pending') throw new DomainError('InvalidState');
        if (d.chain !== 'manual') throw new DomainError('InvalidState');
      } else {
        if (!body.user) throw new ValidationError('user', 'required');
        if (!body.amount) throw new ValidationError('amount', 'required');
        if (!body.tx_hash) throw new ValidationError('tx_hash', 'required');
        const key = body.user.toLowerCase();
        const [u] = await tx
          .select({ id: users.id })
          .from(users)
          .where(/^0x[0-9a-f]{40}$/.test(key) ? eq(users.address, key) : eq(users.uid, key));
        if (!u) throw new DomainError('NotFound');
        const asset = await assets.get(body.asset ?? 'USDT');
        const amount = assets.toMinor(asset, body.amount);
        const txHash = `0x${body.tx_hash.replace(/^0x/i, '')}`.toLowerCase();
        // The user's own pending claim of the hash, or a new record of it.
        [d] = await tx
          .select()
          .from(walletDeposits)
          .where(
            and(
              eq(walletDeposits.chain, 'manual'),
              eq(walletDeposits.txHash, txHash),
              eq(walletDeposits.userId, u.id),
              eq(walletDeposits.status, 'pending'),
            ),
          )
          .for('update');
        if (d && d.amount !== amount) throw new DomainError('InvalidState');
        if (!d) {
          [d] = await tx
            .insert(walletDeposits)
            .values({
              userId: u.id,
              asset: asset.symbol,
              amount,
              chain: 'manual',
              txHash,
              logIndex: 0,
              createdAt: clock.now(),
              updatedAt: clock.now(),
            })
            .onConflictDoNothing()
            .returning();
        }
        if (!d) throw new DomainError('InvalidState');
      }
      const [credited] = await tx
        .select({ id: walletDeposits.id })
        .from(walletDeposits)
        .where(
          and(
            eq(walletDeposits.chain, d.chain),
            eq(walletDeposits.txHash, d.txHash),
            eq(walletDeposits.logIndex, d.logIndex),
            eq(walletDeposits.status, 'approved'),
          ),
        );
      if (credited) throw new DomainError('InvalidState');
      if (d.approvals.includes(operatorId)) throw new DomainError('Forbidden');
      const approvals = [...d.approvals, operatorId];
      const required = d.approvals.length === 0 ? await approvalsFor(d.asset, d.amount) : d.requiredApprovals;
      if (approvals.length < required) {
        const [after] = await tx
          .update(walletDeposits)
          .set({ approvals, requiredApprovals: required, reviewedBy: operatorId, updatedAt: clock.now() })
          .where(eq(walletDeposits.id, d.id))
          .returning();
        if (!after) throw new Error('deposit vanished');
        await audit(tx, operatorId, 'deposit.approve', d, after, body.reason);
        return after;
      }
      const ledgerTxId = await credit(tx, d);
      const [after] = await tx
        .update(walletDeposits)
        .set({
          status: 'approved',
          approvals,
          requiredApprovals: required,
          reviewedBy: operatorId,
          ledgerTxId,
          updatedAt: clock.now(),
        })
        .where(eq(walletDeposits.id, d.id))
        .returning();
      if (!after) throw new Error('deposit vanished');
      await audit(tx, operatorId, 'deposit.confirm', d, after, body.reason);
      const losers = await tx
        .update(walletDeposits)
        .set({
          status: 'failed',
          reason: 'credited to another claim of this transfer',
          updatedAt: clock.now(),
        })
        .where(
          and(
            eq(walletDeposits.chain, d.chain),
            eq(walletDeposits.txHash, d.txHash),
            eq(walletDeposits.logIndex, d.logIndex),
            eq(walletDeposits.status, 'pending'),
            ne(walletDeposits.id, d.id),
          ),
        )
        .returning();
      for (const l of losers) await audit(tx, operatorId, 'deposit.reject', null, l);
      return after;
    });
    return adminView(row);
  }

  async function reject(operatorId: number, depositId: number, reason: string) {
    const row = await store.db.transaction(async (tx) => {
      const [d] = await tx
        .select()
        .from(walletDeposits)
        .where(eq(walletDeposits.id, depositId))
        .for('update');
      if (!d) throw new DomainError('NotFound');
      if (d.status !== 'pending') throw new DomainError('InvalidState');
      const [after] = await tx
        .update(walletDeposits)
        .set({ status: 'failed', reason, reviewedBy: operatorId, updatedAt: clock.now() })
        .where(eq(walletDeposits.id, d.id))
        .returning();
      if (!after) throw new Error('deposit vanished');
      await audit(tx, operatorId, 'deposit.reject', d, after);
      return after;
    });
    return adminView(row);
  }

  /**
   * What a chain transfer of USDT to the user's own deposit address gave (another domain's payment on chain,
   * e.g. a race principal): recorded as a deposit like any reported hash, credited by the watcher after its
   * confirmations; the caller then takes the payment from the balance it reached.
   */
  async function chainPayment(
    userId: number,
    txHash: string,
  ): Promise<
    | { state: 'credited'; amount: bigint }
    | { state: 'pending'; confirmations: number; needed: number }
    | { state: 'not_found' }
  > {
    if (!chain) return { state: 'not_found' };
    let ids: number[];
    try {
      ids = (await chain.submitTxHash(userId, txHash)).map((f) => f.id);
    } catch (err) {
      if (err instanceof DomainError && err.errorName === 'NotFound') return { state: 'not_found' };
      throw err;
    }
    const rows = ids.length
      ? await store.db
          .select()
          .from(walletDeposits)
          .where(and(eq(walletDeposits.userId, userId), inArray(walletDeposits.id, ids)))
      : [];
    const mine = rows.filter((r) => r.asset === 'USDT' && r.status !== 'failed');
    if (mine.length === 0) return { state: 'not_found' };
    const waiting = mine.filter((r) => r.status !== 'approved');
    if (waiting.length > 0) {
      let confirmations = chain.confirmations;
      for (const r of waiting) {
        const c = (await chain.confirmationsOf?.(r.blockNumber)) ?? 0;
        confirmations = Math.min(confirmations, c);
      }
      return { state: 'pending', confirmations, needed: chain.confirmations };
    }
    return { state: 'credited', amount: mine.reduce((sum, r) => sum + r.amount, 0n) };
  }

  return { receiveAddress, report, list, credit, confirm, reject, adminView, chainPayment };
}
