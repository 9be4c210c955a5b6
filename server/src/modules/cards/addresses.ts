/** A user's shipping addresses for physical cards. */
import { and, count, desc, eq } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { onPage, pageAnswer } from '../../store/paging';
import type { AddressInput, AddressRow, CardsCtx } from './context';
import { cardAddresses } from './tables';

const addressView = (a: AddressRow) => ({
  id: a.id,
  name: a.name,
  phone: a.phone,
  country: a.country,
  city: a.city,
  line1: a.line1,
  line2: a.line2,
  postcode: a.postcode,
  created_at: a.createdAt.toISOString(),
});

export async function addAddress(ctx: CardsCtx, userId: number, body: AddressInput) {
  const [a] = await ctx.store.db
    .insert(cardAddresses)
    .values({ ...body, country: body.country.toUpperCase(), userId, createdAt: ctx.clock.now() })
    .returning();
  if (!a) throw new Error('address not written');
  return addressView(a);
}

export async function mineAddress(ctx: CardsCtx, userId: number, id: number) {
  const [a] = await ctx.store.db
    .select()
    .from(cardAddresses)
    .where(and(eq(cardAddresses.id, id), eq(cardAddresses.userId, userId)));
  if (!a) throw new DomainError('AddressNotFound');
  return a;
}

export async function addressDetail(ctx: CardsCtx, userId: number, id: number) {
  return addressView(await mineAddress(ctx, userId, id));
}

export async function editAddress(ctx: CardsCtx, userId: number, body: AddressInput & { id: number }) {
  await mineAddress(ctx, userId, body.id);
  const { id, ...rest } = body;
  const [a] = await ctx.store.db
    .update(cardAddresses)
    .set({ ...rest, country: rest.country.toUpperCase() })
    .where(and(eq(cardAddresses.id, id), eq(cardAddresses.userId, userId)))
    .returning();
  if (!a) throw new DomainError('AddressNotFound');
  return addressView(a);
}

export async function addressList(ctx: CardsCtx, userId: number, q: { page: number; size: number }) {
  const { store } = ctx;
  const where = eq(cardAddresses.userId, userId);
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(cardAddresses).where(where).orderBy(desc(cardAddresses.id)), q),
    store.db.select({ n: count() }).from(cardAddresses).where(where),
  ]);
  return pageAnswer(rows.map(addressView), total);
}
