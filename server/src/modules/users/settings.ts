import { z } from 'zod';
import { DECIMAL, type SettingsCatalogue, zUsdt } from '../../kernel/settings';

export const USERS_SETTINGS = {
  /** Volume in USDT (staked or bought in total) from which a referral counts as valid. */
  'referral.valid_volume_usdt': zUsdt('100'),
  /** Team performance in USDT each level V1 … V5 needs. */
  'team.level_performance': z
    .array(z.string().regex(DECIMAL))
    .length(5)
    .default(['10000', '50000', '200000', '1000000', '5000000']),
  /** Direct referrals' branches (legs) each level needs, each holding the level below (V1: any two referrals). */
  'team.level_legs': z.number().int().min(1).max(10).default(2),
} as const satisfies SettingsCatalogue;
