import { EVM_ADDRESS_PATTERN, formatAmount } from '@nexa/contract';
import { and, count, desc, eq, gte, inArray, ne, type SQL, sql, sum } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import { DomainError, ValidationError } from '../../kernel/errors';
import { amountSetting } from '../../kernel/settings';
import { type MoneyWriter, SYSTEM } from '../../ledger';
import { schema, type Tx } from '../../store';
import { onPage } from '../../store/paging';
import { type Assets, iso, platformDayStart, type WalletDeps } from './common';
import type { Funding } from './funding';
import { WALLET_SETTINGS } from './settings';
import { walletDeposits, walletWithdrawals } from './tables';

const { users, operators } = schema;

type WithdrawalRow = typeof walletWithdrawals.$inferSelect;
type Status = 'pending' | 'approved' | 'failed';

/**
 * Withdrawals: amount + fee frozen at request; operators approve (the last required approval
 * settles the hold and the chain adapter sends) or reject (the hold is released).
 * Stages: requested → first_approved → sending → sent | send_failed; or rejected.
 */
export function createWithdrawals(deps: WalletDeps, assets: Assets, funding: Funding, writer: MoneyWriter) {
  const { store, clock, ledger, chain, log } = deps;
  const settings = deps.settings.of(WALLET_SETTINGS);

  async function rulesFor(symbol: string) {
    const rules = (await settings.get('withdraw.rules'))[symbol];
    if (!rules) throw new ValidationError('asset', 'invalid_value');
    const asset = await assets.get(symbol);
    const m = (text: string) => amountSetting('withdraw.rules', text, asset.scale);
    return {
      asset,
      min: m(rules.min),
      fee: m(rules.fee),
      dailyLimit: m(rules.daily_limit),
      dualFrom: m(rules.dual_approval_from),
    };
  }

  async function view(w: WithdrawalRow) {
    const asset = await assets.get(w.asset);
    return {
      id: w.id,
      asset: w.asset,
      amount: assets.show(asset, w.amount),
      fee: assets.show(asset, w.fee),
      chain: w.chain,
      address: w.address,
      status: w.status as Status,
      stage: w.stage,
      tx_hash: w.txHash,
      tx_url: await funding.txLink(w.chain, w.txHash),
      reason: w.reason,
      time: iso(w.createdAt),
    };
  }

  async function request(
    userId: number,
    body: { asset: string; chain: string; address: string; amount: string; request_id?: string | undefined },
  ) {
    const r = await rulesFor(body.asset);
    const amount = assets.toMinor(r.asset, body.amount);
    if (chain ? body.chain !== chain.chain : body.chain !== 'evm')
      throw new ValidationError('chain', 'invalid_value');
    if (!EVM_ADDRESS_PATTERN.test(body.address)) throw new ValidationError('address', 'invalid_format');
    const show = (m: bigint) => `${formatAmount(m, r.asset.scale)} ${r.asset.symbol}`;
    if (amount < r.min) throw new DomainError('BelowMinimum', { min: show(r.min) });
    // Committed with the other money calls waiting (group commit, see ledger/writer.ts). The writer runs
    // one batch at a time and its calls one after another, so each request's daily limit counts every
    // withdrawal before it, those of its own batch included.
    let id: number | null = null;
    return writer.submit({
      userId,
      requestId: body.request_id,
      scope: 'withdraw',
      body,
      prepare: async (tx) => {
        const used = await usedToday(tx, userId, r.asset.symbol);
        if (used + amount > r.dailyLimit) {
          throw new DomainError('DailyLimitExceeded', {
            left: show(r.dailyLimit > used ? r.dailyLimit - used : 0n),
          });
        }
        const account = await ledger.account(tx, { userId, asset: r.asset.symbol, kind: 'spot' });
        const [w] = await tx
          .insert(walletWithdrawals)
          .values({
            userId,
            asset: r.asset.symbol,
            amount,
            fee: r.fee,
            chain: body.chain,
            address: body.address.toLowerCase(),
            requiredApprovals: amount >= r.dualFrom ? 2 : 1,
            createdAt: clock.now(),
            updatedAt: clock.now(),
          })
          .returning();
        if (!w) throw new Error('withdrawal not written');
        id = w.id;
        // The hold: amount and fee, from available to frozen.
        return {
          cause: 'withdrawal',
          ref: `wd_${w.id}`,
          remark: body.address.toLowerCase(),
          userId,
          requestId: body.request_id ?? null,
          postings: [
            { account, bucket: 'available', amount: -(amount + r.fee) },
            { account, bucket: 'frozen', amount: amount + r.fee },
          ],
        };
      },
      finish: async (tx, ledgerTxId) => {
        if (id === null) throw new Error('withdrawal without its row');
        const [done] = await tx
          .update(walletWithdrawals)
          .set({ ledgerTxId })
          .where(eq(walletWithdrawals.id, id))
          .returning();
        if (!done) throw new Error('withdrawal vanished');
        // Built inside the transaction, so a retry replays exactly this first answer.
        return view(done);
      },
      undo: async (tx) => {
        if (id !== null) await tx.delete(walletWithdrawals).where(eq(walletWithdrawals.id, id));
        id = null;
      },
    });
  }

  async function list(
    userId: number | null,
    f: { status?: Status | undefined; symbol?: string | undefined },
    p: { page: number; size: number },
  ) {
    const conds: SQL[] = [];
    if (userId !== null) conds.push(eq(walletWithdrawals.userId, userId));
    if (f.status) conds.push(eq(walletWithdrawals.status, f.status));
    if (f.symbol) conds.push(eq(walletWithdrawals.asset, f.symbol));
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(walletWithdrawals).where(where).orderBy(desc(walletWithdrawals.id)), p),
      store.db.select({ n: count() }).from(walletWithdrawals).where(where),
    ]);
    return { rows, list: await Promise.all(rows.map(view)), total: total?.n ?? 0 };
  }

  async function adminView(w: WithdrawalRow) {
    const [u] = await store.db
      .select({ uid: users.uid, address: users.address })
      .from(users)
      .where(eq(users.id, w.userId));
    const ops = w.approvals.length
      ? await store.db
          .select({ id: operators.id, name: operators.name })
          .from(operators)
          .where(inArray(operators.id, w.approvals))
      : [];
    // In the order the approvals were given.
    const names = w.approvals.map((id) => ops.find((o) => o.id === id)?.name ?? String(id));
    return {
      ...(await view(w)),
      user_id: w.userId,
      user: u ?? { uid: '', address: '' },
      approvals: names,
      required_approvals: w.requiredApprovals,
    };
  }

  async function audit(
    tx: Tx,
    operatorId: number,
    action: string,
    before: WithdrawalRow,
    after: WithdrawalRow,
    note?: string,
  ) {
    await auditOperator(tx, clock.now(), {
      operatorId,
      action,
      subject: `withdrawal:${after.id}`,
      before,
      // The operator's own words travel with the change they made.
      after: note ? { ...after, operator_note: note } : after,
    });
  }
  /** The withdrawal, locked for the rest of the transaction. */
  async function locked(tx: Tx, withdrawalId: number): Promise<WithdrawalRow> {
    const [w] = await tx
      .select()
      .from(walletWithdrawals)
      .where(eq(walletWithdrawals.id, withdrawalId))
      .for('update');
    if (!w) throw new DomainError('NotFound');
    return w;
  }

  /** An operator moves a locked withdrawal on: the change and its audit entry, in the same transaction. */
  async function advance(
    tx: Tx,
    operatorId: number,
    action: string,
    w: WithdrawalRow,
    set: Partial<typeof walletWithdrawals.$inferInsert>,
    note?: string,
  ): Promise<WithdrawalRow> {
    const [after] = await tx
      .update(walletWithdrawals)
      .set({ ...set, updatedAt: clock.now() })
      .where(eq(walletWithdrawals.id, w.id))
      .returning();
    if (!after) throw new Error('withdrawal vanished');
    await audit(tx, operatorId, action, w, after, note);
    return after;
  }

  /** Sends a settled withdrawal on chain and records the outcome; never sends twice for one row. */
  async function send(w: WithdrawalRow, operatorId: number): Promise<WithdrawalRow> {
    if (!chain) return w;
    let txHash: string | null = null;
    let error: string | null = null;
    try {
      txHash = await chain.sendToken(w.address, w.amount);
    } catch (err) {
      error = err instanceof Error ? err.message.slice(0, 200) : 'send failed';
      log.error({ withdrawal: w.id, err: error }, 'withdrawal send failed');
    }
    return store.db.transaction(async (tx) => {
      const [after] = await tx
        .update(walletWithdrawals)
        .set(
          txHash
            ? { stage: 'sent', status: 'approved', txHash, updatedAt: clock.now() }
            : { stage: 'send_failed', reason: error, updatedAt: clock.now() },
        )
        .where(and(eq(walletWithdrawals.id, w.id), eq(walletWithdrawals.stage, 'sending')))
        .returning();
      if (!after) throw new DomainError('InvalidState');
      await audit(tx, operatorId, txHash ? 'withdrawal.sent' : 'withdrawal.send_failed', w, after);
      return after;
    });
  }

  async function approve(operatorId: number, withdrawalId: number, txHashGiven?: string, note?: string) {
    const settled = await store.db.transaction(async (tx) => {
      const w = await locked(tx, withdrawalId);
      if (w.stage === 'send_failed') {
        // A failed send may be retried: the hold is already settled.
        return advance(tx, operatorId, 'withdrawal.retry', w, { stage: 'sending', reason: null }, note);
      }
      if (w.status !== 'pending' || (w.stage !== 'requested' && w.stage !== 'first_approved')) {
        throw new DomainError('InvalidState');
      }
      if (w.approvals.includes(operatorId)) throw new DomainError('Forbidden');
      // Whoever made a manual credit (no chain confirmation) to this user may not pay them out.
      const [made] = await tx
        .select({ id: walletDeposits.id })
        .from(walletDeposits)
        .where(
          and(
            eq(walletDeposits.userId, w.userId),
            eq(walletDeposits.chain, 'manual'),
            eq(walletDeposits.status, 'approved'),
            sql`${walletDeposits.approvals}->>0 = ${String(operatorId)}`,
          ),
        )
        .limit(1);
      if (made) throw new DomainError('ConflictOfInterest');
      const approvals = [...w.approvals, operatorId];
      if (approvals.length < w.requiredApprovals) {
        return advance(tx, operatorId, 'withdrawal.approve', w, { approvals, stage: 'first_approved' }, note);
      }
      const account = { userId: w.userId, asset: w.asset, kind: 'spot' as const };
      await ledger.settle(tx, {
        from: account,
        to: { system: SYSTEM.withdrawals, asset: w.asset },
        amount: w.amount,
        cause: 'withdrawal.settle',
        ref: `wd_${w.id}`,
        userId: w.userId,
      });
      if (w.fee > 0n) {
        await ledger.settle(tx, {
          from: account,
          to: { system: SYSTEM.fees, asset: w.asset },
          amount: w.fee,
          cause: 'withdrawal_fee',
          ref: `wd_${w.id}`,
          userId: w.userId,
        });
      }
      const done = !chain;
      return advance(
        tx,
        operatorId,
        'withdrawal.approve',
        w,
        {
          approvals,
          stage: done ? 'sent' : 'sending',
          status: done ? 'approved' : 'pending',
          txHash: done ? (txHashGiven ?? null) : null,
        },
        note,
      );
    });
    const final = settled.stage === 'sending' ? await send(settled, operatorId) : settled;
    return adminView(final);
  }

  async function reject(operatorId: number, withdrawalId: number, reason: string) {
    const row = await store.db.transaction(async (tx) => {
      const w = await locked(tx, withdrawalId);
      if (w.status !== 'pending' || (w.stage !== 'requested' && w.stage !== 'first_approved')) {
        throw new DomainError('InvalidState');
      }
      await ledger.release(tx, {
        account: { userId: w.userId, asset: w.asset, kind: 'spot' },
        amount: w.amount + w.fee,
        cause: 'withdrawal_release',
        ref: `wd_${w.id}`,
        remark: reason,
        userId: w.userId,
      });
      return advance(tx, operatorId, 'withdrawal.reject', w, { status: 'failed', stage: 'rejected', reason });
    });
    return adminView(row);
  }

  async function usedToday(db: Tx | typeof store.db, userId: number, asset: string): Promise<bigint> {
    const since = await platformDayStart(deps);
    const [today] = await db
      .select({ total: sum(walletWithdrawals.amount) })
      .from(walletWithdrawals)
      .where(
        and(
          eq(walletWithdrawals.userId, userId),
          eq(walletWithdrawals.asset, asset),
          ne(walletWithdrawals.status, 'failed'),
          gte(walletWithdrawals.createdAt, since),
        ),
      );
    return BigInt(today?.total ?? '0');
  }

  /** The rules a user is held to, with what is left of today's limit. */
  async function rulesView(userId: number) {
    const all = await settings.get('withdraw.rules');
    const rules = [];
    for (const symbol of Object.keys(all)) {
      const r = await rulesFor(symbol);
      const used = await usedToday(store.db, userId, symbol);
      const s = (m: bigint) => formatAmount(m, r.asset.scale);
      rules.push({
        asset: symbol,
        min: s(r.min),
        fee: s(r.fee),
        daily_limit: s(r.dailyLimit),
        daily_left: s(r.dailyLimit > used ? r.dailyLimit - used : 0n),
        dual_approval_from: s(r.dualFrom),
      });
    }
    return { rules, transfer_min: await settings.get('transfer.min') };
  }

  return { request, list, approve, reject, adminView, rulesFor, rulesView };
}
