/** Between the user's own accounts: instant, no fee, group-committed; answers both balances after it. */

import type { ExactDecimal } from '@nexa/contract';
import { minorUnits } from '../../kernel/assets';
import { DomainError } from '../../kernel/errors';
import type { UserAccountKind } from '../../ledger';
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
    prepare: async (tx) => ({
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
    }),
    finish: async (tx) => ({
      from: await oneBalance(ctx, tx, userId, asset, body.from),
      to: await oneBalance(ctx, tx, userId, asset, body.to),
    }),
  });
}
