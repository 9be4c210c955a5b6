import { randomBytes } from 'node:crypto';
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  toHex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLpChainReader, underlying } from '../src/modules/nft/lp-chain';
import { compileTestPair, compileTestUsdt } from './chain/contracts';
import { type LocalNode, startLocalNode } from './chain/node';
import { api, signedInUser, startServer } from './harness';

let node: LocalNode;
const deployer = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`);
let pair: Address;

async function deploy(abi: Abi, bytecode: Hex, args: readonly unknown[]): Promise<Address> {
  const chain = defineChain({
    id: node.chainId,
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
  });
  const wallet = createWalletClient({ account: deployer, chain, transport: http(node.url) });
  const pub = createPublicClient({ chain, transport: http(node.url) });
  const hash = await wallet.deployContract({ abi, bytecode, args });
  const receipt = await pub.getTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error('deployment failed');
  return receipt.contractAddress;
}

async function mint(to: Address, liquidity: bigint, r0: bigint, r1: bigint, abi: Abi): Promise<void> {
  const chain = defineChain({
    id: node.chainId,
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
  });
  const wallet = createWalletClient({ account: deployer, chain, transport: http(node.url) });
  await wallet.writeContract({ address: pair, abi, functionName: 'mint', args: [to, liquidity, r0, r1] });
}

const owner = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address;
const nobody = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address;

beforeAll(async () => {
  node = await startLocalNode();
  await node.request({ method: 'hardhat_setBalance', params: [deployer.address, toHex(10n ** 21n)] });
  const usdt = compileTestUsdt();
  const lp = compileTestPair();
  const bwc = await deploy(usdt.abi, usdt.bytecode, ['Test BWC', 'BWC', 8, 10n ** 20n]);
  const usd = await deploy(usdt.abi, usdt.bytecode, ['Test USD', 'USDT', 6, 10n ** 15n]);
  pair = await deploy(lp.abi, lp.bytecode, [bwc, usd]);
  // The owner holds 25 of 100 LP tokens of a pool of 2,000 BWC and 1,000.000001 USDT.
  await mint(owner, 25n * 10n ** 18n, 2_000n * 10n ** 8n, 1_000_000_001n, lp.abi);
  await mint(deployer.address, 75n * 10n ** 18n, 2_000n * 10n ** 8n, 1_000_000_001n, lp.abi);
});
afterAll(() => node.close());

describe('the on-chain liquidity reader', () => {
  it("reads an address's LP tokens, the pair's tokens and reserves, and what the position stands for", async () => {
    const reader = createLpChainReader({ rpcUrl: node.url, chainId: node.chainId, pair });
    const p = await reader.position(owner);
    expect(p).toMatchObject({
      symbol0: 'BWC',
      symbol1: 'USDT',
      decimals0: 8,
      decimals1: 6,
      lpDecimals: 18,
      balance: 25n * 10n ** 18n,
      totalSupply: 100n * 10n ** 18n,
      reserve0: 2_000n * 10n ** 8n,
      reserve1: 1_000_000_001n,
    });
    // A quarter of each reserve, rounded down.
    expect(underlying(p)).toEqual({ amount0: 500n * 10n ** 8n, amount1: 250_000_000n });
    const none = await reader.position(nobody);
    expect(none.balance).toBe(0n);
    expect(underlying(none)).toEqual({ amount0: 0n, amount1: 0n });
    await expect(reader.position('0x1234')).rejects.toThrow('not an address');
  });

  it('answers /api/lp/chain for the signed-in address when a pair is configured', async () => {
    const srv = await startServer({
      env: { LP_RPC_URL: node.url, LP_PAIR: pair, LP_CHAIN_ID: String(node.chainId) },
    });
    try {
      const u = await signedInUser(srv);
      await mint(
        u.wallet.address,
        50n * 10n ** 18n,
        2_000n * 10n ** 8n,
        1_000_000_001n,
        compileTestPair().abi,
      );
      const d = (await api(srv, '/api/lp/chain', {}, { token: u.token })).body.data;
      // 50 of the 150 LP tokens now issued: a third of each reserve.
      expect(d).toMatchObject({
        configured: true,
        chain_id: node.chainId,
        token0: 'BWC',
        token1: 'USDT',
        lp_balance: '50',
        total_supply: '150',
        share: '0.33333333',
        amount0: '666.66666666',
        amount1: '333.333333',
      });
      expect(d.address).toBe(u.wallet.address.toLowerCase());
    } finally {
      await srv.close();
    }
  });

  it('fails within its timeout while the node is down, and reads again once it is back', async () => {
    const reader = createLpChainReader({ rpcUrl: node.url, chainId: node.chainId, pair, timeoutMs: 1_000 });
    node.failing = true;
    try {
      await expect(reader.position(owner)).rejects.toThrow();
    } finally {
      node.failing = false;
    }
    expect((await reader.position(owner)).balance).toBe(25n * 10n ** 18n);
  });
});
