/** Asset records: the user's journal lines, filtered (asset, account, cause, direction, bucket), newest first. */
import { formatAmount, remarkDetail } from '@nexa/contract';
import type { HistoryQuery, HistoryRow, UserAccountKind } from '../../ledger';
import { iso } from './common';
import type { PageQuery, WalletCtx } from './context';

/** Journal lines at their asset's scale: the registry's, the assets the wallet does not list included. */
export function recordRows(ctx: WalletCtx, rows: readonly HistoryRow[]) {
  return rows.map((r) => {
    const { scale } = ctx.registry.get(r.asset);
    return {
      id: r.id,
      transaction_id: r.transactionId,
      asset: r.asset,
      account: r.kind,
      type: r.cause,
      amount: formatAmount(r.amount, scale),
      balance_after: formatAmount(r.balanceAfter, scale),
      remark: r.remark,
      detail: remarkDetail(r.cause, r.remark),
      returned: formatAmount(r.returned, scale),
      time: iso(r.createdAt),
    };
  });
}

interface RecordFilter {
  symbol?: string | undefined;
  account?: UserAccountKind | undefined;
  type?: string | undefined;
  amount_type?: number | undefined;
  causePrefix?: string;
  bucket?: 'available' | 'frozen';
  transactionId?: number | undefined;
}

/** Asset records: the user's journal lines (spendable balance unless a bucket is named), newest first. */
export async function records(ctx: WalletCtx, userId: number, f: RecordFilter, page: PageQuery) {
  if (f.symbol) await ctx.assets.get(f.symbol, 'symbol');
  const q: HistoryQuery = {
    page: page.page,
    size: page.size,
    bucket: f.bucket ?? 'available',
    ...(f.symbol ? { asset: f.symbol } : {}),
    ...(f.account ? { kind: f.account } : {}),
    ...(f.type ? { cause: f.type } : {}),
    ...(f.causePrefix ? { causePrefix: f.causePrefix } : {}),
    ...(f.amount_type === 2
      ? { direction: 'in' as const }
      : f.amount_type === 3
        ? { direction: 'out' as const }
        : {}),
    ...(f.transactionId ? { transactionId: f.transactionId } : {}),
  };
  if (f.transactionId) delete (q as { bucket?: string }).bucket;
  const { list, total } = await ctx.ledger.history(userId, q);
  return { list: recordRows(ctx, list), total };
}
