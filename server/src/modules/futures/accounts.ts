/** The ledger accounts the writer moves: a user's futures account and the system accounts, read once. */
import type { LedgerAccount } from '../../ledger';
import type { Tx } from '../../store';
import type { FuturesCtx } from './context';

export async function futuresAccount(ctx: FuturesCtx, tx: Tx, userId: number): Promise<LedgerAccount> {
  const { ledger, accounts } = ctx;
  const key = `u:${userId}`;
  const known = accounts.get(key);
  if (known) return known;
  const a = await ledger.account(tx, { userId, asset: 'USDT', kind: 'futures' });
  accounts.set(key, a);
  return a;
}

export async function systemAccount(ctx: FuturesCtx, tx: Tx, name: string): Promise<LedgerAccount> {
  const { ledger, accounts } = ctx;
  const key = `s:${name}`;
  const known = accounts.get(key);
  if (known) return known;
  const a = await ledger.systemAccount(tx, name, 'USDT');
  accounts.set(key, a);
  return a;
}
