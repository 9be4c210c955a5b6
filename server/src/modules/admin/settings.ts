import { z } from 'zod';
import type { SettingsCatalogue } from '../../kernel/settings';

export const ADMIN_SETTINGS = {
  /** Operator sign-in attempts per client address and minute (password guessing). */
  'admin.login_per_ip_per_minute': z.number().int().positive().default(10),
  /** Actions (confirm, approve, reject, create) one operator may take per minute. */
  'admin.actions_per_minute': z.number().int().positive().default(30),
  /** Hours after an operator's money role takes effect before it may approve money (deposits, withdrawals). */
  'admin.new_operator_cooldown_hours': z
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** Wrong second-factor codes in a row (after a right password) that lock an operator until an admin unlocks. */
  'admin.totp_max_failures': z.number().int().min(1).max(100).default(5),
} as const satisfies SettingsCatalogue;
