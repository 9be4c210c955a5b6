/**
 * A month of the user's spot orders (placed in it) or fills (made in it) as CSV, in their language and time
 * zone: what a user keeps for their records and taxes. At most `STATEMENT_MAX_LINES` rows, oldest first.
 */
import { formatAmount, type Lang, STATEMENT_MAX_LINES, tradeWord } from '@nexa/contract';
import { and, asc, eq, gte, lt, or } from 'drizzle-orm';
import { monthCsvFile, userSidesOfFill } from '../../kernel/csv';
import { localTime } from '../../kernel/zoned-time';
import type { SpotCtx } from './context';
import { instrumentOf } from './instruments';
import { marketOrders, marketTrades } from './tables';

interface ExportQuery {
  readonly month: string;
  readonly tz: string;
  readonly kind: 'orders' | 'fills';
}

export function exportCsv(c: SpotCtx, userId: number, q: ExportQuery, lang: Lang) {
  const w = (key: string) => tradeWord(key, lang);
  return monthCsvFile(c, userId, { ...q, name: `spot-${q.kind}` }, async (range) => {
    const made =
      q.kind === 'orders'
        ? await orderRows(c, userId, range, q.tz, w)
        : await fillRows(c, userId, range, q.tz, w);
    return { header: made.header.map(w), rows: made.rows };
  });
}

type Range = { readonly from: Date; readonly to: Date };
type Words = (key: string) => string;

async function orderRows(c: SpotCtx, userId: number, range: Range, tz: string, w: Words) {
  const list = await c.store.db
    .select()
    .from(marketOrders)
    .where(
      and(
        eq(marketOrders.userId, userId),
        gte(marketOrders.createdAt, range.from),
        lt(marketOrders.createdAt, range.to),
      ),
    )
    .orderBy(asc(marketOrders.seq))
    .limit(STATEMENT_MAX_LINES + 1);
  const header = [
    'time',
    'order',
    'instrument',
    'side',
    'type',
    'price',
    'size',
    'filled',
    'value',
    'fee',
    'status',
  ];
  const rows = list.map((o) => {
    const inst = instrumentOf(c, o.instId);
    const quote = (v: bigint | null) => (v === null ? '' : formatAmount(v, inst.quote.scale));
    const base = (v: bigint | null) => (v === null ? '' : formatAmount(v, inst.base.scale));
    return [
      localTime(o.createdAt, tz),
      o.id,
      o.instId,
      w(o.side),
      w(o.type),
      quote(o.price),
      o.size !== null ? base(o.size) : `${quote(o.quoteSize)} ${inst.quote.symbol}`,
      base(o.filledSize),
      quote(o.filledQuote),
      quote(o.fee),
      w(o.status),
    ];
  });
  return { header, rows };
}

async function fillRows(c: SpotCtx, userId: number, range: Range, tz: string, w: Words) {
  const list = await c.store.db
    .select()
    .from(marketTrades)
    .where(
      and(
        or(eq(marketTrades.makerUserId, userId), eq(marketTrades.takerUserId, userId)),
        gte(marketTrades.createdAt, range.from),
        lt(marketTrades.createdAt, range.to),
      ),
    )
    .orderBy(asc(marketTrades.id))
    .limit(STATEMENT_MAX_LINES + 1);
  const header = ['time', 'order', 'instrument', 'side', 'role', 'price', 'size', 'value', 'fee'];
  const rows: string[][] = [];
  for (const t of list) {
    const inst = instrumentOf(c, t.instId);
    for (const s of userSidesOfFill(t, userId))
      rows.push([
        localTime(t.createdAt, tz),
        s.order,
        t.instId,
        w(s.side),
        w(s.role),
        formatAmount(t.price, inst.quote.scale),
        formatAmount(t.size, inst.base.scale),
        formatAmount(t.quote, inst.quote.scale),
        formatAmount(s.fee, inst.quote.scale),
      ]);
  }
  return { header, rows };
}
