/** What the module loads at start (the leads, the copied positions) and the demo's default. */
import { and, eq, ne } from 'drizzle-orm';
import { schema } from '../../store';
import type { CopyCtx } from './context';
import { copyFollows, copyLeads, copyPositions } from './tables';

/** The demo lets anyone who meets the criteria lead at once, unless an operator turned the review on. */
export async function demoDefaults(ctx: CopyCtx): Promise<void> {
  const [set] = await ctx.store.db
    .select({ key: schema.settings.key })
    .from(schema.settings)
    .where(eq(schema.settings.key, 'copy.lead_review'));
  if (!set) await ctx.settings.set('copy.lead_review', false);
}

export async function start(ctx: CopyCtx): Promise<void> {
  const { store, leads, managed, lagging } = ctx;
  for (const r of await store.db.select().from(copyLeads))
    leads.set(r.userId, {
      tier: r.tier,
      delayMin: r.delayMin,
      suspended: r.suspendedAt ? { at: r.suspendedAt, reason: r.suspendReason ?? '' } : null,
    });
  const rows = await store.db
    .select({ followerId: copyFollows.followerId, instId: copyPositions.instId })
    .from(copyPositions)
    .innerJoin(copyFollows, eq(copyFollows.id, copyPositions.followId))
    .where(
      and(
        eq(copyFollows.status, 'active'),
        eq(copyFollows.venue, 'platform'),
        eq(copyPositions.detached, false),
        ne(copyPositions.contracts, 0n),
      ),
    );
  for (const r of rows) {
    managed.add(`${r.followerId}:${r.instId}`);
    // A close that found no liquidity before a restart is retried at the contract's next operation.
    lagging.add(r.instId);
  }
}
