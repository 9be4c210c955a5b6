import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DEPOSIT_XPUB, loadConfig } from '../src/config';
import { isAddressOf } from '../src/modules/wallet/chain/addresses';
import { api, call, signedInUser, startServer, type TestServer } from './harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

async function usdt(token: string): Promise<string> {
  const res = await api(srv, '/api/finance/userFinance', {}, { token });
  return res.body.data.list.find((b) => b.asset === 'USDT' && b.account === 'spot')?.available ?? '0';
}

describe('deposit networks', () => {
  it("shows each user's own address per network, stable, valid for its network, and distinct per user", async () => {
    const a = await signedInUser(srv);
    const b = await signedInUser(srv);
    const first = await api(srv, '/api/recharge/networks', {}, { token: a.token });
    const again = await api(srv, '/api/recharge/networks', {}, { token: a.token });
    const other = await api(srv, '/api/recharge/networks', {}, { token: b.token });
    const list = first.body.data.list;
    expect(list.map((n) => `${n.asset} · ${n.network}`)).toEqual([
      'USDT · ERC20',
      'USDT · TRC20',
      'USDT · BEP20',
      'ETH · ERC20',
      'BTC · Bitcoin',
    ]);
    expect(again.body.data.list).toEqual(list);
    const family = { evm: 'evm', bsc: 'evm', tron: 'tron', bitcoin: 'bitcoin' } as const;
    for (const n of list) {
      expect(n.address).not.toBeNull();
      expect(isAddressOf(family[n.chain as keyof typeof family], n.address ?? '')).toBe(true);
      expect(n.address_url).toContain(encodeURIComponent(n.address ?? ''));
      // Nothing watches these networks here: a deposit is reported and an operator confirms it.
      expect(n.mode).toBe('operator');
    }
    // One Ethereum address for USDT and ETH; another user has others.
    expect(list[0]?.address).toBe(list[3]?.address);
    const theirs = new Set(other.body.data.list.map((n) => n.address));
    for (const n of list) expect(theirs.has(n.address)).toBe(false);
    expect(first.body.data.demo_key).toBe(true);
    expect(first.body.data.faucet).toEqual({ asset: 'USDT', amount: '10000', next_at: null });
    // The receive call answers the same address.
    const recv = await api(srv, '/api/withdraw/receiveUsdt', { chain: 'tron' }, { token: a.token });
    expect(recv.body.data).toMatchObject({ chain: 'tron', address: list[1]?.address, confirmations: 19 });
  });

  it('refuses the demo key and the demo faucet in production', () => {
    const prod = {
      NODE_ENV: 'production',
      ENVELOPE_KEY: Buffer.alloc(32, 7).toString('base64'),
      SIGN_SECRET: 'prod-sign-secret',
      OPERATOR_KEY: Buffer.alloc(32, 5).toString('base64'),
      OKX_LINK_KEYS: `1:${Buffer.alloc(32, 6).toString('base64')}`,
      PUBLIC_URL: 'https://app.example.com',
    };
    expect(() => loadConfig({ ...prod, DEPOSIT_XPUB: DEMO_DEPOSIT_XPUB })).toThrow(/DEPOSIT_XPUB/);
    expect(() => loadConfig({ ...prod, DEMO_FAUCET: 'true' })).toThrow(/DEMO_FAUCET/);
    // Linked exchange accounts are never sealed with the demo's key in production.
    const { OKX_LINK_KEYS: _own, ...withoutLinkKeys } = prod;
    expect(() => loadConfig(withoutLinkKeys)).toThrow(/OKX_LINK_KEYS/);
    expect(() => loadConfig({ ...prod, OKX_LINK_KEYS: '1:c2hvcnQ=' })).toThrow(/32 bytes/);
    const ok = loadConfig(prod);
    expect(ok).toMatchObject({ depositXpub: null, demoDepositKey: false, demoFaucet: false });
    expect(loadConfig({})).toMatchObject({ depositXpub: DEMO_DEPOSIT_XPUB, demoDepositKey: true });
  });
});

describe('demo funds', () => {
  it('pays once per platform day from the funded pool, through the ledger, and says when again', async () => {
    const u = await signedInUser(srv);
    const claimed = await api(srv, '/api/recharge/faucet', {}, { token: u.token });
    expect(claimed.body.data).toMatchObject({ asset: 'USDT', amount: '10000' });
    expect(await usdt(u.token)).toBe('10000');
    const twice = await call(srv, '/api/recharge/faucet', {}, { token: u.token });
    expect(twice.body.error).toBe('FaucetClaimed');
    expect(twice.body.msg).toMatch(/after \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(await usdt(u.token)).toBe('10000');
    const info = await api(srv, '/api/recharge/networks', {}, { token: u.token });
    expect(info.body.data.faucet?.next_at).toBe(claimed.body.data.next_at);
    // The record says what it is.
    const records = await api(srv, '/api/assets/moneyRecord', { page: 1 }, { token: u.token });
    expect(records.body.data.list[0]).toMatchObject({ type: 'demo.faucet', amount: '10000' });
    // The next platform day it pays again.
    srv.clock.advance(86_400_000);
    expect((await api(srv, '/api/recharge/faucet', {}, { token: u.token })).body.code).toBe(200);
    expect(await usdt(u.token)).toBe('20000');
    expect(await srv.app.ledger.audit()).toEqual([]);
  });

  it('pays a double tap once', async () => {
    const u = await signedInUser(srv);
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(srv, '/api/recharge/faucet', {}, { token: u.token })),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.error === 'FaucetClaimed')).toHaveLength(2);
    expect(await usdt(u.token)).toBe('10000');
  });

  it('is off without the demo', async () => {
    const plain = await startServer({ env: { DEMO_FAUCET: 'false' } });
    try {
      const u = await signedInUser(plain);
      const res = await call(plain, '/api/recharge/faucet', {}, { token: u.token });
      expect(res.body.error).toBe('NotAvailable');
      const info = await api(plain, '/api/recharge/networks', {}, { token: u.token });
      expect(info.body.data.faucet).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
