/** An order's completion: the escrow released to the merchant, the platform and the dividend pool. */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../store';
import { type OrderRow, SHOP_SYSTEM, type ShopCtx, shopAcc, USDT } from './context';
import { splitFee } from './fees';
import { shopMerchants, shopOrders, shopVip } from './tables';

/** Escrow released: the merchant's net, the platform's revenue, the dividend pool's part. Once. */
export async function complete(ctx: ShopCtx, tx: Tx, o: OrderRow): Promise<void> {
  const { clock, ledger, settings, days } = ctx;
  const rate = (await settings.get('shop.platform_fee_rate')).units;
  const share = (await settings.get('shop.dividend_share')).units;
  const split = splitFee(o.amount, rate, share);
  const today = await days.today();
  const [vip] = await tx.select().from(shopVip).where(eq(shopVip.userId, o.buyerId));
  const weight = vip && vip.until.getTime() > clock.now().getTime() ? o.amount * 2n : o.amount;
  const escrow = await ledger.systemAccount(tx, SHOP_SYSTEM.escrow, USDT);
  const postings = [{ account: escrow, bucket: 'available' as const, amount: -o.amount }];
  if (split.net > 0n)
    postings.push({
      account: await ledger.account(tx, shopAcc(o.merchantUserId)),
      bucket: 'available',
      amount: split.net,
    });
  if (split.revenue > 0n)
    postings.push({
      account: await ledger.systemAccount(tx, SHOP_SYSTEM.revenue, USDT),
      bucket: 'available',
      amount: split.revenue,
    });
  if (split.dividend > 0n)
    postings.push({
      account: await ledger.systemAccount(tx, SHOP_SYSTEM.dividend, USDT),
      bucket: 'available',
      amount: split.dividend,
    });
  await ledger.post(tx, {
    cause: 'shop.settle',
    ref: `shop-order:${o.id}`,
    remark: o.title,
    userId: o.merchantUserId,
    requestId: null,
    postings,
  });
  await tx
    .update(shopOrders)
    .set({
      status: 'completed',
      completedAt: clock.now(),
      settleDay: today,
      fee: split.fee,
      dividend: split.dividend,
      weight,
    })
    .where(eq(shopOrders.id, o.id));
  await tx
    .update(shopMerchants)
    .set({ sales: sql`${shopMerchants.sales} + 1`, turnover: sql`${shopMerchants.turnover} + ${o.amount}` })
    .where(eq(shopMerchants.id, o.merchantId));
}
