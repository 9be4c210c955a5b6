import { z } from 'zod';
import { DECIMAL, type SettingsCatalogue, zRate } from '../../kernel/settings';

/**
 * Mining. Each line (the main one; the NEU line configures its own) emits `daily_emission` of its output
 * asset each platform day, shared by effective hash power. Direct power is `direct_rate` of the direct
 * referrals' personal power; level power is `level_rates[level]` of team power (V0 … V5). What the demo puts
 * into the output pools at its first start, and the machines it lists.
 */
export const MINING_SETTINGS = {
  'mining.lines': z
    .record(
      z.string().regex(/^[a-z][a-z0-9_]{0,19}$/),
      z.object({ output_asset: z.string(), daily_emission: z.string().regex(DECIMAL) }),
    )
    .default({ main: { output_asset: 'BWC', daily_emission: '10000' } }),
  'mining.direct_rate': zRate('0.1'),
  'mining.level_rates': z
    .array(z.string().regex(DECIMAL))
    .length(6)
    .default(['0', '0.02', '0.04', '0.06', '0.08', '0.1']),
  'mining.demo_pool': z.string().regex(DECIMAL).default('10000000'),
  'mining.demo_machines': z
    .array(
      z.object({
        name: z.string(),
        price: z.string().regex(DECIMAL),
        power: z.string().regex(DECIMAL),
        bonus_power: z.string().regex(DECIMAL),
        term_days: z.number().int().positive(),
      }),
    )
    .default([
      { name: 'S1 Lite', price: '100', power: '10', bonus_power: '0', term_days: 30 },
      { name: 'S3 Pro', price: '500', power: '55', bonus_power: '5', term_days: 90 },
      { name: 'S9 Max', price: '2000', power: '240', bonus_power: '30', term_days: 180 },
    ]),
} as const satisfies SettingsCatalogue;
