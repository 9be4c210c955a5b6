import { z } from 'zod';
import { DECIMAL, type SettingsCatalogue, zRate } from '../../kernel/settings';

/**
 * Loss covers on futures positions. A cover's limit is the loss it covers; each covered loss pays `share` of
 * itself. The premium is `premium_rate` of the limit, so a cover can never pay out more than
 * share ÷ premium_rate of its premium: with share below the premium rate, no way of losing on purpose (two
 * accounts trading against each other included) gets back what the cover cost (docs/rules.md). Covers are
 * not sold while share ≥ premium rate.
 */
export const INSURANCE_SETTINGS = {
  'insurance.premium_rate': zRate('0.05'),
  'insurance.share': zRate('0.04'),
  'insurance.min_limit': z.string().regex(DECIMAL).default('100'),
  'insurance.max_limit': z.string().regex(DECIMAL).default('10000'),
  'insurance.valid_days': z.number().int().min(1).max(365).default(30),
  /** Hours between purchase and cover: only positions opened after it are covered. */
  'insurance.waiting_h': z.number().int().min(0).max(720).default(24),
  /** Covered positions are opened at this leverage or less. */
  'insurance.max_lever': z.number().int().min(1).max(125).default(20),
  /** What the demo puts into the insurance pool at its first start, USDT. */
  'insurance.demo_pool': z.string().regex(DECIMAL).default('100000'),
} as const satisfies SettingsCatalogue;
