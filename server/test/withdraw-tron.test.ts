import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { HDKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpTronSigner, localTronSigner } from '../src/modules/wallet/chain';
import { tronBase58 } from '../src/modules/wallet/chain/addresses';
import { decodeSigned, tronTxId } from '../src/modules/wallet/chain/tron-tx';
import { type Store, schema } from '../src/store';
import { startTronFake, TRON_USDT, type TronFake } from './chain/tron-fake';
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

// USDT TRC20 paid from a hot wallet whose key signs locally (an HTTP signer at the end), through a fake full
// node that checks every transaction as Tron's do (signature, expiry, reference block, duplicates) and
// executes the token's transfers; withdrawals final at 3 blocks.
const USDT = 1_000_000n;
const FINAL = 3;
const hotKey = `0x${randomBytes(32).toString('hex')}` as const;
const hotAddress = tronBase58(privateKeyToAccount(hotKey).address.slice(2).toLowerCase());

let tron: TronFake;
let shared: { store: Store; drop: () => Promise<void> };
let env: Record<string, string>;
let srv: TestServer;
let finance: string;

const chain = (s: TestServer) => present(s.app.chains.find((c) => c.chain === 'tron'));
const follow = followWithdrawals;
const newTronAddress = () => tronBase58(randomBytes(20).toString('hex'));

/** A user holding 100 USDT (a TRC20 deposit, final) asks to withdraw `amount` to a fresh address. */
async function requested(s: TestServer, amount: string) {
  const u = await signedInUser(s);
  const address = present(
    (await api(s, '/api/withdraw/receiveUsdt', { chain: 'TRC20' }, { token: u.token })).body.data.address,
  );
  await chain(s).poll();
  tron.transfer(address, 100n * USDT);
  tron.mine(FINAL - 1);
  await chain(s).poll();
  const to = newTronAddress();
  const w = await api(s, '/api/withdraw/index', { chain: 'TRC20', address: to, amount }, { token: u.token });
  expect(w.body, JSON.stringify(w.body)).toMatchObject({ data: { chain: 'tron', status: 'pending' } });
  return { user: u, to, id: w.body.data.id };
}

const approve = (s: TestServer, id: number) => approveAs(s, finance, id);

const userRecord = userWithdrawal;

const sendsOf = (id: number) => signedVersions(shared.store, id);

/** What the fake chain paid to an address, in the token's units. */
const paidTo = (address: string) =>
  tron.paid.filter((p) => tronBase58(p.to.slice(2)) === address).reduce((a, p) => a + p.units, 0n);

beforeAll(async () => {
  tron = await startTronFake();
  tron.mine(3);
  tron.fund(hotAddress, 10_000n * USDT);
  const networks = [
    {
      kind: 'tron',
      url: tron.url,
      confirmations: FINAL,
      tokens: [{ asset: 'USDT', address: TRON_USDT, decimals: 6 }],
      timeout_ms: 10_000,
    },
  ];
  env = {
    CHAIN_NETWORKS: JSON.stringify(networks),
    DEPOSIT_XPUB: HDKey.fromMasterSeed(randomBytes(32)).publicExtendedKey,
    HOT_WALLET_KEY_TRON: hotKey,
    CHAIN_POLL_MS: '3600000',
  };
  shared = await testStore();
  srv = await startServer({ env, store: shared.store });
  finance = await operatorToken(srv);
});

afterAll(async () => {
  await srv?.close();
  await tron?.close();
});

describe('TRC20 withdrawals paid by the signer', () => {
  it('builds, signs and broadcasts the payment; shows its hash at once and Completed at the confirmations', async () => {
    const w = await requested(srv, '30');
    const ok = await approve(srv, w.id);
    expect(ok.body.data).toMatchObject({ stage: 'sent', status: 'pending' });
    const hash = present(ok.body.data.tx_hash);
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    const rec = await userRecord(srv, w.user.token, w.id);
    expect(rec).toMatchObject({ stage: 'sent', tx_hash: hash });
    expect(rec.tx_url).toBe(`https://tronscan.org/#/transaction/${hash.slice(2)}`);
    // The stored transaction is what was asked: the hot wallet calls the USDT contract's transfer.
    const [stored] = await sendsOf(w.id);
    const tx = decodeSigned(present(stored).raw);
    expect(`0x${tronTxId(tx.raw)}`).toBe(hash);
    expect(tronBase58(tx.owner.slice(2))).toBe(hotAddress);
    expect(tx.data.startsWith('a9059cbb')).toBe(true);
    expect(tx.feeLimit).toBe(30_000_000n);
    expect(tron.pool()).toEqual([hash.slice(2)]);
    tron.mine(1);
    expect(paidTo(w.to)).toBe(30n * USDT);
    await follow(srv);
    expect((await userRecord(srv, w.user.token, w.id)).stage).toBe('sent');
    tron.mine(FINAL - 1);
    await follow(srv);
    expect(await userRecord(srv, w.user.token, w.id)).toMatchObject({
      stage: 'completed',
      status: 'approved',
      tx_hash: hash,
    });
    await follow(srv);
    expect(await sendsOf(w.id)).toHaveLength(1);
    expect(paidTo(w.to)).toBe(30n * USDT);
    expect(await srv.app.ledger.audit()).toEqual([]);
  });

  it('refuses a withdrawal to an address that is no Tron address, sending nothing', async () => {
    const u = await signedInUser(srv);
    const res = await api(
      srv,
      '/api/withdraw/index',
      { chain: 'TRC20', address: '0x52908400098527886E0F7030069857D2E4169EE7', amount: '5' },
      { token: u.token },
    );
    expect(res.body).toMatchObject({ error: 'ValidationFailed', data: null });
    expect(res.body.msg).toMatch(/address/);
  });

  it('broadcasts the same stored transaction again after a crash between store and broadcast', async () => {
    const w = await requested(srv, '15');
    const payer = present(chain(srv).payer);
    const broadcast = payer.broadcast;
    payer.broadcast = async () => {
      throw new Error('the process died');
    };
    const ok = await approve(srv, w.id);
    expect(ok.body.data).toMatchObject({ stage: 'sending', tx_hash: null });
    const [stored] = await sendsOf(w.id);
    expect(tron.pool()).toEqual([]);
    // Another instance starts on the same store and follows what was left.
    await srv.app.close();
    srv = await startServer({ env, store: shared.store });
    finance = await operatorToken(srv);
    payer.broadcast = broadcast;
    await follow(srv);
    expect(tron.pool()).toEqual([present(stored).txHash.slice(2)]);
    expect((await userRecord(srv, w.user.token, w.id)).stage).toBe('sent');
    // Broadcast once more while waiting: the node already holds it, nothing doubles.
    await follow(srv);
    expect(tron.pool()).toHaveLength(1);
    tron.mine(FINAL);
    await follow(srv);
    expect(await userRecord(srv, w.user.token, w.id)).toMatchObject({
      stage: 'completed',
      tx_hash: present(stored).txHash,
    });
    expect(await sendsOf(w.id)).toHaveLength(1);
    expect(paidTo(w.to)).toBe(15n * USDT);
  });

  it('signs the payment again only once the first version has expired unmined; one is paid', async () => {
    const w = await requested(srv, '13');
    tron.including = false;
    try {
      const ok = await approve(srv, w.id);
      const first = present(ok.body.data.tx_hash);
      // Not yet past its expiry and the margin: broadcast again, never signed again.
      tron.mine(40);
      await follow(srv);
      expect(await sendsOf(w.id)).toHaveLength(1);
      // The node forgets it (it is no longer valid anyway) and the head passes expiry + a minute.
      tron.dropPool();
      tron.mine(25);
      await follow(srv);
      const versions = await sendsOf(w.id);
      expect(versions).toHaveLength(2);
      const [v1, v2] = versions as [(typeof versions)[0], (typeof versions)[0]];
      expect(v2.nonce).toBe(v1.nonce);
      expect(v2.txHash).not.toBe(first);
      expect(decodeSigned(v2.raw).data).toBe(decodeSigned(v1.raw).data);
      expect((await userRecord(srv, w.user.token, w.id)).tx_hash).toBe(v2.txHash);
      // The first version can never be included now: a node refuses it.
      expect(
        await present(chain(srv).payer)
          .broadcast(v1.raw)
          .catch((e: Error) => e.message),
      ).toMatch(/TRANSACTION_EXPIRATION_ERROR/);
      tron.including = true;
      tron.mine(FINAL);
      await follow(srv);
      expect(await userRecord(srv, w.user.token, w.id)).toMatchObject({
        stage: 'completed',
        tx_hash: v2.txHash,
      });
      expect(await present(chain(srv).payer).receipt(first)).toBeNull();
      expect(paidTo(w.to)).toBe(13n * USDT);
      const audits = await shared.store.db
        .select()
        .from(schema.auditLog)
        .where(eq(schema.auditLog.subject, `withdrawal:${w.id}`));
      expect(audits.map((a) => a.action)).toContain('withdrawal.renewed');
    } finally {
      tron.including = true;
    }
  });

  it('queues a withdrawal the hot wallet cannot pay and shows the hot wallet with its TRX on the dashboard', async () => {
    const w = await requested(srv, '20');
    await srv.app.settings.set('withdraw.hot_wallet_min', { tron: '1000000' });
    try {
      const ok = await approve(srv, w.id);
      expect(ok.body.data).toMatchObject({ stage: 'queued', tx_hash: null });
      const dash = await api(srv, '/admin/dashboard', {}, { token: finance });
      expect(dash.body.data.hot_wallets).toEqual([
        expect.objectContaining({
          chain: 'tron',
          asset: 'USDT',
          address: hotAddress,
          low: true,
          queued: 1,
          native: '100 TRX',
        }),
      ]);
    } finally {
      await srv.app.settings.set('withdraw.hot_wallet_min', {});
    }
    await follow(srv);
    expect((await userRecord(srv, w.user.token, w.id)).stage).toBe('sent');
    tron.mine(1);
    expect(paidTo(w.to)).toBe(20n * USDT);
  });
});

describe('the Tron signers', () => {
  let server: Server | null = null;
  afterAll(() => server?.close());

  it('checks what an HTTP signer answers: another key’s signature is refused before anything is stored', async () => {
    const wrong = localTronSigner(`0x${randomBytes(32).toString('hex')}`);
    const right = localTronSigner(hotKey);
    let answerWith = wrong;
    const seen: unknown[] = [];
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        tx?: { raw_data_hex: string };
      };
      seen.push({ path: req.url, auth: req.headers.authorization, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url === '/v1/address') return res.end(JSON.stringify({ address: hotAddress }));
      const raw = new Uint8Array(Buffer.from(present(body.tx).raw_data_hex, 'hex'));
      res.end(JSON.stringify({ signature: await answerWith.sign('tron', hotAddress, raw) }));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const signer = httpTronSigner({ url, token: 'signer-token-0123456789' });
    expect(await signer.address('tron')).toBe(hotAddress);
    const payer = present(chain(srv).payer);
    const prepared = await payer.prepare(newTronAddress(), 5n * USDT);
    const local = await payer.sign(prepared, 7, await payer.fees());
    expect(decodeSigned(local.raw).signature).not.toBeNull();
    // The same payer, but its key with the HTTP signer: a wrong key's answer is refused.
    const { createTronChain } = await import('../src/modules/wallet/chain');
    const viaHttp = present(
      createTronChain({
        chain: 'tron',
        url: tron.url,
        tokens: [{ asset: 'USDT', address: TRON_USDT, decimals: 6, scale: 6 }],
        confirmations: FINAL,
        store: shared.store,
        clock: srv.app.deps.clock,
        depositXpub: env.DEPOSIT_XPUB as string,
        book: { credit: async () => null, release: async () => 0, reverse: async () => 0 },
        signer,
      }).payer,
    );
    await expect(viaHttp.sign(prepared, 8, await viaHttp.fees())).rejects.toThrow(
      /not signed by the hot wallet/,
    );
    answerWith = right;
    const signed = await viaHttp.sign(prepared, 8, await viaHttp.fees());
    expect(signed.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(seen).toContainEqual(
      expect.objectContaining({ path: '/v1/sign', auth: 'Bearer signer-token-0123456789' }),
    );
  });
});
