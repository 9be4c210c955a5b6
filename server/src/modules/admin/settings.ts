import { z } from 'zod';
import type { SettingsCatalogue } from '../../kernel/settings';

export const ADMIN_SETTINGS = {
  /** Operator sign-in attempts per client address and minute (password guessing). */
  'admin.login_per_ip_per_minute': z.number().int().positive().default(10),
  /** Actions (confirm, approve, reject, create) one operator may take per minute. */
  'admin.actions_per_minute': z.number().int().positive().default(30),
} as const satisfies SettingsCatalogue;
