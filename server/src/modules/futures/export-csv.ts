/**
 * A month of the user's swap orders (placed in it), fills (made in it) or funding payments (settled in it) as
 * CSV, in their language and time zone. Sizes are contracts; prices, values, fees and funding USDT. At most
 * `STATEMENT_MAX_LINES` rows, oldest first.
 */
import { formatAmount, type Lang, STATEMENT_MAX_LINES, tradeWord, USDT_SCALE } from '@nexa/contract';
import { and, asc, eq, gte, lt, or } from 'drizzle-orm';
import { monthCsvFile, userSidesOfFill } from '../../kernel/csv';
import { localTime } from '../../kernel/zoned-time';
import type { FuturesCtx } from './context';
import { swapFundingPayments, swapFundings, swapOrders, swapTrades } from './tables';

interface ExportQuery {
  readonly month: string;
  readonly tz: string;
  readonly kind: 'orders' | 'fills' | 'funding';
}

type Range = { readonly from: Date; readonly to: Date };
type Words = (key: string) => string;
const usdt = (v: bigint) => formatAmount(v, USDT_SCALE);

export function exportCsv(ctx: FuturesCtx, userId: number, q: ExportQuery, lang: Lang) {
  const w = (key: string) => tradeWord(key, lang);
  return monthCsvFile(ctx, userId, { ...q, name: `swap-${q.kind}` }, async (range) => {
    const made =
      q.kind === 'orders'
        ? await orderRows(ctx, userId, range, q.tz, w)
        : q.kind === 'fills'
          ? await fillRows(ctx, userId, range, q.tz, w)
          : await fundingRows(ctx, userId, range, q.tz, w);
    return { header: made.header.map(w), rows: made.rows };
  });
}

async function orderRows(ctx: FuturesCtx, userId: number, range: Range, tz: string, w: Words) {
  const list = await ctx.store.db
    .select()
    .from(swapOrders)
    .where(
      and(
        eq(swapOrders.userId, userId),
        gte(swapOrders.createdAt, range.from),
        lt(swapOrders.createdAt, range.to),
      ),
    )
    .orderBy(asc(swapOrders.seq))
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
    'pnl',
    'status',
  ];
  const rows = list.map((o) => [
    localTime(o.createdAt, tz),
    o.id,
    o.instId,
    w(o.side),
    w(o.type),
    o.type === 'limit' ? usdt(o.price) : '',
    o.size.toString(),
    o.filledSize.toString(),
    usdt(o.filledValue),
    usdt(o.fee),
    usdt(o.pnl),
    w(o.status),
  ]);
  return { header, rows };
}

async function fillRows(ctx: FuturesCtx, userId: number, range: Range, tz: string, w: Words) {
  const list = await ctx.store.db
    .select()
    .from(swapTrades)
    .where(
      and(
        or(eq(swapTrades.makerUserId, userId), eq(swapTrades.takerUserId, userId)),
        gte(swapTrades.createdAt, range.from),
        lt(swapTrades.createdAt, range.to),
      ),
    )
    .orderBy(asc(swapTrades.id))
    .limit(STATEMENT_MAX_LINES + 1);
  const header = ['time', 'order', 'instrument', 'side', 'role', 'price', 'size', 'value', 'fee'];
  const rows: string[][] = [];
  for (const t of list) {
    for (const s of userSidesOfFill(t, userId))
      rows.push([
        localTime(t.createdAt, tz),
        s.order,
        t.instId,
        w(s.side),
        w(s.role),
        usdt(t.price),
        t.size.toString(),
        usdt(t.value),
        usdt(s.fee),
      ]);
  }
  return { header, rows };
}

async function fundingRows(ctx: FuturesCtx, userId: number, range: Range, tz: string, w: Words) {
  const list = await ctx.store.db
    .select({
      instId: swapFundingPayments.instId,
      fundingTime: swapFundingPayments.fundingTime,
      side: swapFundingPayments.side,
      size: swapFundingPayments.size,
      amount: swapFundingPayments.amount,
      rate: swapFundings.rate,
    })
    .from(swapFundingPayments)
    .leftJoin(
      swapFundings,
      and(
        eq(swapFundings.instId, swapFundingPayments.instId),
        eq(swapFundings.fundingTime, swapFundingPayments.fundingTime),
      ),
    )
    .where(
      and(
        eq(swapFundingPayments.userId, userId),
        gte(swapFundingPayments.fundingTime, range.from.getTime()),
        lt(swapFundingPayments.fundingTime, range.to.getTime()),
      ),
    )
    .orderBy(asc(swapFundingPayments.fundingTime), asc(swapFundingPayments.id))
    .limit(STATEMENT_MAX_LINES + 1);
  const header = ['time', 'instrument', 'side', 'size', 'rate', 'funding'];
  const rows = list.map((f) => [
    localTime(new Date(f.fundingTime), tz),
    f.instId,
    w(f.side),
    f.size.toString(),
    f.rate === null ? '' : formatAmount(f.rate, 8),
    usdt(f.amount),
  ]);
  return { header, rows };
}
