/**
 * The issuer's events, each applied once by its event id: an authorisation holds, a settlement takes what was
 * held (and lets the rest go), a reversal lets a hold go, a refund gives back at most what was settled.
 * Events out of order leave the same balances: a settlement or reversal that arrives first records the
 * authorisation's end, and the late authorisation then changes nothing.
 */
import { parseAmount, USDT_SCALE } from '@nexa/contract';
import { eq, sql } from 'drizzle-orm';
import { DomainError, ValidationError } from '../../kernel/errors';
import { writeNotice } from '../../kernel/notices';
import { minOf } from '../../kernel/units';
import type { LedgerAccount } from '../../ledger';
import type { Tx } from '../../store';
import type { CardRow, CardsCtx, SpendRow } from './context';
import type { CardEvent } from './issuer';
import { USDT } from './math';
import { CARDS_SYSTEM } from './pools';
import { cardEvents, cardSpends, cards } from './tables';

export interface EventAnswer {
  duplicate: boolean;
  approved: boolean;
  spend: SpendRow | null;
}

/** One fresh event in its transaction: the card, the accounts it moves, and the authorisation's spend so far. */
interface EventStep {
  readonly ctx: CardsCtx;
  readonly tx: Tx;
  readonly e: CardEvent;
  readonly amount: bigint;
  readonly userId: number;
  /** The user's card account. */
  readonly card: LedgerAccount;
  /** What we owe the issuer. */
  readonly issuerAcc: LedgerAccount;
  /** The authorisation's spend, locked, if one was recorded. */
  readonly s0: SpendRow | undefined;
  /** The journal's reference of the authorisation's postings. */
  readonly ref: string;
  balanceOf(): Promise<{ available: bigint; frozen: bigint }>;
  newSpend(status: SpendRow['status'], held: bigint, settled: bigint): Promise<SpendRow>;
  update(s: SpendRow, set: Partial<SpendRow>): Promise<SpendRow>;
}

/** Applies one event once; what an authorisation answers (approved or declined). */
export async function applyEvent(ctx: CardsCtx, e: CardEvent): Promise<EventAnswer> {
  const { store, clock, ledger } = ctx;
  const amount = parseAmount(e.amount, USDT_SCALE);
  if (amount === null || amount < 0n) throw new ValidationError('amount', 'invalid_value');
  const [c] = await store.db.select().from(cards).where(eq(cards.issuerToken, e.card_token));
  if (!c) throw new DomainError('CardNotFound');
  const userId = c.userId;
  return store.db.transaction(async (tx) => {
    const fresh = await tx
      .insert(cardEvents)
      .values({ id: e.id, type: e.type, authId: e.auth_id, receivedAt: clock.now() })
      .onConflictDoNothing()
      .returning();
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`card-auth:${e.auth_id}`}))`);
    const [s0] = await tx.select().from(cardSpends).where(eq(cardSpends.authId, e.auth_id)).for('update');
    if (fresh.length === 0)
      return {
        duplicate: true,
        approved: s0 ? s0.status !== 'declined' && s0.status !== 'reversed' : false,
        spend: s0 ?? null,
      };
    const card = await ledger.account(tx, { userId, asset: USDT, kind: 'card' });
    const issuerAcc = await ledger.systemAccount(tx, CARDS_SYSTEM.issuer, USDT);
    const step = eventStep(ctx, tx, e, c, amount, { card, issuerAcc, s0 });
    const answer =
      e.type === 'authorization'
        ? await authorize(step, c)
        : e.type === 'settlement'
          ? await settle(step)
          : e.type === 'reversal'
            ? await reverse(step)
            : await refund(step);
    // The holder hears of each payment, decline, reversal and refund (a settlement only confirms a payment).
    if (e.type !== 'settlement')
      await writeNotice(ctx.outbox, tx, {
        userId,
        kind: 'card_activity',
        ref: `card_event_${e.id}`.slice(0, 200),
        params: {
          event: e.type === 'authorization' && !answer.approved ? 'declined' : e.type,
          amount: e.amount,
          merchant: e.merchant.slice(0, 80),
        },
      });
    return answer;
  });
}

function eventStep(
  ctx: CardsCtx,
  tx: Tx,
  e: CardEvent,
  c: CardRow,
  amount: bigint,
  a: { card: LedgerAccount; issuerAcc: LedgerAccount; s0: SpendRow | undefined },
): EventStep {
  const { ledger } = ctx;
  const { card } = a;
  const userId = c.userId;
  const balanceOf = async () =>
    (await ledger.accountBalances(tx, [card.id])).get(card.id) ?? { available: 0n, frozen: 0n };
  const now = ctx.clock.now();
  const ref = `spend:${e.auth_id}`;
  const newSpend = async (status: SpendRow['status'], held: bigint, settled: bigint) => {
    const [s] = await tx
      .insert(cardSpends)
      .values({
        userId,
        cardId: c.id,
        authId: e.auth_id,
        merchant: e.merchant,
        amount,
        held,
        settled,
        status,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!s) throw new Error('spend not written');
    return s;
  };
  const update = async (s: SpendRow, set: Partial<SpendRow>) => {
    const [next] = await tx
      .update(cardSpends)
      .set({ ...set, updatedAt: now })
      .where(eq(cardSpends.id, s.id))
      .returning();
    return next ?? s;
  };
  return { ctx, tx, e, amount, userId, ...a, ref, balanceOf, newSpend, update };
}

/** An authorisation holds the amount on an active card with the balance; else it is declined. */
async function authorize(st: EventStep, c: CardRow): Promise<EventAnswer> {
  const { s0, amount, e, userId } = st;
  if (s0)
    return {
      duplicate: false,
      approved: s0.status !== 'declined' && s0.status !== 'reversed',
      spend: s0,
    };
  const b = await st.balanceOf();
  if (c.status !== 'active' || amount <= 0n || b.available < amount) {
    return { duplicate: false, approved: false, spend: await st.newSpend('declined', 0n, 0n) };
  }
  await st.ctx.ledger.freeze(st.tx, {
    account: st.card,
    amount,
    cause: 'cards.hold',
    ref: st.ref,
    remark: e.merchant,
    userId,
  });
  return { duplicate: false, approved: true, spend: await st.newSpend('held', amount, 0n) };
}

/** A settlement takes what was held (the rest goes back), or, without a hold we know, what is there. */
async function settle(st: EventStep): Promise<EventAnswer> {
  const { s0, amount, e, userId, card, issuerAcc, ref, tx } = st;
  const { ledger } = st.ctx;
  if (s0?.status === 'held') {
    const take = minOf(amount, s0.held);
    const back = s0.held - take;
    const postings = [];
    if (take > 0n)
      postings.push(
        { account: card, bucket: 'frozen' as const, amount: -take },
        { account: issuerAcc, bucket: 'available' as const, amount: take },
      );
    if (back > 0n)
      postings.push(
        { account: card, bucket: 'frozen' as const, amount: -back },
        { account: card, bucket: 'available' as const, amount: back },
      );
    if (postings.length > 0)
      await ledger.post(tx, {
        cause: 'cards.settle',
        ref,
        remark: e.merchant,
        userId,
        requestId: null,
        postings,
      });
    return {
      duplicate: false,
      approved: true,
      spend: await st.update(s0, { held: 0n, settled: take, status: 'settled' }),
    };
  }
  if (s0 && s0.status !== 'reversed') return { duplicate: false, approved: true, spend: s0 };
  // Settled without a hold we know (it came first, or after a reversal): taken from what is there.
  const b = await st.balanceOf();
  const take = minOf(amount, b.available);
  if (take > 0n)
    await ledger.transfer(tx, {
      from: card,
      to: issuerAcc,
      amount: take,
      cause: 'cards.settle',
      ref,
      remark: e.merchant,
      userId,
    });
  const spend = s0
    ? await st.update(s0, { settled: take, status: 'settled' })
    : await st.newSpend('settled', 0n, take);
  return { duplicate: false, approved: true, spend };
}

/** A reversal lets a hold go; one that comes first records the authorisation's end. */
async function reverse(st: EventStep): Promise<EventAnswer> {
  const { s0, e, userId } = st;
  if (!s0) return { duplicate: false, approved: false, spend: await st.newSpend('reversed', 0n, 0n) };
  if (s0.status !== 'held') return { duplicate: false, approved: false, spend: s0 };
  if (s0.held > 0n)
    await st.ctx.ledger.release(st.tx, {
      account: st.card,
      amount: s0.held,
      cause: 'cards.release',
      ref: st.ref,
      remark: e.merchant,
      userId,
    });
  return {
    duplicate: false,
    approved: false,
    spend: await st.update(s0, { held: 0n, status: 'reversed' }),
  };
}

/** A refund gives back at most what was settled and not yet refunded. */
async function refund(st: EventStep): Promise<EventAnswer> {
  const { s0, amount, e, userId } = st;
  if (!s0 || (s0.status !== 'settled' && s0.status !== 'refunded'))
    return { duplicate: false, approved: false, spend: s0 ?? null };
  const room = s0.settled - s0.refunded;
  const give = minOf(amount, room);
  if (give > 0n)
    await st.ctx.ledger.transfer(st.tx, {
      from: st.issuerAcc,
      to: st.card,
      amount: give,
      cause: 'cards.refund',
      ref: st.ref,
      remark: e.merchant,
      userId,
    });
  return {
    duplicate: false,
    approved: true,
    spend: await st.update(s0, { refunded: s0.refunded + give, status: 'refunded' }),
  };
}
