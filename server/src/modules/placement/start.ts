/** At start: the platform's days read once; the demo opens its round once. */

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
    price: demo.price,
    hard_cap: demo.hard_cap,
    per_user_cap: demo.per_user_cap,
    min_amount: demo.min_amount,
    vesting_months: demo.vesting_months,
    starts_at: now.toISOString(),
    ends_at: new Date(now.getTime() + demo.open_days * 86_400_000).toISOString(),
  });
}
