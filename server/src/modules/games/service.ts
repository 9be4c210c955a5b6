/**
 * Race and quiz games.
 *
 * Tickets are a ledger asset (TICKET, whole units, not listed by the wallet). Every ticket in a user's hands
 * is backed by its price in USDT in `system:games:backing`: a bought ticket by what the buyer paid, an
 * exchanged or quiz ticket by the game fund (which operators fund from capital; when it is dry, no more such
 * tickets). Joining a group spends N tickets (their backing moves to the group's pool) and freezes the
 * principal, N × ticket price, in the entrant's spot account. A group forms when it is full, the race runs
 * for a while, then it settles in two steps, each exactly once: the draw (the seed is revealed, ranks are
 * fixed) and the payout (the prize share of the pool to the top three, the rest to the platform's revenue,
 * every principal unlocked). A group that does not fill in time refunds everyone (tickets back, backing
 * back, principal unlocked).
 *
 * The draw is `raceRanking` of the contract (docs/fairness.md): a function of the server seed, committed by
 * its hash when the group opened, and of every entrant's client seed, tickets and join order. The demo's
 * racers join a group a real user is in, one at a time, the first racer not in it, with tickets and a client
 * seed drawn at random when it joins and published with its entry at once: like a player's, the racer's
 * contribution is fixed before anyone who joins later picks theirs, and the committed seed does not tell it.
 */
import { randomBytes } from 'node:crypto';
import {
  formatAmount,
  type Lang,
  parseAmount,
  type ResponseData,
  raceRanking,
  sha256Hex,
  splitPool,
  USDT_SCALE,
} from '@nexa/contract';
import { and, asc, count, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { auditOperator, fundPoolAudited } from '../../kernel/audit';
import type { AppDeps } from '../../kernel/context';
import { DomainError, ValidationError } from '../../kernel/errors';
import { seal, unseal } from '../../kernel/seal';
import { type Ledger, type LedgerAccount, SYSTEM } from '../../ledger';
import { platformDays } from '../../programs/days';
import { schema, type Tx } from '../../store';
import { onPage, pageAnswer, pageWindow } from '../../store/paging';
import { createQuiz } from './quiz';
import { GAMES_SETTINGS } from './settings';
import {
  quizAttempts,
  quizQuestions,
  raceEntries,
  raceGroups,
  raceLocks,
  ticketMoves,
  ticketOrders,
} from './tables';

export const TICKET = 'TICKET';

export const GAMES_SYSTEM = {
  /** Issues tickets and funds the game fund (operators' capital). */
  capital: SYSTEM.capital('games'),
  /** USDT backing exchanged and quiz tickets. */
  fund: 'system:games:fund',
  /** USDT worth of every ticket in users' hands. */
  backing: 'system:games:backing',
  /** USDT worth of the tickets spent in groups not settled yet. */
  pool: 'system:games:pool',
  /** The platform's share of settled groups. */
  revenue: 'system:games:revenue',
  /** Tokens users exchanged for tickets. */
  exchange: 'system:games:exchange',
  /** What the demo's racers start with. */
  demo: SYSTEM.capital('demo_racers'),
} as const;

/** What a chain transfer to the user's deposit address gave, as the wallet sees it. */
export type ChainPaymentCheck =
  | { readonly state: 'credited'; readonly amount: bigint }
  | { readonly state: 'pending'; readonly confirmations: number; readonly needed: number }
  | { readonly state: 'not_found' };

export interface GamesDeps extends AppDeps {
  readonly ledger: Ledger;
  /** Price of one unit in USDT at 18 decimals from the one price source (null: no price). */
  readonly priceUsdt18: (symbol: string) => Promise<bigint | null>;
  /** Looks up a chain transfer to the user's deposit address (null: no chain adapter runs). */
  readonly chainPayment: ((userId: number, txHash: string) => Promise<ChainPaymentCheck>) | null;
}

type GroupRow = typeof raceGroups.$inferSelect;
type EntryRow = typeof raceEntries.$inferSelect;
type EntryView = ResponseData<'/api/racer/playInfo'>;
type GroupView = ResponseData<'/api/racer/racerInfo'>['group'];
type MoveReason = (typeof ticketMoves.$inferInsert)['reason'];

const SHARE_SCALE = 8;
const usd = (v: bigint) => formatAmount(v, USDT_SCALE);

/** A UID with all but its first and last two characters hidden. */
export function maskUid(uid: string): string {
  return uid.length <= 4 ? `${uid.slice(0, 1)}***` : `${uid.slice(0, 2)}****${uid.slice(-2)}`;
}

/**
 * A demo racer's client seed and tickets for a join, drawn fresh at random at the moment it joins and
 * published with its entry at once, like a player's. Nothing about them follows from the committed server
 * seed, so whoever could open that seed still does not know them before the racer joins.
 */
export function demoContribution(maxTickets: number) {
  const bytes = randomBytes(18);
  return {
    clientSeed: bytes.subarray(0, 16).toString('hex'),
    tickets: 1 + (bytes.readUInt16BE(16) % Math.min(3, maxTickets)),
  };
}

export function createGames(deps: GamesDeps) {
  const { store, clock, ledger, log, config } = deps;
  const settings = deps.settings.of(GAMES_SETTINGS);
  const sealKey = config.operatorKey;
  const days = platformDays(deps);
  /** Demo racers' user ids (empty outside the demo). */
  const demoRacers: number[] = [];
  let lastDemoJoin = 0;

  async function terms() {
    const [price, size, maxTickets, prize, rewards, timeout, race] = await Promise.all([
      settings.get('games.ticket_price'),
      settings.get('games.group_size'),
      settings.get('games.max_tickets'),
      settings.get('games.prize_share'),
      settings.get('games.rewards'),
      settings.get('games.group_timeout_s'),
      settings.get('games.race_seconds'),
    ]);
    return {
      price: parseAmount(price, USDT_SCALE) ?? 0n,
      size: Math.max(size, rewards.length),
      maxTickets,
      prizeShare: parseAmount(prize, SHARE_SCALE) ?? 0n,
      rewards,
      timeoutMs: timeout * 1000,
      raceMs: race * 1000,
    };
  }

  // ---------------------------------------------------------------- views

  function groupView(g: GroupRow): GroupView {
    const worth = g.ticketPrice * BigInt(g.tickets);
    return {
      id: g.id,
      status: g.status,
      size: g.size,
      entrants: g.entrants,
      tickets: g.tickets,
      pool: usd((worth * g.prizeShare) / 10n ** BigInt(SHARE_SCALE)),
      seed_hash: g.seedHash,
      seed: g.seed,
      opened_at: g.openedAt.toISOString(),
      expires_at: g.expiresAt.toISOString(),
      formed_at: g.formedAt?.toISOString() ?? null,
      race_ends_at: g.raceEndsAt?.toISOString() ?? null,
      settled_at: g.settledAt?.toISOString() ?? null,
    };
  }

  function entryView(e: EntryRow, groupStatus: GroupRow['status']): EntryView {
    return {
      id: e.id,
      group_id: e.groupId,
      group_status: groupStatus,
      tickets: e.tickets,
      principal: usd(e.principal),
      pay: e.pay,
      pay_tx: e.payTx,
      client_seed: e.clientSeed,
      join_order: e.joinOrder,
      status: e.status,
      rank: e.rank,
      reward: usd(e.reward),
      created_at: e.createdAt.toISOString(),
      settled_at: e.settledAt?.toISOString() ?? null,
    };
  }

  async function entriesWithStatus(rows: readonly EntryRow[]): Promise<EntryView[]> {
    const ids = [...new Set(rows.map((r) => r.groupId))];
    const groups = ids.length
      ? await store.db
          .select({ id: raceGroups.id, status: raceGroups.status })
          .from(raceGroups)
          .where(inArray(raceGroups.id, ids))
      : [];
    const status = new Map(groups.map((g) => [g.id, g.status]));
    return rows.map((r) => entryView(r, status.get(r.groupId) ?? 'open'));
  }

  // ---------------------------------------------------------------- tickets

  const ticketAccount = (tx: Tx, userId: number) =>
    ledger.account(tx, { userId, asset: TICKET, kind: 'spot' });

  async function ticketsOf(tx: Tx | typeof store.db, userId: number): Promise<number> {
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

  async function recordMove(tx: Tx, userId: number, change: number, reason: MoveReason, ref: string) {
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
  async function issueTickets(
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
    const mine = await ticketAccount(tx, userId);
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
    await recordMove(tx, userId, count, input.kind, `ticket:${order.id}`);
    return {
      id: order.id,
      kind: order.kind,
      count: order.count,
      pay_asset: order.payAsset,
      pay_amount: order.payAsset ? formatAmount(order.payAmount, deps.assets.get(order.payAsset).scale) : '0',
      created_at: order.createdAt.toISOString(),
    };
  }

  async function buyTickets(userId: number, body: { count: number; request_id?: string | undefined }) {
    const { price } = await terms();
    return ledger.withIdempotency(userId, body.request_id, 'games.buy', body, async (tx) => {
      const payer = await ledger.account(tx, { userId, asset: 'USDT', kind: 'spot' });
      return issueTickets(tx, {
        userId,
        count: body.count,
        kind: 'buy',
        backedFrom: payer,
        price,
        requestId: body.request_id,
      });
    });
  }

  /** Tokens one ticket costs: its USDT price over the token's price, rounded up to the token's minor unit. */
  async function perTicket(asset: string, price: bigint): Promise<bigint | null> {
    const p18 = await deps.priceUsdt18(asset);
    if (p18 === null || p18 <= 0n) return null;
    const scale = deps.assets.get(asset).scale;
    const num = price * 10n ** 18n * 10n ** BigInt(scale);
    const den = p18 * 10n ** BigInt(USDT_SCALE);
    return (num + den - 1n) / den;
  }

  async function exchangeTickets(
    userId: number,
    body: { count: number; asset: string; request_id?: string | undefined },
  ) {
    const allowed = await settings.get('games.exchange_assets');
    const asset = deps.assets.find(body.asset);
    if (!asset || !allowed.includes(asset.symbol)) throw new ValidationError('asset', 'invalid_value');
    const { price } = await terms();
    const each = await perTicket(asset.symbol, price);
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
      return issueTickets(tx, {
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

  // ---------------------------------------------------------------- groups

  async function openGroup(tx: Tx): Promise<GroupRow> {
    const t = await terms();
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
  async function currentGroup(): Promise<GroupRow> {
    const [open] = await store.db
      .select()
      .from(raceGroups)
      .where(eq(raceGroups.status, 'open'))
      .orderBy(asc(raceGroups.id))
      .limit(1);
    if (open && open.entrants === 0) {
      // An empty group takes the terms operators set since it opened (its committed seed stays).
      const t = await terms();
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
      return updated ?? currentGroup();
    }
    if (open) return open;
    return store.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(4242001)`);
      const [again] = await tx.select().from(raceGroups).where(eq(raceGroups.status, 'open')).limit(1);
      return again ?? openGroup(tx);
    });
  }

  const seedOf = (g: GroupRow) => unseal(sealKey, g.seedSealed).toString('utf8');

  /** Joins inside a transaction: the group row is locked, so joins of one group happen one at a time. */
  async function joinIn(
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
    const [g] = await tx.select().from(raceGroups).where(eq(raceGroups.id, input.groupId)).for('update');
    if (!g) throw new DomainError('RaceNotFound');
    if (g.status !== 'open' || g.entrants >= g.size) throw new DomainError('RaceNotOpen');
    const [already] = await tx
      .select({ id: raceEntries.id })
      .from(raceEntries)
      .where(and(eq(raceEntries.groupId, g.id), eq(raceEntries.userId, userId)));
    if (already) throw new DomainError('AlreadyInRace');
    const have = await ticketsOf(tx, userId);
    if (have < input.tickets)
      throw new DomainError('NotEnoughTickets', { have: String(have), need: String(input.tickets) });
    const now = clock.now();
    const principal = g.ticketPrice * BigInt(input.tickets);
    const joinOrder = g.entrants + 1;
    const [entry] = await tx
      .insert(raceEntries)
      .values({
        groupId: g.id,
        userId,
        tickets: input.tickets,
        principal,
        pay: input.pay,
        payTx: input.payTx,
        clientSeed: input.clientSeed,
        joinOrder,
        status: 'not_drawn',
        createdAt: now,
      })
      .returning();
    if (!entry) throw new Error('entry not written');
    // One after another: a transaction's connection runs one statement at a time.
    const issuer = await ledger.systemAccount(tx, GAMES_SYSTEM.capital, TICKET);
    const mine = await ticketAccount(tx, userId);
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
    await recordMove(tx, userId, -input.tickets, 'join', `race:${g.id}`);
    await tx.insert(raceLocks).values({
      userId,
      entryId: entry.id,
      groupId: g.id,
      action: 'lock',
      amount: principal,
      createdAt: now,
    });
    const full = joinOrder >= g.size;
    const t = await terms();
    const [updated] = await tx
      .update(raceGroups)
      .set({
        entrants: joinOrder,
        tickets: g.tickets + input.tickets,
        // The wait for the group to fill starts with its first entrant.
        ...(joinOrder === 1 ? { expiresAt: new Date(now.getTime() + t.timeoutMs) } : {}),
        ...(full
          ? { status: 'formed' as const, formedAt: now, raceEndsAt: new Date(now.getTime() + t.raceMs) }
          : {}),
      })
      .where(eq(raceGroups.id, g.id))
      .returning();
    if (!updated) throw new Error('group not updated');
    return { entry, group: updated };
  }

  async function play(
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
    const { maxTickets } = await terms();
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
      const need = (g?.ticketPrice ?? (await terms()).price) * BigInt(body.tickets);
      if (found.amount < need)
        throw new DomainError('PaymentTooSmall', { have: usd(found.amount), need: usd(need) });
    }
    const out = await ledger.withIdempotency(userId, body.request_id, 'games.play', body, async (tx) => {
      try {
        const { entry, group } = await joinIn(tx, userId, {
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
    lastDemoJoin = clock.now().getTime();
    return out;
  }

  // ---------------------------------------------------------------- settlement

  /** Step one, once: the seed is revealed and the ranks fixed (entries won / not won). */
  async function draw(groupId: number): Promise<void> {
    await store.db.transaction(async (tx) => {
      const [g] = await tx.select().from(raceGroups).where(eq(raceGroups.id, groupId)).for('update');
      if (!g || g.status !== 'formed') return;
      const seed = seedOf(g);
      if ((await sha256Hex(seed)) !== g.seedHash)
        throw new Error(`race ${g.id}: sealed seed does not match its hash`);
      const entries = await tx
        .select()
        .from(raceEntries)
        .where(eq(raceEntries.groupId, g.id))
        .orderBy(asc(raceEntries.joinOrder));
      const order = await raceRanking(
        seed,
        entries.map((e) => ({ entry_id: e.id, tickets: e.tickets, client_seed: e.clientSeed })),
      );
      const worth = g.ticketPrice * BigInt(g.tickets);
      const prizes = splitPool((worth * g.prizeShare) / 10n ** BigInt(SHARE_SCALE), g.rewards);
      const now = clock.now();
      for (const [i, id] of order.entries()) {
        const reward = prizes[i] ?? 0n;
        await tx
          .update(raceEntries)
          .set({ rank: i + 1, reward, status: reward > 0n ? 'won' : 'not_won' })
          .where(eq(raceEntries.id, id));
      }
      await tx
        .update(raceGroups)
        .set({ status: 'settled', seed, settledAt: now })
        .where(eq(raceGroups.id, g.id));
    });
  }

  /** Step two, once: rewards paid from the pool, the rest to revenue, every principal unlocked. */
  async function payout(groupId: number): Promise<void> {
    await store.db.transaction(async (tx) => {
      const [g] = await tx.select().from(raceGroups).where(eq(raceGroups.id, groupId)).for('update');
      if (!g || g.status !== 'settled' || g.paidAt) return;
      const entries = await tx
        .select()
        .from(raceEntries)
        .where(eq(raceEntries.groupId, g.id))
        .orderBy(asc(raceEntries.id));
      // One after another: a transaction's connection runs one statement at a time.
      const pool = await ledger.systemAccount(tx, GAMES_SYSTEM.pool, 'USDT');
      const revenue = await ledger.systemAccount(tx, GAMES_SYSTEM.revenue, 'USDT');
      const worth = g.ticketPrice * BigInt(g.tickets);
      const paid = entries.reduce((s, e) => s + e.reward, 0n);
      const postings = [];
      for (const e of entries) {
        const spot = await ledger.account(tx, { userId: e.userId, asset: 'USDT', kind: 'spot' });
        postings.push(
          { account: spot, bucket: 'frozen' as const, amount: -e.principal },
          { account: spot, bucket: 'available' as const, amount: e.principal + e.reward },
        );
      }
      postings.push(
        { account: pool, bucket: 'available' as const, amount: -worth },
        { account: revenue, bucket: 'available' as const, amount: worth - paid },
      );
      await ledger.post(tx, {
        cause: 'games.settle',
        ref: `race:${g.id}`,
        remark: `race #${g.id} settled`,
        userId: null,
        postings: postings.filter((p) => p.amount !== 0n),
      });
      const now = clock.now();
      if (entries.length > 0) {
        await tx.insert(raceLocks).values(
          entries.map((e) => ({
            userId: e.userId,
            entryId: e.id,
            groupId: g.id,
            action: 'unlock' as const,
            amount: e.principal,
            createdAt: now,
          })),
        );
      }
      await tx
        .update(raceEntries)
        .set({ status: 'finished', settledAt: now })
        .where(eq(raceEntries.groupId, g.id));
      await tx.update(raceGroups).set({ paidAt: now }).where(eq(raceGroups.id, g.id));
    });
  }

  /** A group that did not fill in time: tickets and their backing back, principal unlocked, once. */
  async function expire(groupId: number): Promise<void> {
    await store.db.transaction(async (tx) => {
      const [g] = await tx.select().from(raceGroups).where(eq(raceGroups.id, groupId)).for('update');
      if (!g || g.status !== 'open' || g.entrants === 0 || g.expiresAt > clock.now()) return;
      const entries = await tx
        .select()
        .from(raceEntries)
        .where(eq(raceEntries.groupId, g.id))
        .orderBy(asc(raceEntries.id));
      // One after another: a transaction's connection runs one statement at a time.
      const issuer = await ledger.systemAccount(tx, GAMES_SYSTEM.capital, TICKET);
      const backing = await ledger.systemAccount(tx, GAMES_SYSTEM.backing, 'USDT');
      const pool = await ledger.systemAccount(tx, GAMES_SYSTEM.pool, 'USDT');
      const now = clock.now();
      for (const e of entries) {
        // One after another: a transaction's connection runs one statement at a time.
        const mine = await ticketAccount(tx, e.userId);
        const spot = await ledger.account(tx, { userId: e.userId, asset: 'USDT', kind: 'spot' });
        await ledger.post(tx, {
          cause: 'games.refund',
          ref: `race:${g.id}:${e.id}`,
          remark: `race #${g.id} not formed`,
          userId: e.userId,
          postings: [
            { account: issuer, bucket: 'available', amount: -BigInt(e.tickets) },
            { account: mine, bucket: 'available', amount: BigInt(e.tickets) },
            { account: pool, bucket: 'available', amount: -e.principal },
            { account: backing, bucket: 'available', amount: e.principal },
            { account: spot, bucket: 'frozen', amount: -e.principal },
            { account: spot, bucket: 'available', amount: e.principal },
          ],
        });
        await recordMove(tx, e.userId, e.tickets, 'refund', `race:${g.id}`);
        await tx.insert(raceLocks).values({
          userId: e.userId,
          entryId: e.id,
          groupId: g.id,
          action: 'unlock',
          amount: e.principal,
          createdAt: now,
        });
      }
      await tx
        .update(raceEntries)
        .set({ status: 'refunded', settledAt: now })
        .where(eq(raceEntries.groupId, g.id));
      await tx.update(raceGroups).set({ status: 'expired', settledAt: now }).where(eq(raceGroups.id, g.id));
    });
  }

  /** Everything due: races that ended are drawn and paid, unfilled groups past their time refunded. */
  async function settleDue(): Promise<void> {
    const now = clock.now();
    const formed = await store.db
      .select({ id: raceGroups.id })
      .from(raceGroups)
      .where(and(eq(raceGroups.status, 'formed'), lte(raceGroups.raceEndsAt, now)));
    for (const g of formed) await draw(g.id);
    const unpaid = await store.db
      .select({ id: raceGroups.id })
      .from(raceGroups)
      .where(and(eq(raceGroups.status, 'settled'), sql`${raceGroups.paidAt} is null`));
    for (const g of unpaid) await payout(g.id);
    const stale = await store.db
      .select({ id: raceGroups.id })
      .from(raceGroups)
      .where(
        and(eq(raceGroups.status, 'open'), sql`${raceGroups.entrants} > 0`, lte(raceGroups.expiresAt, now)),
      );
    for (const g of stale) await expire(g.id);
  }

  // ---------------------------------------------------------------- demo racers

  async function ensureDemoRacers(): Promise<void> {
    const n = await settings.get('games.demo_racers');
    for (let i = 1; i <= n; i++) {
      const address = `0x4e657861${'0'.repeat(26)}9a${String(i).padStart(4, '0')}`;
      const [found] = await store.db
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(eq(schema.users.address, address));
      let id = found?.id;
      if (id === undefined) {
        const [row] = await store.db
          .insert(schema.users)
          .values({
            uid: `1000030${String(i).padStart(2, '0')}`,
            address,
            inviteCode: `NEXARACE${i}`,
            createdAt: clock.now(),
          })
          .onConflictDoNothing()
          .returning({ id: schema.users.id });
        if (!row) continue;
        id = row.id;
      }
      demoRacers.push(id);
    }
  }

  /** Makes sure a demo racer can pay for `tickets` tickets and their principal. */
  async function fundDemoRacer(userId: number, tickets: number, price: bigint): Promise<void> {
    const need = price * BigInt(tickets) * 2n;
    await store.db.transaction(async (tx) => {
      const spot = await ledger.account(tx, { userId, asset: 'USDT', kind: 'spot' });
      const have = (await ledger.accountBalances(tx, [spot.id])).get(spot.id)?.available ?? 0n;
      if (have < need) {
        await ledger.credit(tx, {
          account: spot,
          system: GAMES_SYSTEM.demo,
          amount: need * 10n,
          cause: 'games.demo_fund',
          remark: 'demo racer funds',
          userId,
        });
      }
    });
    if ((await ticketsOf(store.db, userId)) < tickets) await buyTickets(userId, { count: tickets * 5 });
  }

  /**
   * One demo step: a group a real user is in gets its next demo racer once `games.demo_join_s` passed since
   * the last join. Its tickets and client seed are drawn at random as it joins (`demoContribution`).
   */
  async function demoStep(): Promise<void> {
    if (demoRacers.length === 0 || (await settings.get('games.demo_racers')) === 0) return;
    const wait = (await settings.get('games.demo_join_s')) * 1000;
    if (clock.now().getTime() - lastDemoJoin < wait) return;
    const g = await currentGroup();
    if (g.entrants === 0 || g.entrants >= g.size) return;
    const inGroup = await store.db
      .select({ userId: raceEntries.userId })
      .from(raceEntries)
      .where(eq(raceEntries.groupId, g.id));
    const taken = new Set(inGroup.map((r) => r.userId));
    if (![...taken].some((u) => !demoRacers.includes(u))) return;
    const racer = demoRacers.find((u) => !taken.has(u));
    if (racer === undefined) return;
    const { maxTickets } = await terms();
    const c = demoContribution(maxTickets);
    await fundDemoRacer(racer, c.tickets, g.ticketPrice);
    try {
      await store.db.transaction((tx) =>
        joinIn(tx, racer, {
          groupId: g.id,
          tickets: c.tickets,
          pay: 'balance',
          payTx: null,
          clientSeed: c.clientSeed,
        }),
      );
      lastDemoJoin = clock.now().getTime();
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      log.debug({ racer, err: err.errorName }, 'demo racer could not join');
    }
  }

  /** What runs every second while the server runs (and what tests call). */
  async function tick(): Promise<void> {
    await settleDue();
    await quizStep();
    await demoStep();
    await currentGroup();
  }

  // ---------------------------------------------------------------- reads

  async function lobby(userId: number) {
    const t = await terms();
    const g = await currentGroup();
    const [tickets, balances, mineRows, activeRows] = await Promise.all([
      ticketsOf(store.db, userId),
      ledger.balances(userId),
      store.db
        .select()
        .from(raceEntries)
        .where(and(eq(raceEntries.groupId, g.id), eq(raceEntries.userId, userId))),
      store.db
        .select()
        .from(raceEntries)
        .where(
          and(eq(raceEntries.userId, userId), inArray(raceEntries.status, ['not_drawn', 'won', 'not_won'])),
        )
        .orderBy(desc(raceEntries.id))
        .limit(20),
    ]);
    const usdt = balances.find((b) => b.asset === 'USDT' && b.kind === 'spot')?.available ?? 0n;
    const exchange = [];
    for (const a of await settings.get('games.exchange_assets')) {
      const asset = deps.assets.find(a);
      const p18 = asset ? await deps.priceUsdt18(a) : null;
      const each = asset ? await perTicket(a, t.price) : null;
      if (!asset || p18 === null || each === null) continue;
      exchange.push({
        asset: a,
        price_usdt: formatAmount(p18, 18),
        per_ticket: formatAmount(each, asset.scale),
      });
    }
    const [joined] = mineRows;
    return {
      ticket_price: usd(t.price),
      tickets,
      usdt: usd(usdt),
      group_size: g.size,
      max_tickets: t.maxTickets,
      prize_share: formatAmount(t.prizeShare, SHARE_SCALE),
      rewards: g.rewards,
      group: groupView(g),
      joined: joined ? entryView(joined, g.status) : null,
      active: await entriesWithStatus(activeRows),
      exchange,
      chain: { enabled: deps.chainPayment !== null, network: deps.chainPayment ? 'USDT' : null },
    };
  }

  async function entry(userId: number, id: number): Promise<EntryView> {
    const [e] = await store.db
      .select()
      .from(raceEntries)
      .where(and(eq(raceEntries.id, id), eq(raceEntries.userId, userId)));
    if (!e) throw new DomainError('RaceNotFound');
    const [v] = await entriesWithStatus([e]);
    if (!v) throw new DomainError('RaceNotFound');
    return v;
  }

  async function groupInfo(userId: number, id: number) {
    const [g] = await store.db.select().from(raceGroups).where(eq(raceGroups.id, id));
    if (!g) throw new DomainError('RaceNotFound');
    const rows = await store.db
      .select({ e: raceEntries, uid: schema.users.uid })
      .from(raceEntries)
      .innerJoin(schema.users, eq(schema.users.id, raceEntries.userId))
      .where(eq(raceEntries.groupId, g.id))
      .orderBy(asc(raceEntries.joinOrder));
    return {
      group: groupView(g),
      rewards: g.rewards,
      entrants: rows.map(({ e, uid }) => ({
        entry_id: e.id,
        uid: e.userId === userId ? uid : maskUid(uid),
        join_order: e.joinOrder,
        tickets: e.tickets,
        client_seed: e.clientSeed,
        rank: g.seed ? e.rank : null,
        reward: usd(g.seed ? e.reward : 0n),
        mine: e.userId === userId,
      })),
    };
  }

  async function paged<T>(
    q: { page: number; size: number },
    rows: (limit: number, offset: number) => Promise<T[]>,
    total: () => Promise<number>,
  ) {
    const { limit, offset } = pageWindow(q);
    const [list, n] = await Promise.all([rows(limit, offset), total()]);
    return pageAnswer(list, n);
  }

  const countWhere = async (
    table: typeof ticketOrders | typeof ticketMoves | typeof raceLocks,
    userId: number,
  ) => {
    const [r] = await store.db.select({ n: count() }).from(table).where(eq(table.userId, userId));
    return r?.n ?? 0;
  };

  const ticketOrderList = (userId: number, q: { page: number; size: number }) =>
    paged(
      q,
      async (limit, offset) => {
        const rows = await store.db
          .select()
          .from(ticketOrders)
          .where(eq(ticketOrders.userId, userId))
          .orderBy(desc(ticketOrders.id))
          .limit(limit)
          .offset(offset);
        return rows.map((o) => ({
          id: o.id,
          kind: o.kind,
          count: o.count,
          pay_asset: o.payAsset,
          pay_amount: o.payAsset ? formatAmount(o.payAmount, deps.assets.get(o.payAsset).scale) : '0',
          created_at: o.createdAt.toISOString(),
        }));
      },
      () => countWhere(ticketOrders, userId),
    );

  const lockLog = (userId: number, q: { page: number; size: number }) =>
    paged(
      q,
      async (limit, offset) => {
        const rows = await store.db
          .select()
          .from(raceLocks)
          .where(eq(raceLocks.userId, userId))
          .orderBy(desc(raceLocks.id))
          .limit(limit)
          .offset(offset);
        return rows.map((r) => ({
          id: r.id,
          entry_id: r.entryId,
          group_id: r.groupId,
          action: r.action,
          amount: usd(r.amount),
          created_at: r.createdAt.toISOString(),
        }));
      },
      () => countWhere(raceLocks, userId),
    );

  const ticketLog = (userId: number, q: { page: number; size: number }) =>
    paged(
      q,
      async (limit, offset) => {
        const rows = await store.db
          .select()
          .from(ticketMoves)
          .where(eq(ticketMoves.userId, userId))
          .orderBy(desc(ticketMoves.id))
          .limit(limit)
          .offset(offset);
        return rows.map((r) => ({
          id: r.id,
          change: r.change,
          reason: r.reason,
          ref: r.ref,
          balance: r.balance,
          created_at: r.createdAt.toISOString(),
        }));
      },
      () => countWhere(ticketMoves, userId),
    );

  async function playLog(
    userId: number,
    q: { status?: EntryRow['status'] | undefined; page: number; size: number },
  ) {
    // "Won" and "not won" also find finished entries by their result (a finished entry was one or the other).
    const byStatus =
      q.status === 'won'
        ? or(
            eq(raceEntries.status, 'won'),
            and(eq(raceEntries.status, 'finished'), sql`${raceEntries.reward} > 0`),
          )
        : q.status === 'not_won'
          ? or(
              eq(raceEntries.status, 'not_won'),
              and(eq(raceEntries.status, 'finished'), sql`${raceEntries.reward} = 0`),
            )
          : q.status
            ? eq(raceEntries.status, q.status)
            : undefined;
    const where = and(eq(raceEntries.userId, userId), byStatus);
    const [rows, [total]] = await Promise.all([
      onPage(store.db.select().from(raceEntries).where(where).orderBy(desc(raceEntries.id)), q),
      store.db.select({ n: count() }).from(raceEntries).where(where),
    ]);
    return pageAnswer(await entriesWithStatus(rows), total);
  }

  // ---------------------------------------------------------------- quiz

  const textOf = (texts: Record<string, { question: string; choices: string[] }>, lang: Lang) =>
    texts[lang] ?? texts.en ?? { question: '', choices: [] };

  const quiz = createQuiz({
    ...deps,
    ticketsOf,
    payReward: async (tx, userId, count) => {
      const { price } = await terms();
      const fund = await ledger.systemAccount(tx, GAMES_SYSTEM.fund, 'USDT');
      await issueTickets(tx, { userId, count, kind: 'quiz', backedFrom: fund, price });
    },
  });
  let reseedQuiz: (() => Promise<void>) | null = null;

  /** Closed questions paid; in the demo, its questions come again when none is open. */
  async function quizStep(): Promise<void> {
    await quiz.settleClosed();
    if (reseedQuiz && !(await quiz.anyOpen())) await reseedQuiz();
  }

  // ---------------------------------------------------------------- operators

  /** A system account's balance, read without creating the account. */
  async function systemBalance(name: string, asset: string): Promise<bigint> {
    const [row] = await store.db
      .select({ available: schema.ledgerAccounts.available })
      .from(schema.ledgerAccounts)
      .where(and(eq(schema.ledgerAccounts.systemName, name), eq(schema.ledgerAccounts.asset, asset)));
    return row?.available ?? 0n;
  }

  async function overview() {
    const [fund, backing, pools, revenue, issued] = await Promise.all([
      systemBalance(GAMES_SYSTEM.fund, 'USDT'),
      systemBalance(GAMES_SYSTEM.backing, 'USDT'),
      systemBalance(GAMES_SYSTEM.pool, 'USDT'),
      systemBalance(GAMES_SYSTEM.revenue, 'USDT'),
      systemBalance(GAMES_SYSTEM.capital, TICKET),
    ]);
    const groups = await store.db
      .select()
      .from(raceGroups)
      .where(inArray(raceGroups.status, ['open', 'formed']))
      .orderBy(desc(raceGroups.id))
      .limit(50);
    const quizzes = await store.db
      .select({
        q: quizQuestions,
        answered: sql<number>`(select count(*)::int from ${quizAttempts} where ${quizAttempts.questionId} = ${quizQuestions.id} and ${quizAttempts.answeredAt} is not null)`,
      })
      .from(quizQuestions)
      .orderBy(desc(quizQuestions.id));
    return {
      fund: usd(fund),
      backing: usd(backing),
      tickets_outstanding: Number(-issued),
      pools: usd(pools),
      revenue: usd(revenue),
      groups: groups.map(groupView),
      quizzes: quizzes.map(({ q, answered }) => ({
        id: q.id,
        question: textOf(q.texts, 'en').question,
        answer: q.answer,
        reward_tickets: q.rewardTickets,
        time_limit_s: q.timeLimitS,
        active: q.active,
        answered,
        closes_at: q.closesAt?.toISOString() ?? null,
        settled_at: q.settledAt?.toISOString() ?? null,
      })),
    };
  }

  async function fund(operatorId: number | null, body: { amount: string; reason?: string | undefined }) {
    const amount = parseAmount(body.amount, USDT_SCALE);
    if (amount === null || amount <= 0n) throw new ValidationError('amount', 'invalid_value');
    await store.db.transaction(async (tx) => {
      await fundPoolAudited(tx, ledger, clock.now(), {
        operatorId,
        action: 'games.fund',
        subject: 'system:games:fund',
        pool: GAMES_SYSTEM.fund,
        asset: 'USDT',
        scale: USDT_SCALE,
        amount,
        reason: body.reason,
        from: GAMES_SYSTEM.capital,
        remark: 'game fund',
      });
    });
    return { fund: usd(await systemBalance(GAMES_SYSTEM.fund, 'USDT')) };
  }

  /** A question's closing time: as given (not in the past), or `games.quiz_open_hours` from now. */
  async function quizClosesAt(given: string | null | undefined): Promise<Date | null> {
    if (given === null) return null;
    if (given === undefined)
      return new Date(clock.now().getTime() + (await settings.get('games.quiz_open_hours')) * 3_600_000);
    const at = new Date(given);
    if (Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(given))
      throw new ValidationError('closes_at', 'invalid_format');
    if (at <= clock.now()) throw new ValidationError('closes_at', 'invalid_value');
    return at;
  }

  async function saveQuiz(
    operatorId: number | null,
    body: {
      id?: number | undefined;
      texts: Record<string, { question: string; choices: string[] }>;
      answer: number;
      reward_tickets: number;
      time_limit_s: number;
      active: boolean;
      closes_at?: string | null | undefined;
    },
  ) {
    const n = body.texts.en?.choices.length ?? 0;
    for (const [lang, t] of Object.entries(body.texts)) {
      if (t.choices.length !== n) throw new ValidationError(`texts.${lang}.choices`, 'invalid_value');
    }
    if (body.answer >= n) throw new ValidationError('answer', 'too_big');
    const closesAt = await quizClosesAt(body.closes_at);
    const values = {
      closesAt,
      texts: body.texts,
      answer: body.answer,
      rewardTickets: body.reward_tickets,
      timeLimitS: body.time_limit_s,
      active: body.active,
    };
    return store.db.transaction(async (tx) => {
      let id: number;
      let before: unknown = null;
      if (body.id !== undefined) {
        const [old] = await tx
          .select()
          .from(quizQuestions)
          .where(eq(quizQuestions.id, body.id))
          .for('update');
        if (!old) throw new DomainError('QuizNotFound');
        before = old;
        await tx.update(quizQuestions).set(values).where(eq(quizQuestions.id, body.id));
        id = body.id;
      } else {
        const [row] = await tx
          .insert(quizQuestions)
          .values({ ...values, createdAt: clock.now() })
          .returning({ id: quizQuestions.id });
        if (!row) throw new Error('question not written');
        id = row.id;
      }
      if (operatorId !== null)
        await auditOperator(tx, clock.now(), {
          operatorId,
          action: body.id === undefined ? 'games.quiz.add' : 'games.quiz.edit',
          subject: `quiz:${id}`,
          before,
          after: values,
        });
      return { id };
    });
  }

  // ---------------------------------------------------------------- start

  async function start(seedQuiz: () => Promise<void>): Promise<void> {
    await terms();
    await currentGroup();
    if (!config.seedDemo) return;
    const [funded] = await store.db
      .select({ id: schema.ledgerAccounts.id })
      .from(schema.ledgerAccounts)
      .where(eq(schema.ledgerAccounts.systemName, GAMES_SYSTEM.fund))
      .limit(1);
    if (!funded) await fund(null, { amount: await settings.get('games.demo_fund') });
    await seedQuiz();
    reseedQuiz = seedQuiz;
    await ensureDemoRacers();
  }

  return {
    lobby,
    play,
    entry,
    groupInfo,
    buyTickets,
    exchangeTickets,
    ticketOrderList,
    lockLog,
    playLog,
    ticketLog,
    quizList: quiz.list,
    quizOpen: quiz.open,
    quizAnswer: quiz.answer,
    quizStep,
    quizAnyOpen: quiz.anyOpen,
    overview,
    fund,
    saveQuiz,
    start,
    tick,
    settleDue,
    draw,
    payout,
    currentGroup,
    ticketsOf: (userId: number) => ticketsOf(store.db, userId),
    demoRacers: () => [...demoRacers],
  };
}

export type Games = ReturnType<typeof createGames>;
