/**
 * The demo's racers: accounts of their own that fill a group a real user is in, one at a time. Their seats are
 * paid by the demo racers' pool (`system:games:demo_pool`), never by their accounts, and what is left of them
 * at settlement goes back there (settle.ts, docs/rules.md "Games").
 */
import { randomBytes } from 'node:crypto';
import { USDT_SCALE } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import { amountSetting } from '../../kernel/settings';
import { schema, type Tx } from '../../store';
import { type EntryRow, GAMES_SYSTEM, type GamesCtx, type GroupRow } from './context';
import { advanceGroup, currentGroup, insertEntry, lockOpenGroup } from './groups';
import { systemBalance } from './operators';
import { raceEntries } from './tables';
import { terms } from './terms';

/** Most tickets a demo racer joins with. */
const DEMO_MAX_TICKETS = 3;

/**
 * A demo racer's client seed and tickets for a join, drawn fresh at random at the moment it joins and
 * published with its entry at once, like a player's. Nothing about them follows from the committed server
 * seed, so whoever could open that seed still does not know them before the racer joins.
 */
export function demoContribution(maxTickets: number) {
  const bytes = randomBytes(18);
  return {
    clientSeed: bytes.subarray(0, 16).toString('hex'),
    tickets: 1 + (bytes.readUInt16BE(16) % Math.min(DEMO_MAX_TICKETS, maxTickets)),
  };
}

/** A demo racer's UID as the race lists show it: `demo-NN`, its number among the demo's racers. */
export function demoUid(uid: string): string {
  return `demo-${uid.slice(-2)}`;
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
    if (!demoRacers.includes(id)) demoRacers.push(id);
  }
}

/** Fills the demo racers' pool up to `games.demo_pool` from the demo's capital (at each start of the demo). */
export async function fillDemoPool(ctx: GamesCtx): Promise<void> {
  const { store, ledger, clock, settings } = ctx;
  const target = amountSetting('games.demo_pool', await settings.get('games.demo_pool'), USDT_SCALE);
  await store.db.transaction(async (tx) => {
    const pool = await ledger.systemAccount(tx, GAMES_SYSTEM.demoPool, 'USDT');
    const held = (await ledger.accountBalances(tx, [pool.id])).get(pool.id)?.available ?? 0n;
    if (held >= target) return;
    await ledger.transfer(tx, {
      from: { system: GAMES_SYSTEM.demo, asset: 'USDT' },
      to: { system: GAMES_SYSTEM.demoPool, asset: 'USDT' },
      amount: target - held,
      cause: 'games.demo_fund',
      ref: `demo_pool_fund_${clock.now().getTime()}`,
      remark: 'demo racers pool',
    });
  });
}

/**
 * Whether demo racers fill groups now: `off` without demo racers, `empty` when the demo pool cannot pay for
 * every seat the group still needs at the most tickets a racer takes (so a group is never left half filled by
 * them), else `on`.
 */
export async function demoFill(ctx: GamesCtx, g: GroupRow): Promise<'on' | 'empty' | 'off'> {
  const { demoRacers, settings } = ctx;
  if (demoRacers.length === 0 || (await settings.get('games.demo_racers')) === 0) return 'off';
  const { maxTickets } = await terms(ctx);
  // A real player takes one seat before any racer joins.
  const seats = BigInt(Math.max(0, g.size - Math.max(1, g.entrants)));
  const need = seats * BigInt(Math.min(DEMO_MAX_TICKETS, maxTickets)) * g.ticketPrice;
  const held = await systemBalance(ctx, GAMES_SYSTEM.demoPool, 'USDT');
  return held >= need ? 'on' : 'empty';
}

/** A demo racer joins: its seat's worth moves from the demo pool into the groups' pool; no account of its pays. */
export async function joinDemo(
  ctx: GamesCtx,
  tx: Tx,
  racer: number,
  input: { groupId: number; tickets: number; clientSeed: string },
): Promise<{ entry: EntryRow; group: GroupRow }> {
  const { ledger } = ctx;
  const g = await lockOpenGroup(tx, input.groupId, racer);
  const entry = await insertEntry(ctx, tx, g, {
    userId: racer,
    tickets: input.tickets,
    principal: 0n,
    pay: 'balance',
    payTx: null,
    clientSeed: input.clientSeed,
    demo: true,
  });
  // The demo pool cannot go below zero: short, the ledger refuses (SystemFundsShort) and nothing is written.
  await ledger.transfer(tx, {
    from: { system: GAMES_SYSTEM.demoPool, asset: 'USDT' },
    to: { system: GAMES_SYSTEM.pool, asset: 'USDT' },
    amount: g.ticketPrice * BigInt(input.tickets),
    cause: 'games.demo_seat',
    ref: `race:${g.id}:${entry.id}`,
    remark: `race #${g.id}: demo seat, ${input.tickets} tickets`,
  });
  return { entry, group: await advanceGroup(ctx, tx, g, input.tickets) };
}

/**
 * One demo step: a group a real user is in gets its next demo racer once `games.demo_join_s` passed since
 * the last join, while the demo pool can pay for the seats it still needs. Its tickets and client seed are
 * drawn at random as it joins (`demoContribution`).
 */
export async function demoStep(ctx: GamesCtx): Promise<void> {
  const { store, clock, log, settings, demoRacers, state } = ctx;
  if (demoRacers.length === 0 || (await settings.get('games.demo_racers')) === 0) return;
  const wait = (await settings.get('games.demo_join_s')) * 1000;
  if (clock.now().getTime() - state.lastDemoJoin < wait) return;
  const g = await currentGroup(ctx);
  if (g.entrants === 0 || g.entrants >= g.size) return;
  const inGroup = await store.db
    .select({ userId: raceEntries.userId, demo: raceEntries.demo })
    .from(raceEntries)
    .where(eq(raceEntries.groupId, g.id));
  if (!inGroup.some((r) => !r.demo)) return;
  const taken = new Set(inGroup.map((r) => r.userId));
  const racer = demoRacers.find((u) => !taken.has(u));
  if (racer === undefined) return;
  if ((await demoFill(ctx, g)) !== 'on') return;
  const { maxTickets } = await terms(ctx);
  const c = demoContribution(maxTickets);
  try {
    await store.db.transaction((tx) =>
      joinDemo(ctx, tx, racer, { groupId: g.id, tickets: c.tickets, clientSeed: c.clientSeed }),
    );
    state.lastDemoJoin = clock.now().getTime();
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    log.debug({ racer, err: err.errorName }, 'demo racer could not join');
  }
}
