/** Transfers to another user by address or UID (spot to spot, no fee): the recipient's lookup, the transfer, the list. */
import {
  type Confirmation,
  EVM_ADDRESS_PATTERN,
  type ExactDecimal,
  formatAmount,
  maskAddress,
  UID_PATTERN,
} from '@nexa/contract';
import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import { minorUnits } from '../../kernel/assets';
import { DomainError } from '../../kernel/errors';
import { amountSetting } from '../../kernel/settings';
import { schema, type Tx } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { iso } from './common';
import { checkMove, withoutConfirmation } from './confirm-move';
import type { PageQuery, WalletCtx } from './context';
import { walletTransfers } from './tables';

const { users } = schema;

export async function findRecipient(ctx: WalletCtx, tx: Tx | typeof ctx.store.db, to: string) {
  const key = to.trim().toLowerCase();
  const cond = EVM_ADDRESS_PATTERN.test(key)
    ? eq(users.address, key)
    : UID_PATTERN.test(key)
      ? eq(users.uid, key)
      : null;
  if (!cond) throw new DomainError('RecipientNotFound');
  const [u] = await tx
    .select({ id: users.id, uid: users.uid, address: users.address })
    .from(users)
    .where(cond);
  if (!u) throw new DomainError('RecipientNotFound');
  return u;
}

/** Lookups a user may make per minute: enough to type an address, too few to walk the UID space. */
const LOOKUPS_PER_MINUTE = 30;

/** Who a transfer to `to` would reach; the address comes back masked. */
export async function recipient(ctx: WalletCtx, userId: number, to: string) {
  if (!(await ctx.limiter.hit(`recipient:${userId}`, LOOKUPS_PER_MINUTE, 60_000, ctx.clock.now().getTime())))
    throw new DomainError('RateLimited');
  const u = await findRecipient(ctx, ctx.store.db, to);
  return { uid: u.uid, address: maskAddress(u.address), self: u.id === userId };
}

export async function transferRow(
  ctx: WalletCtx,
  t: typeof walletTransfers.$inferSelect,
  userId: number,
  db: Tx | typeof ctx.store.db = ctx.store.db,
) {
  const out = t.fromUserId === userId;
  const other = out ? t.toUserId : t.fromUserId;
  const [cp] = await db
    .select({ uid: users.uid, address: users.address })
    .from(users)
    .where(eq(users.id, other));
  const asset = await ctx.assets.get(t.asset);
  return {
    id: t.id,
    direction: out ? ('out' as const) : ('in' as const),
    counterparty: cp ?? { uid: '', address: '' },
    asset: t.asset,
    amount: ctx.assets.show(asset, t.amount),
    remark: t.remark,
    time: iso(t.createdAt),
  };
}

/** To another user by address or UID: spot to spot, no fee. */
export async function transfer(
  ctx: WalletCtx,
  userId: number,
  body: {
    to: string;
    asset: string;
    amount: ExactDecimal;
    remark: string;
    request_id?: string | undefined;
    confirm?: Confirmation | undefined;
    totp_code?: string | undefined;
  },
) {
  const asset = await ctx.assets.get(body.asset);
  const amount = minorUnits(body.amount, asset, 'amount', 'invalid_format');
  const min = amountSetting('transfer.min', await ctx.settings.get('transfer.min'), asset.scale);
  if (amount < min)
    throw new DomainError('BelowMinimum', { min: `${formatAmount(min, asset.scale)} ${asset.symbol}` });
  const { confirm, ticket } = await checkMove(ctx, userId, body, {
    action: 'transfer',
    asset: asset.symbol,
    amount: body.amount,
    destination: body.to,
    locked: true,
  });
  // Committed with the other money calls waiting (group commit); answered after that commit.
  let toUserId: number | null = null;
  return ctx.writer.submit({
    userId,
    requestId: body.request_id,
    scope: 'transfer',
    body: withoutConfirmation(body),
    prepare: async (tx) => {
      const to = await findRecipient(ctx, tx, body.to);
      if (to.id === userId) throw new DomainError('RecipientNotFound');
      toUserId = to.id;
      // The last check: the confirmation is used if and only if this transfer commits.
      await confirm.consume(tx, ticket);
      const from = await ctx.ledger.account(tx, { userId, asset: asset.symbol, kind: 'spot' });
      const into = await ctx.ledger.account(tx, { userId: to.id, asset: asset.symbol, kind: 'spot' });
      return {
        cause: 'transfer',
        remark: body.remark,
        userId,
        requestId: body.request_id ?? null,
        postings: [
          { account: from, bucket: 'available', amount: -amount },
          { account: into, bucket: 'available', amount },
        ],
      };
    },
    finish: async (tx, ledgerTxId) => {
      if (toUserId === null) throw new Error('transfer without its recipient');
      const [t] = await tx
        .insert(walletTransfers)
        .values({
          fromUserId: userId,
          toUserId,
          asset: asset.symbol,
          amount,
          remark: body.remark,
          ledgerTxId,
          createdAt: ctx.clock.now(),
        })
        .returning();
      if (!t) throw new Error('transfer row not written');
      // The answer is built inside the transaction, so a retry replays exactly this first answer.
      return transferRow(ctx, t, userId, tx);
    },
    undo: (tx) => confirm.release(tx, ticket),
  });
}

export async function transfers(
  ctx: WalletCtx,
  userId: number,
  f: { direction?: 'in' | 'out' | undefined; symbol?: string | undefined },
  p: PageQuery,
) {
  const conds: SQL[] = [];
  const mine =
    f.direction === 'in'
      ? eq(walletTransfers.toUserId, userId)
      : f.direction === 'out'
        ? eq(walletTransfers.fromUserId, userId)
        : or(eq(walletTransfers.toUserId, userId), eq(walletTransfers.fromUserId, userId));
  if (mine) conds.push(mine);
  if (f.symbol) conds.push(eq(walletTransfers.asset, f.symbol));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    onPage(ctx.store.db.select().from(walletTransfers).where(where).orderBy(desc(walletTransfers.id)), p),
    ctx.store.db.select({ n: count() }).from(walletTransfers).where(where),
  ]);
  return pageAnswer(await Promise.all(rows.map((r) => transferRow(ctx, r, userId))), total);
}

/** Between the user's own accounts: instant, no fee. */
