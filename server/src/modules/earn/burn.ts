/** Burn: the amount leaves the user for the burn sink; `multiple` times it is released back, a share a day. */
import { type ExactDecimal, formatAmount, parseAmount, RATE_ONE } from '@nexa/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import { minorUnits } from '../../kernel/assets';
import { DomainError, ValidationError } from '../../kernel/errors';
import { onPage, pageAnswer } from '../../store/paging';
import type { BurnRow, BurnView, EarnCtx } from './context';
import { asset } from './lines';
import { rate8 } from './math';
import { EARN_SYSTEM } from './pools';
import { burnOrders } from './tables';

async function burnView(ctx: EarnCtx, o: BurnRow): Promise<BurnView> {
  const { scale } = await asset(ctx);
  const fmt = (v: bigint) => formatAmount(v, scale);
  return {
    id: o.id,
    asset: o.asset,
    amount: fmt(o.amount),
    multiple: rate8(o.multiple),
    max_release: fmt(o.maxRelease),
    daily_release: fmt(o.daily),
    released: fmt(o.released),
    remaining: fmt(o.maxRelease - o.released),
    status: o.status,
    created_at: o.createdAt.toISOString(),
    completed_at: o.completedAt?.toISOString() ?? null,
  };
}

async function burnTerms(ctx: EarnCtx) {
  const { settings } = ctx;
  const a = await asset(ctx);
  return {
    asset: a.symbol,
    scale: a.scale,
    min: parseAmount(await settings.get('earn.burn_min'), a.scale) ?? 0n,
    minText: await settings.get('earn.burn_min'),
    multiple: parseAmount(await settings.get('earn.burn_multiple'), 8) ?? RATE_ONE,
    multipleText: await settings.get('earn.burn_multiple'),
    daily: await settings.get('earn.burn_daily_rate'),
  };
}

export async function burn(
  ctx: EarnCtx,
  userId: number,
  body: { amount: ExactDecimal; request_id?: string | undefined },
): Promise<BurnView> {
  const { ledger, clock } = ctx;
  const t = await burnTerms(ctx);
  const amount = minorUnits(body.amount, t);
  if (amount < t.min) throw new ValidationError('amount', 'too_small');
  const maxRelease = (amount * t.multiple) / RATE_ONE;
  const daily = (maxRelease * t.daily.units) / RATE_ONE;
  return ledger.withIdempotency(userId, body.request_id, 'earn.burn', body, async (tx) => {
    const [row] = await tx
      .insert(burnOrders)
      .values({
        userId,
        asset: t.asset,
        amount,
        multiple: t.multiple,
        maxRelease,
        daily: daily > 0n ? daily : 1n,
        firstDay: (await ctx.days.dayOf(clock.now())) + 1,
        status: 'releasing',
        createdAt: clock.now(),
      })
      .returning();
    if (!row) throw new Error('burn order not written');
    await ledger.transfer(tx, {
      from: { userId, asset: t.asset, kind: 'spot' },
      to: { system: EARN_SYSTEM.burned, asset: t.asset },
      amount,
      cause: 'earn.burn',
      ref: `burn:${row.id}`,
      userId,
      requestId: body.request_id ?? null,
    });
    return burnView(ctx, row);
  });
}

export async function burnOrder(ctx: EarnCtx, userId: number, id: number) {
  const [o] = await ctx.store.db
    .select()
    .from(burnOrders)
    .where(and(eq(burnOrders.id, id), eq(burnOrders.userId, userId)));
  if (!o) throw new DomainError('EarnOrderNotFound');
  return burnView(ctx, o);
}

export async function burnList(
  ctx: EarnCtx,
  userId: number,
  q: { status?: BurnRow['status'] | undefined; page: number; size: number },
) {
  const { store } = ctx;
  const where = and(eq(burnOrders.userId, userId), q.status ? eq(burnOrders.status, q.status) : undefined);
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(burnOrders).where(where).orderBy(desc(burnOrders.id)), q),
    store.db.select({ n: count() }).from(burnOrders).where(where),
  ]);
  const t = await burnTerms(ctx);
  const list: BurnView[] = [];
  for (const r of rows) list.push(await burnView(ctx, r));
  return {
    ...pageAnswer(list, total),
    asset: t.asset,
    min_amount: t.minText,
    multiple: t.multipleText,
    daily_rate: t.daily.text,
  };
}
