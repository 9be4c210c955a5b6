/** What a round and a subscription look like to a user, and a round to operators (with its buyers). */
import { formatAmount } from '@nexa/contract';
import { eq, sql } from 'drizzle-orm';
import type { PlacementCtx, RoundRow, RoundView, SubRow, SubView } from './context';
import { PART_DAYS } from './math';
import { placementSubscriptions } from './tables';

/** The token a round (or a subscription) sells. */
export const tokenOf = (ctx: PlacementCtx, r: { asset: string }) => ctx.assets.get(r.asset);

export function roundView(ctx: PlacementCtx, r: RoundRow): RoundView {
  const fmt = (v: bigint) => formatAmount(v, tokenOf(ctx, r).scale);
  return {
    id: r.id,
    name: r.name,
    asset: r.asset,
    pay_asset: r.payAsset,
    price: formatAmount(r.price, ctx.assets.get(r.payAsset).scale),
    hard_cap: fmt(r.hardCap),
    per_user_cap: fmt(r.perUserCap),
    min_amount: fmt(r.minAmount),
    sold: fmt(r.sold),
    left: fmt(r.hardCap - r.sold),
    vesting_months: r.vestingMonths,
    starts_at: r.startsAt.toISOString(),
    ends_at: r.endsAt.toISOString(),
    status: r.status,
  };
}

export async function subView(ctx: PlacementCtx, s: SubRow, roundName: string): Promise<SubView> {
  const { assets, days } = ctx;
  const fmt = (v: bigint) => formatAmount(v, assets.get(s.asset).scale);
  const next = s.partsReleased < s.parts ? s.firstDay + PART_DAYS * s.partsReleased : null;
  return {
    id: s.id,
    round_id: s.roundId,
    round: roundName,
    asset: s.asset,
    amount: fmt(s.amount),
    cost: formatAmount(s.cost, assets.get(s.payAsset).scale),
    pay_asset: s.payAsset,
    released: fmt(s.released),
    locked: fmt(s.amount - s.released),
    parts: s.parts,
    parts_released: s.partsReleased,
    next_release_at: next === null ? null : (await days.dayStart(next)).toISOString(),
    status: s.status,
    created_at: s.createdAt.toISOString(),
  };
}

/** A round as operators see it: with the number of its buyers. */
export async function adminView(ctx: PlacementCtx, r: RoundRow) {
  const [buyers] = await ctx.store.db
    .select({ n: sql<number>`count(distinct ${placementSubscriptions.userId})::int` })
    .from(placementSubscriptions)
    .where(eq(placementSubscriptions.roundId, r.id));
  return { ...roundView(ctx, r), buyers: buyers?.n ?? 0 };
}
