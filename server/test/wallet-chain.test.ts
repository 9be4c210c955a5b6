import { randomBytes } from 'node:crypto';
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  toHex,
} from 'viem';
import { HDKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileTestUsdt } from './chain/contracts';
import { type LocalNode, startLocalNode } from './chain/node';
import { api, operatorToken, present, signedInUser, startServer, type TestServer } from './harness';

// The product on a real (local) chain: deposit found by the watcher after N confirmations,
// withdrawal paid from the hot wallet after an operator's approval.
const USDT = 1_000_000n;
const CONFIRMATIONS = 3;

let node: LocalNode;
let srv: TestServer;
let abi: Abi;
let token: Address;
let funder: PrivateKeyAccount;
let finance: string;

function clients() {
  const chain = defineChain({
    id: node.chainId,
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
  });
  const pub = createPublicClient({ chain, transport: http(node.url), cacheTime: 0 });
  const wallet = (account: PrivateKeyAccount) =>
    createWalletClient({ account, chain, transport: http(node.url), cacheTime: 0 });
  return { pub, wallet };
}

async function mine(blocks: number) {
  for (let i = 0; i < blocks; i++) await node.request({ method: 'evm_mine', params: [] });
}

async function sendTokens(to: string, amount: bigint) {
  const { pub, wallet } = clients();
  const hash = await wallet(funder).writeContract({
    address: token,
    abi,
    functionName: 'transfer',
    args: [to as Address, amount],
  });
  await pub.waitForTransactionReceipt({ hash });
  return hash;
}

async function tokenBalance(owner: string): Promise<bigint> {
  return (await clients().pub.readContract({
    address: token,
    abi,
    functionName: 'balanceOf',
    args: [owner as Address],
  })) as bigint;
}

beforeAll(async () => {
  const compiled = compileTestUsdt();
  abi = compiled.abi;
  node = await startLocalNode();
  funder = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`);
  await node.request({ method: 'hardhat_setBalance', params: [funder.address, toHex(10n ** 21n)] });
  const { pub, wallet } = clients();
  const deploy = await wallet(funder).deployContract({
    abi,
    bytecode: compiled.bytecode,
    args: ['Test USD', 'TUSD', 6, 1_000_000n * USDT],
  });
  const receipt = await pub.waitForTransactionReceipt({ hash: deploy });
  token = receipt.contractAddress as Address;
  const hotKey = `0x${randomBytes(32).toString('hex')}` as const;
  const hot = privateKeyToAccount(hotKey);
  await node.request({ method: 'hardhat_setBalance', params: [hot.address, toHex(10n ** 21n)] });
  await sendTokens(hot.address, 10_000n * USDT);
  const xpub = HDKey.fromMasterSeed(randomBytes(32)).publicExtendedKey;
  srv = await startServer({
    env: {
      CHAIN_RPC_URL: node.url,
      DEPOSIT_CHAIN_ID: String(node.chainId),
      TOKEN_ADDRESS: token,
      TOKEN_DECIMALS: '6',
      DEPOSIT_XPUB: xpub,
      DEPOSIT_CONFIRMATIONS: String(CONFIRMATIONS),
      HOT_WALLET_KEY: hotKey,
      // The test drives the watcher step by step.
      CHAIN_POLL_MS: '3600000',
    },
  });
  finance = await operatorToken(srv);
});

afterAll(async () => {
  await srv?.close();
  await node?.close();
});

describe('USDT on a local EVM chain, through the product', () => {
  it('credits a deposit once after N confirmations and pays a withdrawal from the hot wallet', async () => {
    const evm = srv.app.evm;
    if (!evm) throw new Error('the chain adapter is not configured');
    await evm.poll();
    const u = await signedInUser(srv);
    const recv = await api(srv, '/api/withdraw/receiveUsdt', {}, { token: u.token });
    expect(recv.body.data).toMatchObject({ mode: 'chain', confirmations: CONFIRMATIONS });
    const tx = await sendTokens(present(recv.body.data.address, 'address'), 123_450_000n);

    // Reported by hash: verified on chain, recorded pending, not credited yet.
    const rep = await api(srv, '/api/recharge/recharge', { tx_hash: tx }, { token: u.token });
    expect(rep.body.data.list).toEqual([expect.objectContaining({ amount: '123.45', status: 'pending' })]);
    await evm.poll();
    const before = await api(srv, '/api/finance/userFinance', { account: 'spot' }, { token: u.token });
    expect(before.body.data.list.find((b) => b.asset === 'USDT')?.available).toBe('0');

    await mine(CONFIRMATIONS - 1);
    await evm.poll();
    await evm.poll();
    const after = await api(srv, '/api/finance/userFinance', { account: 'spot' }, { token: u.token });
    expect(after.body.data.list.find((b) => b.asset === 'USDT')?.available).toBe('123.45');
    const list = await api(srv, '/v1/recharge/list', { page: 1 }, { token: u.token });
    expect(list.body.data.list).toEqual([
      expect.objectContaining({ status: 'approved', tx_hash: tx.toLowerCase() }),
    ]);

    // Withdrawal: frozen at request, sent on chain at approval.
    const to = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address;
    const w = await api(srv, '/api/withdraw/index', { address: to, amount: '50' }, { token: u.token });
    expect(w.body.code).toBe(200);
    const ok = await api(
      srv,
      '/admin/withdrawals/approve',
      { withdrawal_id: w.body.data.id },
      { token: finance },
    );
    // Broadcast: sent with its hash, completed (approved) once final on chain.
    expect(ok.body.data).toMatchObject({ status: 'pending', stage: 'sent' });
    expect(ok.body.data.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await tokenBalance(to)).toBe(50n * USDT);
    await mine(CONFIRMATIONS - 1);
    await srv.app.modules.wallet.withdrawals.follow();
    const done = await api(srv, '/api/withdraw/list', { page: 1 }, { token: u.token });
    expect(done.body.data.list).toEqual([
      expect.objectContaining({ stage: 'completed', status: 'approved', tx_hash: ok.body.data.tx_hash }),
    ]);
    expect(await srv.app.ledger.audit()).toEqual([]);
  });

  it('pays a race principal with a chain transfer to the player’s deposit address, once, after its confirmations', async () => {
    const evm = present(srv.app.evm, 'chain adapter');
    const u = await signedInUser(srv);
    const address = present(
      (await api(srv, '/api/withdraw/receiveUsdt', {}, { token: u.token })).body.data.address,
    );
    const confirmed = async (amount: bigint) => {
      const hash = await sendTokens(address, amount);
      await api(srv, '/api/recharge/recharge', { tx_hash: hash }, { token: u.token });
      await mine(CONFIRMATIONS - 1);
      await evm.poll();
      await evm.poll();
      return hash;
    };
    // Tickets first: 20 USDT arrives on chain and buys two.
    await confirmed(20n * USDT);
    expect((await api(srv, '/api/racer/buyTicket', { count: 2 }, { token: u.token })).body.code).toBe(200);
    const lobby = (await api(srv, '/api/racer/index', {}, { token: u.token })).body.data;
    expect(lobby.chain.enabled).toBe(true);
    const groupId = present(lobby.group).id;
    const join = (tx_hash: string) =>
      api(
        srv,
        '/api/racer/play',
        { group_id: groupId, tickets: 2, pay: 'chain', tx_hash, client_seed: 'feedface00112233' },
        { token: u.token },
      );

    // A hash with no transfer to me, then a transfer still short of its confirmations.
    expect((await join(`0x${randomBytes(32).toString('hex')}`)).body.code).toBe(2911);
    const small = await sendTokens(address, 15n * USDT);
    expect((await join(small)).body.code).toBe(2910);
    await mine(CONFIRMATIONS - 1);
    await evm.poll();
    await evm.poll();
    // Confirmed, but 15 USDT does not pay a 20 USDT principal.
    expect((await join(small)).body).toMatchObject({ code: 2912 });

    const paid = await confirmed(20n * USDT);
    const entry = await join(paid);
    expect(entry.body.code).toBe(200);
    expect(entry.body.data).toMatchObject({ pay: 'chain', pay_tx: paid.toLowerCase(), principal: '20' });
    const spot = (
      await api(srv, '/api/finance/userFinance', { account: 'spot' }, { token: u.token })
    ).body.data.list.find((b) => b.asset === 'USDT');
    // The 15 that was too small stays mine; the 20 is locked.
    expect([spot?.available, spot?.frozen]).toEqual(['15', '20']);
    // One transfer pays one entry.
    expect((await join(paid)).body.code).toBe(2913);
    expect(await srv.app.ledger.audit()).toEqual([]);
  });
});
