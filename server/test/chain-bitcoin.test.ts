import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { HDKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBitcoinChain, NodeAnswerError } from '../src/modules/wallet/chain';
import { type BitcoinFake, startBitcoinFake } from './chain/bitcoin-fake';
import type { FakeMode } from './chain/fake-http';
import { startTronFake, TRON_USDT, type TronFake } from './chain/tron-fake';
import { api, call, present, signedInUser, startServer, type TestServer } from './harness';

// BTC watched through a fake Bitcoin Core (JSON-RPC, basic auth from the URL): credited (held) at 2 blocks,
// final at 3, each output once, whatever the node answers. A Tron network beside it shows that a hanging
// node holds up its own watcher only.
const CREDIT = 2;
const FINAL = 3;

let btc: BitcoinFake;
let tron: TronFake;
let srv: TestServer;
let xpub: string;

const watcher = (chain: string) => present(srv.app.chains.find((c) => c.chain === chain));

async function balance(token: string) {
  const res = await api(srv, '/api/finance/userFinance', { account: 'spot' }, { token });
  const b = res.body.data.list.find((x) => x.asset === 'BTC');
  return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' };
}

async function depositsOf(token: string) {
  return (await api(srv, '/v1/recharge/list', { page: 1 }, { token })).body.data.list;
}

async function bitcoinNetwork(token: string) {
  const nets = (await api(srv, '/api/recharge/networks', {}, { token })).body.data.list;
  return present(nets.find((n) => n.network === 'Bitcoin'));
}

async function userWithAddress() {
  const u = await signedInUser(srv);
  return { ...u, address: present((await bitcoinNetwork(u.token)).address) };
}

function otherWatcher(opts: { rpcUrl?: string } = {}) {
  return createBitcoinChain({
    store: srv.app.deps.store,
    clock: srv.clock,
    chain: 'bitcoin',
    rpcUrl: opts.rpcUrl ?? btc.url,
    asset: 'BTC',
    scale: 8,
    depositXpub: xpub,
    confirmations: FINAL,
    creditAfter: CREDIT,
    book: srv.app.modules.wallet.deposits.book,
    timeout_ms: 10_000,
  });
}

beforeAll(async () => {
  btc = await startBitcoinFake();
  tron = await startTronFake();
  btc.mine(5);
  tron.mine(2);
  xpub = HDKey.fromMasterSeed(randomBytes(32)).publicExtendedKey;
  const networks = [
    { kind: 'bitcoin', rpc_url: btc.url, confirmations: FINAL, credit_after: CREDIT, timeout_ms: 10_000 },
    {
      kind: 'tron',
      url: tron.url,
      confirmations: 4,
      tokens: [{ asset: 'USDT', address: TRON_USDT, decimals: 6 }],
      timeout_ms: 10_000,
    },
  ];
  srv = await startServer({
    env: { CHAIN_NETWORKS: JSON.stringify(networks), DEPOSIT_XPUB: xpub, CHAIN_POLL_MS: '3600000' },
  });
});

afterAll(async () => {
  await srv?.close();
  await btc?.close();
  await tron?.close();
});

describe('Bitcoin watched through Bitcoin Core’s JSON-RPC', () => {
  it('shows Bitcoin as watched with a bc1 address; refuses a node of another network or wrong credentials', async () => {
    const u = await userWithAddress();
    expect(u.address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    await watcher('bitcoin').poll();
    expect(await bitcoinNetwork(u.token)).toMatchObject({
      chain: 'bitcoin',
      mode: 'chain',
      credit_confirmations: CREDIT,
      confirmations: FINAL,
    });

    btc.network = 'regtest';
    try {
      await expect(otherWatcher().poll()).rejects.toThrow(/serves regtest/);
    } finally {
      btc.network = 'main';
    }
    const wrong = new URL(btc.url);
    wrong.password = 'not-it';
    const refused = otherWatcher({ rpcUrl: wrong.toString() }).poll();
    await expect(refused).rejects.toBeInstanceOf(NodeAnswerError);
    // The credentials never appear in what the adapter says.
    await expect(refused).rejects.not.toThrow(/not-it/);
  });

  it('credits an output held at its credit count and final at its last, once over polls and a restart', async () => {
    const u = await userWithAddress();
    await watcher('bitcoin').poll();
    const hash = btc.pay(u.address, '0.015');
    const small = btc.pay(u.address, '0.00012345');
    await watcher('bitcoin').poll();
    // The first has 2 blocks (credited, held); the second 1 (seen, not credited yet).
    expect(await balance(u.token)).toEqual({ available: '0', frozen: '0.015' });
    let rows = await depositsOf(u.token);
    expect(rows.find((d) => d.tx_hash === small)).toMatchObject({ status: 'pending', locked: false });
    btc.mine(1);
    await watcher('bitcoin').poll();
    await watcher('bitcoin').poll();
    expect(await balance(u.token)).toEqual({ available: '0.015', frozen: '0.00012345' });
    btc.mine(1);
    await watcher('bitcoin').poll();
    expect(await balance(u.token)).toEqual({ available: '0.01512345', frozen: '0' });
    rows = await depositsOf(u.token);
    expect(rows.map((d) => [d.tx_hash, d.amount, d.status]).sort()).toEqual(
      [
        [`${hash}`, '0.015', 'approved'],
        [`${small}`, '0.00012345', 'approved'],
      ].sort(),
    );
    expect(rows.find((d) => d.amount === '0.015')?.tx_url).toBe(`https://mempool.space/tx/${hash}`);

    // A second watcher over the same store, after a crash that lost part of the cursor.
    await srv.app.deps.store.db.execute(
      sql`update chain_cursors set scanned_height = scanned_height - ${FINAL + 3} where chain = 'bitcoin'`,
    );
    const again = otherWatcher();
    await Promise.all([again.poll(), watcher('bitcoin').poll()]);
    await again.poll();
    expect(await balance(u.token)).toEqual({ available: '0.01512345', frozen: '0' });
    expect(await depositsOf(u.token)).toHaveLength(2);
    expect(await srv.app.ledger.audit()).toEqual([]);
  });

  it('reverses a held credit whose block leaves the chain; mined again, it is credited once', async () => {
    const u = await userWithAddress();
    await watcher('bitcoin').poll();
    btc.pay(u.address, '0.2');
    btc.mine(CREDIT - 1);
    await watcher('bitcoin').poll();
    expect(await balance(u.token)).toEqual({ available: '0', frozen: '0.2' });
    btc.reorg(CREDIT);
    expect((await watcher('bitcoin').poll()).orphaned).toBe(1);
    expect(await balance(u.token)).toEqual({ available: '0', frozen: '0' });
    expect(await depositsOf(u.token)).toEqual([
      expect.objectContaining({ status: 'failed', reason: 'reorg' }),
    ]);

    const kept = btc.pay(u.address, '0.05');
    btc.mine(CREDIT - 1);
    await watcher('bitcoin').poll();
    expect(await balance(u.token)).toEqual({ available: '0', frozen: '0.05' });
    btc.reorg(CREDIT, true);
    await watcher('bitcoin').poll();
    btc.mine(FINAL);
    await watcher('bitcoin').poll();
    await watcher('bitcoin').poll();
    expect(await balance(u.token)).toEqual({ available: '0.05', frozen: '0' });
    expect((await depositsOf(u.token)).filter((d) => d.tx_hash === kept)).toEqual([
      expect.objectContaining({ status: 'approved', amount: '0.05' }),
    ]);
    expect(await srv.app.ledger.audit()).toEqual([]);
  });

  const failures: [FakeMode, string | null][] = [
    ['bad-json', null],
    ['wrong-shape', null],
    ['error-500', null],
    ['hang', null],
    ['wrong-shape', 'getblock'],
    ['bad-json', 'getblockhash'],
    ['hang', 'getblock'],
  ];
  it.each(failures)(
    'waits while the node answers %s (on %s), crediting nothing; then credits once',
    async (mode, only) => {
      const u = await userWithAddress();
      await watcher('bitcoin').poll();
      btc.pay(u.address, '0.003');
      btc.mine(FINAL);
      btc.http.only = only;
      btc.mode = mode;
      try {
        await expect(watcher('bitcoin').poll()).rejects.toBeInstanceOf(NodeAnswerError);
        await expect(watcher('bitcoin').poll()).rejects.toBeInstanceOf(NodeAnswerError);
        expect(await balance(u.token)).toEqual({ available: '0', frozen: '0' });
        expect(await depositsOf(u.token)).toEqual([]);
      } finally {
        btc.mode = 'ok';
        btc.http.only = null;
      }
      await watcher('bitcoin').poll();
      await watcher('bitcoin').poll();
      expect(await balance(u.token)).toEqual({ available: '0.003', frozen: '0' });
      expect(await srv.app.ledger.audit()).toEqual([]);
    },
  );

  it('a hanging Tron node holds up only its own watcher', async () => {
    const u = await userWithAddress();
    await watcher('bitcoin').poll();
    tron.mode = 'hang';
    let tronDone = false;
    const tronPoll = watcher('tron')
      .poll()
      .catch((err: unknown) => err)
      .finally(() => {
        tronDone = true;
      });
    try {
      btc.pay(u.address, '0.01');
      btc.mine(FINAL);
      await watcher('bitcoin').poll();
      expect(tronDone).toBe(false);
      expect(await balance(u.token)).toEqual({ available: '0.01', frozen: '0' });
      expect(await tronPoll).toBeInstanceOf(NodeAnswerError);
    } finally {
      tron.mode = 'ok';
    }
    await watcher('tron').poll();
  });

  it('matches a reported txid to the user’s address and never credits it twice', async () => {
    const u = await userWithAddress();
    const other = await userWithAddress();
    await watcher('bitcoin').poll();
    const hash = btc.pay(u.address, '0.5');
    const unmined = btc.payUnmined(u.address, '0.7');
    const report = (token: string, txHash: string) =>
      call<{ list: { id: number; chain: string; amount: string; status: string }[] }>(
        srv,
        '/api/recharge/recharge',
        { asset: 'BTC', chain: 'Bitcoin', tx_hash: txHash },
        { token },
      );
    const rep = await report(u.token, hash);
    expect(rep.body.data.list).toEqual([
      expect.objectContaining({ chain: 'bitcoin', amount: '0.5', status: 'pending' }),
    ]);
    expect((await report(u.token, `0x${hash}`)).body.data.list.map((d) => d.id)).toEqual(
      rep.body.data.list.map((d) => d.id),
    );
    for (const [token, txHash] of [
      [other.token, hash],
      [u.token, unmined],
      [u.token, randomBytes(32).toString('hex')],
    ] as const) {
      expect((await report(token, txHash)).body.error).toBe('NotFound');
    }
    btc.mine(FINAL);
    await watcher('bitcoin').poll();
    await report(u.token, hash);
    await watcher('bitcoin').poll();
    expect(await balance(u.token)).toEqual({ available: '0.5', frozen: '0' });
    expect(await depositsOf(u.token)).toEqual([
      expect.objectContaining({ status: 'approved', amount: '0.5' }),
    ]);
    expect(await srv.app.ledger.audit()).toEqual([]);
  });
});
