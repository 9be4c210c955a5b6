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
      z.object({
        output_asset: z.string(),
        daily_emission: z.string().regex(DECIMAL),
        /**
         * Emission epochs (periods): from `epoch_start` (a platform date), each epoch emits its own daily
         * output for its days; the last one runs on. Before the start the line emits nothing; without
         * epochs it emits `daily_emission` every day.
         */
        epochs: z
          .array(z.object({ days: z.number().int().positive(), daily_emission: z.string().regex(DECIMAL) }))
          .optional(),
        epoch_start: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .optional(),
        /** A quota asset granted with each purchase: `quota_per_pay` of it per unit of the price paid. */
        quota_asset: z.string().optional(),
        quota_per_pay: z.string().regex(DECIMAL).optional(),
      }),
    )
    .default({
      main: { output_asset: 'BWC', daily_emission: '10000' },
      neu: {
        output_asset: 'NEU',
        daily_emission: '5000',
        epoch_start: '2026-01-01',
        epochs: [
          { days: 180, daily_emission: '5000' },
          { days: 180, daily_emission: '2500' },
          { days: 360, daily_emission: '1250' },
          { days: 360, daily_emission: '625' },
        ],
        quota_asset: 'SPA',
        quota_per_pay: '1',
      },
    }),
  'mining.direct_rate': zRate('0.1'),
  /**
   * The most of a unit of power that all the ancestors counting it (direct and level) add together: when their
   * rates add up to more, each one's part is scaled down (power-weights.ts). Bounds what a self-referral chain
   * adds to what its accounts bought.
   */
  'mining.referral_share': zRate('0.2'),
  'mining.level_rates': z
    .array(z.string().regex(DECIMAL))
    .length(6)
    .default(['0', '0.02', '0.04', '0.06', '0.08', '0.1']),
  'mining.demo_pool': z.string().regex(DECIMAL).default('10000000'),
  /** The NEU line's demo machines (paid in USDT, mining NEU). */
  'mining.demo_neu_machines': z
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
      { name: 'N1 Node', price: '100', power: '10', bonus_power: '0', term_days: 60 },
      { name: 'N5 Node', price: '500', power: '52', bonus_power: '3', term_days: 120 },
      { name: 'N20 Node', price: '2000', power: '215', bonus_power: '15', term_days: 240 },
    ]),
  'mining.demo_neu_pool': z.string().regex(DECIMAL).default('2000000'),
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
