import { z } from 'zod';
import type { SettingsCatalogue } from '../../kernel/settings';

export const AUTH_SETTINGS = {
  'auth.invitation_required': z.boolean().default(true),
  'auth.login_per_ip_per_minute': z.number().int().positive().default(30),
  'auth.email_per_ip_per_10min': z.number().int().positive().default(10),
  'auth.email_interval_s': z.number().int().positive().default(60),
  'auth.email_code_ttl_s': z.number().int().positive().default(600),
  'auth.message_max_age_s': z.number().int().positive().default(300),
} as const satisfies SettingsCatalogue;
