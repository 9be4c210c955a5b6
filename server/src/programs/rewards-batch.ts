/**
 * One batch of a run, in one transaction: what each due position earns (paid while the pool holds it, queued
 * after), the payouts recorded once per position and period, one ledger transaction from the pool to every
 * user paid, the positions' new state, and the run's cursor moved on.
 */
import type { Posting } from '../ledger';
import { schema, type Tx } from '../store';
import type { Earning, RewardProgram, RewardsCtx } from './rewards-context';
import { held, poolAccount } from './rewards-pool';
import { advanceRun } from './rewards-runs';

const { rewardPayouts } = schema;

/** What a batch did: the run's new cursor, its sums, and whether it was the last. */
export interface BatchResult {
  readonly done: boolean;
  readonly cursor: number;
  readonly positions: number;
  readonly paid: bigint;
  readonly queued: bigint;
}

export async function runBatch<P>(
  ctx: RewardsCtx,
  tx: Tx,
  program: RewardProgram<P>,
  period: number,
  cursor: number,
): Promise<BatchResult> {
  const due = await program.due(tx, period, cursor, ctx.batch);
  if (due.length === 0) return { done: true, cursor, positions: 0, paid: 0n, queued: 0n };
  const pool = await poolAccount(ctx, tx, program as RewardProgram<unknown>);
  const rows = earnings(program, due, period, await held(ctx, tx, pool));
  const kept = await recordPayouts(ctx, tx, program, period, rows);
  // One ledger transaction for the batch: the pool pays every user's sum.
  const perUser = new Map<number, bigint>();
  for (const r of kept)
    if (r.paid) perUser.set(program.userId(r.p), (perUser.get(program.userId(r.p)) ?? 0n) + r.amount);
  const paid = [...perUser.values()].reduce((a, b) => a + b, 0n);
  const queued = kept.filter((r) => !r.paid).reduce((a, r) => a + r.amount, 0n);
  if (paid > 0n) await postBatch(ctx, tx, program, `${program.key}:${period}:${cursor}`, pool, perUser, paid);
  if (program.earnedMany) await program.earnedMany(tx, kept, period);
  else for (const r of kept) await program.earned(tx, r.p, period, r.amount, r.paid);
  const last = due[due.length - 1];
  const next = last ? program.id(last) : cursor;
  await advanceRun(ctx, tx, program.key, period, { cursor: next, paid, queued, positions: due.length });
  return { done: due.length < ctx.batch, cursor: next, positions: due.length, paid, queued };
}

/** What each position earns; paid while the pool holds it, queued after. */
function earnings<P>(
  program: RewardProgram<P>,
  due: readonly P[],
  period: number,
  held: bigint,
): Earning<P>[] {
  let left = held;
  const rows: Earning<P>[] = [];
  for (const p of due) {
    const amount = program.amount(p, period);
    if (amount <= 0n) continue;
    const paid = left >= amount;
    if (paid) left -= amount;
    rows.push({ p, amount, paid });
  }
  return rows;
}

/** The payouts' rows, once per position and period: the earnings whose row this batch wrote. */
async function recordPayouts<P>(
  { clock }: RewardsCtx,
  tx: Tx,
  program: RewardProgram<P>,
  period: number,
  rows: readonly Earning<P>[],
): Promise<Earning<P>[]> {
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
  return rows.filter((r) => inserted.has(program.id(r.p)));
}

/** One ledger transaction: the pool pays each user's sum to their spot account. */
async function postBatch(
  { ledger }: RewardsCtx,
  tx: Tx,
  program: RewardProgram<unknown>,
  ref: string,
  pool: Posting['account'],
  perUser: ReadonlyMap<number, bigint>,
  total: bigint,
): Promise<void> {
  const postings: Posting[] = [{ account: pool, bucket: 'available', amount: -total }];
  const accounts = await ledger.accountsOf(tx, [...perUser.keys()], program.asset, 'spot');
  for (const [userId, amount] of perUser) {
    const to = accounts.get(userId);
    if (!to) throw new Error(`no account for user ${userId}`);
    postings.push({ account: to, bucket: 'available', amount });
  }
  const [outcome] = await ledger.postMany(tx, [
    {
      cause: program.cause,
      ref,
      userId: perUser.size === 1 ? ([...perUser.keys()][0] ?? null) : null,
      requestId: null,
      postings,
    },
  ]);
  if (!outcome?.ok) throw new Error(`rewards batch refused: ${outcome ? outcome.error : 'no outcome'}`);
}
