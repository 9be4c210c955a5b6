/** Tickets: held as a ledger asset, each backed by its USDT price; bought with USDT or exchanged for tokens. */
import { formatAmount } from '@nexa/contract';
import { and, eq, sql } from 'drizzle-orm';
import { DomainError, ValidationError } from '../../kernel/errors';
import type { LedgerAccount } from '../../ledger';
import { type Store, schema, type Tx } from '../../store';
import { GAMES_SYSTEM, type GamesCtx, type MoveReason, TICKET } from './context';
import { tokensPerTicket } from './math';
import { ticketMoves, ticketOrders } from './tables';
import { terms } from './terms';

/** A user's ticket account. */
export const ticketAccount = (ctx: GamesCtx, tx: Tx, userId: number) =>
  ctx.ledger.account(tx, { userId, asset: TICKET, kind: 'spot' });

export async function ticketsOf(tx: Tx | Store['db'], userId: number): Promise<number> {
  const rows = await tx
    .select({ available: schema.ledgerAccounts.available })
    .from(schema.ledgerAccounts)
    .where(
      and(
        eq(schema.ledgerAccounts.userId, userId),
        eq(schema.ledgerAccounts.asset, TICKET),
        eq(schema.ledgerAccounts.kind, 'spot'),
      ),
    );
  return Number(rows[0]?.available ?? 0n);
}

export async function recordMove(
  ctx: GamesCtx,
  tx: Tx,
  userId: number,
  change: number,
  reason: MoveReason,
  ref: string,
) {
  const { clock } = ctx;
  await tx.insert(ticketMoves).values({
    userId,
    change,
    reason,
    ref,
    balance: await ticketsOf(tx, userId),
    createdAt: clock.now(),
  });
}

/** Tickets issued to a user, backed by `backedFrom` (the buyer's USDT or the game fund). */
export async function issueTickets(
  ctx: GamesCtx,
  tx: Tx,
  input: {
    userId: number;
    count: number;
    kind: 'buy' | 'exchange' | 'quiz';
    /** Where the backing comes from, and any token taken for it. */
    backedFrom: LedgerAccount;
    token?: { account: LedgerAccount; amount: bigint; asset: string };
    price: bigint;
    requestId?: string | undefined;
  },
) {
  const { clock, ledger, deps } = ctx;
  const { userId, count } = input;
  const worth = input.price * BigInt(count);
  const [order] = await tx
    .insert(ticketOrders)
    .values({
      userId,
      kind: input.kind,
      count,
      payAsset: input.kind === 'buy' ? 'USDT' : (input.token?.asset ?? null),
      payAmount: input.kind === 'buy' ? worth : (input.token?.amount ?? 0n),
      createdAt: clock.now(),
    })
    .returning();
  if (!order) throw new Error('ticket order not written');
  // One after another: a transaction's connection runs one statement at a time.
  const issuer = await ledger.systemAccount(tx, GAMES_SYSTEM.capital, TICKET);
  const mine = await ticketAccount(ctx, tx, userId);
  const backing = await ledger.systemAccount(tx, GAMES_SYSTEM.backing, 'USDT');
  const postings = [
    { account: issuer, bucket: 'available' as const, amount: -BigInt(count) },
    { account: mine, bucket: 'available' as const, amount: BigInt(count) },
    { account: input.backedFrom, bucket: 'available' as const, amount: -worth },
    { account: backing, bucket: 'available' as const, amount: worth },
  ];
  if (input.token) {
    const into = await ledger.systemAccount(tx, GAMES_SYSTEM.exchange, input.token.asset);
    postings.push(
      { account: input.token.account, bucket: 'available', amount: -input.token.amount },
      { account: into, bucket: 'available', amount: input.token.amount },
    );
  }
  const cause =
    input.kind === 'buy'
      ? 'games.ticket_buy'
      : input.kind === 'exchange'
        ? 'games.ticket_exchange'
        : 'games.quiz_reward';
  try {
    await ledger.post(tx, {
      cause,
      ref: `ticket:${order.id}`,
      remark: `${count} tickets`,
      userId,
      requestId: input.requestId ?? null,
      postings,
    });
  } catch (err) {
    if (err instanceof DomainError && err.errorName === 'SystemFundsShort')
      throw new DomainError('GameFundShort');
    throw err;
  }
  await recordMove(ctx, tx, userId, count, input.kind, `ticket:${order.id}`);
  return {
    id: order.id,
    kind: order.kind,
    count: order.count,
    pay_asset: order.payAsset,
    pay_amount: order.payAsset ? formatAmount(order.payAmount, deps.assets.get(order.payAsset).scale) : '0',
    created_at: order.createdAt.toISOString(),
  };
}

export async function buyTickets(
  ctx: GamesCtx,
  userId: number,
  body: { count: number; request_id?: string | undefined },
) {
  const { ledger } = ctx;
  const { price } = await terms(ctx);
  return ledger.withIdempotency(userId, body.request_id, 'games.buy', body, async (tx) => {
    const payer = await ledger.account(tx, { userId, asset: 'USDT', kind: 'spot' });
    return issueTickets(ctx, tx, {
      userId,
      count: body.count,
      kind: 'buy',
      backedFrom: payer,
      price,
      requestId: body.request_id,
    });
  });
}

/** A quiz's reward: tickets backed by the game fund (GameFundShort when it is dry). */
export async function payQuizReward(ctx: GamesCtx, tx: Tx, userId: number, count: number): Promise<void> {
  const { ledger } = ctx;
  const { price } = await terms(ctx);
  const fund = await ledger.systemAccount(tx, GAMES_SYSTEM.fund, 'USDT');
  await issueTickets(ctx, tx, { userId, count, kind: 'quiz', backedFrom: fund, price });
}

/** Tokens one ticket costs: its USDT price over the token's price, rounded up to the token's minor unit. */
export async function perTicket(ctx: GamesCtx, asset: string, price: bigint): Promise<bigint | null> {
  const { deps } = ctx;
  const p18 = await deps.priceUsdt18(asset);
  if (p18 === null || p18 <= 0n) return null;
  const scale = deps.assets.get(asset).scale;
  return tokensPerTicket(price, p18, scale);
}

export async function exchangeTickets(
  ctx: GamesCtx,
  userId: number,
  body: { count: number; asset: string; request_id?: string | undefined },
) {
  const { ledger, settings, days, deps } = ctx;
  const allowed = await settings.get('games.exchange_assets');
  const asset = deps.assets.find(body.asset);
  if (!asset || !allowed.includes(asset.symbol)) throw new ValidationError('asset', 'invalid_value');
  const { price } = await terms(ctx);
  const each = await perTicket(ctx, asset.symbol, price);
  if (each === null) throw new DomainError('NotAvailable');
  const dailyMax = await settings.get('games.exchange_daily_tickets');
  const dayStart = await days.dayStart(await days.today());
  return ledger.withIdempotency(userId, body.request_id, 'games.exchange', body, async (tx) => {
    // Serialize one user's exchanges so the day's cap holds under concurrent calls.
    await tx.execute(sql`select pg_advisory_xact_lock(4242002, ${userId})`);
    const [done] = await tx
      .select({ n: sql<number>`coalesce(sum(${ticketOrders.count}), 0)::int` })
      .from(ticketOrders)
      .where(
        and(
          eq(ticketOrders.userId, userId),
          eq(ticketOrders.kind, 'exchange'),
          sql`${ticketOrders.createdAt} >= ${dayStart}`,
        ),
      );
    const left = dailyMax - (done?.n ?? 0);
    if (body.count > left) throw new DomainError('ExchangeLimit', { left: String(Math.max(0, left)) });
    // One after another: a transaction's connection runs one statement at a time.
    const tokenAcc = await ledger.account(tx, { userId, asset: asset.symbol, kind: 'spot' });
    const fund = await ledger.systemAccount(tx, GAMES_SYSTEM.fund, 'USDT');
    return issueTickets(ctx, tx, {
      userId,
      count: body.count,
      kind: 'exchange',
      backedFrom: fund,
      token: { account: tokenAcc, amount: each * BigInt(body.count), asset: asset.symbol },
      price,
      requestId: body.request_id,
    });
  });
}
