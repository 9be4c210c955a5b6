/**
 * Which users are the demo's own merchants: read from the store by their fixed addresses, so every instance
 * knows them (a stand-by answering lists included), not only the one that seeded the demo shop.
 */
import { inArray } from 'drizzle-orm';
import { DEMO_MERCHANTS } from '../../seed/shop-demo';
import { schema } from '../../store';
import type { ShopCtx } from './context';

/** A demo merchant's account address: its own, never a real user's. */
export const demoMerchantAddress = (n: number) =>
  `0x4e657861${'0'.repeat(26)}5b${String(n).padStart(4, '0')}`;

/** Whether the user runs one of the demo's merchants (false without the demo seed). */
export async function isDemoMerchant(ctx: ShopCtx, userId: number): Promise<boolean> {
  if (!ctx.config.seedDemo) return false;
  if (ctx.demoUsers.size < DEMO_MERCHANTS.length) {
    const rows = await ctx.store.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(
        inArray(
          schema.users.address,
          DEMO_MERCHANTS.map((m) => demoMerchantAddress(m.n)),
        ),
      );
    for (const r of rows) ctx.demoUsers.add(r.id);
  }
  return ctx.demoUsers.has(userId);
}
