/** A buyer's delivery addresses. */
import { and, count, desc, eq } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { onPage, pageAnswer } from '../../store/paging';
import type { ShopCtx } from './context';
import { shopAddresses } from './tables';
import { addressView } from './views';

export async function addresses(ctx: ShopCtx, userId: number, q: { page: number; size: number }) {
  const { store } = ctx;
  const where = and(eq(shopAddresses.userId, userId), eq(shopAddresses.deleted, false));
  const [rows, [total]] = await Promise.all([
    onPage(
      store.db
        .select()
        .from(shopAddresses)
        .where(where)
        .orderBy(desc(shopAddresses.isDefault), desc(shopAddresses.id)),
      q,
    ),
    store.db.select({ n: count() }).from(shopAddresses).where(where),
  ]);
  return pageAnswer(rows.map(addressView), total);
}

export async function myAddress(ctx: ShopCtx, userId: number, id: number) {
  const { store } = ctx;
  const [a] = await store.db
    .select()
    .from(shopAddresses)
    .where(and(eq(shopAddresses.id, id), eq(shopAddresses.userId, userId), eq(shopAddresses.deleted, false)));
  if (!a) throw new DomainError('AddressNotFound');
  return a;
}

export async function editAddress(
  ctx: ShopCtx,
  userId: number,
  body: {
    id?: number | undefined;
    name: string;
    phone: string;
    region: string;
    detail: string;
    is_default: boolean;
  },
) {
  const { store, clock } = ctx;
  if (body.id !== undefined) await myAddress(ctx, userId, body.id);
  return store.db.transaction(async (tx) => {
    if (body.is_default)
      await tx.update(shopAddresses).set({ isDefault: false }).where(eq(shopAddresses.userId, userId));
    const fields = {
      name: body.name,
      phone: body.phone,
      region: body.region,
      detail: body.detail,
      isDefault: body.is_default,
    };
    const [a] =
      body.id !== undefined
        ? await tx.update(shopAddresses).set(fields).where(eq(shopAddresses.id, body.id)).returning()
        : await tx
            .insert(shopAddresses)
            .values({ ...fields, userId, createdAt: clock.now() })
            .returning();
    if (!a) throw new DomainError('AddressNotFound');
    return addressView(a);
  });
}

export async function delAddress(ctx: ShopCtx, userId: number, id: number) {
  const { store } = ctx;
  await myAddress(ctx, userId, id);
  await store.db
    .update(shopAddresses)
    .set({ deleted: true, isDefault: false })
    .where(eq(shopAddresses.id, id));
  return { id };
}
