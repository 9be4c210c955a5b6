/**
 * Users' price alerts: set on a listed instrument with a condition the market does not meet yet, at most
 * PRICE_ALERT_MAX waiting per user; listed waiting first; cancelled by their owner only. Firing is
 * `alerts-fire.ts`'s.
 */
import {
  formatAmount,
  PRICE_ALERT_MAX,
  PRICE_ALERT_MAX_CHANGE,
  type PriceAlertCondition,
  type RequestOutput,
  type ResponseData,
} from '@nexa/contract';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { DomainError, ValidationError } from '../../kernel/errors';
import { currentFigures, indexAlert, met } from './alerts-fire';
import type { MarketDataCtx } from './context';
import { listed } from './favorites';
import { type PriceAlertRow as AlertRow, priceAlerts } from './tables';

type AlertView = ResponseData<'/v1/market/setAlert'>;

export function alertView(r: AlertRow): AlertView {
  return {
    id: r.id,
    instId: r.instId,
    condition: r.condition,
    value: r.value,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    fired_at: r.firedAt?.toISOString() ?? null,
    fired_value: r.firedValue,
  };
}

/** The user's waiting alerts, newest first, then the latest fired or cancelled, 50 in all at most. */
export async function alerts(ctx: MarketDataCtx, userId: number): Promise<{ list: AlertView[] }> {
  const db = ctx.deps.store.db;
  const waiting = await db
    .select()
    .from(priceAlerts)
    .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.status, 'active')))
    .orderBy(desc(priceAlerts.id));
  const past = await db
    .select()
    .from(priceAlerts)
    .where(and(eq(priceAlerts.userId, userId), ne(priceAlerts.status, 'active')))
    .orderBy(desc(priceAlerts.id))
    .limit(Math.max(0, 50 - waiting.length));
  return { list: [...waiting, ...past].map(alertView) };
}

/** The exact text of the value a caller sent (trailing zeros dropped). */
function valueText(v: RequestOutput<'/v1/market/setAlert'>['value']): string {
  return formatAmount(v.units, v.decimals).replace(/\.?0+$/, (m) => (m.includes('.') ? '' : m));
}

export async function setAlert(
  ctx: MarketDataCtx,
  userId: number,
  body: RequestOutput<'/v1/market/setAlert'>,
): Promise<AlertView> {
  const { store, clock } = ctx.deps;
  if (!(await listed(ctx)).has(body.instId)) throw new DomainError('NotFound');
  const condition: PriceAlertCondition = body.condition;
  const isChange = condition === 'change_up' || condition === 'change_down';
  const max = 10n ** BigInt(body.value.decimals) * BigInt(PRICE_ALERT_MAX_CHANGE);
  if (isChange && body.value.units > max) throw new ValidationError('value', 'too_big');
  const value = valueText(body.value);
  const figures = currentFigures(ctx, body.instId);
  if (figures && met(condition, value, figures)) throw new DomainError('AlertAlreadyMet');
  const row = await store.db.transaction(async (tx) => {
    // One user's alerts are counted and added one at a time, so two calls at once cannot pass the cap.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('price_alerts'), ${userId})`);
    const [n] = await tx
      .select({ n: count() })
      .from(priceAlerts)
      .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.status, 'active')));
    if ((n?.n ?? 0) >= PRICE_ALERT_MAX) throw new DomainError('AlertLimit', { max: String(PRICE_ALERT_MAX) });
    const [added] = await tx
      .insert(priceAlerts)
      .values({ userId, instId: body.instId, condition, value, createdAt: clock.now() })
      .returning();
    if (!added) throw new Error('price alert not written');
    return added;
  });
  indexAlert(ctx, row);
  return alertView(row);
}

export async function cancelAlert(
  ctx: MarketDataCtx,
  userId: number,
  id: number,
): Promise<{ list: AlertView[] }> {
  const [row] = await ctx.deps.store.db
    .update(priceAlerts)
    .set({ status: 'cancelled' })
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId), eq(priceAlerts.status, 'active')))
    .returning();
  if (!row) throw new DomainError('NotFound');
  ctx.alerts.byInst.get(row.instId)?.delete(row.id);
  return alerts(ctx, userId);
}
