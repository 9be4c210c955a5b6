/** A merchant's goods: saved, put on or off sale, restocked, reviewed by an operator. */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import { DomainError, ValidationError } from '../../kernel/errors';
import { onPage, pageAnswer } from '../../store/paging';
import type { ProductRow, ShopCtx } from './context';
import { activeMerchant, myMerchant } from './merchants';
import { shopCategories, shopProducts } from './tables';
import { productView, views } from './views';

export async function saveGoods(
  ctx: ShopCtx,
  userId: number,
  body: {
    id?: number | undefined;
    category_id: number;
    title: string;
    description: string;
    /** USDT minor units. */
    price: bigint;
    stock: number;
    images: string[];
  },
) {
  const { store, clock, deps } = ctx;
  const m = await activeMerchant(ctx, userId);
  const { price } = body;
  const [cat] = await store.db.select().from(shopCategories).where(eq(shopCategories.id, body.category_id));
  if (!cat) throw new ValidationError('category_id', 'invalid_value');
  const id = await store.db.transaction(async (tx) => {
    let before: ProductRow | undefined;
    if (body.id !== undefined) {
      [before] = await tx.select().from(shopProducts).where(eq(shopProducts.id, body.id)).for('update');
      if (!before || before.merchantId !== m.id) throw new DomainError('ProductNotFound');
      if (before.status === 'taken_down') throw new DomainError('ProductState', { status: before.status });
    }
    const kept = new Set(before ? (JSON.parse(before.images) as string[]) : []);
    for (const img of body.images) {
      if (kept.has(img)) continue;
      if (!(await deps.uploads.claim(tx, userId, img, `product-of:${m.id}`)))
        throw new DomainError('UploadNotFound');
    }
    // What a buyer reads or sees changed: reviewed again before it sells. Price and stock alone need no review.
    const changed =
      !before ||
      before.title !== body.title ||
      before.description !== body.description ||
      before.images !== JSON.stringify(body.images);
    const fields = {
      categoryId: body.category_id,
      title: body.title,
      description: body.description,
      price,
      stock: body.stock,
      images: JSON.stringify(body.images),
      updatedAt: clock.now(),
      ...(changed ? { status: 'pending' as const } : {}),
      // Other languages' texts said what the merchant's old words said: they go with them.
      ...(before && (before.title !== body.title || before.description !== body.description)
        ? { texts: {} }
        : {}),
    };
    const [p] = before
      ? await tx.update(shopProducts).set(fields).where(eq(shopProducts.id, before.id)).returning()
      : await tx
          .insert(shopProducts)
          .values({ ...fields, status: 'pending', merchantId: m.id, createdAt: clock.now() })
          .returning();
    if (!p) throw new Error('goods not written');
    return p.id;
  });
  return productView(ctx, await myProduct(ctx, userId, id));
}

export async function myProduct(ctx: ShopCtx, userId: number, id: number): Promise<ProductRow> {
  const { store } = ctx;
  const m = await myMerchant(ctx, userId);
  const [p] = await store.db.select().from(shopProducts).where(eq(shopProducts.id, id));
  if (!p || !m || p.merchantId !== m.id) throw new DomainError('ProductNotFound');
  return p;
}

export async function goodsStatus(ctx: ShopCtx, userId: number, body: { id: number; on_sale: boolean }) {
  const { store, clock } = ctx;
  const p = await myProduct(ctx, userId, body.id);
  const from = body.on_sale ? 'off_sale' : 'on_sale';
  if (p.status !== from && p.status !== (body.on_sale ? 'on_sale' : 'off_sale'))
    throw new DomainError('ProductState', { status: p.status });
  const [next] = await store.db
    .update(shopProducts)
    .set({ status: body.on_sale ? 'on_sale' : 'off_sale', updatedAt: clock.now() })
    .where(and(eq(shopProducts.id, p.id), inArray(shopProducts.status, ['on_sale', 'off_sale'])))
    .returning();
  return productView(ctx, next ?? p);
}

export async function goodsStock(ctx: ShopCtx, userId: number, body: { id: number; stock: number }) {
  const { store, clock } = ctx;
  const p = await myProduct(ctx, userId, body.id);
  const [next] = await store.db
    .update(shopProducts)
    .set({ stock: body.stock, updatedAt: clock.now() })
    .where(eq(shopProducts.id, p.id))
    .returning();
  return productView(ctx, next ?? p);
}

export async function merchantGoods(
  ctx: ShopCtx,
  userId: number,
  q: { status?: ProductRow['status'] | undefined; page: number; size: number },
) {
  const { store } = ctx;
  const m = await myMerchant(ctx, userId);
  if (!m) return { list: [], total: 0 };
  const where = and(
    eq(shopProducts.merchantId, m.id),
    q.status ? eq(shopProducts.status, q.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(shopProducts).where(where).orderBy(desc(shopProducts.id)), q),
    store.db.select({ n: count() }).from(shopProducts).where(where),
  ]);
  return pageAnswer(await views(rows, (p) => productView(ctx, p, m.name)), total);
}

export async function reviewProduct(
  ctx: ShopCtx,
  operatorId: number | null,
  body: { id: number; decision: 'approve' | 'take_down' },
) {
  const { store, clock } = ctx;
  const [p] = await store.db.select().from(shopProducts).where(eq(shopProducts.id, body.id));
  if (!p) throw new DomainError('ProductNotFound');
  const allowed = body.decision === 'approve' ? ['pending'] : ['pending', 'on_sale', 'off_sale'];
  if (!allowed.includes(p.status)) throw new DomainError('ProductState', { status: p.status });
  const status = body.decision === 'approve' ? 'on_sale' : 'taken_down';
  const [next] = await store.db
    .update(shopProducts)
    .set({ status, updatedAt: clock.now() })
    .where(and(eq(shopProducts.id, p.id), eq(shopProducts.status, p.status)))
    .returning();
  if (operatorId !== null)
    await auditOperator(store.db, clock.now(), {
      operatorId,
      action: `shop.product.${body.decision}`,
      subject: `product:${p.id}`,
      before: { status: p.status },
      after: { status },
    });
  return productView(ctx, next ?? p);
}

export async function adminProducts(
  ctx: ShopCtx,
  q: { status?: ProductRow['status'] | undefined; page: number; size: number },
) {
  const { store } = ctx;
  const where = q.status ? eq(shopProducts.status, q.status) : undefined;
  const [rows, [total]] = await Promise.all([
    onPage(
      store.db
        .select()
        .from(shopProducts)
        .where(where)
        .orderBy(sql`case when ${shopProducts.status} = 'pending' then 0 else 1 end`, asc(shopProducts.id)),
      q,
    ),
    store.db.select({ n: count() }).from(shopProducts).where(where),
  ]);
  return pageAnswer(await views(rows, (p) => productView(ctx, p)), total);
}
