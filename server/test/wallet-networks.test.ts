import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DEPOSIT_XPUB, loadConfig } from '../src/config';
import {
  api,
  call,
  depositConfirmed,
  operatorToken,
  present,
  signedInUser,
  startServer,
  type TestServer,
} from './harness';

// The specification names networks `TRC20`, `ERC20`, `BEP20` (and `Bitcoin`); the records keep the chain
// they are recorded under (`tron`, `evm`, `bsc`, `bitcoin`). Every call naming a network takes both.
let srv: TestServer;
let finance: string;
beforeAll(async () => {
  srv = await startServer();
  finance = await operatorToken(srv);
});
afterAll(() => srv.close());

describe('network names', () => {
  it('receiveUsdt answers the same network for its spec name in any case as for its chain', async () => {
    const u = await signedInUser(srv);
    const recv = async (chain: string) =>
      (await api(srv, '/api/withdraw/receiveUsdt', { chain }, { token: u.token })).body.data;
    const pairs: Array<[string, string[]]> = [
      ['tron', ['TRC20', 'trc20', 'Trc20']],
      ['evm', ['ERC20', 'erc20']],
      ['bsc', ['BEP20', 'bep20']],
    ];
    for (const [chain, names] of pairs) {
      const internal = await recv(chain);
      expect(internal).toMatchObject({ asset: 'USDT', chain, mode: 'operator' });
      expect(internal.address).not.toBeNull();
      for (const name of names) expect(await recv(name)).toEqual(internal);
    }
    // Ethereum's and BSC's addresses derive alike (one EVM key), Tron's differ.
    expect((await recv('ERC20')).address).toBe((await recv('BEP20')).address);
    expect((await recv('TRC20')).address).not.toBe((await recv('ERC20')).address);
    // Bitcoin is a network of BTC, not of USDT; an unknown name is no network at all.
    for (const name of ['Bitcoin', 'OMNI', 'polygon']) {
      expect(await recv(name)).toEqual({
        asset: 'USDT',
        chain: 'manual',
        address: null,
        confirmations: 0,
        mode: 'operator',
      });
    }
  });

  it('a reported deposit naming a spec network is claimed once, whatever name the report uses', async () => {
    const u = await signedInUser(srv);
    const hash = `0x${'ab'.repeat(32)}`;
    const first = await api(
      srv,
      '/api/recharge/recharge',
      { chain: 'TRC20', tx_hash: hash, amount: '25' },
      { token: u.token },
    );
    const row = present(first.body.data.list[0]);
    expect(row).toMatchObject({ status: 'pending', amount: '25' });
    // Reported again under the internal name and without the prefix: the same claim.
    const again = await api(
      srv,
      '/api/recharge/recharge',
      { chain: 'tron', tx_hash: 'ab'.repeat(32), amount: '25' },
      { token: u.token },
    );
    expect(again.body.data.list.map((d) => d.id)).toEqual([row.id]);
  });

  it('a withdrawal naming ERC20 is the evm one; networks without a sender are refused', async () => {
    const u = await signedInUser(srv);
    await depositConfirmed(srv, u.token, finance, '200');
    const to = `0x${'12'.repeat(20)}`;
    for (const chain of ['ERC20', 'erc20', 'evm']) {
      const w = await api(
        srv,
        '/api/withdraw/index',
        { chain, address: to, amount: '20' },
        { token: u.token },
      );
      expect(w.body.data).toMatchObject({ chain: 'evm', status: 'pending', amount: '20' });
    }
    for (const chain of ['TRC20', 'OMNI', '']) {
      const r = await call(
        srv,
        '/api/withdraw/index',
        { chain, address: to, amount: '20' },
        { token: u.token },
      );
      expect(r.body).toMatchObject({ error: 'ValidationFailed' });
    }
    const list = await api(srv, '/api/withdraw/list', { page: 1 }, { token: u.token });
    expect(list.body.data.list.map((w) => w.chain)).toEqual(['evm', 'evm', 'evm']);
  });
});

describe('CHAIN_NETWORKS', () => {
  const net = {
    chain: 'bsc',
    rpc_url: 'http://127.0.0.1:8545',
    chain_id: 56,
    confirmations: 15,
    credit_after: 3,
    tokens: [{ asset: 'USDT', address: `0x${'55'.repeat(20)}`, decimals: 18 }],
  };
  const key = `0x${'11'.repeat(32)}`;
  it('reads several networks with their hot wallet keys, and refuses what cannot run', () => {
    const c = loadConfig({
      DEPOSIT_XPUB: DEMO_DEPOSIT_XPUB,
      CHAIN_NETWORKS: JSON.stringify([net, { ...net, chain: 'evm', chain_id: 1, native: 'ETH' }]),
      HOT_WALLET_KEY_BSC: key,
    });
    expect(c.chains?.networks.map((n) => [n.chain, n.credit_after, n.native, n.hotWalletKey])).toEqual([
      ['bsc', 3, undefined, key],
      ['evm', 3, 'ETH', undefined],
    ]);
    const bad = (env: Record<string, string>) => () =>
      loadConfig({ DEPOSIT_XPUB: DEMO_DEPOSIT_XPUB, ...env });
    // A watcher needs the operator's own key: never the demo's by default.
    expect(() => loadConfig({ CHAIN_NETWORKS: JSON.stringify([net]) })).toThrow(/DEPOSIT_XPUB/);
    expect(bad({ CHAIN_NETWORKS: '[{' })).toThrow(/JSON array/);
    expect(bad({ CHAIN_NETWORKS: JSON.stringify([{ ...net, credit_after: 16 }]) })).toThrow(/credit_after/);
    expect(bad({ CHAIN_NETWORKS: JSON.stringify([{ ...net, tokens: [] }]) })).toThrow(/token or its coin/);
    expect(bad({ CHAIN_NETWORKS: JSON.stringify([net, net]) })).toThrow(/twice/);
    expect(bad({ CHAIN_NETWORKS: JSON.stringify([{ ...net, extra: 1 }]) })).toThrow(/CHAIN_NETWORKS/);
    expect(bad({ CHAIN_NETWORKS: JSON.stringify([net]), HOT_WALLET_KEY_BSC: '0x12' })).toThrow(
      /hot wallet key/,
    );
    expect(
      bad({
        CHAIN_NETWORKS: JSON.stringify([net]),
        CHAIN_RPC_URL: 'http://127.0.0.1:8545',
        TOKEN_ADDRESS: net.tokens[0]!.address,
      }),
    ).toThrow(/not both/);
  });
});
