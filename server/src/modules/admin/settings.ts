import { z } from 'zod';
import { DECIMAL, type SettingsCatalogue, zRate } from '../../kernel/settings';

export const ADMIN_SETTINGS = {
  /** Operator sign-in attempts per client address and minute (password guessing). */
  'admin.login_per_ip_per_minute': z.number().int().positive().default(10),
  /** Actions (confirm, approve, reject, create) one operator may take per minute. */
  'admin.actions_per_minute': z.number().int().positive().default(30),
  /**
   * The most a system pool may pay out in a platform day before the solvency report marks it red, by the pool's
   * system name (`system:futures:insurance`), in the pool's asset.
   */
  'admin.pool_daily_outflow_limits': z.record(z.string().min(1), z.string().regex(DECIMAL)).default({}),
  /** A pool that lost (out − in) more than this share of what it held at the day's start is marked red. */
  'admin.pool_daily_drain_share': zRate('0.5'),
  /** Hours after an operator's money role takes effect before it may approve money (deposits, withdrawals). */
  'admin.new_operator_cooldown_hours': z
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** Wrong second-factor codes in a row (after a right password) that lock an operator until an admin unlocks. */
  'admin.totp_max_failures': z.number().int().min(1).max(100).default(5),
} as const satisfies SettingsCatalogue;
