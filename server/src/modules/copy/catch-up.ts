/** Copies that hold more than their leads call for (a close that found no liquidity), brought back toward them. */
import { and, eq, ne } from 'drizzle-orm';
import type { CopyOrder } from '../../ports/copy';
import type { Tx } from '../../store';
import type { CopyCtx } from './context';
import { abs } from './math';
import { tolerances } from './rules';
import { copyFollows, copyPositions } from './tables';
import { copyLimitPrice } from './tolerance';

/** Reductions that bring platform copies in a contract toward their leads' positions. */
export async function catchUp(
  ctx: CopyCtx,
  tx: Tx,
  instId: string,
  sizeOf: (userId: number) => bigint,
  mark?: bigint | null,
) {
  const tol = await tolerances(ctx);
  const rows = await tx
    .select({ f: copyFollows, p: copyPositions })
    .from(copyPositions)
    .innerJoin(copyFollows, eq(copyFollows.id, copyPositions.followId))
    .where(
      and(
        eq(copyPositions.instId, instId),
        eq(copyPositions.detached, false),
        ne(copyPositions.contracts, 0n),
        eq(copyFollows.status, 'active'),
        eq(copyFollows.venue, 'platform'),
      ),
    );
  const byLead = new Map<number, CopyOrder[]>();
  for (const { f, p } of rows) {
    const held = sizeOf(f.followerId);
    // Changed outside the copy: the lead's next move detaches it.
    if (held !== p.contracts || held === 0n) continue;
    const lead = sizeOf(f.leadId);
    const target =
      lead === 0n || lead > 0n !== held > 0n ? 0n : (lead < 0n ? -1n : 1n) * ((abs(lead) * p.num) / p.den);
    if (abs(target) >= abs(held)) continue;
    const orders = byLead.get(f.leadId) ?? [];
    const side = held > 0n ? 'sell' : 'buy';
    // No lead fill to follow: held to the tolerance from the mark.
    const limitPrice = mark ? copyLimitPrice(side, mark, mark, tol) : undefined;
    orders.push({
      followId: f.id,
      followerId: f.followerId,
      side,
      contracts: abs(held - target),
      // Unused: a reduction keeps the position's leverage.
      lever: 1,
      ...(limitPrice === undefined ? {} : { limitPrice }),
    });
    byLead.set(f.leadId, orders);
  }
  // Whatever does not fill now is marked again when it is recorded.
  ctx.lagging.delete(instId);
  return [...byLead].map(([leadId, orders]) => ({ leadId, orders }));
}
