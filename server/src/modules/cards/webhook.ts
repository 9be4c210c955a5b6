/** The issuer's webhook (signature, timestamp, the event once), and the simulated issuer's purchases. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DomainError, ValidationError } from '../../kernel/errors';
import type { RawReply, RawRequest } from '../../kernel/module';
import { applyEvent } from './apply-event';
import { mineCard } from './card-view';
import type { CardsCtx } from './context';
import { type CardEvent, WEBHOOK_TYPES } from './issuer';
import { fmt } from './math';
import { spendView } from './spends';
import { cardSpends } from './tables';

const parseEvent = (raw: unknown): CardEvent | null => {
  if (typeof raw !== 'object' || raw === null) return null;
  const o = raw as Record<string, unknown>;
  const str = (k: string, max: number) =>
    typeof o[k] === 'string' && (o[k] as string).length > 0 && (o[k] as string).length <= max
      ? (o[k] as string)
      : null;
  const id = str('id', 80);
  const type = str('type', 20);
  const token = str('card_token', 80);
  const auth = str('auth_id', 80);
  const amount = str('amount', 40);
  const merchant = typeof o.merchant === 'string' ? o.merchant.slice(0, 60) : '';
  if (!id || !type || !token || !auth || !amount || !(WEBHOOK_TYPES as readonly string[]).includes(type))
    return null;
  return { id, type: type as CardEvent['type'], card_token: token, auth_id: auth, amount, merchant };
};

/** The issuer's webhook: signature and timestamp first, then the event once. */
export async function webhook(ctx: CardsCtx, req: RawRequest): Promise<RawReply> {
  const v = ctx.issuer.verify(req.body, req.headers);
  if (!v.ok) return { status: 401, body: { ok: false, reason: 'bad signature' } };
  const tolerance = (await ctx.settings.get('cards.webhook_tolerance_s')) * 1000;
  if (Math.abs(ctx.clock.now().getTime() - v.atMs) > tolerance)
    return { status: 401, body: { ok: false, reason: 'stale' } };
  let parsed: unknown;
  try {
    parsed = JSON.parse(req.body.toString('utf8'));
  } catch {
    return { status: 400, body: { ok: false, reason: 'bad body' } };
  }
  const e = parseEvent(parsed);
  if (!e) return { status: 400, body: { ok: false, reason: 'bad event' } };
  try {
    const r = await applyEvent(ctx, e);
    return { status: 200, body: { ok: true, duplicate: r.duplicate, approved: r.approved } };
  } catch (err) {
    if (err instanceof DomainError || err instanceof ValidationError)
      return { status: 422, body: { ok: false, reason: 'unknown card or amount' } };
    throw err;
  }
}

/** What the simulated issuer sends: an event, signed, through the same webhook path. */
export async function deliver(ctx: CardsCtx, event: CardEvent): Promise<RawReply> {
  const body = JSON.stringify(event);
  return webhook(ctx, {
    params: {},
    query: {},
    headers: ctx.issuer.sign(body, ctx.clock.now().getTime()),
    body: Buffer.from(body),
    ip: '127.0.0.1',
  });
}

export async function simulatePurchase(
  ctx: CardsCtx,
  userId: number,
  body: { card_id: number; merchant: string; amount: bigint; settle: boolean },
) {
  const { store } = ctx;
  if (!ctx.issuer.simulated) throw new DomainError('NotAvailable');
  const c = await mineCard(ctx, userId, body.card_id);
  if (c.status !== 'active' || !c.issuerToken) throw new DomainError('CardNotActive');
  const authId = `auth_${randomBytes(10).toString('hex')}`;
  const base = {
    card_token: c.issuerToken,
    auth_id: authId,
    amount: fmt(body.amount),
    merchant: body.merchant,
  };
  await deliver(ctx, { ...base, id: `evt_${randomBytes(10).toString('hex')}`, type: 'authorization' });
  const [s] = await store.db.select().from(cardSpends).where(eq(cardSpends.authId, authId));
  if (s?.status === 'held' && body.settle)
    await deliver(ctx, { ...base, id: `evt_${randomBytes(10).toString('hex')}`, type: 'settlement' });
  const [after] = await store.db.select().from(cardSpends).where(eq(cardSpends.authId, authId));
  if (!after) throw new Error('purchase not recorded');
  return spendView(after);
}
