/**
 * Firing price alerts: every ticker (one price source for the whole platform: the tickers the candles or OKX's
 * feed publish) is checked against the alerts waiting on its instrument, kept in memory by instrument. An
 * alert whose condition the ticker meets is fired once: its row moves from `active` to `fired` under a
 * condition on its status, and the user's notice is written in that same transaction, so two instances (or
 * two tickers) that see it at once write one notice. Alerts set through another instance reach this one's
 * memory by a reload of the waiting ones every few seconds.
 */
import { type PriceAlertCondition, parseAmount } from '@nexa/contract';
import { and, eq } from 'drizzle-orm';
import type { BusEvents } from '../../kernel/bus';
import { writeNotice } from '../../kernel/notices';
import type { MarketDataCtx } from './context';
import { type PriceAlertRow as AlertRow, priceAlerts } from './tables';

/** How often the waiting alerts are read back from the store. */
export const ALERT_RELOAD_MS = 5_000;

/** What an alert is checked against: the last price and the 24-hour change in percent (decimal texts). */
export interface Figures {
  readonly last: string;
  readonly change: string;
}

const SCALE = 18;

/** A signed decimal text in units of 10^-18; null when it is none. */
function signed(text: string): bigint | null {
  const negative = text.startsWith('-');
  const v = parseAmount(negative ? text.slice(1) : text, SCALE);
  return v === null ? null : negative ? -v : v;
}

/** Whether the figures meet the condition against `value` (a price, or a percentage for a change). */
export function met(condition: PriceAlertCondition, value: string, f: Figures): boolean {
  const target = signed(value);
  if (target === null) return false;
  switch (condition) {
    case 'price_above':
    case 'price_below': {
      const last = signed(f.last);
      if (last === null || last <= 0n) return false;
      return condition === 'price_above' ? last >= target : last <= target;
    }
    case 'change_up':
    case 'change_down': {
      const change = signed(f.change);
      if (change === null) return false;
      return condition === 'change_up' ? change >= target : change <= -target;
    }
  }
}

/** The instrument's figures now: the last ticker seen, else the candles' own; null before any price. */
export function currentFigures(ctx: MarketDataCtx, instId: string): Figures | null {
  const t = ctx.alerts.lastTicker.get(instId) ?? ctx.candles.ticker(instId);
  return t.last ? { last: t.last, change: t.changePercent } : null;
}

export function indexAlert(ctx: MarketDataCtx, row: AlertRow): void {
  if (row.status !== 'active') return;
  let byId = ctx.alerts.byInst.get(row.instId);
  if (!byId) {
    byId = new Map();
    ctx.alerts.byInst.set(row.instId, byId);
  }
  byId.set(row.id, row);
}

/** Reads every waiting alert back into memory (those fired or cancelled elsewhere leave it). */
export async function reloadAlerts(ctx: MarketDataCtx): Promise<void> {
  const rows = await ctx.deps.store.db.select().from(priceAlerts).where(eq(priceAlerts.status, 'active'));
  ctx.alerts.byInst.clear();
  for (const row of rows) if (!ctx.alerts.firing.has(row.id)) indexAlert(ctx, row);
}

/** How the notice names what the alert waited for and what met it ("≥ 70000", "24h ≤ -5%"). */
function noticeParams(row: AlertRow, f: Figures): Record<string, string> {
  const change = row.condition === 'change_up' || row.condition === 'change_down';
  const sign = row.condition === 'price_above' || row.condition === 'change_up' ? '≥' : '≤';
  const target = change
    ? `24h ${sign} ${row.condition === 'change_up' ? '+' : '-'}${row.value}%`
    : `${sign} ${row.value}`;
  const figure = change ? `${f.change.startsWith('-') ? '' : '+'}${f.change}%` : f.last;
  return { inst: row.instId, target, figure };
}

async function fire(ctx: MarketDataCtx, row: AlertRow, f: Figures): Promise<void> {
  const { store, clock } = ctx.deps;
  const figure = row.condition.startsWith('change') ? f.change : f.last;
  await store.db.transaction(async (tx) => {
    const [fired] = await tx
      .update(priceAlerts)
      .set({ status: 'fired', firedAt: clock.now(), firedValue: figure })
      .where(and(eq(priceAlerts.id, row.id), eq(priceAlerts.status, 'active')))
      .returning();
    if (!fired) return;
    await writeNotice(ctx.deps.outbox, tx, {
      userId: row.userId,
      kind: 'price_alert',
      ref: `alert_${row.id}`,
      params: noticeParams(row, f),
    });
  });
}

/** Checks one ticker against its instrument's waiting alerts and fires those it meets. */
export function onTicker(ctx: MarketDataCtx, t: BusEvents['ticker']): void {
  ctx.alerts.lastTicker.set(t.instId, t);
  const waiting = ctx.alerts.byInst.get(t.instId);
  if (!waiting || waiting.size === 0 || !t.last) return;
  const f: Figures = { last: t.last, change: t.changePercent };
  for (const row of waiting.values()) {
    if (!met(row.condition, row.value, f)) continue;
    waiting.delete(row.id);
    ctx.alerts.firing.add(row.id);
    fire(ctx, row, f)
      .catch((err: unknown) => {
        // Still waiting in the store: the next reload puts it back, and the next ticker that meets it fires it.
        ctx.deps.log.error({ alert: row.id, err: String(err) }, 'price alert not fired');
      })
      .finally(() => ctx.alerts.firing.delete(row.id));
  }
}

/** Starts watching: the waiting alerts read, every ticker checked, a reload every ALERT_RELOAD_MS. */
export async function startAlerts(ctx: MarketDataCtx): Promise<void> {
  await reloadAlerts(ctx);
  ctx.alerts.unsubscribe = ctx.deps.bus.subscribe('ticker', (t) => onTicker(ctx, t));
  ctx.alerts.timer = setInterval(() => {
    reloadAlerts(ctx).catch((err: unknown) =>
      ctx.deps.log.warn({ err: String(err) }, 'price alerts not reloaded'),
    );
  }, ALERT_RELOAD_MS);
  ctx.alerts.timer.unref();
}

export function stopAlerts(ctx: MarketDataCtx): void {
  ctx.alerts.unsubscribe?.();
  if (ctx.alerts.timer) clearInterval(ctx.alerts.timer);
}
