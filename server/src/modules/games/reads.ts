/** What a player reads: the lobby, an entry, a group with its entrants, the entries by status. */
import { formatAmount, raceFinish } from '@nexa/contract';
import { and, asc, count, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { schema } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { type EntryRow, type EntryView, type GamesCtx, SHARE_SCALE, usd } from './context';
import { demoFill, demoUid } from './demo-racers';
import { currentGroup } from './groups';
import { raceEntries, raceGroups } from './tables';
import { terms } from './terms';
import { perTicket, ticketsOf } from './tickets';
import { entriesWithStatus, entryView, groupView, maskUid } from './views';

export async function lobby(ctx: GamesCtx, userId: number) {
  const { store, ledger, settings, deps } = ctx;
  const t = await terms(ctx);
  const g = await currentGroup(ctx);
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
    const each = asset ? await perTicket(ctx, a, t.price) : null;
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
    active: await entriesWithStatus(ctx, activeRows),
    exchange,
    chain: { enabled: deps.chainPayment !== null, network: deps.chainPayment ? 'USDT' : null },
    demo_fill: await demoFill(ctx, g),
    recent: (await recentGroups(ctx)).map(groupView),
  };
}

/** How long a settled or expired group stays in the lobby's recent races. */
const RECENT_MS = 120_000;

/** The groups that left the lobby lately: racing now, or settled or expired in the last two minutes. */
async function recentGroups(ctx: GamesCtx) {
  const { store, clock } = ctx;
  const since = new Date(clock.now().getTime() - RECENT_MS);
  return store.db
    .select()
    .from(raceGroups)
    .where(
      or(
        eq(raceGroups.status, 'formed'),
        and(inArray(raceGroups.status, ['settled', 'expired']), gte(raceGroups.settledAt, since)),
      ),
    )
    .orderBy(desc(raceGroups.id))
    .limit(3);
}

export async function entry(ctx: GamesCtx, userId: number, id: number): Promise<EntryView> {
  const { store } = ctx;
  const [e] = await store.db
    .select()
    .from(raceEntries)
    .where(and(eq(raceEntries.id, id), eq(raceEntries.userId, userId)));
  if (!e) throw new DomainError('RaceNotFound');
  const [v] = await entriesWithStatus(ctx, [e]);
  if (!v) throw new DomainError('RaceNotFound');
  return v;
}

export async function groupInfo(ctx: GamesCtx, userId: number, id: number) {
  const { store } = ctx;
  const [g] = await store.db.select().from(raceGroups).where(eq(raceGroups.id, id));
  if (!g) throw new DomainError('RaceNotFound');
  const rows = await store.db
    .select({ e: raceEntries, uid: schema.users.uid })
    .from(raceEntries)
    .innerJoin(schema.users, eq(schema.users.id, raceEntries.userId))
    .where(eq(raceEntries.groupId, g.id))
    .orderBy(asc(raceEntries.joinOrder));
  // Once settled, how far behind the winner each rank crossed the line (docs/fairness.md).
  const behind = g.seed ? await raceFinish(g.seed, rows.length) : [];
  return {
    group: groupView(g),
    rewards: g.rewards,
    entrants: rows.map(({ e, uid }) => ({
      entry_id: e.id,
      uid: e.demo ? demoUid(uid) : e.userId === userId ? uid : maskUid(uid),
      join_order: e.joinOrder,
      tickets: e.tickets,
      client_seed: e.clientSeed,
      rank: g.seed ? e.rank : null,
      reward: usd(g.seed ? e.reward : 0n),
      mine: e.userId === userId,
      demo: e.demo,
      finish_ms: g.seed && e.rank !== null ? (behind[e.rank - 1] ?? null) : null,
    })),
  };
}

export async function playLog(
  ctx: GamesCtx,
  userId: number,
  q: { status?: EntryRow['status'] | undefined; page: number; size: number },
) {
  const { store } = ctx;
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
  return pageAnswer(await entriesWithStatus(ctx, rows), total);
}
