/** At start: the platform's days read once; the demo opens its round once. */

import { exactText, USDT_SCALE } from '@nexa/contract';
import { amountSetting } from '../../kernel/settings';
import type { PlacementCtx } from './context';
import { openRound } from './rounds';
import { placementRounds } from './tables';

export async function start(ctx: PlacementCtx): Promise<void> {
  const { store, clock, settings, days, config } = ctx;
  const demo = await settings.get('placement.demo_round');
  await days.offsetMs();
  if (!config.seedDemo) return;
  const [any] = await store.db.select({ id: placementRounds.id }).from(placementRounds).limit(1);
  if (any) return;
  const now = clock.now();
  await openRound(ctx, null, {
    name: demo.name,
    asset: demo.asset,
    price: amountSetting('placement.demo_round', demo.price, USDT_SCALE),
    hard_cap: exactText(demo.hard_cap),
    per_user_cap: exactText(demo.per_user_cap),
    min_amount: exactText(demo.min_amount),
    vesting_months: demo.vesting_months,
    starts_at: now.toISOString(),
    ends_at: new Date(now.getTime() + demo.open_days * 86_400_000).toISOString(),
  });
}
