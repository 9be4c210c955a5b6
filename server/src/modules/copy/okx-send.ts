/** Copies on OKX: the orders the writer's transaction left pending, sent after its commit. */
import { and, eq, lte } from 'drizzle-orm';
import type { CopyCtx } from './context';
import { OkxError } from './okx';
import { copyPositions, copyTrades, okxCopyOrders, okxLinks } from './tables';

type PendingOrder = typeof okxCopyOrders.$inferSelect;

/**
 * Sends pending copies to OKX. Each order is leased (its row's time moves forward) so two senders never
 * work on it at once; before placing, OKX is asked for our client order id, so an order a timed-out attempt
 * did place is found instead of placed again.
 */
export function sendOkx(ctx: CopyCtx): Promise<number> {
  // One sender at a time: a call while one runs gets its result.
  if (!ctx.state.sending)
    ctx.state.sending = sendPending(ctx).finally(() => {
      ctx.state.sending = null;
    });
  return ctx.state.sending;
}

async function sendPending(ctx: CopyCtx): Promise<number> {
  const { store, clock, log, vault, okx } = ctx;
  let done = 0;
  const now = clock.now();
  const pending = await store.db
    .select()
    .from(okxCopyOrders)
    .where(
      and(
        eq(okxCopyOrders.status, 'pending'),
        lte(okxCopyOrders.updatedAt, new Date(now.getTime() - 10_000)),
      ),
    )
    .orderBy(okxCopyOrders.copyTradeId)
    .limit(50);
  for (const o of pending) {
    const [leased] = await store.db
      .update(okxCopyOrders)
      .set({ attempts: o.attempts + 1, updatedAt: clock.now() })
      .where(and(eq(okxCopyOrders.clOrdId, o.clOrdId), eq(okxCopyOrders.attempts, o.attempts)))
      .returning();
    if (!leased) continue;
    const [link] = await store.db.select().from(okxLinks).where(eq(okxLinks.userId, o.userId));
    const finish = async (status: 'placed' | 'failed', ordId: string | null, error: string | null) => {
      await finishOrder(ctx, o, status, ordId, error);
      done++;
    };
    if (!link) {
      await finish('failed', null, 'not linked');
      continue;
    }
    const creds = vault.credentials(link);
    try {
      const found = await okx.orderByClientId(creds, { instId: o.instId, clOrdId: o.clOrdId });
      if (found) {
        await finish('placed', found.ordId, null);
        continue;
      }
      const placed = await okx.placeMarket(creds, {
        instId: o.instId,
        side: o.side,
        sz: o.size.toString(),
        clOrdId: o.clOrdId,
      });
      await finish('placed', placed.ordId, null);
    } catch (err) {
      const e = err instanceof OkxError ? err : null;
      if (e && (e.kind === 'timeout' || e.kind === 'network') && leased.attempts < 5) {
        // The outcome is unknown: the next attempt asks OKX first.
        log.warn({ clOrdId: o.clOrdId, kind: e.kind }, 'OKX copy order outcome unknown; retried');
        continue;
      }
      await finish('failed', null, e ? `${e.kind} ${e.okxCode ?? ''}`.trim() : 'error');
    }
  }
  return done;
}

/** An OKX order's outcome written to the order and its copy trade. */
async function finishOrder(
  ctx: CopyCtx,
  o: PendingOrder,
  status: 'placed' | 'failed',
  ordId: string | null,
  error: string | null,
): Promise<void> {
  await ctx.store.db.transaction(async (tx) => {
    await tx
      .update(okxCopyOrders)
      .set({ status, okxOrderId: ordId, error, updatedAt: ctx.clock.now() })
      .where(eq(okxCopyOrders.clOrdId, o.clOrdId));
    const [trade] = await tx
      .update(copyTrades)
      .set(
        status === 'placed'
          ? { status: 'filled', filled: o.size, orderId: ordId }
          : { status: 'failed', reason: 'okx_failed' },
      )
      .where(eq(copyTrades.id, o.copyTradeId))
      .returning({ followId: copyTrades.followId });
    // What OKX did not take is not held there: this lead position is no longer copied to it.
    if (status === 'failed' && trade) {
      await tx
        .update(copyPositions)
        .set({ detached: true })
        .where(and(eq(copyPositions.followId, trade.followId), eq(copyPositions.instId, o.instId)));
    }
  });
}
