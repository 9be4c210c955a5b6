/** An order's life: bought into escrow, canceled before shipping, shipped, signed for or confirmed by itself. */
import { formatAmount, type Lang, parseExact, USDT_SCALE } from '@nexa/contract';
import { and, eq, lte, sql } from 'drizzle-orm';
import { DomainError, ValidationError } from '../../kernel/errors';
import { writeNotice } from '../../kernel/notices';
import type { ConfirmInput, ConfirmPort, ConfirmTicket } from '../../ports/confirm';
import { DAY_MS } from '../../programs/days';
import type { Tx } from '../../store';
import { myAddress } from './addresses';
import { fmt, type OrderRow, type OrderView, SHOP_SYSTEM, type ShopCtx, shopAcc, USDT } from './context';
import { complete } from './settle-order';
import { shopMerchants, shopMoves, shopOrders, shopProducts } from './tables';
import { goodsText, orderView } from './views';
import { rechargeLedger } from './wallet';

export async function purchase(
  ctx: ShopCtx,
  userId: number,
  body: {
    product_id: number;
    quantity: number;
    address_id: number;
    /** The unit price the buyer saw, USDT minor units. */
    price: bigint;
    pay_from?: 'shop' | 'spot' | undefined;
    request_id?: string | undefined;
  } & ConfirmInput,
  lang: Lang = 'en',
): Promise<OrderView> {
  const { clock, ledger } = ctx;
  const address = await myAddress(ctx, userId, body.address_id);
  const seen = body.price;
  const confirmed = await confirmLarge(ctx, userId, body);
  // A retry carries a new confirmation (the first is used up) and still gets its first answer.
  const { confirm: _c, totp_code: _t, ...own } = body;
  const row = await ledger.withIdempotency(userId, body.request_id, 'shop.purchase', own, async (tx) => {
    // Used if and only if this purchase commits.
    if (confirmed) await confirmed.confirm.consume(tx, confirmed.ticket);
    // The product's row is locked while its stock is taken: buyers of the last piece queue here.
    const [p] = await tx
      .select()
      .from(shopProducts)
      .where(eq(shopProducts.id, body.product_id))
      .for('update');
    if (p?.status !== 'on_sale') throw new DomainError('ProductNotFound');
    const [m] = await tx.select().from(shopMerchants).where(eq(shopMerchants.id, p.merchantId));
    if (m?.status !== 'active') throw new DomainError('ProductNotFound');
    if (m.userId === userId) throw new DomainError('OwnProduct');
    if (p.price !== seen) throw new DomainError('PriceChanged', { price: fmt(p.price) });
    if (p.stock < body.quantity) throw new DomainError('OutOfStock', { left: String(p.stock) });
    await tx
      .update(shopProducts)
      .set({
        stock: sql`${shopProducts.stock} - ${body.quantity}`,
        sold: sql`${shopProducts.sold} + ${body.quantity}`,
      })
      .where(eq(shopProducts.id, p.id));
    const amount = p.price * BigInt(body.quantity);
    // The order keeps the title the buyer read (their language's), whatever the good says later.
    const { title } = goodsText(p, lang);
    const [o] = await tx
      .insert(shopOrders)
      .values({
        buyerId: userId,
        merchantId: m.id,
        merchantUserId: m.userId,
        productId: p.id,
        title,
        image: (JSON.parse(p.images) as string[])[0] ?? null,
        quantity: body.quantity,
        unitPrice: p.price,
        amount,
        status: 'paid',
        address: JSON.stringify({
          name: address.name,
          phone: address.phone,
          region: address.region,
          detail: address.detail,
        }),
        createdAt: clock.now(),
      })
      .returning();
    if (!o) throw new Error('order not written');
    // Paid from spot: the amount first moves into the shop wallet (a recharge of its own), in this transaction.
    if (body.pay_from === 'spot') await rechargeFor(ctx, tx, userId, amount, o.id, body.request_id ?? null);
    await ledger.transfer(tx, {
      from: shopAcc(userId),
      to: { system: SHOP_SYSTEM.escrow, asset: USDT },
      amount,
      cause: 'shop.pay',
      ref: `shop-order:${o.id}`,
      remark: `${title} × ${body.quantity}`,
      userId,
      requestId: body.request_id ?? null,
    });
    return { id: o.id };
  });
  return orderDetail(ctx, userId, row.id);
}

/**
 * A purchase whose total (at the price the buyer saw) reaches `shop.confirm_purchase_from` is confirmed by a
 * fresh signature of the account's wallet naming the total and the product, and the code where one is on;
 * checked before anything is written. Null below it.
 */
async function confirmLarge(
  ctx: ShopCtx,
  userId: number,
  body: { product_id: number; quantity: number; price: bigint } & ConfirmInput,
): Promise<{ confirm: ConfirmPort; ticket: ConfirmTicket } | null> {
  const total = body.price * BigInt(body.quantity);
  if (total < (await ctx.setting('shop.confirm_purchase_from'))) return null;
  // Without the port nothing could confirm it, so nothing is bought.
  const confirm = ctx.deps.confirm;
  if (!confirm) throw new DomainError('ConfirmationRequired');
  const amount = parseExact(formatAmount(total, USDT_SCALE));
  if (!amount) throw new Error('a total that does not read back');
  const ticket = await confirm.check(
    userId,
    { action: 'purchase', asset: USDT, amount, destination: String(body.product_id), locked: false },
    body,
  );
  return { confirm, ticket };
}

/** Spot → shop wallet for an order, recorded as a recharge; the ledger refuses it when spot is short. */
async function rechargeFor(
  ctx: ShopCtx,
  tx: Tx,
  userId: number,
  amount: bigint,
  orderId: number,
  requestId: string | null,
) {
  const now = ctx.clock.now();
  const [m] = await tx
    .insert(shopMoves)
    .values({ userId, kind: 'recharge', amount, fee: 0n, status: 'done', createdAt: now, doneAt: now })
    .returning({ id: shopMoves.id });
  if (!m) throw new Error('move not written');
  await rechargeLedger(ctx, tx, { userId, amount, moveId: m.id, requestId, remark: `shop-order:${orderId}` });
}

export async function orderOf(ctx: ShopCtx, userId: number, id: number): Promise<OrderRow> {
  const { store } = ctx;
  const [o] = await store.db.select().from(shopOrders).where(eq(shopOrders.id, id));
  if (!o || (o.buyerId !== userId && o.merchantUserId !== userId)) throw new DomainError('ShopOrderNotFound');
  return o;
}

export async function orderDetail(ctx: ShopCtx, userId: number, id: number) {
  return orderView(ctx, await orderOf(ctx, userId, id));
}

/** Locks an order of this party in a state, or says why not. */
export async function lockOrder(
  tx: Tx,
  id: number,
  who: { buyer?: number; merchant?: number },
  state: OrderRow['status'],
) {
  const [o] = await tx.select().from(shopOrders).where(eq(shopOrders.id, id)).for('update');
  if (!o) throw new DomainError('ShopOrderNotFound');
  if (who.buyer !== undefined && o.buyerId !== who.buyer) throw new DomainError('ShopOrderNotFound');
  if (who.merchant !== undefined && o.merchantUserId !== who.merchant)
    throw new DomainError('ShopOrderNotFound');
  if (o.status !== state) throw new DomainError('ShopOrderState', { status: o.status });
  return o;
}

export async function cancel(ctx: ShopCtx, userId: number, id: number) {
  const { store, clock, ledger } = ctx;
  await orderOf(ctx, userId, id);
  await store.db.transaction(async (tx) => {
    const o = await lockOrder(tx, id, { buyer: userId }, 'paid');
    await tx
      .update(shopProducts)
      .set({
        stock: sql`${shopProducts.stock} + ${o.quantity}`,
        sold: sql`${shopProducts.sold} - ${o.quantity}`,
      })
      .where(eq(shopProducts.id, o.productId));
    await tx
      .update(shopOrders)
      .set({ status: 'canceled', canceledAt: clock.now() })
      .where(eq(shopOrders.id, o.id));
    await ledger.transfer(tx, {
      from: { system: SHOP_SYSTEM.escrow, asset: USDT },
      to: shopAcc(o.buyerId),
      amount: o.amount,
      cause: 'shop.refund',
      ref: `shop-order:${o.id}`,
      userId: o.buyerId,
    });
  });
  return orderDetail(ctx, userId, id);
}

export async function ship(
  ctx: ShopCtx,
  userId: number,
  body: { order_id: number; company: string; tracking: string },
) {
  const { store, clock, settings } = ctx;
  await orderOf(ctx, userId, body.order_id);
  const known = (await settings.get('shop.companies')).some((c) => c.code === body.company);
  if (!known) throw new ValidationError('company', 'invalid_value');
  const daysToConfirm = await settings.get('shop.auto_confirm_days');
  await store.db.transaction(async (tx) => {
    const o = await lockOrder(tx, body.order_id, { merchant: userId }, 'paid');
    const now = clock.now();
    await tx
      .update(shopOrders)
      .set({
        status: 'shipped',
        company: body.company,
        tracking: body.tracking,
        shippedAt: now,
        autoConfirmAt: new Date(now.getTime() + daysToConfirm * DAY_MS),
      })
      .where(eq(shopOrders.id, o.id));
    const params = { title: o.title.slice(0, 80), tracking: body.tracking, order_id: String(o.id) };
    await writeNotice(ctx.deps.outbox, tx, {
      userId: o.buyerId,
      kind: 'shop_shipped',
      ref: `shop_${o.id}:shipped`,
      params,
    });
  });
  return orderDetail(ctx, userId, body.order_id);
}

export async function signFor(ctx: ShopCtx, userId: number, id: number) {
  const { store } = ctx;
  await orderOf(ctx, userId, id);
  await store.db.transaction(async (tx) =>
    complete(ctx, tx, await lockOrder(tx, id, { buyer: userId }, 'shipped')),
  );
  return orderDetail(ctx, userId, id);
}

/** Shipped orders past their auto-confirm time complete by themselves. */
export async function autoConfirm(ctx: ShopCtx): Promise<number> {
  const { store, clock } = ctx;
  const due = await store.db
    .select({ id: shopOrders.id })
    .from(shopOrders)
    .where(and(eq(shopOrders.status, 'shipped'), lte(shopOrders.autoConfirmAt, clock.now())));
  let n = 0;
  for (const { id } of due) {
    await store.db.transaction(async (tx) => {
      const [o] = await tx.select().from(shopOrders).where(eq(shopOrders.id, id)).for('update');
      if (o?.status !== 'shipped') return;
      await complete(ctx, tx, o);
      n++;
    });
  }
  return n;
}
