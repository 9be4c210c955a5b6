/** The terms covers are sold on, read from the settings. */
import { parseAmount, USDT_SCALE } from '@nexa/contract';
import type { InsuranceCtx } from './context';

export async function terms({ settings }: InsuranceCtx) {
  const premiumRate = await settings.get('insurance.premium_rate');
  const share = await settings.get('insurance.share');
  return {
    premiumRate,
    share,
    minLimit: parseAmount(await settings.get('insurance.min_limit'), USDT_SCALE) ?? 0n,
    maxLimit: parseAmount(await settings.get('insurance.max_limit'), USDT_SCALE) ?? 0n,
    validDays: await settings.get('insurance.valid_days'),
    waitingH: await settings.get('insurance.waiting_h'),
    maxLever: await settings.get('insurance.max_lever'),
  };
}
