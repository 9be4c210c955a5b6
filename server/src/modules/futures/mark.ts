/** The mark price loop: each contract marked against its index once a second, and what the mark reached queued. */
import { formatAmount, parseAmount, RATE_ONE, USDT_SCALE } from '@nexa/contract';
import { scanMarkAlgos } from './algo-fire';
import type { FuturesCtx, Slot } from './context';
import { refreshFree } from './cross';
import { currentRate, fundingTimes, settleFunding } from './funding';
import { liquidate } from './liquidate';
import { clamp, isLiquidatable } from './math';
import { warnNearLiquidation, warnRatio } from './notices';
import { trigger } from './triggers';
import { publishPosition, px } from './views';

/** The index of an underlying: a pinned price over the reference market's; null when there is none. */
export const indexOf = (ctx: FuturesCtx, underlying: string) =>
  ctx.pinned.get(underlying) ?? ctx.indexPrice(underlying);

/**
 * Mark price = index + the smoothed premium of the book's mid over the index, the premium capped at
 * `futures.mark_premium_cap` of the index: ema ← ema + α × (clamp(mid − index) − ema), one sample a second.
 * Without both sides of the book the premium sample is zero. The funding rate is the mean of the samples'
 * premium over the index since the last settlement, clamped to `futures.funding_cap`.
 */
export async function tick(ctx: FuturesCtx): Promise<void> {
  const { clock, log, bus, settings, slots, writer } = ctx;
  const capRate = (await settings.get('futures.mark_premium_cap')).units;
  const alpha = (await settings.get('futures.mark_smoothing')).units;
  const intervalH = await settings.get('futures.funding_interval_h');
  const warnAt = await warnRatio(ctx);
  const now = clock.now().getTime();
  void refreshFree(ctx).catch((err: unknown) =>
    log.warn({ err }, 'cross balances not read; read again later'),
  );
  for (const slot of slots.values()) {
    const text = indexOf(ctx, slot.inst.underlying);
    const idx = text === null ? null : parseAmount(Number(text).toFixed(USDT_SCALE), USDT_SCALE);
    if (idx === null || idx <= 0n) continue;
    const bid = slot.book.bestBid();
    const ask = slot.book.bestAsk();
    const cap = (idx * capRate) / RATE_ONE;
    const premium = bid !== undefined && ask !== undefined ? clamp((bid + ask) / 2n - idx, -cap, cap) : 0n;
    slot.ema = slot.mark === null ? premium : slot.ema + ((premium - slot.ema) * alpha) / RATE_ONE;
    slot.idx = idx;
    slot.mark = idx + slot.ema;
    slot.samples.sum += (premium * RATE_ONE) / idx;
    slot.samples.n += 1n;
    const { last, next } = fundingTimes(intervalH, now);
    bus.publish('mark.price', {
      instId: slot.inst.instId,
      markPx: px(slot, slot.mark) ?? '0',
      idxPx: px(slot, idx) ?? '0',
      fundingRate: formatAmount(await currentRate(ctx, slot), 8),
      nextFundingTime: next,
      ts: now,
    });
    if (slot.lastFunding < last) {
      const t = last;
      void writer
        .run(slot.inst.instId, () => settleFunding(ctx, slot, t))
        .catch((err) => log.error({ err }, 'funding failed'));
    }
    scan(ctx, slot, warnAt);
    scanMarkAlgos(ctx, slot);
  }
}

/**
 * Queues the liquidation or trigger of every position the mark reached; pushes every open position, and warns
 * those whose margin ratio reached `warnAt` (notices.ts).
 */
export function scan(ctx: FuturesCtx, slot: Slot, warnAt: bigint): void {
  const { log, writer } = ctx;
  const mark = slot.mark;
  if (mark === null) return;
  const { spec } = slot.inst;
  for (const p of slot.positions.values()) {
    if (p.closed || p.size === 0n) continue;
    publishPosition(ctx, slot, p);
    if (slot.queued.has(p.userId)) continue;
    const long = p.size > 0n;
    let job: (() => Promise<void>) | null = null;
    if (isLiquidatable(spec, p, mark)) job = () => liquidate(ctx, slot, p.userId);
    else {
      if (warnAt > 0n) warnNearLiquidation(ctx, slot, p, mark, warnAt);
      if (p.sl !== null && (long ? mark <= p.sl : mark >= p.sl))
        job = () => trigger(ctx, slot, p.userId, 'sl');
      else if (p.tp !== null && (long ? mark >= p.tp : mark <= p.tp))
        job = () => trigger(ctx, slot, p.userId, 'tp');
    }
    if (!job) continue;
    const run = job;
    slot.queued.add(p.userId);
    void writer
      .run(slot.inst.instId, run)
      .catch((err) => log.error({ err, userId: p.userId }, 'swap liquidation or trigger failed'))
      .finally(() => slot.queued.delete(p.userId));
  }
}
