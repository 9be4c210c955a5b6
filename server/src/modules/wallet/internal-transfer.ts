/** Between the user's own accounts: instant, no fee, group-committed; answers both balances after it. */

import { type ExactDecimal, formatAmount } from '@nexa/contract';
import { minorUnits } from '../../kernel/assets';
import { DomainError } from '../../kernel/errors';
import type { UserAccountKind } from '../../ledger';
import type { Tx } from '../../store';
import { oneBalance } from './balances';
import type { WalletCtx } from './context';

export async function internalTransfer(
  ctx: WalletCtx,
  userId: number,
  body: {
    asset: string;
    from: UserAccountKind;
    to: UserAccountKind;
    amount: ExactDecimal;
    request_id?: string | undefined;
  },
) {
  if (body.from === body.to) throw new DomainError('SameAccount');
  const asset = await ctx.assets.get(body.asset);
  const amount = minorUnits(body.amount, asset, 'amount', 'invalid_format');
  return ctx.writer.submit({
    userId,
    requestId: body.request_id,
    scope: 'internal_transfer',
    body,
    prepare: async (tx) => {
      if (body.from === 'futures')
        await leavesCrossBacking(ctx, tx, userId, asset.symbol, asset.scale, amount);
      return {
        cause: 'internal_transfer',
        remark: '',
        userId,
        requestId: body.request_id ?? null,
        postings: [
          {
            account: await ctx.ledger.account(tx, { userId, asset: asset.symbol, kind: body.from }),
            bucket: 'available',
            amount: -amount,
          },
          {
            account: await ctx.ledger.account(tx, { userId, asset: asset.symbol, kind: body.to }),
            bucket: 'available',
            amount,
          },
        ],
      };
    },
    finish: async (tx) => ({
      from: await oneBalance(ctx, tx, userId, asset, body.from),
      to: await oneBalance(ctx, tx, userId, asset, body.to),
    }),
  });
}

/**
 * A transfer out of the futures account leaves what the user's cross positions need to stay at their initial
 * margin (futures' crossKept): within the available balance but beyond that, it is refused with the most that
 * may leave now. More than the balance is the ledger's InsufficientBalance, as for any account.
 */
async function leavesCrossBacking(
  ctx: WalletCtx,
  tx: Tx,
  userId: number,
  symbol: string,
  scale: number,
  amount: bigint,
): Promise<void> {
  const kept = ctx.crossKept(userId);
  if (kept <= 0n || symbol !== 'USDT') return;
  const bal = (await ctx.ledger.balances(userId, tx)).find((b) => b.asset === symbol && b.kind === 'futures');
  const available = bal?.available ?? 0n;
  if (amount > available) return;
  const most = available > kept ? available - kept : 0n;
  if (amount > most)
    throw new DomainError('CrossMarginKept', { max: `${formatAmount(most, scale)} ${symbol}` });
}
