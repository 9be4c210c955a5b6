import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
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
  toHex,
} from 'viem';
import { HDKey, type PrivateKeyAccount, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/kernel/clock';
import { DomainError } from '../src/kernel/errors';
import { createLedger, type Ledger, SYSTEM } from '../src/ledger';
import {
  type ChainLogger,
  type ConfirmedDeposit,
  createEvmChain,
  type DepositBook,
  type EvmChain,
} from '../src/modules/wallet/chain';
import type { EvmChainOptions } from '../src/modules/wallet/chain/evm';
import { walletDeposits } from '../src/modules/wallet/tables';
import { seedBase } from '../src/seed';
import { queryRows, type Store, schema, type Tx } from '../src/store';
import { compileTestUsdt } from './chain/contracts';
import { type LocalNode, startLocalNode } from './chain/node';
import { testStore } from './harness';

const { depositAddresses } = schema;

/** Confirmations the adapters under test wait for. */
const N = 3;
const USDT = 1_000_000n; // one USDT in token units (6 decimals) and in platform minor units (scale 6)

let node: LocalNode;
let store: Store;
let drop: () => Promise<void>;
let ledger: Ledger;
const clock = new ManualClock(Date.parse('2026-03-01T00:00:00Z'));

let pub: ReturnType<typeof makePublicClient>;
let abi: Abi;
let usdt: Address;
let otherToken: Address;
let cents: Address; // a token with 2 decimals
let funder: PrivateKeyAccount;
let hotKey: Hex;
let root: HDKey;
let startBlock: number;

/** Every call of `onConfirmed`, by deposit id. */
const credits = new Map<number, number>();
const errors: unknown[] = [];
const warnings: string[] = [];
const quiet: ChainLogger = {
  info: () => {},
  warn: (_obj, msg) => warnings.push(msg),
  error: (obj) => errors.push(obj),
};

function makePublicClient(url: string, chainId: number) {
  const chain = defineChain({
    id: chainId,
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  return createPublicClient({ chain, transport: http(url), cacheTime: 0 });
}

function walletOf(account: PrivateKeyAccount) {
  return createWalletClient({ account, chain: pub.chain, transport: http(node.url), cacheTime: 0 });
}

function newAccount(): PrivateKeyAccount {
  return privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`);
}

async function fundEth(address: Address, wei = 10n ** 21n): Promise<void> {
  await node.request({ method: 'hardhat_setBalance', params: [address, toHex(wei)] });
}

async function mine(blocks = 1): Promise<void> {
  for (let i = 0; i < blocks; i++) await node.request({ method: 'evm_mine', params: [] });
}

async function head(): Promise<number> {
  return Number(await pub.getBlockNumber());
}

async function deployToken(decimals: number, supply: bigint): Promise<Address> {
  const { bytecode } = compiled;
  const hash = await walletOf(funder).deployContract({
    abi,
    bytecode,
    args: ['Test USD', 'TUSD', decimals, supply],
  });
  const receipt = await pub.getTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error('deployment failed');
  return receipt.contractAddress;
}

/** Sends `amount` token units; automine puts it in a block of its own. */
async function transfer(from: PrivateKeyAccount, token: Address, to: string, amount: bigint): Promise<Hash> {
  const hash = await walletOf(from).writeContract({
    address: token,
    abi,
    functionName: 'transfer',
    args: [to as Address, amount],
  });
  const receipt = await pub.getTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return hash;
}

async function balanceOf(token: Address, owner: string): Promise<bigint> {
  return (await pub.readContract({
    address: token,
    abi,
    functionName: 'balanceOf',
    args: [owner as Address],
  })) as bigint;
}

async function deposits(txHash: string) {
  return store.db
    .select()
    .from(walletDeposits)
    .where(and(eq(walletDeposits.chain, 'evm'), eq(walletDeposits.txHash, txHash.toLowerCase())))
    .orderBy(walletDeposits.logIndex);
}

async function spot(userId: number): Promise<bigint> {
  const b = await ledger.balances(userId);
  return b.find((x) => x.asset === 'USDT' && x.kind === 'spot')?.available ?? 0n;
}

/** The lead's code posts to the ledger here; the test counts calls. */
async function onConfirmed(tx: Tx, d: ConfirmedDeposit): Promise<number> {
  credits.set(d.id, (credits.get(d.id) ?? 0) + 1);
  return ledger.credit(tx, {
    account: { userId: d.userId, asset: d.asset, kind: 'spot' },
    system: SYSTEM.deposits,
    amount: d.amount,
    cause: 'deposit',
    ref: `dep_${d.id}`,
  });
}

/** Credited and final at once here (creditAfter = confirmations); held credits: `evm-networks.test.ts`. */
const book: DepositBook = {
  credit: (tx, d) => onConfirmed(tx, d),
  release: () => Promise.reject(new Error('nothing is held')),
  reverse: () => Promise.reject(new Error('nothing is held')),
};

function adapter(over: Partial<EvmChainOptions> = {}): EvmChain {
  return createEvmChain({
    store,
    clock,
    chain: 'evm',
    rpcUrl: node.url,
    chainId: node.chainId,
    tokens: [{ address: usdt, decimals: 6, asset: 'USDT', scale: 6 }],
    depositXpub: root.publicExtendedKey,
    confirmations: N,
    hotWalletKey: hotKey,
    book,
    startBlock,
    log: quiet,
    ...over,
  });
}

async function domainError(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof DomainError) return err.errorName;
    throw err;
  }
  throw new Error('expected a DomainError');
}

let compiled: ReturnType<typeof compileTestUsdt>;

beforeAll(async () => {
  compiled = compileTestUsdt();
  abi = compiled.abi;
  node = await startLocalNode();
  pub = makePublicClient(node.url, node.chainId);
  ({ store, drop } = await testStore());
  await seedBase(store);
  ledger = createLedger({ store, clock });

  funder = newAccount();
  await fundEth(funder.address);
  usdt = await deployToken(6, 1_000_000n * USDT);
  otherToken = await deployToken(6, 1_000_000n * USDT);
  cents = await deployToken(2, 1_000_000n * 100n);

  hotKey = `0x${randomBytes(32).toString('hex')}`;
  const hot = privateKeyToAccount(hotKey);
  await fundEth(hot.address);
  await transfer(funder, usdt, hot.address, 10_000n * USDT);
  await transfer(funder, cents, hot.address, 10_000n * 100n);

  // The operator's HD key: only its extended public key reaches the adapter.
  root = HDKey.fromMasterSeed(randomBytes(32));
  startBlock = (await head()) + 1;
});

afterAll(async () => {
  await node?.close();
  await drop?.();
});

describe('deposit addresses', () => {
  it('derives m/0/<userId> of the xpub, stores it once, and the address receives funds', async () => {
    const a = adapter();
    const address = await a.depositAddress(101);
    const child = root.derive('m/0/101');
    if (!child.privateKey) throw new Error('no private key');
    // The operator's private key (never given to the server) controls the address.
    expect(address).toBe(privateKeyToAddress(toHex(child.privateKey)).toLowerCase());
    expect(address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(await a.depositAddress(101)).toBe(address);
    await transfer(funder, usdt, address, 5n * USDT);
    expect(await balanceOf(usdt, address)).toBe(5n * USDT);
  });

  it('is race-safe: concurrent first calls store one row', async () => {
    const [a, b] = [adapter(), adapter()];
    const got = await Promise.all([1, 2, 3, 4, 5].map((i) => (i % 2 ? a : b).depositAddress(150)));
    expect(new Set(got).size).toBe(1);
    const rows = await store.db.select().from(depositAddresses).where(eq(depositAddresses.userId, 150));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ chain: 'evm', derivationIndex: 150, address: got[0] });
  });

  it('refuses an extended private key', () => {
    expect(() => adapter({ depositXpub: root.privateExtendedKey })).toThrow(/public key/);
  });
});

describe('watcher', () => {
  let a: EvmChain;
  let txHash: Hash;

  it('records a deposit pending and credits it exactly once at N confirmations', async () => {
    a = adapter();
    const user = 102;
    const address = await a.depositAddress(user);
    txHash = await transfer(funder, usdt, address, 25_500_000n);
    const block = await head();

    const first = await a.poll();
    expect(first.head).toBe(block);
    expect(first.scannedHeight).toBe(block);
    expect(first.recorded).toBeGreaterThanOrEqual(1);
    let [row] = await deposits(txHash);
    expect(row).toMatchObject({
      userId: user,
      asset: 'USDT',
      amount: 25_500_000n,
      address,
      blockNumber: block,
      status: 'pending',
      ledgerTxId: null,
    });

    for (let confirmations = 2; confirmations < N; confirmations++) {
      await mine();
      await a.poll();
      [row] = await deposits(txHash);
      expect(row?.status).toBe('pending');
    }
    expect(credits.get(row!.id)).toBeUndefined();

    await mine(); // the N-th confirmation
    await a.poll();
    [row] = await deposits(txHash);
    expect(row?.status).toBe('approved');
    expect(row?.ledgerTxId).toBeGreaterThan(0);
    expect(credits.get(row!.id)).toBe(1);
    expect(await spot(user)).toBe(25_500_000n);

    await mine();
    await a.poll();
    expect(credits.get(row!.id)).toBe(1);
    expect(await spot(user)).toBe(25_500_000n);
  });

  it('a new instance over the same store, rescanning from the start, credits nothing twice', async () => {
    const [before] = await deposits(txHash);
    // A crash that lost the cursor: the restarted watcher scans every block again.
    await store.db.execute(
      sql`update chain_cursors set scanned_height = ${startBlock - 1} where chain = 'evm'`,
    );
    // It also matches addresses itself (no topic filter) and meets a node that refuses wide log ranges.
    const restarted = adapter({ maxTopicAddresses: 0 });
    node.logRangeLimit = 3;
    const r = await restarted.poll().finally(() => {
      node.logRangeLimit = null;
    });
    expect(r.scannedHeight).toBe(r.head);
    expect(warnings).toContain('eth_getLogs refused a range; narrowing it');
    expect(r.credited).toBe(0);
    const [after] = await deposits(txHash);
    expect(after).toMatchObject({ id: before!.id, status: 'approved', ledgerTxId: before!.ledgerTxId });
    expect(credits.get(before!.id)).toBe(1);
    expect(await spot(102)).toBe(25_500_000n);
  });

  it('a reorganisation below N fails the deposit; the same transfer in the new chain is credited once', async () => {
    const user = 103;
    const address = await a.depositAddress(user);
    const payer = newAccount();
    await fundEth(payer.address);
    await transfer(funder, usdt, payer.address, 100n * USDT);
    await mine();
    await a.poll();

    // The transfer, signed once, so it can be broadcast again after the reorganisation.
    const raw = await payer.signTransaction({
      chainId: node.chainId,
      type: 'eip1559',
      to: usdt,
      data: encodeFunctionData({ abi, functionName: 'transfer', args: [address, 7n * USDT] }),
      nonce: await pub.getTransactionCount({ address: payer.address }),
      gas: 100_000n,
      maxFeePerGas: 100n * 10n ** 9n,
      maxPriorityFeePerGas: 10n ** 9n,
    });
    const snapshot = await node.request({ method: 'evm_snapshot', params: [] });
    const hash = (await node.request({ method: 'eth_sendRawTransaction', params: [raw] })) as Hash;
    const oldBlock = await head();
    await mine(N - 2); // N - 1 confirmations: one short
    expect((await a.poll()).credited).toBe(0);
    let [row] = await deposits(hash);
    expect(row).toMatchObject({ status: 'pending', blockNumber: oldBlock });
    const oldHash = row!.blockHash;

    // Another branch wins: the deposit's block is gone, and the new chain is longer.
    expect(await node.request({ method: 'evm_revert', params: [snapshot] })).toBe(true);
    await mine(N + 1);
    expect(await head()).toBeGreaterThan(oldBlock + N - 2);
    const afterReorg = await a.poll();
    expect(afterReorg.orphaned).toBe(1);
    [row] = await deposits(hash);
    expect(row).toMatchObject({ status: 'failed', reason: 'reorg', ledgerTxId: null });
    await mine(N);
    await a.poll();
    [row] = await deposits(hash);
    expect(row?.status).toBe('failed');
    expect(credits.get(row!.id)).toBeUndefined();
    expect(await spot(user)).toBe(0n);

    // The same signed transfer lands in the new chain: the row comes back pending, in its new block.
    expect(await node.request({ method: 'eth_sendRawTransaction', params: [raw] })).toBe(hash);
    const newBlock = await head();
    await a.poll();
    const [again] = await deposits(hash);
    expect(again).toMatchObject({ id: row!.id, status: 'pending', reason: null, blockNumber: newBlock });
    expect(again?.blockHash).not.toBe(oldHash);
    await mine(N - 1);
    await a.poll();
    await a.poll();
    const [credited] = await deposits(hash);
    expect(credited?.status).toBe('approved');
    expect(credits.get(row!.id)).toBe(1);
    expect(await spot(user)).toBe(7n * USDT);
  });

  it('a deposit recorded by tx hash whose block then leaves the chain is failed, not credited', async () => {
    const user = 109;
    const address = await a.depositAddress(user);
    await a.poll();
    const snapshot = await node.request({ method: 'evm_snapshot', params: [] });
    const hash = await transfer(funder, usdt, address, 6n * USDT);
    // Recorded from the user's tx hash before the watcher ever scanned its block.
    expect(await a.submitTxHash(user, hash)).toMatchObject([{ status: 'pending', confirmations: 1 }]);
    await node.request({ method: 'evm_revert', params: [snapshot] });
    await mine(N + 1);
    expect((await a.poll()).orphaned).toBe(1);
    await a.poll();
    const [row] = await deposits(hash);
    expect(row).toMatchObject({ status: 'failed', reason: 'reorg', ledgerTxId: null });
    expect(credits.get(row!.id)).toBeUndefined();
    expect(await spot(user)).toBe(0n);
    await expect(a.submitTxHash(user, hash)).rejects.toThrow(DomainError); // gone from the chain
  });

  it('two watchers polling at once credit once', async () => {
    const user = 107;
    const [a1, a2, a3] = [adapter(), adapter(), adapter()];
    const address = await a1.depositAddress(user);
    const hash = await transfer(funder, usdt, address, 3n * USDT);
    await mine(N - 1);
    const results = await Promise.all([a1.poll(), a2.poll(), a3.poll()]);
    // Whichever of them scanned it, exactly one credited it.
    const [row] = await deposits(hash);
    expect(row?.status).toBe('approved');
    expect(credits.get(row!.id)).toBe(1);
    expect(results.reduce((s, r) => s + r.credited, 0)).toBe(1);
    expect(await spot(user)).toBe(3n * USDT);
    const again = await Promise.all([a1.poll(), a2.poll(), a3.poll()]);
    expect(again.every((r) => r.credited === 0)).toBe(true);
    expect(credits.get(row!.id)).toBe(1);
  });

  it('records every transfer of a multi-transfer transaction, scanning one block per step', async () => {
    const users = [120, 121, 122];
    const addrs = await Promise.all(users.map((u) => a.depositAddress(u)));
    const hash = await walletOf(funder).writeContract({
      address: usdt,
      abi,
      functionName: 'transferMany',
      args: [addrs, [1n * USDT, 2n * USDT, 3n * USDT]],
    });
    await mine(N - 1);
    const small = adapter({ maxBlocksPerStep: 1 });
    await small.poll();
    await small.poll();
    const rows = await deposits(hash);
    expect(rows.map((r) => [r.userId, r.amount, r.status])).toEqual([
      [120, 1n * USDT, 'approved'],
      [121, 2n * USDT, 'approved'],
      [122, 3n * USDT, 'approved'],
    ]);
    for (const r of rows) expect(credits.get(r.id)).toBe(1);
  });

  it('the loop survives RPC errors and credits once the node answers again', async () => {
    const user = 108;
    const loop = adapter();
    const address = await loop.depositAddress(user);
    const hash = await transfer(funder, usdt, address, 4n * USDT);
    await mine(N - 1);
    errors.length = 0;
    node.failing = true;
    loop.start(20);
    for (let i = 0; i < 200 && errors.length === 0; i++) await sleep(25);
    expect(errors.length).toBeGreaterThan(0);
    node.failing = false;
    let status: string | undefined;
    for (let i = 0; i < 200 && status !== 'approved'; i++) {
      await sleep(25);
      status = (await deposits(hash))[0]?.status;
    }
    await loop.stop();
    expect(status).toBe('approved');
    const [row] = await deposits(hash);
    expect(credits.get(row!.id)).toBe(1);
    await loop.stop(); // stopping twice is harmless
  });

  it('refuses a node of another chain or a token of other decimals', async () => {
    await expect(adapter({ chainId: 1 }).poll()).rejects.toThrow(/chain id/);
    await expect(
      adapter({ tokens: [{ address: usdt, decimals: 18, asset: 'USDT', scale: 6 }] }).poll(),
    ).rejects.toThrow(/decimals/);
  });
});

describe('submitTxHash', () => {
  it('verifies on chain; wrong user, wrong token, failed or unknown tx are NotFound', async () => {
    const a = adapter();
    const user = 104;
    const other = 105;
    const address = await a.depositAddress(user);
    const otherAddress = await a.depositAddress(other);

    const paid = await transfer(funder, usdt, address, 12_345_678n);
    const found = await a.submitTxHash(user, paid);
    expect(found).toEqual([
      expect.objectContaining({
        userId: user,
        asset: 'USDT',
        amount: 12_345_678n, // read from the chain, never from the caller
        txHash: paid.toLowerCase(),
        address,
        status: 'pending',
        confirmations: 1,
      }),
    ]);
    // Submitting twice changes nothing.
    expect((await a.submitTxHash(user, paid)).map((d) => d.id)).toEqual([found[0]!.id]);

    expect(await domainError(a.submitTxHash(other, paid))).toBe('NotFound');
    const wrongToken = await transfer(funder, otherToken, address, 9n * USDT);
    expect(await domainError(a.submitTxHash(user, wrongToken))).toBe('NotFound');

    // A transfer that reverts (the sender has no tokens) is mined but pays nothing.
    const poor = newAccount();
    await fundEth(poor.address);
    const reverted = await walletOf(poor).writeContract({
      address: usdt,
      abi,
      functionName: 'transfer',
      args: [address as Address, 50n * USDT],
      gas: 100_000n,
    });
    expect((await pub.getTransactionReceipt({ hash: reverted })).status).toBe('reverted');
    expect(await domainError(a.submitTxHash(user, reverted))).toBe('NotFound');

    expect(await domainError(a.submitTxHash(user, `0x${randomBytes(32).toString('hex')}`))).toBe('NotFound');
    expect(await domainError(a.submitTxHash(106, paid))).toBe('NotFound'); // never asked for an address
    expect(await domainError(a.submitTxHash(user, 'not-a-hash'))).toBe('ValidationFailed');

    // One transaction paying two users: each sees only their own transfer.
    const both = await walletOf(funder).writeContract({
      address: usdt,
      abi,
      functionName: 'transferMany',
      args: [
        [address as Address, otherAddress as Address],
        [1n * USDT, 2n * USDT],
      ],
    });
    const forUser = await a.submitTxHash(user, both);
    const forOther = await a.submitTxHash(other, both);
    expect(forUser.map((d) => [d.userId, d.amount])).toEqual([[user, 1n * USDT]]);
    expect(forOther.map((d) => [d.userId, d.amount])).toEqual([[other, 2n * USDT]]);

    // Crediting stays the watcher's, after N confirmations.
    expect(credits.get(found[0]!.id)).toBeUndefined();
    await mine(N - 1);
    await a.poll();
    const later = await a.submitTxHash(user, paid);
    expect(later[0]).toMatchObject({ status: 'approved' });
    expect(later[0]!.confirmations).toBeGreaterThanOrEqual(N);
    expect(credits.get(found[0]!.id)).toBe(1);
    expect(await spot(user)).toBe(12_345_678n + 1n * USDT);
    expect(await spot(other)).toBe(2n * USDT);
    const rows = await queryRows<{ n: number }>(
      store.db,
      sql`select count(*)::int as n from wallet_deposits where tx_hash = ${paid.toLowerCase()}`,
    );
    expect(rows[0]?.n).toBe(1);
  });
});

describe('hot wallet', () => {
  it('sends tokens and reports its balance', async () => {
    const a = adapter();
    const to = newAccount().address;
    const before = await a.hotWalletBalance();
    expect(before.address).toBe(privateKeyToAccount(hotKey).address.toLowerCase());
    expect(before.amount).toBe(10_000n * USDT);
    expect(before.native).toBeGreaterThan(0n);

    const hash = await a.sendToken(to, 1_500_000n);
    expect((await pub.getTransactionReceipt({ hash: hash as Hash })).status).toBe('success');
    expect(await balanceOf(usdt, to)).toBe(1_500_000n);
    expect((await a.hotWalletBalance()).amount).toBe(10_000n * USDT - 1_500_000n);

    // Concurrent sends from one process do not collide on nonces.
    await Promise.all([a.sendToken(to, 1n), a.sendToken(to, 2n), a.sendToken(to, 3n)]);
    expect(await balanceOf(usdt, to)).toBe(1_500_006n);

    expect(await domainError(a.sendToken(to, 20_000n * USDT))).toBe('InsufficientBalance');
    expect(await domainError(a.sendToken('0x1234', 1n))).toBe('ValidationFailed');
    expect(await domainError(a.sendToken(to, 0n))).toBe('ValidationFailed');
  });

  it('converts the platform scale to the token decimals exactly, refusing what does not convert', async () => {
    const a = adapter({
      chain: 'evm-cents',
      tokens: [{ address: cents, decimals: 2, asset: 'USDT', scale: 6 }],
    });
    const to = newAccount().address;
    expect(await domainError(a.sendToken(to, 1_234_567n))).toBe('ValidationFailed'); // 1.234567 USDT
    expect(await domainError(a.sendToken(to, 10_000n - 1n))).toBe('ValidationFailed');
    await a.sendToken(to, 1_230_000n); // 1.23
    expect(await balanceOf(cents, to)).toBe(123n);
    expect((await a.hotWalletBalance()).amount).toBe(10_000n * 1_000_000n - 1_230_000n);
  });

  it('without a hot wallet key there is nothing to send from', async () => {
    const a = adapter({ hotWalletKey: undefined });
    await expect(a.sendToken(newAccount().address, 1n)).rejects.toThrow(/hot wallet/);
  });
});
