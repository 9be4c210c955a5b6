/** VIP: a year (by default) of double consumption weight, bought from the shop wallet. */
import { eq } from 'drizzle-orm';
import { DAY_MS } from '../../programs/days';
import { fmt, SHOP_SYSTEM, type ShopCtx, shopAcc, USDT } from './context';
import { shopVip } from './tables';

export async function vipUntil(ctx: ShopCtx, userId: number): Promise<Date | null> {
  const { store, clock } = ctx;
  const [v] = await store.db.select().from(shopVip).where(eq(shopVip.userId, userId));
  return v && v.until.getTime() > clock.now().getTime() ? v.until : null;
}

export async function openVip(ctx: ShopCtx, userId: number, body: { request_id?: string | undefined }) {
  const { clock, ledger, settings, setting } = ctx;
  const fee = await setting('shop.vip_fee');
  const span = (await settings.get('shop.vip_days')) * DAY_MS;
  return ledger.withIdempotency(userId, body.request_id, 'shop.vip', body, async (tx) => {
    const [v] = await tx.select().from(shopVip).where(eq(shopVip.userId, userId)).for('update');
    const from = Math.max(clock.now().getTime(), v?.until.getTime() ?? 0);
    const until = new Date(from + span);
    await tx
      .insert(shopVip)
      .values({ userId, until })
      .onConflictDoUpdate({ target: shopVip.userId, set: { until } });
    await ledger.transfer(tx, {
      from: shopAcc(userId),
      to: { system: SHOP_SYSTEM.revenue, asset: USDT },
      amount: fee,
      cause: 'shop.vip',
      ref: `vip:${userId}`,
      userId,
      requestId: body.request_id ?? null,
    });
    return { vip_until: until.toISOString(), fee: fmt(fee) };
  });
}
