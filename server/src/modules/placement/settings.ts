import { z } from 'zod';
import { DECIMAL, type SettingsCatalogue } from '../../kernel/settings';

/** Private placement: the round the demo opens at its first start (days it stays open from then). */
export const PLACEMENT_SETTINGS = {
  'placement.demo_round': z
    .object({
      name: z.string(),
      asset: z.string(),
      price: z.string().regex(DECIMAL),
      hard_cap: z.string().regex(DECIMAL),
      per_user_cap: z.string().regex(DECIMAL),
      min_amount: z.string().regex(DECIMAL),
      vesting_months: z.number().int().min(1),
      open_days: z.number().int().min(1),
    })
    .default({
      name: 'RRT seed round',
      asset: 'RRT',
      price: '0.05',
      hard_cap: '2000000',
      per_user_cap: '100000',
      min_amount: '1000',
      vesting_months: 6,
      open_days: 90,
    }),
} as const satisfies SettingsCatalogue;
