/**
 * A month's statement and its CSV, in the user's time zone and language: the month's bounds are the local
 * midnights that start it and the next one; the lines and figures are the ledger's (`ledger/statement.ts`).
 */
import { causeLabel, formatAmount, type Lang, STATEMENT_MAX_LINES } from '@nexa/contract';
import { countExport, monthCsvFile } from '../../kernel/csv';
import { localTime, monthRange } from '../../kernel/zoned-time';
import type { WalletCtx } from './context';
import { STATEMENT_WORDS } from './statement-words';

/** The month's figures per account. */
export async function monthStatement(ctx: WalletCtx, userId: number, q: { month: string; tz: string }) {
  await countExport(ctx.limiter, userId, ctx.clock.now().getTime());
  const range = monthRange(q.month, q.tz);
  const { accounts, lines } = await ctx.ledger.statementFigures(userId, range);
  const amount = (v: bigint, asset: string) => formatAmount(v, ctx.registry.get(asset).scale);
  return {
    month: q.month,
    tz: q.tz,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    accounts: accounts.map((a) => ({
      asset: a.asset,
      account: a.kind,
      opening: amount(a.opening, a.asset),
      credits: amount(a.credits, a.asset),
      debits: amount(a.debits, a.asset),
      closing: amount(a.closing, a.asset),
    })),
    lines,
  };
}

/** The month's lines as CSV (UTF-8 with its byte-order mark, so spreadsheets read every script). */
export function monthCsv(ctx: WalletCtx, userId: number, q: { month: string; tz: string }, lang: Lang) {
  const words = STATEMENT_WORDS[lang];
  return monthCsvFile(ctx, userId, { ...q, name: 'statement' }, async (range) => {
    const { lines } = await ctx.ledger.statement(userId, range, STATEMENT_MAX_LINES + 1);
    const rows = lines.map((l) => {
      const scale = ctx.registry.get(l.asset).scale;
      return [
        localTime(l.createdAt, q.tz),
        words.accounts[l.kind],
        l.asset,
        causeLabel(l.cause, lang),
        formatAmount(l.amount, scale),
        formatAmount(l.balanceAfter, scale),
        l.ref,
      ];
    });
    return { header: words.columns, rows };
  });
}
