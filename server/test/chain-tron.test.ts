import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { HDKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DEPOSIT_XPUB, loadConfig } from '../src/config';
import { createTronChain, NodeAnswerError } from '../src/modules/wallet/chain';
import type { FakeMode } from './chain/fake-http';
import { startTronFake, TRON_USDT, type TronFake } from './chain/tron-fake';
import { api, call, operatorToken, present, signedInUser, startServer, type TestServer } from './harness';

// USDT on Tron (TRC20) watched through a fake full node speaking TronGrid's HTTP API: credited (held) at 2
// blocks, final at 4, each transfer once, whatever the node answers.
const USDT = 1_000_000n;
const CREDIT = 2;
const FINAL = 4;
const API_KEY = `tg-${randomBytes(8).toString('hex')}`;

let tron: TronFake;
let srv: TestServer;
let xpub: string;

const watcher = () => present(srv.app.chains.find((c) => c.chain === 'tron'));

async function balance(token: string) {
  const res = await api(srv, '/api/finance/userFinance', { account: 'spot' }, { token });
  const b = res.body.data.list.find((x) => x.asset === 'USDT');
  return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' };
}

async function records(token: string) {
  const kinds = async (path: '/api/user/usdtLog' | '/api/user/lock_coin') =>
    (await api(srv, path, { page: 1, symbol: 'USDT' }, { token })).body.data.list.map((r) => r.type).sort();
  return { available: await kinds('/api/user/usdtLog'), held: await kinds('/api/user/lock_coin') };
}

async function depositsOf(token: string) {
  return (await api(srv, '/v1/recharge/list', { page: 1 }, { token })).body.data.list;
}

async function userWithAddress() {
  const u = await signedInUser(srv);
  const res = await api(srv, '/api/withdraw/receiveUsdt', { chain: 'TRC20' }, { token: u.token });
  return { ...u, address: present(res.body.data.address) };
}

beforeAll(async () => {
  tron = await startTronFake();
  tron.mine(3);
  xpub = HDKey.fromMasterSeed(randomBytes(32)).publicExtendedKey;
  const networks = [
    {
      kind: 'tron',
      url: tron.url,
      confirmations: FINAL,
      credit_after: CREDIT,
      tokens: [{ asset: 'USDT', address: TRON_USDT, decimals: 6 }],
      timeout_ms: 10_000,
    },
  ];
  srv = await startServer({
    env: {
      CHAIN_NETWORKS: JSON.stringify(networks),
      DEPOSIT_XPUB: xpub,
      TRON_API_KEY: API_KEY,
      CHAIN_POLL_MS: '3600000',
    },
  });
});

afterAll(async () => {
  await srv?.close();
  await tron?.close();
});

describe('Tron (USDT TRC20) watched through the node’s HTTP API', () => {
  it('shows TRC20 as watched by its heartbeat, with a T… address, and sends the API key', async () => {
    const u = await userWithAddress();
    expect(u.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await watcher().poll();
    const nets = (await api(srv, '/api/recharge/networks', {}, { token: u.token })).body.data.list;
    expect(nets.find((n) => n.network === 'TRC20')).toMatchObject({
      chain: 'tron',
      mode: 'chain',
      address: u.address,
      credit_confirmations: CREDIT,
      confirmations: FINAL,
    });
    expect(nets.find((n) => n.network === 'ERC20')?.mode).toBe('operator');
    expect(tron.http.lastHeaders['tron-pro-api-key']).toBe(API_KEY);
  });

  it('credits a transfer held at its credit count and final at its last, once over polls and a restart', async () => {
    const u = await userWithAddress();
    await watcher().poll();
    const hash = tron.transfer(u.address, 25n * USDT);
    // The second log of a transaction that first pays someone else: recorded under its index 1.
    const second = tron.transfer(u.address, 3n * USDT, { before: [TRON_USDT] });
    // A reverted transfer and another token's transfer are no deposits.
    tron.transfer(u.address, 50n * USDT, { failed: true });
    tron.transfer(u.address, 60n * USDT, { token: `41${'ab'.repeat(20)}` });
    await watcher().poll();
    // The first transfer has 4 blocks (final); the second 3 (held).
    expect(await balance(u.token)).toEqual({ available: '25', frozen: '3' });
    await watcher().poll();
    expect(await balance(u.token)).toEqual({ available: '25', frozen: '3' });
    tron.mine(1);
    await watcher().poll();
    expect(await balance(u.token)).toEqual({ available: '28', frozen: '0' });
    const list = await depositsOf(u.token);
    expect(list.map((d) => [d.tx_hash, d.amount, d.status]).sort()).toEqual(
      [
        [`${hash}`, '25', 'approved'],
        [`${second}`, '3', 'approved'],
      ].sort(),
    );
    expect(list.find((d) => d.amount === '25')?.tx_url).toBe(`https://tronscan.org/#/transaction/${hash}`);

    // Another watcher over the same store (a restart that lost part of its cursor) scans the blocks again.
    const again = createTronChain({
      store: srv.app.deps.store,
      clock: srv.clock,
      chain: 'tron',
      url: tron.url,
      tokens: [{ address: TRON_USDT, decimals: 6, asset: 'USDT', scale: 6 }],
      depositXpub: xpub,
      confirmations: FINAL,
      creditAfter: CREDIT,
      book: srv.app.modules.wallet.deposits.book,
    });
    await srv.app.deps.store.db.execute(
      sql`update chain_cursors set scanned_height = scanned_height - ${FINAL + 3} where chain = 'tron'`,
    );
    await Promise.all([again.poll(), watcher().poll()]);
    await again.poll();
    expect(await balance(u.token)).toEqual({ available: '28', frozen: '0' });
    // The first was final when first seen (credited movable at once); the second came held, then final.
    expect(await records(u.token)).toEqual({
      available: ['deposit', 'deposit.final'],
      held: ['deposit', 'deposit.final'],
    });
    expect(await srv.app.ledger.audit()).toEqual([]);
  });

  it('reverses a held credit whose block leaves the chain; mined again, it is credited once', async () => {
    const u = await userWithAddress();
    await watcher().poll();
    tron.transfer(u.address, 9n * USDT);
    tron.mine(CREDIT - 1);
    await watcher().poll();
    expect(await balance(u.token)).toEqual({ available: '0', frozen: '9' });

    tron.reorg(CREDIT);
    const r = await watcher().poll();
    expect(r.orphaned).toBe(1);
    expect(await balance(u.token)).toEqual({ available: '0', frozen: '0' });
    expect(await depositsOf(u.token)).toEqual([
      expect.objectContaining({ status: 'failed', reason: 'reorg' }),
    ]);

    // A second transfer, held, then its blocks replaced by a branch that holds it too.
    const kept = tron.transfer(u.address, 4n * USDT);
    tron.mine(CREDIT - 1);
    await watcher().poll();
    expect(await balance(u.token)).toEqual({ available: '0', frozen: '4' });
    tron.reorg(CREDIT, true);
    await watcher().poll();
    tron.mine(FINAL);
    await watcher().poll();
    await watcher().poll();
    expect(await balance(u.token)).toEqual({ available: '4', frozen: '0' });
    const rows = await depositsOf(u.token);
    expect(rows.filter((d) => d.tx_hash === kept)).toEqual([
      expect.objectContaining({ status: 'approved', amount: '4' }),
    ]);
    expect(await srv.app.ledger.audit()).toEqual([]);
  });

  const failures: [FakeMode, string | null][] = [
    ['bad-json', null],
    ['wrong-shape', null],
    ['error-500', null],
    ['hang', null],
    ['bad-json', '/wallet/gettransactioninfobyblocknum'],
    ['wrong-shape', '/wallet/gettransactioninfobyblocknum'],
    ['wrong-shape', '/wallet/getblockbynum'],
    ['hang', '/wallet/gettransactioninfobyblocknum'],
  ];
  it.each(failures)(
    'waits while the node answers %s (on %s), crediting nothing; then credits once',
    async (mode, only) => {
      const u = await userWithAddress();
      await watcher().poll();
      tron.transfer(u.address, 7n * USDT);
      tron.mine(FINAL);
      tron.http.only = only;
      tron.mode = mode;
      try {
        await expect(watcher().poll()).rejects.toBeInstanceOf(NodeAnswerError);
        await expect(watcher().poll()).rejects.toBeInstanceOf(NodeAnswerError);
        // A hanging node fails the step at its deadline (the polls above end with the node's error, not the test's).
        expect(await balance(u.token)).toEqual({ available: '0', frozen: '0' });
        expect(await depositsOf(u.token)).toEqual([]);
      } finally {
        tron.mode = 'ok';
        tron.http.only = null;
      }
      await watcher().poll();
      await watcher().poll();
      expect(await balance(u.token)).toEqual({ available: '7', frozen: '0' });
      expect(await srv.app.ledger.audit()).toEqual([]);
    },
  );

  it('matches a reported hash to the user’s address and never credits it twice', async () => {
    const u = await userWithAddress();
    const other = await userWithAddress();
    await watcher().poll();
    const hash = tron.transfer(u.address, 12n * USDT);
    const failed = tron.transfer(u.address, 5n * USDT, { failed: true });

    // While the node answers out of shape, a report is refused for now (in the caller's language), nothing kept.
    tron.mode = 'wrong-shape';
    try {
      const down = await call(
        srv,
        '/api/recharge/recharge',
        { chain: 'TRC20', tx_hash: hash },
        { token: u.token, lang: 'german' },
      );
      expect(down.body).toMatchObject({ error: 'BlockProcessing', msg: 'Blockverarbeitung läuft' });
      expect(await depositsOf(u.token)).toEqual([]);
    } finally {
      tron.mode = 'ok';
    }
    const rep = await api(
      srv,
      '/api/recharge/recharge',
      { chain: 'TRC20', tx_hash: hash },
      { token: u.token },
    );
    expect(rep.body.data.list).toEqual([
      expect.objectContaining({ chain: 'tron', amount: '12', status: 'pending', tx_hash: hash }),
    ]);
    const again = await api(
      srv,
      '/api/recharge/recharge',
      { chain: 'tron', tx_hash: `0x${hash.toUpperCase()}` },
      { token: u.token },
    );
    expect(again.body.data.list.map((d) => d.id)).toEqual(rep.body.data.list.map((d) => d.id));
    // Someone else's transfer, a reverted one and an unknown one are not found.
    for (const [token, txHash] of [
      [other.token, hash],
      [u.token, failed],
      [u.token, randomBytes(32).toString('hex')],
    ] as const) {
      const res = await call(srv, '/api/recharge/recharge', { chain: 'TRC20', tx_hash: txHash }, { token });
      expect(res.body.error).toBe('NotFound');
    }

    tron.mine(FINAL);
    await watcher().poll();
    await api(srv, '/api/recharge/recharge', { chain: 'TRC20', tx_hash: hash }, { token: u.token });
    await watcher().poll();
    expect(await balance(u.token)).toEqual({ available: '12', frozen: '0' });

    // Claimed for an operator to confirm by hand, the watched transfer is refused.
    const claim = await api(
      srv,
      '/api/recharge/recharge',
      { chain: 'ERC20', tx_hash: hash, amount: '12' },
      { token: u.token },
    );
    const finance = await operatorToken(srv, 'finance', 'nexa-finance');
    const confirm = await call(
      srv,
      '/admin/deposits/confirm',
      { deposit_id: present(claim.body.data.list[0]).id },
      { token: finance },
    );
    expect(confirm.body).toMatchObject({ error: 'InvalidState' });
    expect(await balance(u.token)).toEqual({ available: '12', frozen: '0' });
    expect(await srv.app.ledger.audit()).toEqual([]);
  });
});

describe('CHAIN_NETWORKS with Tron and Bitcoin', () => {
  const tronNet = {
    kind: 'tron',
    url: 'https://api.trongrid.io',
    confirmations: 19,
    credit_after: 3,
    tokens: [{ asset: 'USDT', address: TRON_USDT, decimals: 6 }],
  };
  const btcNet = { kind: 'bitcoin', rpc_url: 'http://nexa:s3cret-pw@127.0.0.1:8332', confirmations: 2 };
  const load = (list: unknown[], env: Record<string, string> = {}) =>
    loadConfig({ DEPOSIT_XPUB: DEMO_DEPOSIT_XPUB, CHAIN_NETWORKS: JSON.stringify(list), ...env });

  it('reads them beside the EVM networks, with TronGrid’s key from the environment', () => {
    const evm = {
      chain: 'evm',
      rpc_url: 'http://127.0.0.1:8545',
      chain_id: 1,
      confirmations: 12,
      tokens: [{ asset: 'USDT', address: `0x${'55'.repeat(20)}`, decimals: 6 }],
    };
    const c = present(load([evm, tronNet, btcNet], { TRON_API_KEY: 'k1' }).chains);
    expect(c.networks.map((n) => n.chain)).toEqual(['evm']);
    expect(c.tron).toEqual([expect.objectContaining({ chain: 'tron', apiKey: 'k1', credit_after: 3 })]);
    expect(c.bitcoin).toEqual([
      expect.objectContaining({ chain: 'bitcoin', asset: 'BTC', confirmations: 2, timeout_ms: 15_000 }),
    ]);
    const named = present(load([{ ...tronNet, chain: 'tron-b' }], { TRON_API_KEY_TRON_B: 'k2' }).chains);
    expect(named.tron[0]?.apiKey).toBe('k2');
  });

  it('refuses what cannot run, never repeating the node’s credentials', () => {
    expect(() => load([{ ...tronNet, tokens: [{ ...tronNet.tokens[0], address: 'T123' }] }])).toThrow(/tron/);
    expect(() => load([{ ...tronNet, credit_after: 20 }])).toThrow(/credit_after/);
    expect(() => load([{ ...tronNet, api_key: 'in-json' }])).toThrow(/tron/);
    expect(() => load([tronNet, tronNet])).toThrow(/twice/);
    expect(() => load([{ ...btcNet, confirmations: 0 }])).toThrow(/bitcoin/);
    expect(() => load([{ ...btcNet, confirmations: 0 }])).not.toThrow(/s3cret/);
    expect(() => load([btcNet], {}).chains).not.toThrow();
    expect(() => loadConfig({ CHAIN_NETWORKS: JSON.stringify([btcNet]) })).toThrow(/DEPOSIT_XPUB/);
  });
});
