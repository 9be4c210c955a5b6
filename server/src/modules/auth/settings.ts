import { z } from 'zod';
import type { SettingsCatalogue } from '../../kernel/settings';

export const AUTH_SETTINGS = {
  'auth.invitation_required': z.boolean().default(true),
  'auth.login_per_ip_per_minute': z.number().int().positive().default(30),
  'auth.email_per_ip_per_10min': z.number().int().positive().default(10),
  'auth.email_interval_s': z.number().int().positive().default(60),
  'auth.email_code_ttl_s': z.number().int().positive().default(600),
  'auth.message_max_age_s': z.number().int().positive().default(300),
  /** How long a confirmation nonce (withdrawals, transfers, large purchases) may be signed and used. */
  'auth.confirm_ttl_s': z.number().int().min(30).max(3600).default(300),
  /** Confirmation nonces one user may ask for per minute. */
  'auth.confirm_per_minute': z.number().int().positive().default(30),
  /** Hours withdrawals and transfers wait after the authenticator or the whitelist is changed. */
  'auth.security_lock_h': z.number().min(0).max(720).default(24),
} as const satisfies SettingsCatalogue;
