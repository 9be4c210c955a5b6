import { asc, eq } from 'drizzle-orm';
import { walletWithdrawalSends } from '../../src/modules/wallet/tables';
import type { Store } from '../../src/store';
import { api, present, type TestServer } from '../harness';

/** The hot wallets' withdrawals as the tests of each network drive them: approved, followed, read back. */

/** One step of the follower over every withdrawal a hot wallet is paying. */
export const followWithdrawals = (s: TestServer) => s.app.modules.wallet.withdrawals.follow();

/** An operator's approval (it sends the payment where a hot wallet pays). */
export const approveAs = (s: TestServer, operatorToken: string, id: number) =>
  api(s, '/admin/withdrawals/approve', { withdrawal_id: id }, { token: operatorToken });

/** The withdrawal as its user's records show it. */
export async function userWithdrawal(s: TestServer, userToken: string, id: number) {
  const list = (await api(s, '/api/withdraw/list', { page: 1 }, { token: userToken })).body.data.list;
  return present(list.find((w) => w.id === id));
}

/** The signed versions of a withdrawal's payment, as stored, oldest first. */
export const signedVersions = (store: Store, id: number) =>
  store.db
    .select()
    .from(walletWithdrawalSends)
    .where(eq(walletWithdrawalSends.withdrawalId, id))
    .orderBy(asc(walletWithdrawalSends.id));
