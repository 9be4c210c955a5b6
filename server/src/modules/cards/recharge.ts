/** Top-ups of the card account from the spot account, less the fee, and their list. */
import { and, count, desc, eq } from 'drizzle-orm';
import { DomainError, ValidationError } from '../../kernel/errors';
import { onPage, pageAnswer } from '../../store/paging';
import { mineCard } from './card-view';
import type { CardsCtx, RechargeRow } from './context';
import { fmt, money, topupFee, USDT } from './math';
import { CARDS_SYSTEM } from './pools';
import { cardRecharges } from './tables';

const rechargeView = (r: RechargeRow) => ({
  id: r.id,
  card_id: r.cardId,
  amount: fmt(r.amount),
  fee: fmt(r.fee),
  received: fmt(r.amount - r.fee),
  created_at: r.createdAt.toISOString(),
});

export async function recharge(
  ctx: CardsCtx,
  userId: number,
  body: { card_id: number; amount: bigint; request_id?: string | undefined },
) {
  const { settings, ledger, clock } = ctx;
  const c = await mineCard(ctx, userId, body.card_id);
  if (c.status !== 'active' || !c.issuerToken) throw new DomainError('CardNotActive');
  const { amount } = body;
  if (amount < money(await settings.get('cards.topup_min'))) throw new ValidationError('amount', 'too_small');
  // A test card of the simulated issuer costs nothing to top up either.
  const fee = ctx.issuer.simulated
    ? 0n
    : topupFee(amount, (await settings.get('cards.topup_fee_rate')).units);
  const row = await ledger.withIdempotency(userId, body.request_id, 'cards.topup', body, async (tx) => {
    const [r] = await tx
      .insert(cardRecharges)
      .values({ userId, cardId: c.id, amount, fee, createdAt: clock.now() })
      .returning();
    if (!r) throw new Error('top-up not written');
    const spot = await ledger.account(tx, { userId, asset: USDT, kind: 'spot' });
    const card = await ledger.account(tx, { userId, asset: USDT, kind: 'card' });
    const fees = await ledger.systemAccount(tx, CARDS_SYSTEM.fees, USDT);
    await ledger.post(tx, {
      cause: 'cards.topup',
      ref: `topup:${r.id}`,
      remark: `card ${c.last4}`,
      userId,
      requestId: body.request_id ?? null,
      postings: [
        { account: spot, bucket: 'available', amount: -amount },
        { account: card, bucket: 'available', amount: amount - fee },
        ...(fee > 0n ? [{ account: fees, bucket: 'available' as const, amount: fee }] : []),
      ],
    });
    return rechargeView(r);
  });
  await ctx.issuer.topUp(c.issuerToken, row.received);
  return row;
}

export async function rechargeList(
  ctx: CardsCtx,
  userId: number,
  q: { card_id?: number | undefined; page: number; size: number },
) {
  const { store } = ctx;
  const where = and(
    eq(cardRecharges.userId, userId),
    q.card_id ? eq(cardRecharges.cardId, q.card_id) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    onPage(store.db.select().from(cardRecharges).where(where).orderBy(desc(cardRecharges.id)), q),
    store.db.select({ n: count() }).from(cardRecharges).where(where),
  ]);
  return pageAnswer(rows.map(rechargeView), total);
}
