/**
 * CSV as spreadsheets read it: safe cells, CRLF lines, a byte-order mark so every script reads; and the one
 * limit on a user's exports (each reads a month of their history), whichever kind they ask for.
 */
import { STATEMENT_MAX_LINES } from '@nexa/contract';
import type { Clock } from './clock';
import { DomainError } from './errors';
import type { RateLimiter } from './rate-limit';
import { monthRange } from './zoned-time';

/** Exports (statements, orders, fills, funding) a user may ask for in a minute, all kinds together. */
const EXPORTS_PER_MINUTE = 20;

/** Counts one export of the user's; RateLimited past the limit. */
export async function countExport(limiter: RateLimiter, userId: number, nowMs: number): Promise<void> {
  if (!(await limiter.hit(`export:${userId}`, EXPORTS_PER_MINUTE, 60_000, nowMs)))
    throw new DomainError('RateLimited');
}

/**
 * One CSV cell: quoted when it holds a comma, a quote or a line break; a text a spreadsheet would read as a
 * formula (starting with =, +, -, @ and not a number) is kept as text.
 */
export function csvCell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A whole file: the header row and the rows, each cell made safe. */
export function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header, ...rows].map((r) => r.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * One month's export as a file: counted against the user's limit, the month's bounds in their zone handed to
 * `build`, at most `STATEMENT_MAX_LINES` rows kept (`build` may give one more to say the month has more).
 */
export async function monthCsvFile(
  deps: { readonly limiter: RateLimiter; readonly clock: Clock },
  userId: number,
  q: { readonly month: string; readonly tz: string; readonly name: string },
  build: (range: {
    readonly from: Date;
    readonly to: Date;
  }) => Promise<{ header: readonly string[]; rows: readonly (readonly string[])[] }>,
) {
  await countExport(deps.limiter, userId, deps.clock.now().getTime());
  const { header, rows } = await build(monthRange(q.month, q.tz));
  const kept = rows.slice(0, STATEMENT_MAX_LINES);
  return {
    file_name: `${q.name}-${q.month}.csv`,
    csv: csvText(header, kept),
    rows: kept.length,
    truncated: rows.length > STATEMENT_MAX_LINES,
  };
}

/** The two sides of a fill as a statement lists them: the taker's side is the trade's, the maker's the other. */
export interface FillOfUser {
  readonly side: 'buy' | 'sell';
  readonly takerUserId: number;
  readonly makerUserId: number;
  readonly takerOrderId: string;
  readonly makerOrderId: string;
  readonly takerFee: bigint;
  readonly makerFee: bigint;
}

/**
 * The user's sides of one fill, each with its role, side, order and fee: one, or two for a fill between two
 * orders of the user's own (self-trades are refused today, so that would show it rather than hide it).
 */
export function userSidesOfFill(t: FillOfUser, userId: number) {
  return [
    ...(t.takerUserId === userId
      ? [{ role: 'taker', side: t.side, order: t.takerOrderId, fee: t.takerFee }]
      : []),
    ...(t.makerUserId === userId
      ? [{ role: 'maker', side: t.side === 'buy' ? 'sell' : 'buy', order: t.makerOrderId, fee: t.makerFee }]
      : []),
  ] as const;
}
