/** Merchants: a user's storefront, its application, fee and review, the ranking and the operators' list. */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import { DomainError, ValidationError } from '../../kernel/errors';
import { schema } from '../../store';
import { onPage, pageAnswer, pageWindow } from '../../store/paging';
import { type MerchantRow, SHOP_SYSTEM, type ShopCtx, shopAcc, USDT } from './context';
import { shopMerchants } from './tables';
import { merchantView } from './views';

export async function myMerchant(ctx: ShopCtx, userId: number): Promise<MerchantRow | null> {
  const { store } = ctx;
  const [m] = await store.db.select().from(shopMerchants).where(eq(shopMerchants.userId, userId));
  return m ?? null;
}

export async function merchantInfo(ctx: ShopCtx, userId: number, id?: number) {
  const { store } = ctx;
  if (id === undefined) {
    const m = await myMerchant(ctx, userId);
    if (!m) throw new DomainError('MerchantNotFound');
    return merchantView(ctx, m);
  }
  const [m] = await store.db.select().from(shopMerchants).where(eq(shopMerchants.id, id));
  if (!m || (m.status !== 'active' && m.userId !== userId)) throw new DomainError('MerchantNotFound');
  return merchantView(ctx, m);
}

export async function ranking(ctx: ShopCtx, q: { page: number; size: number }) {
  const { store } = ctx;
  const where = eq(shopMerchants.status, 'active');
  const [rows, [total]] = await Promise.all([
    onPage(
      store.db
        .select()
        .from(shopMerchants)
        .where(where)
        .orderBy(desc(shopMerchants.turnover), asc(shopMerchants.id)),
      q,
    ),
    store.db.select({ n: count() }).from(shopMerchants).where(where),
  ]);
  const list = [];
  for (const [i, m] of rows.entries())
    list.push({ ...(await merchantView(ctx, m)), rank: pageWindow(q).offset + i + 1 });
  return pageAnswer(list, total);
}

export async function openMerchant(
  ctx: ShopCtx,
  userId: number,
  body: { name: string; intro: string; request_id?: string | undefined },
) {
  const { store, clock, ledger, setting } = ctx;
  const fee = await setting('shop.merchant_fee');
  const { id } = await ledger.withIdempotency(
    userId,
    body.request_id,
    'shop.open_merchant',
    body,
    async (tx) => {
      const [m] = await tx.select().from(shopMerchants).where(eq(shopMerchants.userId, userId)).for('update');
      if (m && m.status !== 'rejected') throw new DomainError('MerchantExists');
      const values = {
        name: body.name,
        intro: body.intro,
        status: 'pending' as const,
        reason: null,
        fee,
        createdAt: clock.now(),
        reviewedAt: null,
      };
      const [row] = m
        ? await tx.update(shopMerchants).set(values).where(eq(shopMerchants.id, m.id)).returning()
        : await tx
            .insert(shopMerchants)
            .values({ ...values, userId })
            .returning();
      if (!row) throw new Error('merchant not written');
      await ledger.transfer(tx, {
        from: shopAcc(userId),
        to: { system: SHOP_SYSTEM.revenue, asset: USDT },
        amount: fee,
        cause: 'shop.merchant_fee',
        ref: `merchant:${row.id}`,
        userId,
        requestId: body.request_id ?? null,
      });
      return { id: row.id };
    },
  );
  const [m] = await store.db.select().from(shopMerchants).where(eq(shopMerchants.id, id));
  if (!m) throw new DomainError('MerchantNotFound');
  return merchantView(ctx, m);
}

export async function activate(ctx: ShopCtx, userId: number) {
  const { store } = ctx;
  const m = await myMerchant(ctx, userId);
  if (!m) throw new DomainError('MerchantNotFound');
  if (m.status !== 'approved') throw new DomainError('MerchantState', { status: m.status });
  const [next] = await store.db
    .update(shopMerchants)
    .set({ status: 'active' })
    .where(and(eq(shopMerchants.id, m.id), eq(shopMerchants.status, 'approved')))
    .returning();
  return merchantView(ctx, next ?? m);
}

export async function reviewMerchant(
  ctx: ShopCtx,
  operatorId: number | null,
  body: { id: number; decision: 'approve' | 'reject' | 'suspend'; reason?: string | undefined },
) {
  const { store, clock, ledger } = ctx;
  if (body.decision !== 'approve' && !body.reason) throw new ValidationError('reason', 'required');
  const row = await store.db.transaction(async (tx) => {
    const [m] = await tx.select().from(shopMerchants).where(eq(shopMerchants.id, body.id)).for('update');
    if (!m) throw new DomainError('MerchantNotFound');
    const from = body.decision === 'suspend' ? ['active', 'approved'] : ['pending'];
    if (!from.includes(m.status)) throw new DomainError('MerchantState', { status: m.status });
    const status = { approve: 'approved', reject: 'rejected', suspend: 'suspended' }[
      body.decision
    ] as MerchantRow['status'];
    const [next] = await tx
      .update(shopMerchants)
      .set({ status, reason: body.reason ?? null, reviewedAt: clock.now() })
      .where(eq(shopMerchants.id, m.id))
      .returning();
    // A rejected application gets its fee back.
    if (body.decision === 'reject' && m.fee > 0n)
      await ledger.transfer(tx, {
        from: { system: SHOP_SYSTEM.revenue, asset: USDT },
        to: shopAcc(m.userId),
        amount: m.fee,
        cause: 'shop.merchant_fee',
        ref: `merchant:${m.id}`,
        remark: 'application rejected',
        userId: m.userId,
      });
    if (operatorId !== null)
      await auditOperator(tx, clock.now(), {
        operatorId,
        action: `shop.merchant.${body.decision}`,
        subject: `merchant:${m.id}`,
        before: { status: m.status },
        after: { status, reason: body.reason ?? null },
      });
    return next ?? m;
  });
  return merchantView(ctx, row);
}

export async function activeMerchant(ctx: ShopCtx, userId: number): Promise<MerchantRow> {
  const m = await myMerchant(ctx, userId);
  if (!m) throw new DomainError('MerchantNotFound');
  if (m.status !== 'active') throw new DomainError('MerchantState', { status: m.status });
  return m;
}

export async function adminMerchants(
  ctx: ShopCtx,
  q: {
    status?: MerchantRow['status'] | undefined;
    page: number;
    size: number;
  },
) {
  const { store } = ctx;
  const where = q.status ? eq(shopMerchants.status, q.status) : undefined;
  const [rows, [total]] = await Promise.all([
    onPage(
      store.db
        .select({ m: shopMerchants, uid: schema.users.uid, address: schema.users.address })
        .from(shopMerchants)
        .innerJoin(schema.users, eq(schema.users.id, shopMerchants.userId))
        .where(where)
        .orderBy(sql`case when ${shopMerchants.status} = 'pending' then 0 else 1 end`, asc(shopMerchants.id)),
      q,
    ),
    store.db.select({ n: count() }).from(shopMerchants).where(where),
  ]);
  const list = [];
  for (const r of rows)
    list.push({ ...(await merchantView(ctx, r.m)), user: { uid: r.uid, address: r.address } });
  return pageAnswer(list, total);
}
