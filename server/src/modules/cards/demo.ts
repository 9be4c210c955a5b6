/**
 * The module's sweep: cards left being issued are finished or refunded; in the demo, verifications are approved
 * (only while `demo.kyc_auto_approve` is on) and physical cards shipped by the simulated issuer after a while.
 */
import { and, eq, lt } from 'drizzle-orm';
import { ship } from './card-life';
import type { CardsCtx } from './context';
import { autoApproves } from './kyc';
import { review } from './kyc-review';
import { finishIssuing } from './open-card';
import { cards, kycSubmissions } from './tables';

export async function sweep(ctx: CardsCtx): Promise<void> {
  await finishIssuing(ctx);
  const { store, clock, settings } = ctx;
  const now = clock.now().getTime();
  if (await autoApproves(ctx)) {
    const approveAfter = (await settings.get('demo.kyc_approve_after_s')) * 1000;
    const pending = await store.db
      .select({ id: kycSubmissions.id })
      .from(kycSubmissions)
      .where(
        and(eq(kycSubmissions.status, 'pending'), lt(kycSubmissions.createdAt, new Date(now - approveAfter))),
      );
    for (const k of pending)
      await review(ctx, null, { id: k.id, decision: 'approve' }).catch(() => undefined);
  }
  if (!ctx.config.seedDemo || !ctx.issuer.simulated) return;
  const shipAfter = (await settings.get('demo.card_ship_after_s')) * 1000;
  const waiting = await store.db
    .select({ id: cards.id })
    .from(cards)
    .where(
      and(
        eq(cards.status, 'applying'),
        eq(cards.kind, 'physical'),
        lt(cards.createdAt, new Date(now - shipAfter)),
      ),
    );
  for (const c of waiting)
    await ship(ctx, null, { card_id: c.id, tracking: `SIM${String(c.id).padStart(8, '0')}` }).catch(
      () => undefined,
    );
}
