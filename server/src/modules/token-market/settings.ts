import { z } from 'zod';
import { type SettingsCatalogue, zRate, zUsdt } from '../../kernel/settings';

/** Tokens that may be listed, the seller's fee and the smallest trade value. */
export const TOKEN_MARKET_SETTINGS = {
  'p2p.assets': z.array(z.string()).default(['BWC', 'BWT', 'ALEO', 'DOMI', 'SATS', 'RRT', 'NEU']),
  'p2p.fee_rate': zRate('0.002'),
  'p2p.min_usdt': zUsdt('5'),
} as const satisfies SettingsCatalogue;
