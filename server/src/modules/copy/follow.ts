/** Starting a copy of a lead trader, and a copy as its follower sees it. */
import { formatAmount, RATE_ONE } from '@nexa/contract';
import { and, count, eq } from 'drizzle-orm';
import { DomainError, ValidationError } from '../../kernel/errors';
import { schema, type Tx } from '../../store';
import type { CopyCtx, FollowRow, FollowView } from './context';
import { isDemoLead, leadName } from './demo-leads';
import { parseRatio, parseSigned, parseUsdt, usdt } from './math';
import { period } from './rules';
import { copyFollows, copyLeads, copyPositions, okxLinks } from './tables';
import { tierOf } from './tiers';

export async function followView(
  ctx: CopyCtx,
  f: FollowRow,
  db: Tx | CopyCtx['store']['db'] = ctx.store.db,
): Promise<FollowView> {
  const [u] = await db
    .select({ uid: schema.users.uid, address: schema.users.address })
    .from(schema.users)
    .where(eq(schema.users.id, f.leadId));
  let upl = 0n;
  let margin = 0n;
  const insts: string[] = [];
  if (f.status === 'active' && f.venue === 'platform') {
    const cps = await db
      .select()
      .from(copyPositions)
      .where(and(eq(copyPositions.followId, f.id), eq(copyPositions.detached, false)));
    for (const p of ctx.futures().positions(f.followerId)) {
      if (!cps.some((c) => c.instId === p.instId && c.contracts !== 0n)) continue;
      upl += parseSigned(p.upl);
      margin += parseUsdt(p.margin);
      insts.push(p.instId);
    }
  }
  const ratioText = (v: bigint | null) => (v === null ? null : formatAmount(v, 8));
  return {
    id: f.id,
    trader_id: f.leadId,
    trader_name: leadName(u?.uid, u?.address, f.leadId),
    trader_demo: isDemoLead(u?.address),
    mode: f.mode,
    amount: f.amount === null ? null : usdt(f.amount),
    ratio: ratioText(f.ratio),
    budget: usdt(f.budget),
    sl_ratio: ratioText(f.slRatio),
    tp_ratio: ratioText(f.tpRatio),
    venue: f.venue,
    status: f.status,
    end_reason: f.endReason,
    realized: usdt(f.realized),
    upl: usdt(upl),
    margin: usdt(margin),
    insts,
    shared: usdt(f.shared),
    hwm: usdt(f.hwm),
    created_at: f.createdAt.toISOString(),
    ended_at: f.endedAt?.toISOString() ?? null,
  };
}

export async function follow(
  ctx: CopyCtx,
  userId: number,
  body: {
    trader_id: number;
    mode: 'amount' | 'ratio';
    /** USDT minor units. */
    amount?: bigint | undefined;
    /** Units of 10^-8, as are the stop-loss and take-profit ratios. */
    ratio?: bigint | undefined;
    /** USDT minor units. */
    budget: bigint;
    sl_ratio?: bigint | undefined;
    tp_ratio?: bigint | undefined;
    venue: 'platform' | 'okx';
    request_id?: string | undefined;
  },
): Promise<FollowView> {
  const { store, clock, ledger, settings, leads } = ctx;
  if (body.trader_id === userId) throw new DomainError('CannotFollowSelf');
  const lead = leads.get(body.trader_id);
  // A suspended lead takes no new copies.
  if (!lead || lead.suspended) throw new DomainError('TraderNotFound');
  if (leads.has(userId)) throw new DomainError('CopyRoleConflict');
  const { budget } = body;
  if (budget < parseUsdt(await settings.get('copy.min_budget')))
    throw new ValidationError('budget', 'too_small');
  let amount: bigint | null = null;
  let ratio: bigint | null = null;
  if (body.mode === 'amount') {
    if (body.amount === undefined) throw new ValidationError('amount', 'required');
    amount = body.amount;
    if (amount < parseUsdt(await settings.get('copy.min_amount')))
      throw new ValidationError('amount', 'too_small');
    if (amount > budget) throw new ValidationError('amount', 'too_big');
  } else {
    if (body.ratio === undefined) throw new ValidationError('ratio', 'required');
    ratio = body.ratio;
    const max = parseRatio(await settings.get('copy.max_ratio')) ?? RATE_ONE;
    if (ratio > max) throw new ValidationError('ratio', 'too_big');
  }
  const slRatio = body.sl_ratio ?? null;
  const tpRatio = body.tp_ratio ?? null;
  if (slRatio !== null && (slRatio <= 0n || slRatio > RATE_ONE))
    throw new ValidationError('sl_ratio', 'too_big');
  if (tpRatio !== null && (tpRatio <= 0n || tpRatio > 100n * RATE_ONE))
    throw new ValidationError('tp_ratio', 'too_big');
  if (body.venue === 'okx') {
    const [link] = await store.db.select().from(okxLinks).where(eq(okxLinks.userId, userId));
    if (!link) throw new DomainError('OkxNotLinked');
  } else {
    const available = parseUsdt((await ctx.futures().account(userId)).available);
    if (available < (amount ?? parseUsdt(await settings.get('copy.min_amount'))))
      throw new DomainError('InsufficientBalance');
  }
  const t = await tierOf(ctx, lead.tier);
  const p = await period(ctx);
  const view = await ledger.withIdempotency(userId, body.request_id, 'copy.follow', body, async (tx) => {
    // The lead's row lock counts followers one at a time.
    await tx.select().from(copyLeads).where(eq(copyLeads.userId, body.trader_id)).for('update');
    const [mine] = await tx
      .select({ id: copyFollows.id })
      .from(copyFollows)
      .where(and(eq(copyFollows.followerId, userId), eq(copyFollows.status, 'active')));
    if (mine) throw new DomainError('AlreadyCopying');
    const [n] = await tx
      .select({ n: count() })
      .from(copyFollows)
      .where(and(eq(copyFollows.leadId, body.trader_id), eq(copyFollows.status, 'active')));
    if ((n?.n ?? 0) >= t.maxFollowers) throw new DomainError('FollowersFull');
    const [created] = await tx
      .insert(copyFollows)
      .values({
        followerId: userId,
        leadId: body.trader_id,
        mode: body.mode,
        amount,
        ratio,
        budget,
        slRatio,
        tpRatio,
        venue: body.venue,
        status: 'active',
        settledPeriod: p.index - 1,
        createdAt: clock.now(),
      })
      .returning();
    if (!created) throw new Error('copy not written');
    return followView(ctx, created, tx);
  });
  ctx.state.figures = null;
  return view;
}
