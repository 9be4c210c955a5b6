/** A card's life after it was issued: shipped, activated with its letter's code, revealed, its PIN set. */
import { and, eq, sql } from 'drizzle-orm';
import { auditOperator } from '../../kernel/audit';
import { DomainError, ValidationError } from '../../kernel/errors';
import { writeNotice } from '../../kernel/notices';
import { cardView, mineCard } from './card-view';
import type { CardsCtx } from './context';
import { weakPin } from './nations';
import { cards } from './tables';

export async function activate(ctx: CardsCtx, userId: number, body: { card_id: number; code: string }) {
  const { store, issuer } = ctx;
  const c = await mineCard(ctx, userId, body.card_id);
  if (c.status === 'active') throw new DomainError('CardAlreadyActive');
  if (c.status !== 'shipped' || !c.issuerToken) throw new DomainError('CardNotActive');
  if (c.activationFails >= (await ctx.settings.get('cards.activation_attempts')))
    throw new DomainError('RateLimited');
  if (!(await issuer.activate(c.issuerToken, body.code))) {
    await store.db
      .update(cards)
      .set({ activationFails: sql`${cards.activationFails} + 1` })
      .where(eq(cards.id, c.id));
    throw new DomainError('BadActivationCode');
  }
  const [done] = await store.db.update(cards).set({ status: 'active' }).where(eq(cards.id, c.id)).returning();
  return cardView(ctx, done ?? c);
}

export async function reveal(
  ctx: CardsCtx,
  userId: number,
  body: { card_id: number; message: string; sign_message: string },
) {
  const c = await mineCard(ctx, userId, body.card_id);
  if (!['active', 'shipped'].includes(c.status) || !c.issuerToken) throw new DomainError('CardNotActive');
  await ctx.reauthenticate(userId, { message: body.message, sign_message: body.sign_message });
  const r = await ctx.issuer.reveal(c.issuerToken);
  return { card_id: c.id, number: r.number, cvv: r.cvv, expiry: r.expiry };
}

/** Sets the PIN: the same fresh wallet signature as revealing the card, a session alone is not enough. */
export async function updatePin(
  ctx: CardsCtx,
  userId: number,
  body: { card_id: number; pin: string; message?: string | undefined; sign_message?: string | undefined },
) {
  const c = await mineCard(ctx, userId, body.card_id);
  if (!['active', 'shipped'].includes(c.status) || !c.issuerToken) throw new DomainError('CardNotActive');
  if (!body.message) throw new ValidationError('message', 'required');
  if (!body.sign_message) throw new ValidationError('sign_message', 'required');
  if (weakPin(body.pin)) throw new DomainError('WeakPin');
  await ctx.reauthenticate(userId, { message: body.message, sign_message: body.sign_message });
  const perHour = await ctx.settings.get('cards.pin_changes_per_hour');
  if (!(await ctx.limiter.hit(`pin:${c.id}`, perHour, 3_600_000, ctx.clock.now().getTime())))
    throw new DomainError('RateLimited');
  await ctx.issuer.setPin(c.issuerToken, body.pin);
  await ctx.store.db.update(cards).set({ pinSet: true }).where(eq(cards.id, c.id));
  return { card_id: c.id, pin_set: true };
}

/** A physical card leaves (an operator, or the demo's simulated issuer after a while). */
export async function ship(
  ctx: CardsCtx,
  operatorId: number | null,
  body: { card_id: number; tracking: string },
) {
  const { store, clock } = ctx;
  const [c] = await store.db.select().from(cards).where(eq(cards.id, body.card_id));
  if (c?.kind !== 'physical') throw new DomainError('CardNotFound');
  if (c.status !== 'applying' || !c.issuerToken) throw new DomainError('CardNotActive');
  await ctx.issuer.ship(c.issuerToken);
  const done = await store.db.transaction(async (tx) => {
    const [d] = await tx
      .update(cards)
      .set({ status: 'shipped', tracking: body.tracking, shippedAt: clock.now() })
      .where(and(eq(cards.id, c.id), eq(cards.status, 'applying')))
      .returning();
    if (d)
      await writeNotice(ctx.outbox, tx, {
        userId: d.userId,
        kind: 'card_shipped',
        ref: `card_${d.id}:shipped`,
        params: { tracking: body.tracking },
      });
    return d;
  });
  if (operatorId !== null)
    await auditOperator(store.db, clock.now(), {
      operatorId,
      action: 'cards.ship',
      subject: `card:${c.id}`,
      before: { status: c.status },
      after: { status: 'shipped', tracking: body.tracking },
    });
  return cardView(ctx, done ?? c);
}
