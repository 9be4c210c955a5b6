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
}, 120_000);

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
    expect(ok.body.data).toMatchObject({ status: 'approved', stage: 'sent' });
    expect(ok.body.data.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await tokenBalance(to)).toBe(50n * USDT);
    expect(await srv.app.ledger.audit()).toEqual([]);
  }, 60_000);
});
