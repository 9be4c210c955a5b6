import { z } from 'zod';
import { zInstId } from '../../market';
import { zExactAmount } from '../../money';

/**
 * What a price alert waits for: the last price at or above / at or below a price, or the 24-hour change at or
 * above +value % / at or below −value %.
 */
export const PRICE_ALERT_CONDITIONS = ['price_above', 'price_below', 'change_up', 'change_down'] as const;
export type PriceAlertCondition = (typeof PRICE_ALERT_CONDITIONS)[number];

/** Alerts a user keeps waiting at once. */
export const PRICE_ALERT_MAX = 20;
/** The largest 24-hour change an alert may wait for, in percent. */
export const PRICE_ALERT_MAX_CHANGE = 1000;

export const PRICE_ALERT_STATUSES = ['active', 'fired', 'cancelled'] as const;

export const zPriceAlert = z.object({
  id: z.number().int(),
  instId: z.string(),
  condition: z.enum(PRICE_ALERT_CONDITIONS),
  /** A price in the instrument's quote currency, or a percentage for the change conditions. */
  value: z.string(),
  status: z.enum(PRICE_ALERT_STATUSES),
  created_at: z.string(),
  /** When it fired, and the last price or 24-hour change that made it fire. */
  fired_at: z.string().nullable(),
  fired_value: z.string().nullable(),
});

export const zPriceAlertRequest = z.object({
  instId: zInstId,
  condition: z.enum(PRICE_ALERT_CONDITIONS),
  value: zExactAmount,
});
