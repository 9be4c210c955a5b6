/**
 * Where the watchers' deposits move money: the ledger, inside the watcher's transaction. A deposit with the
 * confirmations to credit but not yet those to be final is credited frozen (the user sees it arrive and
 * cannot move it); final, it is released; its block gone first, it is taken back. Credited at once when both
 * counts are one. A transfer an operator already credited by hand (a manual claim of the same hash) is not
 * credited again.
 */
import { and, eq } from 'drizzle-orm';
import { SYSTEM } from '../../ledger';
import type { Tx } from '../../store';
import type { ConfirmedDeposit, DepositBook } from './chain/types';
import type { WalletCtx } from './context';
import { credit } from './deposits';
import { walletDeposits } from './tables';

/** Whether an operator credited this transaction by hand (a manual claim approved). */
async function creditedByHand(tx: Tx, txHash: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: walletDeposits.id })
    .from(walletDeposits)
    .where(
      and(
        eq(walletDeposits.chain, 'manual'),
        eq(walletDeposits.txHash, txHash),
        eq(walletDeposits.status, 'approved'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export function depositBook(ctx: WalletCtx): DepositBook {
  const spot = (d: ConfirmedDeposit) => ({ userId: d.userId, asset: d.asset, kind: 'spot' as const });
  return {
    async credit(tx, d, held) {
      if (await creditedByHand(tx, d.txHash)) return null;
      if (!held) return credit(ctx, tx, d);
      const account = await ctx.ledger.account(tx, spot(d));
      const system = await ctx.ledger.systemAccount(tx, SYSTEM.deposits, d.asset);
      return ctx.ledger.post(tx, {
        cause: 'deposit',
        ref: `dep_${d.id}`,
        remark: d.txHash,
        userId: d.userId,
        postings: [
          { account: system, bucket: 'available', amount: -d.amount },
          { account, bucket: 'frozen', amount: d.amount },
        ],
      });
    },
    release: (tx, d) =>
      ctx.ledger.release(tx, {
        account: spot(d),
        amount: d.amount,
        cause: 'deposit.final',
        ref: `dep_${d.id}`,
        remark: d.txHash,
        userId: d.userId,
      }),
    reverse: (tx, d) =>
      ctx.ledger.settle(tx, {
        from: spot(d),
        to: { system: SYSTEM.deposits, asset: d.asset },
        amount: d.amount,
        cause: 'deposit.reversed',
        ref: `dep_${d.id}`,
        remark: d.txHash,
        userId: d.userId,
      }),
  };
}
