/**
 * Withdrawals as the user makes them: amount + fee frozen at request (group-committed, within the asset's
 * daily limit), the list, and the rules a user is held to. Operators approve or reject them in
 * `withdrawal-review.ts`, the hot wallet pays them in `withdrawal-send.ts` and `withdrawal-follow.ts` follows them.
 * Stages: requested → first_approved → sending (→ queued) → sent → completed | send_failed; or rejected.
 */
import { type Confirmation, type ExactDecimal, formatAmount } from '@nexa/contract';
import { and, count, desc, eq, gte, ne, type SQL, sum } from 'drizzle-orm';
import { minorUnits } from '../../kernel/assets';
import { DomainError, ValidationError } from '../../kernel/errors';
import { amountSetting } from '../../kernel/settings';
import type { Db, Tx } from '../../store';
import { onPage } from '../../store/paging';
import { bookForm, refuseUnlisted } from './address-book';
import { isAddressOf } from './chain/addresses';
import { iso } from './common';
import { checkMove, withoutConfirmation } from './confirm-move';
import type { Status, WalletCtx } from './context';
import { chainOf, type DepositNetwork, networkList, senderFor, txLink } from './funding';
import { walletWithdrawals } from './tables';

export type WithdrawalRow = typeof walletWithdrawals.$inferSelect;

export async function rulesFor(ctx: WalletCtx, symbol: string) {
  const rules = (await ctx.settings.get('withdraw.rules'))[symbol];
  if (!rules) throw new ValidationError('asset', 'invalid_value');
  const asset = await ctx.assets.get(symbol);
  const m = (text: string) => amountSetting('withdraw.rules', text, asset.scale);
  return {
    asset,
    min: m(rules.min),
    fee: m(rules.fee),
    dailyLimit: m(rules.daily_limit),
    dualFrom: m(rules.dual_approval_from),
  };
}

export async function view(ctx: WalletCtx, w: WithdrawalRow) {
  const asset = await ctx.assets.get(w.asset);
  return {
    id: w.id,
    asset: w.asset,
    amount: ctx.assets.show(asset, w.amount),
    fee: ctx.assets.show(asset, w.fee),
    chain: w.chain,
    address: w.address,
    status: w.status as Status,
    stage: w.stage,
    tx_hash: w.txHash,
    tx_url: await txLink(ctx, w.chain, w.txHash),
    reason: w.reason,
    time: iso(w.createdAt),
  };
}

export async function request(
  ctx: WalletCtx,
  userId: number,
  body: {
    asset: string;
    chain: string;
    address: string;
    amount: ExactDecimal;
    request_id?: string | undefined;
    confirm?: Confirmation | undefined;
    totp_code?: string | undefined;
  },
) {
  const r = await rulesFor(ctx, body.asset);
  const amount = minorUnits(body.amount, r.asset, 'amount', 'invalid_format');
  // The network by any of its names (`ERC20` or `evm`), stored under its chain.
  const networks = await networkList(ctx);
  const chain = chainOf(networks, body.chain, r.asset.symbol);
  if (!withdrawalChains(ctx, networks, r.asset.symbol).includes(chain))
    throw new ValidationError('chain', 'invalid_value');
  // The address in its network's form: EVM in lower case, Tron and Bitcoin as written (case-sensitive).
  const family = networks.find((n) => n.chain === chain)?.family ?? 'evm';
  const address = bookForm(family, body.address);
  if (!isAddressOf(family, address)) throw new ValidationError('address', 'invalid_format');
  const show = (m: bigint) => `${formatAmount(m, r.asset.scale)} ${r.asset.symbol}`;
  if (amount < r.min) throw new DomainError('BelowMinimum', { min: show(r.min) });
  await refuseUnlisted(ctx, userId, body.chain, body.address);
  // Checked before anything is written; used up below in the transaction that holds the amount.
  const { confirm, ticket } = await checkMove(ctx, userId, body, {
    action: 'withdraw',
    asset: r.asset.symbol,
    amount: body.amount,
    destination: body.address,
    locked: true,
  });
  // Committed with the other money calls waiting (group commit, see ledger/writer.ts). The writer runs
  // one batch at a time and its calls one after another, so each request's daily limit counts every
  // withdrawal before it, those of its own batch included.
  let id: number | null = null;
  return ctx.writer.submit({
    userId,
    requestId: body.request_id,
    scope: 'withdraw',
    body: withoutConfirmation(body),
    prepare: async (tx) => {
      const used = await usedToday(ctx, tx, userId, r.asset.symbol);
      if (used + amount > r.dailyLimit) {
        throw new DomainError('DailyLimitExceeded', {
          left: show(r.dailyLimit > used ? r.dailyLimit - used : 0n),
        });
      }
      // The last check: the confirmation is used if and only if this withdrawal commits.
      await confirm.consume(tx, ticket);
      const account = await ctx.ledger.account(tx, { userId, asset: r.asset.symbol, kind: 'spot' });
      const [w] = await tx
        .insert(walletWithdrawals)
        .values({
          userId,
          asset: r.asset.symbol,
          amount,
          fee: r.fee,
          chain,
          address,
          requiredApprovals: amount >= r.dualFrom ? 2 : 1,
          createdAt: ctx.clock.now(),
          updatedAt: ctx.clock.now(),
        })
        .returning();
      if (!w) throw new Error('withdrawal not written');
      id = w.id;
      // The hold: amount and fee, from available to frozen.
      return {
        cause: 'withdrawal',
        ref: `wd_${w.id}`,
        remark: address,
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
      return view(ctx, done);
    },
    undo: async (tx) => {
      if (id !== null) await tx.delete(walletWithdrawals).where(eq(walletWithdrawals.id, id));
      id = null;
      await confirm.release(tx, ticket);
    },
  });
}

export async function list(
  ctx: WalletCtx,
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
    onPage(ctx.store.db.select().from(walletWithdrawals).where(where).orderBy(desc(walletWithdrawals.id)), p),
    ctx.store.db.select({ n: count() }).from(walletWithdrawals).where(where),
  ]);
  return { rows, list: await Promise.all(rows.map((r) => view(ctx, r))), total: total?.n ?? 0 };
}

export async function usedToday(ctx: WalletCtx, db: Tx | Db, userId: number, asset: string): Promise<bigint> {
  const since = await ctx.dayStart();
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

/**
 * The chains an asset is withdrawn on: those whose hot wallet pays it, else the first network its deposits
 * come on, Ethereum when it has none (an operator sends the payment by hand).
 */
export function withdrawalChains(
  ctx: WalletCtx,
  networks: readonly DepositNetwork[],
  asset: string,
): string[] {
  const senders = ctx.chains.filter((c) => senderFor(ctx, c.chain, asset));
  if (senders.length > 0) return senders.map((c) => c.chain);
  return [networks.find((n) => n.asset === asset)?.chain ?? 'evm'];
}

/** The rules a user is held to, with what is left of today's limit. */
export async function rulesView(ctx: WalletCtx, userId: number) {
  const all = await ctx.settings.get('withdraw.rules');
  const networks = await networkList(ctx);
  const rules = [];
  for (const symbol of Object.keys(all)) {
    const r = await rulesFor(ctx, symbol);
    const used = await usedToday(ctx, ctx.store.db, userId, symbol);
    const s = (m: bigint) => formatAmount(m, r.asset.scale);
    rules.push({
      asset: symbol,
      min: s(r.min),
      fee: s(r.fee),
      daily_limit: s(r.dailyLimit),
      daily_left: s(r.dailyLimit > used ? r.dailyLimit - used : 0n),
      dual_approval_from: s(r.dualFrom),
      networks: withdrawalChains(ctx, networks, symbol),
    });
  }
  return { rules, transfer_min: await ctx.settings.get('transfer.min') };
}
