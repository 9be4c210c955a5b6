import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
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
import { HDKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createEvmChain, httpSigner } from '../src/modules/wallet/chain';
import { bumpedFees } from '../src/modules/wallet/withdrawal-follow';
import { type Store, schema } from '../src/store';
import { compileTestUsdt } from './chain/contracts';
import { type LocalNode, startLocalNode } from './chain/node';
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

// BSC (chain id 56) on a local hardhat node: USDT BEP20 paid from a hot wallet whose key signs locally (an HTTP
// signer at the end); withdrawals final at 3 confirmations.
const USDT = 1_000_000n;
const FINAL = 3;
const hotKey = `0x${randomBytes(32).toString('hex')}` as const;
const hot = privateKeyToAccount(hotKey);

let abi: Abi;
let node: LocalNode;
let token: Address;
let funder: PrivateKeyAccount;
let pub: ReturnType<typeof createPublicClient>;
let shared: { store: Store; drop: () => Promise<void> };
let env: Record<string, string>;
let srv: TestServer;
let finance: string;

const chainDef = () =>
  defineChain({
    id: 56,
    name: 'local-bsc',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
  });

async function usdtOf(address: string): Promise<bigint> {
  return (await pub.readContract({
    address: token,
    abi,
    functionName: 'balanceOf',
    args: [address as Address],
  })) as bigint;
}

async function mine(blocks: number) {
  for (let i = 0; i < blocks; i++) await node.request({ method: 'evm_mine', params: [] });
}

const bsc = (s: TestServer) => present(s.app.chains.find((c) => c.chain === 'bsc'));
const follow = followWithdrawals;

/** A funded user's withdrawal of `amount` USDT on BEP20 to a fresh address, not yet approved. */
async function requested(s: TestServer, amount: string) {
  const u = await signedInUser(s);
  // Funded on chain: a deposit to the user's address, final at its confirmations.
  const address = present(
    (await api(s, '/api/withdraw/receiveUsdt', { chain: 'BEP20' }, { token: u.token })).body.data.address,
  );
  await bsc(s).poll();
  const wallet = createWalletClient({ account: funder, chain: chainDef(), transport: http(node.url) });
  const paid = await wallet.writeContract({
    address: token,
    abi,
    functionName: 'transfer',
    args: [address as Address, 100n * USDT],
  });
  await pub.waitForTransactionReceipt({ hash: paid });
  await mine(FINAL - 1);
  await bsc(s).poll();
  const to = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address;
  const w = await api(s, '/api/withdraw/index', { chain: 'BEP20', address: to, amount }, { token: u.token });
  expect(w.body.data).toMatchObject({ chain: 'bsc', status: 'pending' });
  return { user: u, to, id: w.body.data.id };
}

const approve = (s: TestServer, id: number) => approveAs(s, finance, id);

const userRecord = userWithdrawal;

const sendsOf = (id: number) => signedVersions(shared.store, id);

beforeAll(async () => {
  const compiled = compileTestUsdt();
  abi = compiled.abi;
  node = await startLocalNode({ chainId: 56 });
  pub = createPublicClient({ chain: chainDef(), transport: http(node.url), cacheTime: 0 });
  funder = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`);
  await node.request({ method: 'hardhat_setBalance', params: [funder.address, toHex(10n ** 22n)] });
  const wallet = createWalletClient({ account: funder, chain: chainDef(), transport: http(node.url) });
  const hash = await wallet.deployContract({
    abi,
    bytecode: compiled.bytecode,
    args: ['Test USD', 'TUSD', 6, 1_000_000n * USDT],
  });
  token = present((await pub.waitForTransactionReceipt({ hash })).contractAddress);
  await node.request({ method: 'hardhat_setBalance', params: [hot.address, toHex(10n ** 21n)] });
  const fund = await wallet.writeContract({
    address: token,
    abi,
    functionName: 'transfer',
    args: [hot.address, 10_000n * USDT],
  });
  await pub.waitForTransactionReceipt({ hash: fund });
  const networks = [
    {
      chain: 'bsc',
      rpc_url: node.url,
      chain_id: 56,
      confirmations: FINAL,
      tokens: [{ asset: 'USDT', address: token, decimals: 6 }],
    },
  ];
  env = {
    CHAIN_NETWORKS: JSON.stringify(networks),
    DEPOSIT_XPUB: HDKey.fromMasterSeed(randomBytes(32)).publicExtendedKey,
    HOT_WALLET_KEY_BSC: hotKey,
    // The test drives the watcher and the follower step by step.
    CHAIN_POLL_MS: '3600000',
  };
  shared = await testStore();
  srv = await startServer({ env, store: shared.store });
  finance = await operatorToken(srv);
});

afterAll(async () => {
  await srv?.close();
  await node?.close();
});

describe('withdrawals paid by the signer', () => {
  it('shows the hash and its explorer link once broadcast, and Completed at the confirmations', async () => {
    const w = await requested(srv, '30');
    const ok = await approve(srv, w.id);
    expect(ok.body.data).toMatchObject({ stage: 'sent', status: 'pending' });
    const hash = present(ok.body.data.tx_hash);
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    const rec = await userRecord(srv, w.user.token, w.id);
    expect(rec).toMatchObject({ stage: 'sent', status: 'pending', tx_hash: hash });
    expect(rec.tx_url).toBe(`https://bscscan.com/tx/${hash}`);
    expect(await usdtOf(w.to)).toBe(30n * USDT);
    // Mined in its own block (1 confirmation): not yet final.
    await follow(srv);
    expect((await userRecord(srv, w.user.token, w.id)).stage).toBe('sent');
    await mine(FINAL - 1);
    await follow(srv);
    expect(await userRecord(srv, w.user.token, w.id)).toMatchObject({
      stage: 'completed',
      status: 'approved',
      tx_hash: hash,
    });
    expect(await sendsOf(w.id)).toHaveLength(1);
    // Told twice: sent with its hash, then final; a second look at the chain tells nothing more.
    await follow(srv);
    await srv.app.deps.outbox.drain();
    await srv.app.deps.outbox.drain();
    const told = (await api(srv, '/api/notice/list', { size: 100 }, { token: w.user.token })).body.data.list
      .filter((n) => n.kind.startsWith('withdrawal_'))
      .map((n) => ({ kind: n.kind, hash: n.params.tx_hash, amount: n.params.amount }));
    expect(told.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'withdrawal_completed', hash, amount: '30' },
      { kind: 'withdrawal_sent', hash, amount: '30' },
    ]);
    expect(await srv.app.ledger.audit()).toEqual([]);
  });

  it('gives two withdrawals approved at once consecutive nonces from the store', async () => {
    const a = await requested(srv, '11');
    const b = await requested(srv, '12');
    const [ra, rb] = await Promise.all([approve(srv, a.id), approve(srv, b.id)]);
    // Both stored with their nonces before either is broadcast. On two connections (PostgreSQL) the second
    // may reach the node first; a node that takes no gap in nonces (hardhat, mining at once) refuses it until
    // the first is in, and the follower sends the same stored transaction again: never a new one.
    expect(['sent', 'sending']).toContain(ra.body.data.stage);
    expect(['sent', 'sending']).toContain(rb.body.data.stage);
    await follow(srv);
    await follow(srv);
    expect((await userRecord(srv, a.user.token, a.id)).stage).toBe('sent');
    expect((await userRecord(srv, b.user.token, b.id)).stage).toBe('sent');
    expect(await sendsOf(a.id)).toHaveLength(1);
    expect(await sendsOf(b.id)).toHaveLength(1);
    const nonces = [...(await sendsOf(a.id)), ...(await sendsOf(b.id))].map((s) => s.nonce).sort();
    expect(nonces[1]).toBe(present(nonces[0]) + 1);
    expect(await usdtOf(a.to)).toBe(11n * USDT);
    expect(await usdtOf(b.to)).toBe(12n * USDT);
  });

  it('replaces a stuck transaction with the same nonce and higher fees; only one version is mined', async () => {
    await srv.app.settings.set('withdraw.bump_after_blocks', 2);
    const w = await requested(srv, '13');
    await node.request({ method: 'evm_setAutomine', params: [false] });
    // Blocks whose base fee no transaction of ours offers: it waits in the pool.
    const dearBlock = async () => {
      await node.request({
        method: 'hardhat_setNextBlockBaseFeePerGas',
        params: [toHex(5_000n * 10n ** 9n)],
      });
      await mine(1);
    };
    try {
      const ok = await approve(srv, w.id);
      expect(ok.body.data.stage).toBe('sent');
      const first = present(ok.body.data.tx_hash);
      await dearBlock();
      await follow(srv); // one block: not yet stuck
      expect(await sendsOf(w.id)).toHaveLength(1);
      await dearBlock();
      await follow(srv);
      const versions = await sendsOf(w.id);
      expect(versions).toHaveLength(2);
      const [v1, v2] = versions as [(typeof versions)[0], (typeof versions)[0]];
      expect(v2.nonce).toBe(v1.nonce);
      expect(v2.maxFeePerGas * 10n).toBeGreaterThanOrEqual(v1.maxFeePerGas * 11n);
      expect(v2.maxPriorityFeePerGas * 10n).toBeGreaterThanOrEqual(v1.maxPriorityFeePerGas * 11n);
      expect((await userRecord(srv, w.user.token, w.id)).tx_hash).toBe(v2.txHash);
      // The console shows both signed versions: one nonce, the second's fees higher, the second shown.
      const listed = await api(srv, '/admin/withdrawals/list', { page: 1 }, { token: finance });
      const row = present(listed.body.data.list.find((x) => x.id === w.id));
      expect(row.sends.map((v) => [v.nonce, v.tx_hash, v.retired])).toEqual([
        [v1.nonce, v1.txHash, false],
        [v1.nonce, v2.txHash, false],
      ]);
      expect(Number(row.sends[1]?.max_fee_gwei)).toBeGreaterThan(Number(row.sends[0]?.max_fee_gwei));
      expect(row.sends[1]?.sent_block).not.toBeNull();
      await dearBlock();
      await mine(FINAL - 1);
      await follow(srv);
      expect(await userRecord(srv, w.user.token, w.id)).toMatchObject({
        stage: 'completed',
        tx_hash: v2.txHash,
      });
      expect(await bsc(srv).payer?.receipt(first)).toBeNull();
      expect(await usdtOf(w.to)).toBe(13n * USDT);
    } finally {
      await node.request({ method: 'evm_setAutomine', params: [true] });
      await srv.app.settings.set('withdraw.bump_after_blocks', 12);
    }
  });

  it('queues withdrawals while the hot wallet is below its floor, says so on the dashboard, sends them after', async () => {
    await srv.app.settings.set('withdraw.hot_wallet_min', { bsc: '1000000' });
    const w = await requested(srv, '14');
    const ok = await approve(srv, w.id);
    expect(ok.body.data).toMatchObject({ stage: 'queued', status: 'pending', tx_hash: null });
    const dash = await api(srv, '/admin/dashboard', {}, { token: finance });
    expect(dash.body.data.hot_wallets).toEqual([
      expect.objectContaining({
        chain: 'bsc',
        asset: 'USDT',
        address: hot.address.toLowerCase(),
        low: true,
        queued: 1,
      }),
    ]);
    const audits = await shared.store.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.subject, `withdrawal:${w.id}`));
    expect(audits.map((a) => a.action)).toContain('withdrawal.queued');
    await follow(srv);
    expect((await userRecord(srv, w.user.token, w.id)).stage).toBe('queued');
    await srv.app.settings.set('withdraw.hot_wallet_min', {});
    await follow(srv);
    expect((await userRecord(srv, w.user.token, w.id)).stage).toBe('sent');
    expect(await usdtOf(w.to)).toBe(14n * USDT);
    const after = await api(srv, '/admin/dashboard', {}, { token: finance });
    expect(after.body.data.hot_wallets[0]).toMatchObject({ low: false, queued: 0 });
  });

  it('never pays twice when the process dies between broadcast and record: a new instance resumes', async () => {
    const w = await requested(srv, '15');
    const payer = present(bsc(srv).payer);
    const broadcast = payer.broadcast;
    payer.broadcast = async (raw) => {
      await broadcast(raw);
      throw new Error('the process died');
    };
    const ok = await approve(srv, w.id);
    expect(ok.body.data).toMatchObject({ stage: 'sending', tx_hash: null });
    const [stored] = await sendsOf(w.id);
    expect(await usdtOf(w.to)).toBe(15n * USDT);
    // The instance is gone; another starts on the same store and follows what it left.
    await srv.app.close();
    srv = await startServer({ env, store: shared.store });
    finance = await operatorToken(srv);
    await follow(srv);
    await mine(FINAL);
    await follow(srv);
    await follow(srv);
    expect(await userRecord(srv, w.user.token, w.id)).toMatchObject({
      stage: 'completed',
      tx_hash: present(stored).txHash,
    });
    expect(await sendsOf(w.id)).toHaveLength(1);
    expect(await usdtOf(w.to)).toBe(15n * USDT);
  });

  it('broadcasts the same stored transaction again when the first broadcast never left', async () => {
    const w = await requested(srv, '16');
    const payer = present(bsc(srv).payer);
    const broadcast = payer.broadcast;
    payer.broadcast = async () => {
      throw new Error('node unreachable');
    };
    try {
      const ok = await approve(srv, w.id);
      expect(ok.body.data.stage).toBe('sending');
      expect(await usdtOf(w.to)).toBe(0n);
    } finally {
      payer.broadcast = broadcast;
    }
    await follow(srv);
    const sends = await sendsOf(w.id);
    expect(sends).toHaveLength(1);
    expect((await userRecord(srv, w.user.token, w.id)).tx_hash).toBe(present(sends[0]).txHash);
    expect(await usdtOf(w.to)).toBe(16n * USDT);
  });
});

describe('the signer', () => {
  it('raises a replacement’s fees by more than a tenth, or to what the network asks', () => {
    expect(
      bumpedFees(
        { maxFeePerGas: 100n, maxPriorityFeePerGas: 10n },
        { maxFeePerGas: 50n, maxPriorityFeePerGas: 1n },
      ),
    ).toEqual({
      maxFeePerGas: 113n,
      maxPriorityFeePerGas: 12n,
    });
    expect(
      bumpedFees(
        { maxFeePerGas: 100n, maxPriorityFeePerGas: 10n },
        { maxFeePerGas: 900n, maxPriorityFeePerGas: 30n },
      ),
    ).toEqual({ maxFeePerGas: 900n, maxPriorityFeePerGas: 30n });
  });

  it('refuses a key in a production server unless explicitly allowed, and a key beside the HTTP signer', () => {
    const chains = {
      CHAIN_NETWORKS: env.CHAIN_NETWORKS,
      DEPOSIT_XPUB: env.DEPOSIT_XPUB,
      HOT_WALLET_KEY_BSC: hotKey,
    };
    const prod = {
      NODE_ENV: 'production',
      ENVELOPE_KEY: Buffer.alloc(32, 7).toString('base64'),
      SIGN_SECRET: 'prod-sign-secret',
      OPERATOR_KEY: Buffer.alloc(32, 5).toString('base64'),
      OKX_LINK_KEYS: `1:${Buffer.alloc(32, 6).toString('base64')}`,
      PUBLIC_URL: 'https://app.example.com',
      ...chains,
    };
    expect(() => loadConfig(prod)).toThrow(/ALLOW_LOCAL_HOT_WALLET_KEY/);
    expect(loadConfig({ ...prod, ALLOW_LOCAL_HOT_WALLET_KEY: 'true' }).chains?.signer).toBeNull();
    const { HOT_WALLET_KEY_BSC: _key, ...keyless } = prod;
    const signer = {
      WITHDRAW_SIGNER_URL: 'https://signer.internal',
      WITHDRAW_SIGNER_TOKEN: 'a-long-signer-token',
    };
    expect(loadConfig({ ...keyless, ...signer }).chains?.signer).toEqual({
      url: 'https://signer.internal',
      token: 'a-long-signer-token',
    });
    expect(() => loadConfig({ ...chains, ...signer })).toThrow(/not both/);
  });

  it('pays through an HTTP signer that holds the key, and refuses what it signs wrongly', async () => {
    const secret = 'signer-token-of-the-test';
    let mode: 'honest' | 'rogue' = 'honest';
    const signerKey = `0x${randomBytes(32).toString('hex')}` as Hex;
    const account = privateKeyToAccount(signerKey);
    await node.request({ method: 'hardhat_setBalance', params: [account.address, toHex(10n ** 21n)] });
    const wallet = createWalletClient({ account: funder, chain: chainDef(), transport: http(node.url) });
    const fund = await wallet.writeContract({
      address: token,
      abi,
      functionName: 'transfer',
      args: [account.address, 100n * USDT],
    });
    await pub.waitForTransactionReceipt({ hash: fund });
    const server: Server = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => {
        text += c.toString('utf8');
      });
      req.on('end', () => {
        void (async () => {
          if (req.headers.authorization !== `Bearer ${secret}`) {
            res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
            return;
          }
          const body = JSON.parse(text) as { chain: string; tx?: Record<string, string | number> };
          if (req.url === '/v1/address') {
            res
              .writeHead(200, { 'content-type': 'application/json' })
              .end(JSON.stringify({ address: account.address }));
            return;
          }
          const t = present(body.tx);
          const raw = await account.signTransaction({
            type: 'eip1559',
            chainId: 56,
            to: t.to as Address,
            data: t.data as Hex,
            value: BigInt(t.value as string),
            nonce: Number(t.nonce),
            gas: BigInt(t.gas as string),
            maxFeePerGas: BigInt(t.max_fee_per_gas as string),
            // A rogue signer pays the miner more than asked.
            maxPriorityFeePerGas: BigInt(t.max_priority_fee_per_gas as string) + (mode === 'rogue' ? 1n : 0n),
          });
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ raw }));
        })();
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const chainWith = (tokenText: string) =>
      createEvmChain({
        store: shared.store,
        clock: srv.clock,
        chain: 'bsc',
        rpcUrl: node.url,
        chainId: 56,
        tokens: [{ address: token, decimals: 6, asset: 'USDT', scale: 6 }],
        depositXpub: env.DEPOSIT_XPUB as string,
        confirmations: FINAL,
        signer: httpSigner({ url, token: tokenText }),
        book: {
          credit: () => Promise.reject(new Error('no deposits here')),
          release: () => Promise.reject(new Error('no deposits here')),
          reverse: () => Promise.reject(new Error('no deposits here')),
        },
      });
    try {
      const payer = present(chainWith(secret).payer);
      expect(await payer.address()).toBe(account.address.toLowerCase());
      const to = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address;
      const p = await payer.prepare(to, 7n * USDT);
      const fees = await payer.fees();
      const signed = await payer.sign(p, await payer.nonce('pending'), fees);
      await payer.broadcast(signed.raw);
      expect(await payer.receipt(signed.hash)).toMatchObject({ ok: true });
      expect(await usdtOf(to)).toBe(7n * USDT);
      mode = 'rogue';
      await expect(payer.sign(p, await payer.nonce('pending'), fees)).rejects.toThrow(/another transaction/);
      await expect(present(chainWith('a-wrong-token-for-it').payer).address()).rejects.toThrow(
        /unauthorized/,
      );
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
