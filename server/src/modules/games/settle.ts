/** A race settled in two steps, each once (the draw, then the payout), or a group that did not fill refunded. */
import { raceRanking, sha256Hex, splitPool } from '@nexa/contract';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { unseal } from '../../kernel/seal';
import { GAMES_SYSTEM, type GamesCtx, type GroupRow, TICKET } from './context';
import { prizePool, settlement } from './math';
import { raceEntries, raceGroups, raceLocks } from './tables';
import { recordMove, ticketAccount } from './tickets';

/** A group's server seed, unsealed for its draw. */
const seedOf = (ctx: GamesCtx, g: GroupRow) => unseal(ctx.sealKey, g.seedSealed).toString('utf8');

/** Step one, once: the seed is revealed and the ranks fixed (entries won / not won). */
export async function draw(ctx: GamesCtx, groupId: number): Promise<void> {
  const { store, clock } = ctx;
  await store.db.transaction(async (tx) => {
    const [g] = await tx.select().from(raceGroups).where(eq(raceGroups.id, groupId)).for('update');
    if (g?.status !== 'formed') return;
    const seed = seedOf(ctx, g);
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
    const prizes = splitPool(prizePool(g), g.rewards);
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

/**
 * Step two, once: real players' rewards paid from the pool and their principals unlocked; the platform's part
 * to revenue and what is left of the demo seats back to the demo pool (math.ts, `settlement`).
 */
export async function payout(ctx: GamesCtx, groupId: number): Promise<void> {
  const { store, clock, ledger } = ctx;
  await store.db.transaction(async (tx) => {
    const [g] = await tx.select().from(raceGroups).where(eq(raceGroups.id, groupId)).for('update');
    if (g?.status !== 'settled' || g.paidAt) return;
    const entries = await tx
      .select()
      .from(raceEntries)
      .where(eq(raceEntries.groupId, g.id))
      .orderBy(asc(raceEntries.id));
    // One after another: a transaction's connection runs one statement at a time.
    const pool = await ledger.systemAccount(tx, GAMES_SYSTEM.pool, 'USDT');
    const revenue = await ledger.systemAccount(tx, GAMES_SYSTEM.revenue, 'USDT');
    const worth = g.ticketPrice * BigInt(g.tickets);
    // Real players' prizes, the platform's part and what goes back to the demo pool (math.ts, `settlement`).
    const split = settlement(g, entries);
    const postings = [];
    for (const e of entries) {
      // A demo seat's money is the demo pool's: its racer's account is never touched.
      if (e.demo) continue;
      const spot = await ledger.account(tx, { userId: e.userId, asset: 'USDT', kind: 'spot' });
      postings.push(
        { account: spot, bucket: 'frozen' as const, amount: -e.principal },
        { account: spot, bucket: 'available' as const, amount: e.principal + e.reward },
      );
    }
    postings.push(
      { account: pool, bucket: 'available' as const, amount: -worth },
      { account: revenue, bucket: 'available' as const, amount: split.revenue },
    );
    if (split.demoWorth > 0n) {
      const demoPool = await ledger.systemAccount(tx, GAMES_SYSTEM.demoPool, 'USDT');
      postings.push({ account: demoPool, bucket: 'available' as const, amount: split.demoBack });
    }
    await ledger.post(tx, {
      cause: 'games.settle',
      ref: `race:${g.id}`,
      remark: `race #${g.id} settled`,
      userId: null,
      postings: postings.filter((p) => p.amount !== 0n),
    });
    const now = clock.now();
    const real = entries.filter((e) => !e.demo);
    if (real.length > 0) {
      await tx.insert(raceLocks).values(
        real.map((e) => ({
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
export async function expire(ctx: GamesCtx, groupId: number): Promise<void> {
  const { store, clock, ledger } = ctx;
  await store.db.transaction(async (tx) => {
    const [g] = await tx.select().from(raceGroups).where(eq(raceGroups.id, groupId)).for('update');
    if (g?.status !== 'open' || g.entrants === 0 || g.expiresAt > clock.now()) return;
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
      if (e.demo) {
        // A demo seat's worth goes back to the demo pool; its racer's account was never touched.
        await ledger.transfer(tx, {
          from: { system: GAMES_SYSTEM.pool, asset: 'USDT' },
          to: { system: GAMES_SYSTEM.demoPool, asset: 'USDT' },
          amount: g.ticketPrice * BigInt(e.tickets),
          cause: 'games.refund',
          ref: `race:${g.id}:${e.id}`,
          remark: `race #${g.id} not formed: demo seat`,
        });
        continue;
      }
      // One after another: a transaction's connection runs one statement at a time.
      const mine = await ticketAccount(ctx, tx, e.userId);
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
      await recordMove(ctx, tx, e.userId, e.tickets, 'refund', `race:${g.id}`);
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
export async function settleDue(ctx: GamesCtx): Promise<void> {
  const { store, clock } = ctx;
  const now = clock.now();
  const formed = await store.db
    .select({ id: raceGroups.id })
    .from(raceGroups)
    .where(and(eq(raceGroups.status, 'formed'), lte(raceGroups.raceEndsAt, now)));
  for (const g of formed) await draw(ctx, g.id);
  const unpaid = await store.db
    .select({ id: raceGroups.id })
    .from(raceGroups)
    .where(and(eq(raceGroups.status, 'settled'), sql`${raceGroups.paidAt} is null`));
  for (const g of unpaid) await payout(ctx, g.id);
  const stale = await store.db
    .select({ id: raceGroups.id })
    .from(raceGroups)
    .where(
      and(eq(raceGroups.status, 'open'), sql`${raceGroups.entrants} > 0`, lte(raceGroups.expiresAt, now)),
    );
  for (const g of stale) await expire(ctx, g.id);
}
