/**
 * The rewards engine: every periodic payout (staking profit, burn release, and the programs that follow) runs
 * through it.
 *
 * A program names its funded pool (a system account), its asset, its cause, and a rule: which positions are
 * due in a period and what each earns. `settle(program, period)` pays a (program, period) once, whatever
 * crashes, restarts or second instances happen:
 * - the run's row (`reward_runs`, unique per program and period) is its lease: a runner takes it only while
 *   it is not done and no one else's lease is current;
 * - positions are paid in batches, in id order; each batch commits its payouts (`reward_payouts`, unique per
 *   program, position and period), their ledger postings, the positions' new state and the run's cursor in
 *   one transaction, so a run cut short resumes after its last committed batch and never pays a position
 *   twice;
 * - a pool that runs dry pays what it holds and queues the rest (operators see the queue); a later run of
 *   `payQueued` pays the queue, oldest first, once the pool is refilled. Nothing is paid from thin air.
 */
import type { Cause } from '@nexa/contract';
import { and, asc, eq, gte, lt, max, sql } from 'drizzle-orm';
import type { Clock } from '../kernel/clock';
import type { Ledger, LedgerAccount, Posting } from '../ledger';
import { type Store, schema, type Tx } from '../store';

const { rewardRuns, rewardPayouts } = schema;

export interface RewardProgram<P> {
  /** Unique name of the program (`pledge:USDT`). */
  readonly key: string;
  /** The funded system account it pays from. */
  readonly pool: string;
  readonly asset: string;
  readonly cause: Cause;
  /** Positions due for `period` with an id above `after`, at most `limit`, in id order. */
  due(tx: Tx, period: number, after: number, limit: number): Promise<readonly P[]>;
  id(p: P): number;
  userId(p: P): number;
  /** What the position earns for the period, minor units (0: nothing this time). */
  amount(p: P, period: number): bigint;
  /** Records on the position what it earned (paid or queued), in the batch's transaction. */
  earned(tx: Tx, p: P, period: number, amount: bigint, paid: boolean): Promise<void>;
  /** The same for a whole batch in one statement (used instead of `earned` when given). */
  earnedMany?(
    tx: Tx,
    rows: readonly { p: P; amount: bigint; paid: boolean }[],
    period: number,
  ): Promise<void>;
}

export type { ProgramReport } from '../ports/solvency';

export interface SettleResult {
  readonly program: string;
  readonly period: number;
  /** False when another runner holds the lease or the run was done already. */
  readonly ran: boolean;
  readonly positions: number;
  readonly paid: bigint;
  readonly queued: bigint;
}

export interface RewardsDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly ledger: Ledger;
  /** Where a short pool is reported to operators. */
  readonly log: { error(obj: object, msg: string): void };
}

const LEASE_MS = 60_000;

export function createRewards(deps: RewardsDeps, opts: { batch?: number } = {}) {
  const { store, clock, ledger, log } = deps;
  const batch = opts.batch ?? 500;

  /** Takes the run's lease, or null when it is done or someone else's lease is current. */
  async function lease(program: string, period: number): Promise<{ cursor: number } | null> {
    const now = clock.now();
    const until = new Date(now.getTime() + LEASE_MS);
    await store.db
      .insert(rewardRuns)
      .values({ program, period, status: 'running', cursor: 0, leasedUntil: new Date(0), startedAt: now })
      .onConflictDoNothing();
    const [row] = await store.db
      .update(rewardRuns)
      .set({ leasedUntil: until })
      .where(
        and(
          eq(rewardRuns.program, program),
          eq(rewardRuns.period, period),
          eq(rewardRuns.status, 'running'),
          lt(rewardRuns.leasedUntil, now),
        ),
      )
      .returning({ cursor: rewardRuns.cursor });
    return row ?? null;
  }

  async function poolAccount(tx: Tx, p: RewardProgram<unknown>): Promise<LedgerAccount> {
    return ledger.systemAccount(tx, p.pool, p.asset);
  }

  async function held(tx: Tx, account: LedgerAccount): Promise<bigint> {
    return (await ledger.accountBalances(tx, [account.id])).get(account.id)?.available ?? 0n;
  }

  async function settle<P>(program: RewardProgram<P>, period: number): Promise<SettleResult> {
    const took = await lease(program.key, period);
    if (!took) return { program: program.key, period, ran: false, positions: 0, paid: 0n, queued: 0n };
    let cursor = took.cursor;
    let positions = 0;
    let paid = 0n;
    let queued = 0n;
    for (;;) {
      const done = await store.db.transaction(async (tx) => {
        const due = await program.due(tx, period, cursor, batch);
        if (due.length === 0) return true;
        const pool = await poolAccount(tx, program as RewardProgram<unknown>);
        let left = await held(tx, pool);
        // What each position earns; paid while the pool holds it, queued after.
        const rows: { p: P; amount: bigint; paid: boolean }[] = [];
        for (const p of due) {
          const amount = program.amount(p, period);
          if (amount <= 0n) continue;
          const paid = left >= amount;
          if (paid) left -= amount;
          rows.push({ p, amount, paid });
        }
        const now = clock.now();
        // One multi-row insert; a position already paid for the period (a conflict) is left out of the rest.
        const fresh =
          rows.length === 0
            ? []
            : await tx
                .insert(rewardPayouts)
                .values(
                  rows.map((r) => ({
                    program: program.key,
                    period,
                    positionId: program.id(r.p),
                    userId: program.userId(r.p),
                    asset: program.asset,
                    amount: r.amount,
                    status: r.paid ? ('paid' as const) : ('queued' as const),
                    createdAt: now,
                    paidAt: r.paid ? now : null,
                  })),
                )
                .onConflictDoNothing()
                .returning({ positionId: rewardPayouts.positionId });
        const inserted = new Set(fresh.map((f) => f.positionId));
        const kept = rows.filter((r) => inserted.has(program.id(r.p)));
        // One ledger transaction for the batch: the pool pays every user's sum.
        const perUser = new Map<number, bigint>();
        for (const r of kept)
          if (r.paid) perUser.set(program.userId(r.p), (perUser.get(program.userId(r.p)) ?? 0n) + r.amount);
        const batchPaid = [...perUser.values()].reduce((a, b) => a + b, 0n);
        const batchQueued = kept.filter((r) => !r.paid).reduce((a, r) => a + r.amount, 0n);
        if (batchPaid > 0n) {
          const postings: Posting[] = [{ account: pool, bucket: 'available', amount: -batchPaid }];
          const accounts = await ledger.accountsOf(tx, [...perUser.keys()], program.asset, 'spot');
          for (const [userId, amount] of perUser) {
            const to = accounts.get(userId);
            if (!to) throw new Error(`no account for user ${userId}`);
            postings.push({ account: to, bucket: 'available', amount });
          }
          const [outcome] = await ledger.postMany(tx, [
            {
              cause: program.cause,
              ref: `${program.key}:${period}:${cursor}`,
              userId: perUser.size === 1 ? ([...perUser.keys()][0] ?? null) : null,
              requestId: null,
              postings,
            },
          ]);
          if (!outcome?.ok)
            throw new Error(`rewards batch refused: ${outcome ? outcome.error : 'no outcome'}`);
        }
        if (program.earnedMany) await program.earnedMany(tx, kept, period);
        else for (const r of kept) await program.earned(tx, r.p, period, r.amount, r.paid);
        const last = due[due.length - 1];
        cursor = last ? program.id(last) : cursor;
        await tx
          .update(rewardRuns)
          .set({
            cursor,
            paid: sql`${rewardRuns.paid} + ${batchPaid}`,
            queued: sql`${rewardRuns.queued} + ${batchQueued}`,
            positions: sql`${rewardRuns.positions} + ${due.length}`,
            leasedUntil: new Date(clock.now().getTime() + LEASE_MS),
          })
          .where(and(eq(rewardRuns.program, program.key), eq(rewardRuns.period, period)));
        positions += due.length;
        paid += batchPaid;
        queued += batchQueued;
        return due.length < batch;
      });
      if (done) break;
    }
    await store.db
      .update(rewardRuns)
      .set({ status: 'done', finishedAt: clock.now() })
      .where(and(eq(rewardRuns.program, program.key), eq(rewardRuns.period, period)));
    if (queued > 0n) {
      log.error(
        { program: program.key, period, queued: queued.toString() },
        'rewards pool short: payouts queued until it is refilled',
      );
    }
    return { program: program.key, period, ran: true, positions, paid, queued };
  }

  /** Pays a program's queued payouts, oldest first, while its pool holds enough for the next one. */
  async function payQueued<P>(
    program: RewardProgram<P>,
    onPaid?: (tx: Tx, payout: { positionId: number; amount: bigint }) => Promise<void>,
  ): Promise<number> {
    let n = 0;
    for (;;) {
      const more = await store.db.transaction(async (tx) => {
        const [next] = await tx
          .select()
          .from(rewardPayouts)
          .where(and(eq(rewardPayouts.program, program.key), eq(rewardPayouts.status, 'queued')))
          .orderBy(asc(rewardPayouts.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!next) return false;
        const pool = await poolAccount(tx, program as RewardProgram<unknown>);
        if ((await held(tx, pool)) < next.amount) return false;
        await ledger.transfer(tx, {
          from: pool,
          to: { userId: next.userId, asset: next.asset, kind: 'spot' },
          amount: next.amount,
          cause: program.cause,
          ref: `${program.key}:${next.positionId}:${next.period}`,
          userId: next.userId,
        });
        await tx
          .update(rewardPayouts)
          .set({ status: 'paid', paidAt: clock.now() })
          .where(eq(rewardPayouts.id, next.id));
        await onPaid?.(tx, { positionId: next.positionId, amount: next.amount });
        return true;
      });
      if (!more) return n;
      n++;
    }
  }

  /**
   * Settles every period from `from` up to (not including) `until` that is not done yet, in order; `prepare`
   * runs before each (a program that fixes its positions for the period takes them there).
   */
  async function settleRange<P>(
    program: RewardProgram<P>,
    from: number,
    until: number,
    prepare?: (period: number) => Promise<void>,
  ): Promise<void> {
    if (from >= until) return;
    const done = new Set(
      (
        await store.db
          .select({ p: rewardRuns.period })
          .from(rewardRuns)
          .where(
            and(
              eq(rewardRuns.program, program.key),
              eq(rewardRuns.status, 'done'),
              gte(rewardRuns.period, from),
              lt(rewardRuns.period, until),
            ),
          )
      ).map((r) => r.p),
    );
    for (let period = from; period < until; period++) {
      if (done.has(period)) continue;
      await prepare?.(period);
      await settle(program, period);
    }
  }

  /** The last period of a program that is done, or null. */
  async function lastDone(program: string): Promise<number | null> {
    const [row] = await store.db
      .select({ p: max(rewardRuns.period) })
      .from(rewardRuns)
      .where(and(eq(rewardRuns.program, program), eq(rewardRuns.status, 'done')));
    return row?.p ?? null;
  }

  return { settle, settleRange, lastDone, payQueued };
}

export type Rewards = ReturnType<typeof createRewards>;
