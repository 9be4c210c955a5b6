/**
 * A user and a round: whether they may subscribe now and for how much (`check`), and a subscription, which pays
 * amount × price from the spot account and moves the tokens from the round's supply into the vesting pool in
 * one ledger entry (`subscribe`).
 */
import { type ExactDecimal, formatAmount } from '@nexa/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { minorUnits } from '../../kernel/assets';
import { DomainError, ValidationError } from '../../kernel/errors';
import type { Db, Tx } from '../../store';
import { PLACEMENT_SYSTEM, type PlacementCtx, type RoundRow, type SubView } from './context';
import { costOf } from './math';
import { placementRounds, placementSubscriptions } from './tables';
import { roundView, subView, tokenOf } from './views';

/** Why the user cannot subscribe to the round now, or null. */
function blocked(r: RoundRow, bought: bigint, now: Date) {
  if (r.status === 'closed' || now >= r.endsAt) return 'ended' as const;
  if (r.status === 'paused') return 'paused' as const;
  if (now < r.startsAt) return 'not_started' as const;
  if (r.sold >= r.hardCap) return 'sold_out' as const;
  if (bought >= r.perUserCap) return 'cap_reached' as const;
  return null;
}

async function boughtIn(db: Db | Tx, roundId: number, userId: number): Promise<bigint> {
  const [row] = await db
    .select({ s: sql<string>`coalesce(sum(${placementSubscriptions.amount}), 0)::text` })
    .from(placementSubscriptions)
    .where(and(eq(placementSubscriptions.roundId, roundId), eq(placementSubscriptions.userId, userId)));
  return BigInt(row?.s ?? '0');
}

/** The round a user sees: the open one, else the next to open, else the last one. */
async function currentRound(ctx: PlacementCtx): Promise<RoundRow | null> {
  const now = ctx.clock.now();
  const rows = await ctx.store.db.select().from(placementRounds).orderBy(desc(placementRounds.id)).limit(50);
  const live = rows.filter((r) => r.status !== 'closed' && r.endsAt > now);
  return (
    live.find((r) => r.startsAt <= now && r.status === 'active') ??
    live.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0] ??
    rows[0] ??
    null
  );
}

export async function check(ctx: PlacementCtx, userId: number, q: { round_id?: number | undefined }) {
  const { store, clock, ledger, assets } = ctx;
  let r: RoundRow | null;
  if (q.round_id !== undefined) {
    [r = null] = await store.db.select().from(placementRounds).where(eq(placementRounds.id, q.round_id));
    if (!r) throw new DomainError('RoundNotFound');
  } else r = await currentRound(ctx);
  const usdt = assets.get('USDT');
  if (!r) {
    return { round: null, eligible: false, reason: null, bought: '0', allowance: '0', available: '0' };
  }
  const [bought, balances] = await Promise.all([boughtIn(store.db, r.id, userId), ledger.balances(userId)]);
  const reason = blocked(r, bought, clock.now());
  const room = r.perUserCap - bought;
  const left = r.hardCap - r.sold;
  const allowance = reason ? 0n : room < left ? room : left;
  const spot = balances.find((b) => b.asset === r.payAsset && b.kind === 'spot');
  return {
    round: roundView(ctx, r),
    eligible: reason === null,
    reason,
    bought: formatAmount(bought, tokenOf(ctx, r).scale),
    allowance: formatAmount(allowance, tokenOf(ctx, r).scale),
    available: formatAmount(spot?.available ?? 0n, (assets.find(r.payAsset) ?? usdt).scale),
  };
}

export async function subscribe(
  ctx: PlacementCtx,
  userId: number,
  body: { round_id: number; amount: ExactDecimal; request_id?: string | undefined },
): Promise<SubView> {
  const { store, clock, ledger, days } = ctx;
  const [r0] = await store.db.select().from(placementRounds).where(eq(placementRounds.id, body.round_id));
  if (!r0) throw new DomainError('RoundNotFound');
  const scale = tokenOf(ctx, r0).scale;
  const amount = minorUnits(body.amount, { scale });
  if (amount < r0.minAmount) throw new ValidationError('amount', 'too_small');
  const firstDay = (await days.today()) + 1;
  await days.dayStart(firstDay);
  return ledger.withIdempotency(userId, body.request_id, 'placement.buy', body, async (tx) => {
    const [r] = await tx
      .select()
      .from(placementRounds)
      .where(eq(placementRounds.id, body.round_id))
      .for('update');
    if (!r) throw new DomainError('RoundNotFound');
    const bought = await boughtIn(tx, r.id, userId);
    const reason = blocked(r, bought, clock.now());
    const fmt = (v: bigint) => `${formatAmount(v, scale)} ${r.asset}`;
    if (reason === 'sold_out') throw new DomainError('RoundSoldOut', { left: fmt(0n) });
    if (reason === 'cap_reached') throw new DomainError('PlacementCapReached', { max: fmt(0n) });
    if (reason) throw new DomainError('RoundNotOpen');
    if (amount > r.hardCap - r.sold) throw new DomainError('RoundSoldOut', { left: fmt(r.hardCap - r.sold) });
    if (bought + amount > r.perUserCap)
      throw new DomainError('PlacementCapReached', { max: fmt(r.perUserCap - bought) });
    const cost = costOf(amount, r.price, scale);
    const [s] = await tx
      .insert(placementSubscriptions)
      .values({
        roundId: r.id,
        userId,
        asset: r.asset,
        amount,
        payAsset: r.payAsset,
        cost,
        parts: r.vestingMonths,
        firstDay,
        status: 'vesting',
        createdAt: clock.now(),
      })
      .returning();
    if (!s) throw new Error('subscription not written');
    await tx
      .update(placementRounds)
      .set({ sold: sql`${placementRounds.sold} + ${amount}` })
      .where(eq(placementRounds.id, r.id));
    // One after another: a transaction's connection runs one statement at a time.
    const buyer = await ledger.account(tx, { userId, asset: r.payAsset, kind: 'spot' });
    const sales = await ledger.systemAccount(tx, PLACEMENT_SYSTEM.sales, r.payAsset);
    const supply = await ledger.systemAccount(tx, PLACEMENT_SYSTEM.supply, r.asset);
    const vesting = await ledger.systemAccount(tx, PLACEMENT_SYSTEM.vesting, r.asset);
    // One entry: the cost leaves the buyer, the tokens leave the supply for the vesting pool.
    await ledger.post(tx, {
      cause: 'placement.buy',
      ref: `placement:${s.id}`,
      remark: `${r.name}: ${formatAmount(amount, scale)} ${r.asset}`,
      userId,
      requestId: body.request_id ?? null,
      postings: [
        { account: buyer, bucket: 'available', amount: -cost },
        { account: sales, bucket: 'available', amount: cost },
        { account: supply, bucket: 'available', amount: -amount },
        { account: vesting, bucket: 'available', amount },
      ],
    });
    return subView(ctx, s, r.name);
  });
}
