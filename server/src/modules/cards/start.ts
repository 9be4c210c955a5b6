import { eq } from 'drizzle-orm';
import { schema } from '../../store';
import type { CardsCtx } from './context';
import { CARDS_SETTINGS } from './settings';

/**
 * Reads every setting of the module once at start. The demo (outside production) approves verifications by
 * itself, so a stranger can go on alone: its first start turns that on, unless an operator already chose.
 */
export async function start(ctx: CardsCtx): Promise<void> {
  for (const key of Object.keys(CARDS_SETTINGS) as (keyof typeof CARDS_SETTINGS)[])
    await ctx.settings.get(key);
  if (!ctx.config.seedDemo || ctx.config.env === 'production') return;
  const [set] = await ctx.store.db
    .select({ key: schema.settings.key })
    .from(schema.settings)
    .where(eq(schema.settings.key, 'demo.kyc_auto_approve'));
  if (!set) await ctx.settings.set('demo.kyc_auto_approve', true);
}
