/** A program's funded pool: its ledger account and what it holds. */
import type { LedgerAccount } from '../ledger';
import type { Tx } from '../store';
import type { RewardProgram, RewardsCtx } from './rewards-context';

export async function poolAccount(
  { ledger }: RewardsCtx,
  tx: Tx,
  p: RewardProgram<unknown>,
): Promise<LedgerAccount> {
  return ledger.systemAccount(tx, p.pool, p.asset);
}

export async function held({ ledger }: RewardsCtx, tx: Tx, account: LedgerAccount): Promise<bigint> {
  return (await ledger.accountBalances(tx, [account.id])).get(account.id)?.available ?? 0n;
}
