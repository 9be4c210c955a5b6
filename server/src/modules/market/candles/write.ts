/**
 * Writing the bars: the changed bars upserted, the bars that fell out of memory deleted and each instrument's
 * trade mark stored, in one transaction; what could not be written is taken again next time. Writes are
 * serial.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { marketCandleMarks, marketCandles } from '../tables';
import type { CandleCtx } from './context';

/** Rows per insert statement (12 parameters each, far below the protocol's limit). */
const WRITE_BATCH = 500;

async function write(ctx: CandleCtx): Promise<void> {
  const { series, marks, written } = ctx;
  const changes = series.takeChanges();
  const markRows = [...marks].filter(([instId, id]) => written.get(instId) !== id);
  if (changes.bars.length === 0 && changes.pruned.length === 0 && markRows.length === 0) return;
  const rows = changes.bars.map(({ instId, interval, bar }) => ({ instId, bar: interval, ...bar }));
  try {
    await ctx.store.db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += WRITE_BATCH) {
        await tx
          .insert(marketCandles)
          .values(rows.slice(i, i + WRITE_BATCH))
          .onConflictDoUpdate({
            target: [marketCandles.instId, marketCandles.bar, marketCandles.ts],
            set: {
              open: sql`excluded.open`,
              high: sql`excluded.high`,
              low: sql`excluded.low`,
              close: sql`excluded.close`,
              vol: sql`excluded.vol`,
              volQuote: sql`excluded.vol_quote`,
              trades: sql`excluded.trades`,
              firstTs: sql`excluded.first_ts`,
              lastTs: sql`excluded.last_ts`,
            },
          });
      }
      for (const p of changes.pruned) {
        await tx
          .delete(marketCandles)
          .where(
            and(
              eq(marketCandles.instId, p.instId),
              eq(marketCandles.bar, p.interval),
              lt(marketCandles.ts, p.before),
            ),
          );
      }
      if (markRows.length > 0) {
        await tx
          .insert(marketCandleMarks)
          .values(markRows.map(([instId, lastTradeId]) => ({ instId, lastTradeId })))
          .onConflictDoUpdate({
            target: marketCandleMarks.instId,
            set: { lastTradeId: sql`excluded.last_trade_id` },
          });
      }
    });
    for (const [instId, id] of markRows) written.set(instId, id);
  } catch (err) {
    // Not written: the same bars are taken again at the next write (they are still in memory).
    series.requeue(changes);
    ctx.log.error({ err }, 'candles not written; retrying');
  }
}

/** Writes what changed now; a write never overtakes an older one. */
export function flush(ctx: CandleCtx): Promise<void> {
  ctx.state.writing = ctx.state.writing.then(() => write(ctx));
  return ctx.state.writing;
}
