/** Reads of a user's cards: the card account's balance, a card, the list, the summary, the operators' view. */
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { onPage, pageAnswer } from '../../store/paging';
import { cardView, mineCard } from './card-view';
import type { CardsCtx } from './context';
import { current } from './kyc';
import { fmt, USDT } from './math';
import { cards } from './tables';

/** The card account's balance, read only (a look opens no account). */
export async function cardBalance(ctx: CardsCtx, userId: number) {
  const b = (await ctx.ledger.balances(userId)).find((x) => x.asset === USDT && x.kind === 'card');
  return { available: b?.available ?? 0n, frozen: b?.frozen ?? 0n };
}

export async function cardDetail(ctx: CardsCtx, userId: number, id: number) {
  const c = await mineCard(ctx, userId, id);
  const b = await cardBalance(ctx, userId);
  return { ...(await cardView(ctx, c)), balance: fmt(b.available), held: fmt(b.frozen) };
}

export async function cardList(
  ctx: CardsCtx,
  userId: number,
  q: { page: number; size: number; kind?: 'virtual' | 'physical' | undefined },
) {
  const { store } = ctx;
  const where = and(
    eq(cards.userId, userId),
    ne(cards.status, 'failed'),
    q.kind ? eq(cards.kind, q.kind) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(cards).where(where).orderBy(desc(cards.id)), q),
    store.db.select({ n: count() }).from(cards).where(where),
  ]);
  const list = [];
  for (const r of rows) list.push(await cardView(ctx, r));
  return pageAnswer(list, total);
}

export async function info(ctx: CardsCtx, userId: number) {
  const { settings } = ctx;
  const [b, k, [n]] = await Promise.all([
    cardBalance(ctx, userId),
    current(ctx, userId),
    ctx.store.db
      .select({ n: count() })
      .from(cards)
      .where(
        and(eq(cards.userId, userId), inArray(cards.status, ['applying', 'shipped', 'active', 'frozen'])),
      ),
  ]);
  return {
    balance: fmt(b.available),
    held: fmt(b.frozen),
    cards: n?.n ?? 0,
    kyc_status: k ? k.status : ('none' as const),
    // Test cards of the simulated issuer cost nothing: no top-up or replacement fee.
    topup_fee_rate: ctx.issuer.simulated ? '0' : (await settings.get('cards.topup_fee_rate')).text,
    topup_min: await settings.get('cards.topup_min'),
    replace_fee: ctx.issuer.simulated ? '0' : await settings.get('cards.replace_fee'),
    simulated: ctx.issuer.simulated,
  };
}

/**
 * A user's cards for the operators' user page: masked numbers only (never a number, CVV, PIN or activation
 * code), with the card account's balance and the user's verification status.
 */
export async function adminUserCards(ctx: CardsCtx, userId: number, q: { page: number; size: number }) {
  const [page, b, k] = await Promise.all([
    cardList(ctx, userId, q),
    cardBalance(ctx, userId),
    current(ctx, userId),
  ]);
  return {
    list: page.list.map(({ demo_code: _code, ...card }) => card),
    total: page.total,
    balance: fmt(b.available),
    held: fmt(b.frozen),
    kyc_status: k ? k.status : ('none' as const),
    kyc_id: k?.id ?? null,
  };
}
