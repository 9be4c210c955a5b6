import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  type Hash,
  type Hex,
  http,
  parseEther,
  toHex,
} from 'viem';
import { HDKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvmChain } from '../src/modules/wallet/chain';
import { compileTestUsdt } from './chain/contracts';
import { type LocalNode, startLocalNode } from './chain/node';
import { api, call, operatorToken, present, signedInUser, startServer, type TestServer } from './harness';

// Two EVM networks watched at once through the product: Ethereum (chain id 1: USDT ERC20 and native ETH,
// credited at 1 confirmation, final at 3) and BSC (chain id 56: USDT BEP20, credited at 2, final at 4), each a
// local hardhat node with a USDT-like token of its own.
const USDT = 1_000_000n;
const ETH_FINAL = 3;
const BSC_CREDIT = 2;
const BSC_FINAL = 4;

interface Net {
  node: LocalNode;
  token: Address;
  funder: PrivateKeyAccount;
  pub: ReturnType<typeof createPublicClient>;
  wallet: (a: PrivateKeyAccount) => ReturnType<typeof createWalletClient>;
}

let abi: Abi;
let eth: Net;
let bsc: Net;
let srv: TestServer;
let finance: string;
let xpub: string;
const bscHotKey = `0x${randomBytes(32).toString('hex')}` as const;

async function network(chainId: number, bytecode: Hex): Promise<Net> {
  const node = await startLocalNode({ chainId });
  const chain = defineChain({
    id: chainId,
    name: `local-${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
  });
  const pub = createPublicClient({ chain, transport: http(node.url), cacheTime: 0 });
  const wallet = (account: PrivateKeyAccount) =>
    createWalletClient({ account, chain, transport: http(node.url), cacheTime: 0 });
  const funder = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`);
  await node.request({ method: 'hardhat_setBalance', params: [funder.address, toHex(10n ** 22n)] });
  const hash = await wallet(funder).deployContract({
    abi,
    bytecode,
    args: ['Test USD', 'TUSD', 6, 1_000_000n * USDT],
  });
  const token = present((await pub.waitForTransactionReceipt({ hash })).contractAddress);
  return { node, token, funder, pub, wallet };
}

async function mine(net: Net, blocks: number) {
  for (let i = 0; i < blocks; i++) await net.node.request({ method: 'evm_mine', params: [] });
}

async function sendUsdt(net: Net, to: string, amount: bigint): Promise<Hash> {
  const hash = await net.wallet(net.funder).writeContract({
    address: net.token,
    abi,
    functionName: 'transfer',
    args: [to as Address, amount],
    chain: null,
    account: net.funder,
  });
  await net.pub.waitForTransactionReceipt({ hash });
  return hash;
}

async function sendEth(net: Net, to: string, wei: bigint): Promise<Hash> {
  const hash = await net.wallet(net.funder).sendTransaction({
    to: to as Address,
    value: wei,
    chain: null,
    account: net.funder,
  });
  await net.pub.waitForTransactionReceipt({ hash });
  return hash;
}

const watcher = (chain: string) =>
  present(
    srv.app.chains.find((c) => c.chain === chain),
    chain,
  );
const pollAll = async () => {
  for (const c of srv.app.chains) await c.poll();
};

async function balance(token: string, asset: string) {
  const res = await api(srv, '/api/finance/userFinance', { account: 'spot' }, { token });
  const b = res.body.data.list.find((x) => x.asset === asset);
  return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' };
}

/** The kinds of the user's USDT records: money that can move, and money held. */
async function records(token: string) {
  const kinds = async (path: '/api/user/usdtLog' | '/api/user/lock_coin') =>
    (await api(srv, path, { page: 1, symbol: 'USDT' }, { token })).body.data.list.map((r) => r.type).sort();
  return { available: await kinds('/api/user/usdtLog'), held: await kinds('/api/user/lock_coin') };
}

async function depositsOf(token: string) {
  return (await api(srv, '/v1/recharge/list', { page: 1 }, { token })).body.data.list;
}

beforeAll(async () => {
  const compiled = compileTestUsdt();
  abi = compiled.abi;
  eth = await network(1, compiled.bytecode);
  bsc = await network(56, compiled.bytecode);
  xpub = HDKey.fromMasterSeed(randomBytes(32)).publicExtendedKey;
  const networks = [
    {
      chain: 'evm',
      rpc_url: eth.node.url,
      chain_id: 1,
      confirmations: ETH_FINAL,
      credit_after: 1,
      tokens: [{ asset: 'USDT', address: eth.token, decimals: 6 }],
      native: 'ETH',
    },
    {
      chain: 'bsc',
      rpc_url: bsc.node.url,
      chain_id: 56,
      confirmations: BSC_FINAL,
      credit_after: BSC_CREDIT,
      tokens: [{ asset: 'USDT', address: bsc.token, decimals: 6 }],
    },
  ];
  srv = await startServer({
    env: {
      CHAIN_NETWORKS: JSON.stringify(networks),
      DEPOSIT_XPUB: xpub,
      // BSC's hot wallet only: Ethereum's withdrawals fail to send, visibly.
      HOT_WALLET_KEY_BSC: bscHotKey,
      // The test drives the watchers step by step.
      CHAIN_POLL_MS: '3600000',
    },
  });
  finance = await operatorToken(srv);
  const hot = privateKeyToAccount(bscHotKey);
  await bsc.node.request({ method: 'hardhat_setBalance', params: [hot.address, toHex(10n ** 21n)] });
  await sendUsdt(bsc, hot.address, 1_000n * USDT);
});

afterAll(async () => {
  await srv?.close();
  await eth?.node.close();
  await bsc?.node.close();
});

describe('EVM networks watched at once', () => {
  it('says truthfully which networks are watched, by their heartbeat, and takes the spec names', async () => {
    const u = await signedInUser(srv);
    const modes = async () =>
      Object.fromEntries(
        (await api(srv, '/api/recharge/networks', {}, { token: u.token })).body.data.list.map((n) => [
          `${n.asset} · ${n.network}`,
          n.mode,
        ]),
      );
    await pollAll();
    expect(await modes()).toEqual({
      'USDT · ERC20': 'chain',
      'USDT · TRC20': 'operator',
      'USDT · BEP20': 'chain',
      'ETH · ERC20': 'chain',
      'BTC · Bitcoin': 'operator',
    });
    // The screen's note: credited (locked) at the first count, usable at the second.
    const nets = (await api(srv, '/api/recharge/networks', {}, { token: u.token })).body.data.list;
    expect(nets.map((n) => [n.network, n.asset, n.credit_confirmations, n.confirmations])).toEqual([
      ['ERC20', 'USDT', 1, ETH_FINAL],
      ['TRC20', 'USDT', 19, 19],
      ['BEP20', 'USDT', BSC_CREDIT, BSC_FINAL],
      ['ERC20', 'ETH', 1, ETH_FINAL],
      ['Bitcoin', 'BTC', 2, 2],
    ]);
    const bep = await api(srv, '/api/withdraw/receiveUsdt', { chain: 'BEP20' }, { token: u.token });
    expect(bep.body.data).toMatchObject({ chain: 'bsc', mode: 'chain', confirmations: BSC_FINAL });
    const erc = await api(srv, '/api/withdraw/receiveUsdt', { chain: 'erc20' }, { token: u.token });
    expect(erc.body.data).toMatchObject({ chain: 'evm', mode: 'chain', confirmations: ETH_FINAL });
    // One EVM key: the same address on both networks.
    expect(bep.body.data.address).toBe(erc.body.data.address);

    // A watcher that stops polling stops being claimed: after the staleness window the screen says operator.
    srv.clock.advance(5 * 3_600_000);
    expect((await modes())['USDT · BEP20']).toBe('operator');
    await watcher('bsc').poll();
    expect((await modes())['USDT · BEP20']).toBe('chain');
    expect((await modes())['USDT · ERC20']).toBe('operator');
    await watcher('evm').poll();
    expect((await modes())['USDT · ERC20']).toBe('chain');
  });

  it('credits USDT on both networks and ETH held at their credit confirmations, final at their last', async () => {
    const u = await signedInUser(srv);
    const address = present(
      (await api(srv, '/api/withdraw/receiveUsdt', { chain: 'ERC20' }, { token: u.token })).body.data.address,
    );
    await api(srv, '/api/withdraw/receiveUsdt', { chain: 'BEP20' }, { token: u.token });
    await pollAll();
    const onEth = await sendUsdt(eth, address, 40n * USDT);
    const ether = await sendEth(eth, address, parseEther('0.25'));
    const onBsc = await sendUsdt(bsc, address, 15n * USDT);
    await pollAll();

    // Ethereum: one confirmation credits, held (frozen) until final. BSC: one is not enough yet.
    expect(await balance(u.token, 'USDT')).toEqual({ available: '0', frozen: '40' });
    expect(await balance(u.token, 'ETH')).toEqual({ available: '0', frozen: '0.25' });
    let list = await depositsOf(u.token);
    expect(list.map((d) => [d.chain, d.asset, d.amount, d.status]).sort()).toEqual(
      [
        ['bsc', 'USDT', '15', 'pending'],
        ['evm', 'ETH', '0.25', 'pending'],
        ['evm', 'USDT', '40', 'pending'],
      ].sort(),
    );
    expect(list.find((d) => d.chain === 'bsc')?.confirmations).toBe(1);
    // Credited and locked on Ethereum; seen, not credited yet, on BSC.
    expect(list.map((d) => [d.chain, d.asset, d.locked]).sort()).toEqual(
      [
        ['bsc', 'USDT', false],
        ['evm', 'ETH', true],
        ['evm', 'USDT', true],
      ].sort(),
    );

    await mine(bsc, BSC_CREDIT - 1);
    await pollAll();
    expect(await balance(u.token, 'USDT')).toEqual({ available: '0', frozen: '55' });

    await mine(eth, ETH_FINAL - 1);
    await pollAll();
    // ETH's USDT sent before the ether: both final now; BSC still held.
    expect(await balance(u.token, 'USDT')).toEqual({ available: '40', frozen: '15' });
    expect(await balance(u.token, 'ETH')).toEqual({ available: '0.25', frozen: '0' });
    await mine(bsc, BSC_FINAL - BSC_CREDIT);
    await pollAll();
    expect(await balance(u.token, 'USDT')).toEqual({ available: '55', frozen: '0' });
    list = await depositsOf(u.token);
    expect(list.every((d) => d.status === 'approved')).toBe(true);
    expect(list.map((d) => d.tx_hash).sort()).toEqual(
      [onEth, ether, onBsc].map((h) => h.toLowerCase()).sort(),
    );
    expect(list.find((d) => d.asset === 'ETH')?.tx_url).toContain(ether.toLowerCase());
    // The records say when a deposit arrived (held) and when it became final (movable).
    expect(await records(u.token)).toEqual({
      available: ['deposit.final', 'deposit.final'],
      held: ['deposit', 'deposit', 'deposit.final', 'deposit.final'],
    });
    expect(await srv.app.ledger.audit()).toEqual([]);
  });

  it('reverses a held credit whose block leaves the chain before final; the transfer mined again is credited once', async () => {
    const u = await signedInUser(srv);
    const address = present(
      (await api(srv, '/api/withdraw/receiveUsdt', { chain: 'BEP20' }, { token: u.token })).body.data.address,
    );
    await pollAll();
    const payer = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`);
    await bsc.node.request({ method: 'hardhat_setBalance', params: [payer.address, toHex(10n ** 21n)] });
    await sendUsdt(bsc, payer.address, 100n * USDT);
    // Signed once, so the same transfer can be mined again on the winning branch.
    const raw = await payer.signTransaction({
      chainId: 56,
      type: 'eip1559',
      to: bsc.token,
      data: encodeFunctionData({ abi, functionName: 'transfer', args: [address as Address, 9n * USDT] }),
      nonce: await bsc.pub.getTransactionCount({ address: payer.address }),
      gas: 100_000n,
      maxFeePerGas: 100n * 10n ** 9n,
      maxPriorityFeePerGas: 10n ** 9n,
    });
    await watcher('bsc').poll();
    const snapshot = await bsc.node.request({ method: 'evm_snapshot', params: [] });
    const hash = (await bsc.node.request({ method: 'eth_sendRawTransaction', params: [raw] })) as Hash;
    await mine(bsc, BSC_CREDIT - 1);
    await watcher('bsc').poll();
    expect(await balance(u.token, 'USDT')).toEqual({ available: '0', frozen: '9' });

    // Another branch wins before the deposit is final: its block is gone, and the new chain is longer.
    expect(await bsc.node.request({ method: 'evm_revert', params: [snapshot] })).toBe(true);
    await mine(bsc, BSC_FINAL + 1);
    expect((await watcher('bsc').poll()).orphaned).toBe(1);
    expect(await balance(u.token, 'USDT')).toEqual({ available: '0', frozen: '0' });
    let [row] = await depositsOf(u.token);
    expect(row).toMatchObject({ status: 'failed', reason: 'reorg', tx_hash: hash.toLowerCase() });
    // Shown: the record failed (reorg), and the held money's records say it came and went back.
    expect(await records(u.token)).toEqual({ available: [], held: ['deposit', 'deposit.reversed'] });
    expect(await srv.app.ledger.audit()).toEqual([]);

    // The same signed transfer lands on the winning branch: the record is pending again, credited once more
    // (held), then final.
    expect(await bsc.node.request({ method: 'eth_sendRawTransaction', params: [raw] })).toBe(hash);
    await mine(bsc, BSC_CREDIT - 1);
    await watcher('bsc').poll();
    [row] = await depositsOf(u.token);
    expect(row).toMatchObject({ status: 'pending', reason: null });
    expect(await balance(u.token, 'USDT')).toEqual({ available: '0', frozen: '9' });
    await mine(bsc, BSC_FINAL - BSC_CREDIT);
    await watcher('bsc').poll();
    expect(await balance(u.token, 'USDT')).toEqual({ available: '9', frozen: '0' });
    expect(await depositsOf(u.token)).toEqual([expect.objectContaining({ status: 'approved' })]);
    expect(await srv.app.ledger.audit()).toEqual([]);
  });

  it('credits a deposit once: reported by hash, seen by a second watcher, rescanned after a restart', async () => {
    const u = await signedInUser(srv);
    const address = present(
      (await api(srv, '/api/withdraw/receiveUsdt', { chain: 'ERC20' }, { token: u.token })).body.data.address,
    );
    await pollAll();
    const hash = await sendUsdt(eth, address, 12n * USDT);
    // Reported with the spec's name before the watcher saw it, and again with the internal one.
    const rep = await api(
      srv,
      '/api/recharge/recharge',
      { chain: 'ERC20', tx_hash: hash },
      { token: u.token },
    );
    expect(rep.body.data.list).toEqual([
      expect.objectContaining({ chain: 'evm', amount: '12', status: 'pending' }),
    ]);
    const again = await api(
      srv,
      '/api/recharge/recharge',
      { chain: 'evm', tx_hash: hash },
      { token: u.token },
    );
    expect(again.body.data.list.map((d) => d.id)).toEqual(rep.body.data.list.map((d) => d.id));

    // A second watcher of the same network over the same store (another instance, or one restarted with its
    // cursor lost), polling alongside the first.
    const second = createEvmChain({
      store: srv.app.deps.store,
      clock: srv.clock,
      chain: 'evm',
      rpcUrl: eth.node.url,
      chainId: 1,
      tokens: [{ address: eth.token, decimals: 6, asset: 'USDT', scale: 6 }],
      native: { asset: 'ETH', scale: srv.app.deps.assets.get('ETH').scale },
      depositXpub: xpub,
      confirmations: ETH_FINAL,
      creditAfter: 1,
      book: srv.app.modules.wallet.deposits.book,
    });
    await Promise.all([watcher('evm').poll(), second.poll()]);
    await mine(eth, ETH_FINAL - 1);
    await Promise.all([watcher('evm').poll(), second.poll(), watcher('evm').poll()]);
    // A crash that lost part of the cursor: the blocks are scanned again.
    await srv.app.deps.store.db.execute(
      sql`update chain_cursors set scanned_height = scanned_height - ${ETH_FINAL + 2} where chain = 'evm'`,
    );
    await second.poll();
    await watcher('evm').poll();
    expect(await balance(u.token, 'USDT')).toEqual({ available: '12', frozen: '0' });
    expect(await depositsOf(u.token)).toEqual([
      expect.objectContaining({ status: 'approved', amount: '12' }),
    ]);
    expect(await records(u.token)).toEqual({
      available: ['deposit.final'],
      held: ['deposit', 'deposit.final'],
    });

    // Claimed as a manual deposit on another network, the watched transfer is never credited by hand.
    const claim = await api(
      srv,
      '/api/recharge/recharge',
      { chain: 'TRC20', tx_hash: hash, amount: '12' },
      { token: u.token },
    );
    const claimId = present(claim.body.data.list[0]).id;
    const confirm = await call(srv, '/admin/deposits/confirm', { deposit_id: claimId }, { token: finance });
    expect(confirm.body).toMatchObject({ error: 'InvalidState' });
    expect(await balance(u.token, 'USDT')).toEqual({ available: '12', frozen: '0' });
    expect(await srv.app.ledger.audit()).toEqual([]);
  });

  it('pays a withdrawal named BEP20 from BSC’s hot wallet; ERC20 without a key fails to send, visibly', async () => {
    const u = await signedInUser(srv);
    const address = present(
      (await api(srv, '/api/withdraw/receiveUsdt', { chain: 'BEP20' }, { token: u.token })).body.data.address,
    );
    await watcher('bsc').poll();
    await sendUsdt(bsc, address, 100n * USDT);
    await mine(bsc, BSC_FINAL - 1);
    await watcher('bsc').poll();
    expect(await balance(u.token, 'USDT')).toEqual({ available: '100', frozen: '0' });

    const to = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address;
    const w = await api(
      srv,
      '/api/withdraw/index',
      { chain: 'BEP20', address: to, amount: '30' },
      { token: u.token },
    );
    expect(w.body.data).toMatchObject({ chain: 'bsc', status: 'pending' });
    const ok = await api(
      srv,
      '/admin/withdrawals/approve',
      { withdrawal_id: w.body.data.id },
      { token: finance },
    );
    expect(ok.body.data).toMatchObject({ status: 'pending', stage: 'sent' });
    const paid = (await bsc.pub.readContract({
      address: bsc.token,
      abi,
      functionName: 'balanceOf',
      args: [to],
    })) as bigint;
    expect(paid).toBe(30n * USDT);
    expect(ok.body.data.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);

    const e = await api(
      srv,
      '/api/withdraw/index',
      { chain: 'ERC20', address: to, amount: '20' },
      { token: u.token },
    );
    expect(e.body.data).toMatchObject({ chain: 'evm' });
    const failed = await api(
      srv,
      '/admin/withdrawals/approve',
      { withdrawal_id: e.body.data.id },
      { token: finance },
    );
    expect(failed.body.data).toMatchObject({ stage: 'send_failed' });
    // A pending deposit while BSC's node is down: the records still answer, its count unknown.
    const late = await sendUsdt(bsc, address, 5n * USDT);
    await watcher('bsc').poll();
    bsc.node.failing = true;
    try {
      const rows = await depositsOf(u.token);
      expect(rows.find((d) => d.tx_hash === late.toLowerCase())).toMatchObject({
        status: 'pending',
        confirmations: null,
      });
    } finally {
      bsc.node.failing = false;
    }
    // Tron has no hot wallet here: refused at request.
    const tron = await call(
      srv,
      '/api/withdraw/index',
      { chain: 'TRC20', address: to, amount: '20' },
      { token: u.token },
    );
    expect(tron.body).toMatchObject({ error: 'ValidationFailed' });
    expect(await srv.app.ledger.audit()).toEqual([]);
  });
});
