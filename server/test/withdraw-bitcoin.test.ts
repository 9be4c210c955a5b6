import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { HDKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { segwitV0Address } from '../src/modules/wallet/chain/addresses';
import { type Store, schema } from '../src/store';
import { type BitcoinFake, startBitcoinFake } from './chain/bitcoin-fake';
import { approveAs, followWithdrawals, signedVersions, userWithdrawal } from './chain/withdrawals';
import {
  api,
  operatorToken,
  present,
  signedInUser,
  startServer,
  type TestServer,
  testStore,
} from './harness';

// BTC paid from a wallet of the operator's Bitcoin Core node (it holds the key; the server holds none),
// through a fake node whose wallet funds, signs, replaces by fee and spends coins as Core's does; deposits
// and withdrawals final at 2 blocks.
const FINAL = 2;

let btc: BitcoinFake;
let shared: { store: Store; drop: () => Promise<void> };
let env: Record<string, string>;
let srv: TestServer;
let finance: string;

const chain = (s: TestServer) => present(s.app.chains.find((c) => c.chain === 'bitcoin'));
const follow = followWithdrawals;
/** A mainnet address of no one here. */
const newAddress = () => segwitV0Address('bc', randomBytes(20));

/** A user holding 1 BTC (a deposit, final) asks to withdraw `amount` to a fresh address. */
async function requested(s: TestServer, amount: string) {
  const u = await signedInUser(s);
  const me = present(await s.app.modules.auth.authenticate(u.token));
  const address = await chain(s).depositAddress(me.id);
  await chain(s).poll();
  btc.pay(address, '1');
  btc.mine(FINAL - 1);
  await chain(s).poll();
  const to = newAddress();
  const w = await api(
    s,
    '/api/withdraw/withdrawCoin',
    { asset: 'BTC', chain: 'Bitcoin', address: to, amount },
    { token: u.token },
  );
  expect(w.body, JSON.stringify(w.body)).toMatchObject({ data: { chain: 'bitcoin', status: 'pending' } });
  return { user: u, to, id: w.body.data.id };
}

const approve = (s: TestServer, id: number) => approveAs(s, finance, id);

const userRecord = userWithdrawal;

const sendsOf = (id: number) => signedVersions(shared.store, id);

/** Satoshis the chain paid an address, over every mined payment of the wallet. */
const paidTo = (address: string) =>
  btc.paid.filter((p) => p.address === address).reduce((a, p) => a + p.sats, 0n);

beforeAll(async () => {
  btc = await startBitcoinFake();
  btc.mine(2);
  btc.fundWallet('2');
  btc.fundWallet('3');
  env = {
    CHAIN_NETWORKS: JSON.stringify([
      { kind: 'bitcoin', rpc_url: btc.url, confirmations: FINAL, wallet: btc.walletName },
    ]),
    DEPOSIT_XPUB: HDKey.fromMasterSeed(randomBytes(32)).publicExtendedKey,
    CHAIN_POLL_MS: '3600000',
  };
  shared = await testStore();
  srv = await startServer({ env, store: shared.store });
  finance = await operatorToken(srv);
});

afterAll(async () => {
  await srv?.close();
  await btc?.close();
});

describe('BTC withdrawals paid by the node’s wallet', () => {
  it('funds, signs and checks the payment, stores it, broadcasts it; Completed at the confirmations', async () => {
    const w = await requested(srv, '0.25');
    const rules = (await api(srv, '/api/withdraw/list', { page: 1 }, { token: w.user.token })).body.data
      .rules;
    expect(rules.find((r) => r.asset === 'BTC')?.networks).toEqual(['bitcoin']);
    const ok = await approve(srv, w.id);
    expect(ok.body.data).toMatchObject({ stage: 'sent', status: 'pending' });
    const hash = present(ok.body.data.tx_hash);
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(btc.pool()).toEqual([hash.slice(2)]);
    expect((await userRecord(srv, w.user.token, w.id)).tx_url).toBe(
      `https://mempool.space/tx/${hash.slice(2)}`,
    );
    const [stored] = await sendsOf(w.id);
    // 12 sat/vB, the node's estimate, in sat per 1,000 vB.
    expect(present(stored).maxFeePerGas).toBe(12_000n);
    btc.mine(1);
    expect(paidTo(w.to)).toBe(25_000_000n);
    await follow(srv);
    expect((await userRecord(srv, w.user.token, w.id)).stage).toBe('sent');
    btc.mine(FINAL - 1);
    await follow(srv);
    expect(await userRecord(srv, w.user.token, w.id)).toMatchObject({
      stage: 'completed',
      status: 'approved',
      tx_hash: hash,
    });
    expect(await sendsOf(w.id)).toHaveLength(1);
    expect(await srv.app.ledger.audit()).toEqual([]);
  });

  it('broadcasts the same stored payment again after a crash between store and broadcast', async () => {
    const w = await requested(srv, '0.1');
    const payer = present(chain(srv).payer);
    const broadcast = payer.broadcast;
    payer.broadcast = async () => {
      throw new Error('the process died');
    };
    const ok = await approve(srv, w.id);
    payer.broadcast = broadcast;
    expect(ok.body.data).toMatchObject({ stage: 'sending', tx_hash: null });
    expect(btc.pool()).toEqual([]);
    await srv.app.close();
    srv = await startServer({ env, store: shared.store });
    finance = await operatorToken(srv);
    await follow(srv);
    const [stored] = await sendsOf(w.id);
    expect(btc.pool()).toEqual([present(stored).txHash.slice(2)]);
    await follow(srv);
    btc.mine(FINAL);
    await follow(srv);
    expect(await userRecord(srv, w.user.token, w.id)).toMatchObject({
      stage: 'completed',
      tx_hash: present(stored).txHash,
    });
    expect(await sendsOf(w.id)).toHaveLength(1);
    expect(paidTo(w.to)).toBe(10_000_000n);
  });

  it('replaces a stuck payment by fee, spending the same coins: one version is mined, the other conflicts', async () => {
    await srv.app.settings.set('withdraw.bump_after_blocks', 2);
    const w = await requested(srv, '0.2');
    btc.including = false;
    try {
      const ok = await approve(srv, w.id);
      const first = present(ok.body.data.tx_hash);
      btc.mine(1);
      await follow(srv);
      expect(await sendsOf(w.id)).toHaveLength(1);
      btc.mine(1);
      await follow(srv);
      const versions = await sendsOf(w.id);
      expect(versions).toHaveLength(2);
      const [v1, v2] = versions as [(typeof versions)[0], (typeof versions)[0]];
      expect(v2.nonce).toBe(v1.nonce);
      expect(v2.maxFeePerGas * 10n).toBeGreaterThanOrEqual(v1.maxFeePerGas * 11n);
      expect(btc.pool()).toEqual([v2.txHash.slice(2)]);
      expect((await userRecord(srv, w.user.token, w.id)).tx_hash).toBe(v2.txHash);
      const listed = await api(srv, '/admin/withdrawals/list', { page: 1 }, { token: finance });
      const row = present(listed.body.data.list.find((x) => x.id === w.id));
      // The node's estimate (12 sat/vB), then an eighth more.
      expect(row.sends.map((v) => v.fees)).toEqual(['12 sat/vB', '13.5 sat/vB']);
      btc.including = true;
      btc.mine(FINAL);
      await follow(srv);
      expect(await userRecord(srv, w.user.token, w.id)).toMatchObject({
        stage: 'completed',
        tx_hash: v2.txHash,
      });
      expect(await present(chain(srv).payer).receipt(first)).toBeNull();
      expect(await present(chain(srv).payer).dropped?.(first)).toBe(true);
      expect(paidTo(w.to)).toBe(20_000_000n);
    } finally {
      btc.including = true;
      await srv.app.settings.set('withdraw.bump_after_blocks', 12);
    }
  });

  it('refuses a payment the wallet built otherwise than asked: nothing is stored or broadcast', async () => {
    const w = await requested(srv, '0.05');
    btc.rogue = true;
    try {
      const ok = await approve(srv, w.id);
      expect(ok.body.data).toMatchObject({ stage: 'send_failed', tx_hash: null });
      expect(ok.body.data.reason).toMatch(/another payment than asked/);
    } finally {
      btc.rogue = false;
    }
    expect(await sendsOf(w.id)).toHaveLength(0);
    expect(btc.pool()).toEqual([]);
    const audits = await shared.store.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.subject, `withdrawal:${w.id}`));
    expect(audits.map((a) => a.action)).toContain('withdrawal.send_failed');
  });

  it('shows the node’s wallet and its BTC on the dashboard', async () => {
    const dash = await api(srv, '/admin/dashboard', {}, { token: finance });
    expect(dash.body.data.hot_wallets).toEqual([
      expect.objectContaining({
        chain: 'bitcoin',
        asset: 'BTC',
        address: `wallet ${btc.walletName}`,
        low: false,
        queued: 0,
      }),
    ]);
    expect(present(dash.body.data.hot_wallets[0]).native).toMatch(/^\d+(\.\d+)? BTC$/);
  });
});
