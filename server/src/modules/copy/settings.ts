import { z } from 'zod';
import { DECIMAL, type SettingsCatalogue } from '../../kernel/settings';

const zTier = z.object({
  min_followers: z.number().int().min(0),
  min_aum: z.string().regex(DECIMAL),
  profit_share: z.string().regex(DECIMAL),
  max_followers: z.number().int().min(1),
});

/**
 * Copy trading. Tiers follow from followers and assets under copy (the followers' budgets); each has its
 * profit share and follower cap. Profit share is settled every `settle_interval_h` on the realized net PnL of
 * a copy above its high-water mark.
 */
export const COPY_SETTINGS = {
  'copy.tiers': z.object({ junior: zTier, intermediate: zTier, senior: zTier }).default({
    junior: { min_followers: 0, min_aum: '0', profit_share: '0.08', max_followers: 100 },
    intermediate: { min_followers: 10, min_aum: '10000', profit_share: '0.10', max_followers: 300 },
    senior: { min_followers: 50, min_aum: '100000', profit_share: '0.12', max_followers: 500 },
  }),
  /** To lead: at least this many closed futures positions and this futures equity, USDT. */
  'copy.lead_min_closed': z.number().int().min(0).default(1),
  'copy.lead_min_equity': z.string().regex(DECIMAL).default('100'),
  /** A copy by amount puts at least this margin into each copied position, USDT. */
  'copy.min_amount': z.string().regex(DECIMAL).default('10'),
  'copy.min_budget': z.string().regex(DECIMAL).default('50'),
  /** Ratio mode: follower contracts per lead contract, at most. */
  'copy.max_ratio': z.string().regex(DECIMAL).default('10'),
  'copy.settle_interval_h': z
    .number()
    .int()
    .min(1)
    .max(24 * 31)
    .default(24 * 7),
  /** The least delay an operator imposes on every trader's shown positions, minutes. */
  'copy.min_delay_min': z.number().int().min(0).max(1440).default(0),
  /**
   * Applications to lead are reviewed by an operator (on) or granted at once to whoever meets the criteria
   * (off). The demo turns it off at its first start, so a stranger can lead alone; an operator may turn it on.
   */
  'copy.lead_review': z.boolean().default(true),
  /**
   * A copy fills no worse than the lead's fill price by this fraction (a buy at most lead × (1 + t), a sell at
   * least lead × (1 − t)), nor worse than the mark at the lead's fill by `copy.mark_tolerance`: the tighter of
   * the two. What cannot fill within it is skipped (or its rest canceled), recorded as `price_tolerance`.
   */
  'copy.price_tolerance': z.string().regex(DECIMAL).default('0.003'),
  'copy.mark_tolerance': z.string().regex(DECIMAL).default('0.01'),
  /**
   * Operators are warned of a lead whose followers' copied fills, over the last `window_h` hours, went to one
   * counterparty account for at least `share` of the contracts, once there are `min_fills` such fills.
   */
  'copy.counterparty_flag': z
    .object({
      window_h: z
        .number()
        .int()
        .min(1)
        .max(24 * 90),
      share: z.string().regex(DECIMAL),
      min_fills: z.number().int().min(1),
    })
    .default({ window_h: 168, share: '0.5', min_fills: 5 }),
  /** Demo lead traders that trade on their own so a new user has someone to copy. */
  'copy.demo_leads': z.number().int().min(0).max(10).default(3),
} as const satisfies SettingsCatalogue;
