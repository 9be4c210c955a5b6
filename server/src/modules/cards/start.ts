import type { CardsCtx } from './context';
import { CARDS_SETTINGS } from './settings';

/** Reads every setting of the module once at start. */
export async function start(ctx: CardsCtx): Promise<void> {
  for (const key of Object.keys(CARDS_SETTINGS) as (keyof typeof CARDS_SETTINGS)[])
    await ctx.settings.get(key);
}
