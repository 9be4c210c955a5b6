/**
 * Operators and rounds: the list; opening one, which issues its hard cap from the platform's capital into the
 * round's supply; and a status change, where closing returns what the round did not sell to capital.
 */
import type { ExactDecimal } from '@nexa/contract';
import { desc, eq } from 'drizzle-orm';
import { minorUnits } from '../../kernel/assets';
import { auditOperator } from '../../kernel/audit';
import { DomainError, ValidationError } from '../../kernel/errors';
import { PLACEMENT_SYSTEM, type PlacementCtx, type RoundRow } from './context';
import { placementRounds } from './tables';
import { adminView } from './views';

export async function rounds(ctx: PlacementCtx) {
  const rows = await ctx.store.db.select().from(placementRounds).orderBy(desc(placementRounds.id));
  const list = [];
  for (const r of rows) list.push(await adminView(ctx, r));
  return { list };
}

export async function openRound(
  ctx: PlacementCtx,
  operatorId: number | null,
  body: {
    name: string;
    asset: string;
    /** USDT minor units. */
    price: bigint;
    hard_cap: ExactDecimal;
    per_user_cap: ExactDecimal;
    min_amount: ExactDecimal;
    vesting_months: number;
    starts_at: string;
    ends_at: string;
  },
) {
  const { store, clock, ledger, assets } = ctx;
  const a = assets.find(body.asset);
  if (a?.kind !== 'platform') throw new ValidationError('asset', 'invalid_value');
  const usdt = assets.get('USDT');
  const { price } = body;
  const hardCap = minorUnits(body.hard_cap, a, 'hard_cap');
  const perUserCap = minorUnits(body.per_user_cap, a, 'per_user_cap');
  const minAmount = minorUnits(body.min_amount, a, 'min_amount');
  if (perUserCap > hardCap) throw new ValidationError('per_user_cap', 'too_big');
  if (minAmount > perUserCap) throw new ValidationError('min_amount', 'too_big');
  const startsAt = new Date(body.starts_at);
  const endsAt = new Date(body.ends_at);
  if (!(endsAt > startsAt)) throw new ValidationError('ends_at', 'invalid_value');
  const row = await store.db.transaction(async (tx) => {
    const [r] = await tx
      .insert(placementRounds)
      .values({
        name: body.name,
        asset: a.symbol,
        payAsset: usdt.symbol,
        price,
        hardCap,
        perUserCap,
        minAmount,
        vestingMonths: body.vesting_months,
        startsAt,
        endsAt,
        status: 'active',
        createdAt: clock.now(),
      })
      .returning();
    if (!r) throw new Error('round not written');
    await ledger.transfer(tx, {
      from: { system: PLACEMENT_SYSTEM.capital, asset: a.symbol },
      to: { system: PLACEMENT_SYSTEM.supply, asset: a.symbol },
      amount: hardCap,
      cause: 'placement.supply',
      ref: `round:${r.id}`,
      remark: r.name,
      userId: null,
    });
    if (operatorId !== null)
      await auditOperator(tx, clock.now(), {
        operatorId,
        action: 'placement.round.open',
        subject: `round:${r.id}`,
        before: null,
        after: r,
      });
    return r;
  });
  return adminView(ctx, row);
}

export async function roundStatus(
  ctx: PlacementCtx,
  operatorId: number,
  body: { id: number; status: RoundRow['status'] },
) {
  const { store, clock, ledger } = ctx;
  const row = await store.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(placementRounds)
      .where(eq(placementRounds.id, body.id))
      .for('update');
    if (!before) throw new DomainError('RoundNotFound');
    if (before.status === 'closed') throw new DomainError('RoundNotOpen');
    const [r] = await tx
      .update(placementRounds)
      .set({ status: body.status })
      .where(eq(placementRounds.id, body.id))
      .returning();
    if (!r) throw new DomainError('RoundNotFound');
    if (body.status === 'closed' && r.hardCap > r.sold) {
      // What the round did not sell goes back to capital.
      await ledger.transfer(tx, {
        from: { system: PLACEMENT_SYSTEM.supply, asset: r.asset },
        to: { system: PLACEMENT_SYSTEM.capital, asset: r.asset },
        amount: r.hardCap - r.sold,
        cause: 'placement.supply',
        ref: `round:${r.id}`,
        remark: `${r.name}: unsold`,
        userId: null,
      });
    }
    await auditOperator(tx, clock.now(), {
      operatorId,
      action: `placement.round.${body.status}`,
      subject: `round:${r.id}`,
      before,
      after: r,
    });
    return r;
  });
  return adminView(ctx, row);
}
