/** Ending a copy: by its follower, or by its stop-loss or take-profit. */
import { exactText, RATE_ONE } from '@nexa/contract';
import { and, eq, sql } from 'drizzle-orm';
import { DomainError } from '../../kernel/errors';
import type { CopyCtx, CopyPosRow, FollowRow, FollowView } from './context';
import { followView } from './follow';
import { abs, parseSigned, parseUsdt } from './math';
import { sendOkx } from './okx-send';
import { period } from './rules';
import { settleOne } from './settle-profit';
import { copyFollows, copyPositions, copyTrades, okxCopyOrders } from './tables';

/** Ends a copy: positions closed at market (or kept as the follower's own), then its profit share settled. */
export async function endCopy(
  ctx: CopyCtx,
  f: FollowRow,
  how: { close: boolean; status: 'canceled' | 'stopped'; reason: 'user' | 'sl' | 'tp' },
): Promise<FollowRow> {
  const { store, clock, managed } = ctx;
  const [ended] = await store.db
    .update(copyFollows)
    .set({ status: how.status, endReason: how.reason, endedAt: clock.now() })
    .where(and(eq(copyFollows.id, f.id), eq(copyFollows.status, 'active')))
    .returning();
  if (!ended) return f;
  const cps = await store.db.select().from(copyPositions).where(eq(copyPositions.followId, f.id));
  for (const cp of cps) managed.delete(`${f.followerId}:${cp.instId}`);
  if (how.close) {
    for (const cp of cps) {
      if (cp.detached || cp.contracts === 0n) continue;
      if (f.venue === 'okx') {
        await closeOnOkx(ctx, f, cp);
        continue;
      }
      await closeOnPlatform(ctx, f, cp);
    }
  }
  await store.db.delete(copyPositions).where(eq(copyPositions.followId, f.id));
  // What the copy earned up to now is shared at once, as the period's settlement.
  await settleOne(ctx, f.id, (await period(ctx)).index);
  ctx.state.figures = null;
  const [after] = await store.db.select().from(copyFollows).where(eq(copyFollows.id, f.id));
  if (cps.length > 0 && f.venue === 'okx') setImmediate(() => void sendOkx(ctx));
  return after ?? ended;
}

/** A copied OKX position's close: a trade and an order for the OKX sender. */
async function closeOnOkx(ctx: CopyCtx, f: FollowRow, cp: CopyPosRow): Promise<void> {
  const { store, clock } = ctx;
  await store.db.transaction(async (tx) => {
    const [trade] = await tx
      .insert(copyTrades)
      .values({
        followId: f.id,
        followerId: f.followerId,
        leadId: f.leadId,
        instId: cp.instId,
        side: cp.contracts > 0n ? 'sell' : 'buy',
        size: abs(cp.contracts),
        filled: 0n,
        leadPrice: 0n,
        price: null,
        slippage: null,
        pnl: 0n,
        fee: 0n,
        lever: 1,
        venue: 'okx',
        status: 'sent',
        reason: null,
        orderId: null,
        createdAt: clock.now(),
      })
      .returning({ id: copyTrades.id });
    if (!trade) return;
    await tx.insert(okxCopyOrders).values({
      clOrdId: `nexa${trade.id}`,
      copyTradeId: trade.id,
      userId: f.followerId,
      instId: cp.instId,
      side: cp.contracts > 0n ? 'sell' : 'buy',
      size: abs(cp.contracts),
      status: 'pending',
      updatedAt: new Date(0),
    });
  });
}

/** A copied platform position's close: a reduce-only market order, its trade and the copy's PnL. */
async function closeOnPlatform(ctx: CopyCtx, f: FollowRow, cp: CopyPosRow): Promise<void> {
  const { store, clock, log } = ctx;
  const pos = ctx.futures().positions(f.followerId, cp.instId)[0];
  if (!pos) return;
  const side = pos.pos_side === 'long' ? 'sell' : 'buy';
  try {
    const o = await ctx
      .futures()
      .submit(
        f.followerId,
        { instId: cp.instId, side, type: 'market', sz: exactText(pos.pos), reduceOnly: true },
        'copy',
      );
    const pnl = parseSigned(o.pnl ?? '0');
    const fee = parseUsdt(o.fee ?? '0');
    const price = o.avg_px ? parseUsdt(o.avg_px) : null;
    await store.db.transaction(async (tx) => {
      await tx.insert(copyTrades).values({
        followId: f.id,
        followerId: f.followerId,
        leadId: f.leadId,
        instId: cp.instId,
        side,
        size: BigInt(pos.pos),
        filled: BigInt(o.filled_sz ?? '0'),
        leadPrice: price ?? 0n,
        price,
        slippage: null,
        pnl,
        fee,
        lever: pos.lever,
        venue: 'platform',
        status: BigInt(o.filled_sz ?? '0') === 0n ? 'skipped' : 'filled',
        reason: BigInt(o.filled_sz ?? '0') === 0n ? 'no_liquidity' : null,
        orderId: o.trade_id,
        createdAt: clock.now(),
      });
      await tx
        .update(copyFollows)
        .set({ realized: sql`${copyFollows.realized} + ${pnl - fee}` })
        .where(eq(copyFollows.id, f.id));
    });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    log.warn({ follow: f.id, instId: cp.instId, err: err.errorName }, 'copy close refused');
  }
}

export async function cancel(
  ctx: CopyCtx,
  userId: number,
  followId: number,
  close: boolean,
): Promise<FollowView> {
  const [f] = await ctx.store.db
    .select()
    .from(copyFollows)
    .where(and(eq(copyFollows.id, followId), eq(copyFollows.followerId, userId)));
  if (!f) throw new DomainError('CopyNotFound');
  return followView(ctx, await endCopy(ctx, f, { close, status: 'canceled', reason: 'user' }));
}

/** Ends copies whose PnL (realized and open) reached their stop-loss or take-profit on the budget. */
export async function checkStops(ctx: CopyCtx): Promise<number> {
  const rows = await ctx.store.db
    .select()
    .from(copyFollows)
    .where(
      and(
        eq(copyFollows.status, 'active'),
        sql`(${copyFollows.slRatio} is not null or ${copyFollows.tpRatio} is not null)`,
      ),
    );
  let n = 0;
  for (const f of rows) {
    const v = await followView(ctx, f);
    const pnl = f.realized + parseSigned(v.upl);
    if (f.slRatio !== null && pnl <= -((f.budget * f.slRatio) / RATE_ONE)) {
      await endCopy(ctx, f, { close: true, status: 'stopped', reason: 'sl' });
      n++;
    } else if (f.tpRatio !== null && pnl >= (f.budget * f.tpRatio) / RATE_ONE) {
      await endCopy(ctx, f, { close: true, status: 'stopped', reason: 'tp' });
      n++;
    }
  }
  return n;
}
