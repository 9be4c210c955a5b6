import { z } from 'zod';
import { DECIMAL, type SettingsCatalogue } from '../../kernel/settings';

/**
 * The NEU line's own terms: NEU paid per SPA in a quota exchange (from the line's funded fund), the least SPA an
 * exchange takes, and what the demo puts into the fund at its first start.
 */
export const NEU_SETTINGS = {
  'neu.spa_rate': z.string().regex(DECIMAL).default('0.1'),
  'neu.spa_min': z.string().regex(DECIMAL).default('1'),
  'neu.demo_fund': z.string().regex(DECIMAL).default('100000'),
} as const satisfies SettingsCatalogue;
