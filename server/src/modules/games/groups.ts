/** Race groups: the open group (one at a time, its seed committed by its hash) and joining it. */
import { randomBytes } from 'node:crypto';
import { sha256Hex } from '@nexa/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { DomainError, ValidationError } from '../../kernel/errors';
import { seal } from '../../kernel/seal';
import type { Tx } from '../../store';
import {
  type EntryRow,
  type EntryView,
  GAMES_SYSTEM,
  type GamesCtx,
  type GroupRow,
  TICKET,
  usd,
} from './context';
import { raceEntries, raceGroups, raceLocks } from './tables';
import { terms } from './terms';
import { recordMove, ticketAccount, ticketsOf } from './tickets';
import { entryView } from './views';

export async function openGroup(ctx: GamesCtx, tx: Tx): Promise<GroupRow> {
  const { clock, sealKey } = ctx;
  const t = await terms(ctx);
  const seed = randomBytes(32).toString('hex');
  const now = clock.now();
  const [g] = await tx
    .insert(raceGroups)
    .values({
      status: 'open',
      size: t.size,
      ticketPrice: t.price,
      prizeShare: t.prizeShare,
      rewards: t.rewards,
      seedHash: await sha256Hex(seed),
      seedSealed: seal(sealKey, Buffer.from(seed, 'utf8')),
      openedAt: now,
      expiresAt: new Date(now.getTime() + t.timeoutMs),
    })
    .returning();
  if (!g) throw new Error('group not written');
  return g;
}

/** The open group, opened if there is none (one at a time; the advisory lock keeps it one). */
export async function currentGroup(ctx: GamesCtx): Promise<GroupRow> {
  const { store } = ctx;
  const [open] = await store.db
    .select()
    .from(raceGroups)
    .where(eq(raceGroups.status, 'open'))
    .orderBy(asc(raceGroups.id))
    .limit(1);
  if (open && open.entrants === 0) {
    // An empty group takes the terms operators set since it opened (its committed seed stays).
    const t = await terms(ctx);
    const same =
      open.size === t.size &&
      open.ticketPrice === t.price &&
      open.prizeShare === t.prizeShare &&
      open.rewards.join() === t.rewards.join();
    if (same) return open;
    const [updated] = await store.db
      .update(raceGroups)
      .set({ size: t.size, ticketPrice: t.price, prizeShare: t.prizeShare, rewards: t.rewards })
      .where(and(eq(raceGroups.id, open.id), eq(raceGroups.entrants, 0)))
      .returning();
    return updated ?? currentGroup(ctx);
  }
  if (open) return open;
  return store.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4242001)`);
    const [again] = await tx.select().from(raceGroups).where(eq(raceGroups.status, 'open')).limit(1);
    return again ?? openGroup(ctx, tx);
  });
}

/** The open group's row, locked, so joins of one group happen one at a time; refused if `userId` is in it. */
export async function lockOpenGroup(tx: Tx, groupId: number, userId: number): Promise<GroupRow> {
  const [g] = await tx.select().from(raceGroups).where(eq(raceGroups.id, groupId)).for('update');
  if (!g) throw new DomainError('RaceNotFound');
  if (g.status !== 'open' || g.entrants >= g.size) throw new DomainError('RaceNotOpen');
  const [already] = await tx
    .select({ id: raceEntries.id })
    .from(raceEntries)
    .where(and(eq(raceEntries.groupId, g.id), eq(raceEntries.userId, userId)));
  if (already) throw new DomainError('AlreadyInRace');
  return g;
}

/** A new entry in a locked open group, next in join order. */
export async function insertEntry(
  ctx: GamesCtx,
  tx: Tx,
  g: GroupRow,
  input: {
    userId: number;
    tickets: number;
    principal: bigint;
    pay: 'balance' | 'chain';
    payTx: string | null;
    clientSeed: string;
    demo: boolean;
  },
): Promise<EntryRow> {
  const [entry] = await tx
    .insert(raceEntries)
    .values({
      groupId: g.id,
      userId: input.userId,
      tickets: input.tickets,
      principal: input.principal,
      pay: input.pay,
      payTx: input.payTx,
      clientSeed: input.clientSeed,
      joinOrder: g.entrants + 1,
      status: 'not_drawn',
      demo: input.demo,
      createdAt: ctx.clock.now(),
    })
    .returning();
  if (!entry) throw new Error('entry not written');
  return entry;
}

/** The group after an entry with `tickets` joined it: formed (and its race started) when that filled it. */
export async function advanceGroup(ctx: GamesCtx, tx: Tx, g: GroupRow, tickets: number): Promise<GroupRow> {
  const now = ctx.clock.now();
  const joinOrder = g.entrants + 1;
  const full = joinOrder >= g.size;
  const t = await terms(ctx);
  const [updated] = await tx
    .update(raceGroups)
    .set({
      entrants: joinOrder,
      tickets: g.tickets + tickets,
      // The wait for the group to fill starts with its first entrant.
      ...(joinOrder === 1 ? { expiresAt: new Date(now.getTime() + t.timeoutMs) } : {}),
      ...(full
        ? { status: 'formed' as const, formedAt: now, raceEndsAt: new Date(now.getTime() + t.raceMs) }
        : {}),
    })
    .where(eq(raceGroups.id, g.id))
    .returning();
  if (!updated) throw new Error('group not updated');
  return updated;
}

/** A player joins inside a transaction: tickets spent, their backing into the pool, the principal frozen. */
export async function joinIn(
  ctx: GamesCtx,
  tx: Tx,
  userId: number,
  input: {
    groupId: number;
    tickets: number;
    pay: 'balance' | 'chain';
    payTx: string | null;
    clientSeed: string;
  },
): Promise<{ entry: EntryRow; group: GroupRow }> {
  const { clock, ledger } = ctx;
  const g = await lockOpenGroup(tx, input.groupId, userId);
  const have = await ticketsOf(tx, userId);
  if (have < input.tickets)
    throw new DomainError('NotEnoughTickets', { have: String(have), need: String(input.tickets) });
  const principal = g.ticketPrice * BigInt(input.tickets);
  const entry = await insertEntry(ctx, tx, g, { ...input, userId, principal, demo: false });
  // One after another: a transaction's connection runs one statement at a time.
  const issuer = await ledger.systemAccount(tx, GAMES_SYSTEM.capital, TICKET);
  const mine = await ticketAccount(ctx, tx, userId);
  const spot = await ledger.account(tx, { userId, asset: 'USDT', kind: 'spot' });
  const backing = await ledger.systemAccount(tx, GAMES_SYSTEM.backing, 'USDT');
  const pool = await ledger.systemAccount(tx, GAMES_SYSTEM.pool, 'USDT');
  // One entry: the tickets are spent, their backing joins the pool, the principal is frozen.
  await ledger.post(tx, {
    cause: 'games.join',
    ref: `race:${g.id}:${entry.id}`,
    remark: `race #${g.id}: ${input.tickets} tickets`,
    userId,
    postings: [
      { account: mine, bucket: 'available', amount: -BigInt(input.tickets) },
      { account: issuer, bucket: 'available', amount: BigInt(input.tickets) },
      { account: backing, bucket: 'available', amount: -principal },
      { account: pool, bucket: 'available', amount: principal },
      { account: spot, bucket: 'available', amount: -principal },
      { account: spot, bucket: 'frozen', amount: principal },
    ],
  });
  await recordMove(ctx, tx, userId, -input.tickets, 'join', `race:${g.id}`);
  await tx.insert(raceLocks).values({
    userId,
    entryId: entry.id,
    groupId: g.id,
    action: 'lock',
    amount: principal,
    createdAt: clock.now(),
  });
  return { entry, group: await advanceGroup(ctx, tx, g, input.tickets) };
}

export async function play(
  ctx: GamesCtx,
  userId: number,
  body: {
    group_id: number;
    tickets: number;
    pay: 'balance' | 'chain';
    tx_hash?: string | undefined;
    client_seed: string;
    request_id?: string | undefined;
  },
): Promise<EntryView> {
  const { store, clock, ledger, deps, state } = ctx;
  const { maxTickets } = await terms(ctx);
  if (body.tickets > maxTickets) throw new ValidationError('tickets', 'too_big');
  let payTx: string | null = null;
  if (body.pay === 'chain') {
    if (!deps.chainPayment) throw new DomainError('NotAvailable');
    if (!body.tx_hash) throw new ValidationError('tx_hash', 'required');
    payTx = `0x${body.tx_hash.replace(/^0x/i, '')}`.toLowerCase();
    const [used] = await store.db
      .select({ id: raceEntries.id })
      .from(raceEntries)
      .where(eq(raceEntries.payTx, payTx));
    if (used) throw new DomainError('PaymentUsed');
    const found = await deps.chainPayment(userId, payTx);
    if (found.state === 'not_found') throw new DomainError('PaymentNotFound');
    if (found.state === 'pending')
      throw new DomainError('PaymentPending', {
        have: String(found.confirmations),
        need: String(found.needed),
      });
    const [g] = await store.db.select().from(raceGroups).where(eq(raceGroups.id, body.group_id));
    const need = (g?.ticketPrice ?? (await terms(ctx)).price) * BigInt(body.tickets);
    if (found.amount < need)
      throw new DomainError('PaymentTooSmall', { have: usd(found.amount), need: usd(need) });
  }
  const out = await ledger.withIdempotency(userId, body.request_id, 'games.play', body, async (tx) => {
    try {
      const { entry, group } = await joinIn(ctx, tx, userId, {
        groupId: body.group_id,
        tickets: body.tickets,
        pay: body.pay,
        payTx,
        clientSeed: body.client_seed,
      });
      return entryView(entry, group.status);
    } catch (err) {
      // Two joins racing for one transfer: the unique index decides.
      if (payTx && String((err as { code?: unknown }).code ?? '') === '23505')
        throw new DomainError('PaymentUsed');
      throw err;
    }
  });
  state.lastDemoJoin = clock.now().getTime();
  return out;
}
