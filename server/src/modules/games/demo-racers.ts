/** The demo's racers: users of their own that join a group a real user is in, one at a time. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { schema } from '../../store';
import { GAMES_SYSTEM, type GamesCtx } from './context';
import { currentGroup, joinIn } from './groups';
import { raceEntries } from './tables';
import { terms } from './terms';
import { buyTickets, ticketsOf } from './tickets';

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

export async function ensureDemoRacers(ctx: GamesCtx): Promise<void> {
  const { store, clock, settings, demoRacers } = ctx;
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
export async function fundDemoRacer(
  ctx: GamesCtx,
  userId: number,
  tickets: number,
  price: bigint,
): Promise<void> {
  const { store, ledger } = ctx;
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
  if ((await ticketsOf(store.db, userId)) < tickets) await buyTickets(ctx, userId, { count: tickets * 5 });
}

/**
 * One demo step: a group a real user is in gets its next demo racer once `games.demo_join_s` passed since
 * the last join. Its tickets and client seed are drawn at random as it joins (`demoContribution`).
 */
export async function demoStep(ctx: GamesCtx): Promise<void> {
  const { store, clock, log, settings, demoRacers, state } = ctx;
  if (demoRacers.length === 0 || (await settings.get('games.demo_racers')) === 0) return;
  const wait = (await settings.get('games.demo_join_s')) * 1000;
  if (clock.now().getTime() - state.lastDemoJoin < wait) return;
  const g = await currentGroup(ctx);
  if (g.entrants === 0 || g.entrants >= g.size) return;
  const inGroup = await store.db
    .select({ userId: raceEntries.userId })
    .from(raceEntries)
    .where(eq(raceEntries.groupId, g.id));
  const taken = new Set(inGroup.map((r) => r.userId));
  if (![...taken].some((u) => !demoRacers.includes(u))) return;
  const racer = demoRacers.find((u) => !taken.has(u));
  if (racer === undefined) return;
  const { maxTickets } = await terms(ctx);
  const c = demoContribution(maxTickets);
  await fundDemoRacer(ctx, racer, c.tickets, g.ticketPrice);
  try {
    await store.db.transaction((tx) =>
      joinIn(ctx, tx, racer, {
        groupId: g.id,
        tickets: c.tickets,
        pay: 'balance',
        payTx: null,
        clientSeed: c.clientSeed,
      }),
    );
    state.lastDemoJoin = clock.now().getTime();
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    log.debug({ racer, err: err.errorName }, 'demo racer could not join');
  }
}
