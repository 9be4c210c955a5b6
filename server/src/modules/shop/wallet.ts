/** The shop wallet: its balance and counts, recharges from spot, withdrawals (held, then paid) and flash moves. */
import { RATE_ONE } from '@nexa/contract';
import { and, count, desc, eq, inArray, lte } from 'drizzle-orm';
import { ValidationError } from '../../kernel/errors';
import type { Tx } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { fmt, type MoveRow, SHOP_SYSTEM, type ShopCtx, shopAcc, USDT } from './context';
import { myMerchant } from './merchants';
import { FILTER } from './order-lists';
import { shopMoves, shopOrders } from './tables';
import { merchantView, moveView } from './views';
import { vipUntil } from './vip';

export async function uinfo(ctx: ShopCtx, userId: number) {
  const { store, ledger } = ctx;
  // Read only: a look at the shop opens no account.
  const b = (await ledger.balances(userId)).find((x) => x.asset === USDT && x.kind === 'shop') ?? {
    available: 0n,
    frozen: 0n,
  };
  const m = await myMerchant(ctx, userId);
  const [[open], [done], [toShip]] = await Promise.all([
    store.db
      .select({ n: count() })
      .from(shopOrders)
      .where(and(eq(shopOrders.buyerId, userId), inArray(shopOrders.status, FILTER[1]))),
    store.db
      .select({ n: count() })
      .from(shopOrders)
      .where(and(eq(shopOrders.buyerId, userId), inArray(shopOrders.status, FILTER[2]))),
    store.db
      .select({ n: count() })
      .from(shopOrders)
      .where(and(eq(shopOrders.merchantUserId, userId), eq(shopOrders.status, 'paid'))),
  ]);
  return {
    balance: fmt(b.available),
    held: fmt(b.frozen),
    vip_until: (await vipUntil(ctx, userId))?.toISOString() ?? null,
    merchant: m ? await merchantView(ctx, m) : null,
    orders_open: open?.n ?? 0,
    orders_done: done?.n ?? 0,
    to_ship: toShip?.n ?? 0,
  };
}

export async function move(
  ctx: ShopCtx,
  userId: number,
  kind: MoveRow['kind'],
  body: { amount: bigint; request_id?: string | undefined },
) {
  const { clock, ledger, settings, setting } = ctx;
  const { amount } = body;
  if (amount < (await setting('shop.min_move'))) throw new ValidationError('amount', 'too_small');
  const rate =
    kind === 'recharge'
      ? 0n
      : (await settings.get(kind === 'withdrawal' ? 'shop.withdraw_fee_rate' : 'shop.flash_fee_rate')).units;
  const fee = (amount * rate + RATE_ONE - 1n) / RATE_ONE;
  const hold = await settings.get('shop.withdraw_hold_s');
  return ledger.withIdempotency(userId, body.request_id, `shop.${kind}`, body, async (tx) => {
    const now = clock.now();
    const pending = kind === 'withdrawal' && hold > 0;
    const [m] = await tx
      .insert(shopMoves)
      .values({
        userId,
        kind,
        amount,
        fee,
        status: pending ? 'pending' : 'done',
        createdAt: now,
        dueAt: pending ? new Date(now.getTime() + hold * 1000) : null,
        doneAt: pending ? null : now,
      })
      .returning();
    if (!m) throw new Error('move not written');
    const ref = `shop-move:${m.id}`;
    const requestId = body.request_id ?? null;
    if (kind === 'recharge') {
      await rechargeLedger(ctx, tx, { userId, amount, moveId: m.id, requestId });
    } else if (pending) {
      await ledger.freeze(tx, {
        account: shopAcc(userId),
        amount,
        cause: 'shop.withdraw',
        ref,
        remark: 'held until paid',
        userId,
        requestId,
      });
    } else {
      await payOut(ctx, tx, m, 'available', requestId);
    }
    return moveView(m);
  });
}

/** A recharge's money: spot USDT into the shop wallet, under its move's reference (and what it was for). */
export async function rechargeLedger(
  ctx: ShopCtx,
  tx: Tx,
  r: { userId: number; amount: bigint; moveId: number; requestId: string | null; remark?: string },
): Promise<void> {
  await ctx.ledger.transfer(tx, {
    from: { userId: r.userId, asset: USDT, kind: 'spot' },
    to: shopAcc(r.userId),
    amount: r.amount,
    cause: 'shop.recharge',
    ref: `shop-move:${r.moveId}`,
    ...(r.remark ? { remark: r.remark } : {}),
    userId: r.userId,
    requestId: r.requestId,
  });
}

/** A withdrawal or flash paid: the amount less the fee to the spot account, the fee to revenue. */
export async function payOut(
  ctx: ShopCtx,
  tx: Tx,
  m: MoveRow,
  bucket: 'available' | 'frozen',
  requestId: string | null,
) {
  const { ledger } = ctx;
  const shop = await ledger.account(tx, shopAcc(m.userId));
  const spot = await ledger.account(tx, { userId: m.userId, asset: USDT, kind: 'spot' });
  const postings = [
    { account: shop, bucket, amount: -m.amount },
    { account: spot, bucket: 'available' as const, amount: m.amount - m.fee },
  ];
  if (m.fee > 0n)
    postings.push({
      account: await ledger.systemAccount(tx, SHOP_SYSTEM.revenue, USDT),
      bucket: 'available',
      amount: m.fee,
    });
  await ledger.post(tx, {
    cause: m.kind === 'flash' ? 'shop.flash' : 'shop.withdraw',
    ref: `shop-move:${m.id}`,
    userId: m.userId,
    requestId,
    postings,
  });
}

export async function payDueWithdrawals(ctx: ShopCtx): Promise<void> {
  const { store, clock } = ctx;
  const due = await store.db
    .select({ id: shopMoves.id })
    .from(shopMoves)
    .where(and(eq(shopMoves.status, 'pending'), lte(shopMoves.dueAt, clock.now())));
  for (const { id } of due) {
    await store.db.transaction(async (tx) => {
      const [m] = await tx.select().from(shopMoves).where(eq(shopMoves.id, id)).for('update');
      if (m?.status !== 'pending') return;
      await payOut(ctx, tx, m, 'frozen', null);
      await tx.update(shopMoves).set({ status: 'done', doneAt: clock.now() }).where(eq(shopMoves.id, id));
    });
  }
}

export async function moves(
  ctx: ShopCtx,
  userId: number,
  kinds: MoveRow['kind'][],
  q: { page: number; size: number },
) {
  const { store } = ctx;
  const where = and(eq(shopMoves.userId, userId), inArray(shopMoves.kind, kinds));
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(shopMoves).where(where).orderBy(desc(shopMoves.id)), q),
    store.db.select({ n: count() }).from(shopMoves).where(where),
  ]);
  return pageAnswer(rows.map(moveView), total);
}
