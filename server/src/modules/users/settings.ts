import { type SettingsCatalogue, zUsdt } from '../../kernel/settings';

export const USERS_SETTINGS = {
  /** Trading volume in USDT from which a referral counts as valid. */
  'referral.valid_volume_usdt': zUsdt('100'),
} as const satisfies SettingsCatalogue;
