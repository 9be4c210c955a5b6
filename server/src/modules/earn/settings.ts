import { z } from 'zod';
import { DECIMAL, type SettingsCatalogue, zRate } from '../../kernel/settings';

/**
 * Earn. Staking plans (days and yearly rate), the minimum stake and the flexible rate early redemption keeps;
 * burn's minimum, release multiple and daily release rate (of the maximum release). What the demo puts into
 * the pools at its first start.
 */
export const EARN_SETTINGS = {
  'earn.asset': z.string().default('USDT'),
  'earn.pledge_plans': z
    .array(
      z.object({
        days: z.number().int().min(1).max(3650),
        apr: z.string().regex(DECIMAL),
        /** A paused plan takes no new stakes; its orders run on. */
        status: z.enum(['active', 'paused']).default('active'),
      }),
    )
    .default([
      { days: 30, apr: '0.05', status: 'active' },
      { days: 90, apr: '0.08', status: 'active' },
      { days: 180, apr: '0.12', status: 'active' },
      { days: 360, apr: '0.15', status: 'active' },
    ]),
  'earn.pledge_min': z.string().regex(DECIMAL).default('100'),
  'earn.flexible_apr': zRate('0.01'),
  'earn.burn_min': z.string().regex(DECIMAL).default('100'),
  'earn.burn_multiple': z.string().regex(DECIMAL).default('2'),
  'earn.burn_daily_rate': zRate('0.005'),
  /** Loans against staking: at most `loan_ltv` of the principal, interest `loan_daily_rate` a started day. */
  'earn.loan_ltv': zRate('0.5'),
  'earn.loan_daily_rate': zRate('0.0005'),
  'earn.demo_pool': z.string().regex(DECIMAL).default('1000000'),
  /**
   * The NEU line's staking: the same mechanism as the line above (plans, minimum, flexible rate), in NEU, paid
   * from the same pool account in NEU (`pledge:neu` of the rewards engine).
   */
  'earn.neu_staking': z
    .object({
      asset: z.string(),
      plans: z.array(
        z.object({
          days: z.number().int().min(1).max(3650),
          apr: z.string().regex(DECIMAL),
          status: z.enum(['active', 'paused']).default('active'),
        }),
      ),
      min: z.string().regex(DECIMAL),
      flexible_apr: z.string().regex(DECIMAL),
      demo_pool: z.string().regex(DECIMAL),
    })
    .default({
      asset: 'NEU',
      plans: [
        { days: 30, apr: '0.08', status: 'active' },
        { days: 90, apr: '0.12', status: 'active' },
        { days: 180, apr: '0.18', status: 'active' },
      ],
      min: '10',
      flexible_apr: '0.01',
      demo_pool: '500000',
    }),
} as const satisfies SettingsCatalogue;
