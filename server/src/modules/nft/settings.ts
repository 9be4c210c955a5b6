import { z } from 'zod';
import { DECIMAL, type SettingsCatalogue } from '../../kernel/settings';

const zRarity = z.object({ chance: z.number().int().min(0).max(100), weight: z.number().int().min(1) });

/**
 * NFTs and liquidity. Casting: `base_quota` free casts per user, more at `quota_price` USDT each (at most
 * `max_bought`); the rarity drawn at each cast (chances in %, adding up to 100) sets the NFT's weight in a pool.
 * Pools and liquidity pay `reward_asset`. Liquidity inside the platform pairs `lp.base` with USDT at the market
 * price, `lp.daily_budget` shared by value each platform day. What the demo lists and funds at its first start.
 */
export const NFT_SETTINGS = {
  'nft.base_quota': z.number().int().min(0).default(3),
  'nft.quota_price': z.string().regex(DECIMAL).default('5'),
  'nft.max_bought': z.number().int().min(0).default(50),
  'nft.rarities': z
    .object({ common: zRarity, rare: zRarity, epic: zRarity, legendary: zRarity })
    .refine((r) => r.common.chance + r.rare.chance + r.epic.chance + r.legendary.chance === 100, {
      message: 'rarity chances add up to 100',
    })
    .default({
      common: { chance: 70, weight: 1 },
      rare: { chance: 20, weight: 2 },
      epic: { chance: 8, weight: 5 },
      legendary: { chance: 2, weight: 10 },
    }),
  'nft.reward_asset': z.string().default('BWC'),
  'lp.base': z.string().default('BWC'),
  'lp.daily_budget': z.string().regex(DECIMAL).default('1000'),
  'lp.min_usdt': z.string().regex(DECIMAL).default('10'),
  'nft.demo_fund': z.string().regex(DECIMAL).default('5000000'),
  'nft.demo_collections': z
    .array(
      z.object({
        name: z.string(),
        symbol: z.string(),
        kind: z.enum(['art', 'nameplate']),
        fee: z.string().regex(DECIMAL),
        cap: z.number().int().positive().nullable(),
        pool: z.object({ name: z.string(), daily_budget: z.string().regex(DECIMAL) }),
      }),
    )
    .default([
      {
        name: 'Nexa Genesis',
        symbol: 'NXG',
        kind: 'art',
        fee: '10',
        cap: 10_000,
        pool: { name: 'Genesis pool', daily_budget: '2000' },
      },
      {
        name: 'Nexa Nameplate',
        symbol: 'NXN',
        kind: 'nameplate',
        fee: '20',
        cap: null,
        pool: { name: 'Nameplate pool', daily_budget: '500' },
      },
    ]),
} as const satisfies SettingsCatalogue;
