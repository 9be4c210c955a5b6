import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ApiResponse,
  type ConfirmAction,
  computeSign,
  confirmTypedData,
  DEMO_ENVELOPE_KEY,
  decodeKey,
  type EndpointPath,
  formatAmount,
  type LivePath,
  openEnvelope,
  parseAmount,
  type RequestInput,
  type ResponseData,
  sealEnvelope,
  USDT_SCALE,
} from '@nexa/contract';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { type App, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Clock, ManualClock } from '../src/kernel/clock';
import { SYSTEM } from '../src/ledger';
import { openStore, type Store } from '../src/store';
import { scratchDatabase } from './scratch-db';

const KEY = decodeKey(DEMO_ENVELOPE_KEY);
export const SIGN_SECRET = 'nexa-demo-sign-secret';

let template: Blob | undefined;

/** The migrated store the run's global setup dumped, read once per test file (absent: none). */
async function embeddedTemplate(): Promise<Blob | undefined> {
  const file = process.env.NEXA_TEST_STORE_TEMPLATE;
  // NEXA_TEST_NO_TEMPLATE=1 migrates every store from scratch (to measure what the template saves).
  if (process.env.NEXA_TEST_NO_TEMPLATE) return undefined;
  if (!template && file && existsSync(file)) template = new Blob([readFileSync(file)]);
  return template;
}

/**
 * A store for one test file: PGlite in memory, or a database of its own on the PostgreSQL server
 * named by TEST_DATABASE_URL (dropped afterwards); `pglite` asks for PGlite whatever the environment.
 */
export async function testStore(
  opts: { pglite?: boolean } = {},
): Promise<{ store: Store; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (opts.pglite || !url) {
    const store = await openStore({ dataDir: 'memory://', template: await embeddedTemplate() });
    return { store, drop: () => store.close() };
  }
  const db = await scratchDatabase(url, 'nexa_test', process.env.NEXA_TEST_PG_TEMPLATE);
  const store = await openStore({ databaseUrl: db.url });
  return {
    store,
    drop: async () => {
      await store.close();
      await db.drop();
    },
  };
}

/** The host test servers are configured to be reached at (PUBLIC_URL). */
export const PUBLIC_HOST = 'app.nexa.test';

export interface TestServer {
  readonly app: App;
  readonly url: string;
  readonly clock: ManualClock;
  /** The public host sign-in messages name. */
  readonly host: string;
  close(): Promise<void>;
}

export async function startServer(
  opts: {
    protection?: boolean;
    env?: Record<string, string>;
    clock?: Clock;
    /** Log lines are written here (otherwise the server is quiet). */
    logStream?: NodeJS.WritableStream;
    /** A store of the caller's (benches); closed with the server. */
    store?: Store;
  } = {},
): Promise<TestServer> {
  const clock = (opts.clock as ManualClock | undefined) ?? new ManualClock(Date.now());
  const given = opts.store;
  const { store, drop } = given ? { store: given, drop: () => given.close() } : await testStore();
  const config = loadConfig({
    NODE_ENV: 'test',
    REQUEST_PROTECTION: opts.protection === false ? 'off' : 'on',
    SEED_DEMO: 'true',
    // Sign-in messages name the configured public host, whatever address the test server listens on.
    PUBLIC_URL: `https://${PUBLIC_HOST}`,
    // Uploaded files of this server only.
    DATA_DIR: mkdtempSync(join(tmpdir(), 'nexa-test-')),
    ...opts.env,
  });
  const app = await buildApp({
    config,
    clock,
    store,
    ...(opts.logStream ? { logStream: opts.logStream } : { quiet: true }),
  });
  // Tests sign in many users from one address; the limit itself is tested by setting it back.
  await app.settings.set('auth.login_per_ip_per_minute', 100_000);
  await app.settings.set('admin.login_per_ip_per_minute', 100_000);
  await app.settings.set('auth.confirm_per_minute', 100_000);
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.fastify.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    host: PUBLIC_HOST,
    clock,
    async close() {
      await app.close();
      await drop();
    },
  };
}

export interface CallOptions {
  token?: string;
  lang?: string;
  /** Seconds; defaults to the server's clock. */
  timestamp?: number;
  /** Tamper with the sealed request before it is sent. */
  mutate?: (sealed: { payload: string }) => unknown;
  sign?: string;
  /** Extra request headers, sent as given (Host and X-Forwarded-Host included). */
  headers?: Record<string, string>;
  /**
   * A withdrawal's or a transfer's confirmation: signed by default with the wallet the token signed in with
   * (a fresh nonce, the body's own fields), as the app does; `false` sends the body as given.
   */
  confirm?: false;
}

/** The wallet each signed-in token belongs to, so money calls can be confirmed as the app confirms them. */
const walletsByToken = new Map<string, PrivateKeyAccount>();

/**
 * The calls confirmed by a signature: the action, the asset when the body names none, the destination field.
 * A purchase names its total (price × quantity) and its product (confirmed from the shop's threshold on).
 */
const CONFIRMED: Record<
  string,
  { action: ConfirmAction; asset: string; to: 'address' | 'to' | 'product_id'; total?: true }
> = {
  '/api/shop/purchase': { action: 'purchase', asset: 'USDT', to: 'product_id', total: true },
  '/api/withdraw/index': { action: 'withdraw', asset: 'USDT', to: 'address' },
  '/api/withdraw/withdrawCoin': { action: 'withdraw', asset: 'USDT', to: 'address' },
  '/api/neu/withdrawal': { action: 'withdraw', asset: 'USDT', to: 'address' },
  '/api/neu/withdrawalNeu': { action: 'withdraw', asset: 'NEU', to: 'address' },
  '/api/transfer/index': { action: 'transfer', asset: 'USDT', to: 'to' },
  '/api/user/transfer': { action: 'transfer', asset: 'USDT', to: 'to' },
  '/api/neu/spaQuotaTransfer': { action: 'transfer', asset: 'SPA', to: 'to' },
};

/**
 * A signed confirmation for a money call: a fresh nonce from the server, the EIP-712 message signed by
 * `wallet` (by default with the fields given; a test changes them to sign for something else).
 */
export async function confirmation(
  srv: TestServer,
  token: string,
  wallet: PrivateKeyAccount,
  fields: { action: ConfirmAction; asset: string; amount: string; destination: string },
) {
  const issued = await call<{ nonce: string; domain: { chainId: number } }>(
    srv,
    '/api/auth/confirmNonce',
    { action: fields.action },
    { token },
  );
  if (issued.body.code !== 200) throw new Error(`no confirmation nonce: ${JSON.stringify(issued.body)}`);
  const message = { ...fields, nonce: issued.body.data.nonce };
  const signature = await wallet.signTypedData(confirmTypedData(issued.body.data.domain.chainId, message));
  return { ...message, signature };
}

/** A purchase's total as its confirmation names it: the unit price seen times the quantity (USDT, 6 places). */
function totalOf(body: Record<string, unknown>): string | undefined {
  if (typeof body.price !== 'string' || typeof body.quantity !== 'number') return undefined;
  const price = parseAmount(body.price, USDT_SCALE);
  return price === null ? undefined : formatAmount(price * BigInt(body.quantity), USDT_SCALE);
}

/**
 * The body with its confirmation, or the nonce call's own answer when none could be had (a store outage, an
 * ended session): the money call then answers as that call did, as the app's would fail before sending.
 */
async function confirmed(
  srv: TestServer,
  path: string,
  body: Record<string, unknown>,
  opts: CallOptions,
): Promise<{ body: Record<string, unknown> } | { failed: { status: number; body: ApiResponse<never> } }> {
  const rule = CONFIRMED[path];
  const wallet = opts.token ? walletsByToken.get(opts.token) : undefined;
  const token = opts.token;
  // A hostile body (null, an array, a string: the fuzz sends them) goes as it is, unconfirmed.
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { body };
  if (!rule || !wallet || !token || opts.confirm === false || 'confirm' in body) return { body };
  const amount = rule.total ? totalOf(body) : body.amount;
  const to = body[rule.to];
  if (typeof amount !== 'string' || (typeof to !== 'string' && typeof to !== 'number')) return { body };
  const issued = await call<{ nonce: string; domain: { chainId: number } }>(
    srv,
    '/api/auth/confirmNonce',
    { action: rule.action },
    { token },
  );
  if (issued.body.code !== 200) return { failed: issued as { status: number; body: ApiResponse<never> } };
  const message = {
    action: rule.action,
    asset: typeof body.asset === 'string' ? body.asset : rule.asset,
    amount,
    destination: String(to),
    nonce: issued.body.data.nonce,
  };
  const signature = await wallet.signTypedData(confirmTypedData(issued.body.data.domain.chainId, message));
  return { body: { ...body, confirm: { ...message, signature } } };
}

/**
 * A live call of the contract, typed by it: the body is what the call takes, the answer's `data` what it
 * gives (a business error answers `data: null`, so read `data` after checking `code`).
 */
export async function api<P extends LivePath>(
  srv: TestServer,
  path: P,
  body: RequestInput<P>,
  opts: CallOptions = {},
): Promise<{ status: number; body: ApiResponse<ResponseData<P>> }> {
  return call<ResponseData<P>>(srv, path, body as Record<string, unknown>, opts);
}

/** Calls any path as the web client does (signed, enveloped, answer opened): for hostile and raw tests. */
export async function call<T = unknown>(
  srv: TestServer,
  path: EndpointPath | string,
  body: Record<string, unknown> = {},
  opts: CallOptions = {},
): Promise<{ status: number; body: ApiResponse<T> }> {
  const withConfirmation = await confirmed(srv, path, body, opts);
  if ('failed' in withConfirmation)
    return withConfirmation.failed as { status: number; body: ApiResponse<T> };
  const full = withConfirmation.body;
  const timestamp = opts.timestamp ?? Math.floor(srv.clock.now().getTime() / 1000);
  const stamped: Record<string, unknown> = { ...full, timestamp, nonce: randomBytes(8).toString('hex') };
  // The keys of the server called (a test server may run with keys of its own); a child server has the demo's.
  const config = (srv.app as App | null)?.deps.config;
  stamped.sign = opts.sign ?? computeSign(stamped, config?.signSecret ?? SIGN_SECRET);
  let sealed: unknown = { payload: await sealEnvelope(JSON.stringify(stamped), config?.envelopeKey ?? KEY) };
  if (opts.mutate) sealed = opts.mutate(sealed as { payload: string });
  return rawCall<T>(srv, path, JSON.stringify(sealed), opts);
}

function plainPost(url: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; text(): Promise<string> }>((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: async () => Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends a body as given; opens an enveloped answer. */
export async function rawCall<T = unknown>(
  srv: TestServer,
  path: string,
  text: string,
  opts: CallOptions = {},
): Promise<{ status: number; body: ApiResponse<T> }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
  if (opts.token) headers.authorization = opts.token;
  if (opts.lang) headers.lang = opts.lang;
  // node:http rather than fetch: it sends headers exactly as given (a forged Host too) and costs less CPU a call.
  const res = await plainPost(srv.url + path, headers, text);
  const raw = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = { code: res.status, msg: raw, data: null };
  }
  if (parsed && typeof parsed === 'object' && 'payload' in parsed) {
    const key = (srv.app as App | null)?.deps.config.envelopeKey ?? KEY;
    const opened = await openEnvelope(String((parsed as { payload: unknown }).payload), key);
    parsed = JSON.parse(opened ?? 'null');
  }
  return { status: res.status, body: parsed as ApiResponse<T> };
}

export function newWallet(): PrivateKeyAccount {
  return privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`);
}

export interface SiweOverrides {
  domain?: string;
  address?: `0x${string}`;
  issuedAt?: Date;
  nonce?: string;
  chainId?: number;
}

export async function signIn(
  srv: TestServer,
  wallet: PrivateKeyAccount,
  opts: {
    code?: string;
    over?: SiweOverrides;
    name?: string;
    lang?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const message = createSiweMessage({
    domain: opts.over?.domain ?? srv.host,
    address: opts.over?.address ?? wallet.address,
    statement: 'Sign in to Nexa',
    uri: srv.url,
    version: '1',
    chainId: opts.over?.chainId ?? 1,
    nonce: opts.over?.nonce ?? randomBytes(8).toString('hex'),
    issuedAt: opts.over?.issuedAt ?? srv.clock.now(),
  });
  const signature = await wallet.signMessage({ message });
  const res = await call<{ token: string; expires_at: string }>(
    srv,
    '/api/auth/login',
    { code: opts.code ?? 'NEXA2026', name: opts.name ?? wallet.address, sign_message: signature, message },
    { ...(opts.lang ? { lang: opts.lang } : {}), ...(opts.headers ? { headers: opts.headers } : {}) },
  );
  if (res.body.code === 200) walletsByToken.set(res.body.data.token, wallet);
  return { ...res, message, signature };
}

export async function signedInUser(srv: TestServer, code = 'NEXA2026') {
  const wallet = newWallet();
  const res = await signIn(srv, wallet, { code });
  if (res.body.code !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  return { wallet, token: res.body.data.token };
}

/** An operator's session token (the demo's operators: admin / nexa-admin, finance / nexa-finance). */
export async function operatorToken(
  srv: TestServer,
  name = 'finance',
  password = 'nexa-finance',
): Promise<string> {
  const res = await call<{ token: string }>(srv, '/admin/auth/login', { name, password });
  if (res.body.code !== 200) throw new Error(`operator login failed: ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

/** A new operator with the given roles, made by the demo's admin: its session token. */
export async function newOperatorToken(
  srv: TestServer,
  adminToken: string,
  name: string,
  roles: ReadonlyArray<'admin' | 'finance' | 'support'>,
): Promise<string> {
  const password = `${name}-password-1`;
  const made = await call(srv, '/admin/operators/create', { name, password, roles }, { token: adminToken });
  if (made.body.code !== 200) throw new Error(`operator not made: ${JSON.stringify(made.body)}`);
  return operatorToken(srv, name, password);
}

/** Money in as a user gets it: a reported deposit (manual chain) that the operator confirms. */
export async function depositConfirmed(
  srv: TestServer,
  userToken: string,
  operator: string,
  amount: string,
  asset?: string,
): Promise<void> {
  const rep = await call<{ list: Array<{ id: number }> }>(
    srv,
    '/api/recharge/recharge',
    { ...(asset ? { asset } : {}), chain: 'manual', tx_hash: `0x${randomBytes(32).toString('hex')}`, amount },
    { token: userToken },
  );
  const id = rep.body.data.list[0]?.id;
  const ok = await call<{ status: string; approvals: string[] }>(
    srv,
    '/admin/deposits/confirm',
    { deposit_id: id },
    { token: operator },
  );
  if (ok.body.code !== 200) throw new Error(`deposit not confirmed: ${JSON.stringify(ok.body)}`);
  if (ok.body.data.status === 'pending') {
    // Worth the second-approval threshold: another demo operator approves it.
    const [name, password] =
      ok.body.data.approvals[0] === 'admin' ? ['finance', 'nexa-finance'] : ['admin', 'nexa-admin'];
    const second = await call(
      srv,
      '/admin/deposits/confirm',
      { deposit_id: id },
      { token: await operatorToken(srv, name, password) },
    );
    if (second.body.code !== 200) throw new Error(`deposit not approved: ${JSON.stringify(second.body)}`);
  }
}

/** A value the test needs present: fails the test, naming it, when the answer has none. */
export function present<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}

/** A signed-in user with `usdt` deposited (an operator confirms it) and moved into the futures account. */
export async function futuresTrader(
  srv: TestServer,
  operator: string,
  usdt: string,
): Promise<{ token: string; id: number }> {
  const u = await signedInUser(srv);
  await depositConfirmed(srv, u.token, operator, usdt, 'USDT');
  const moved = await call(
    srv,
    '/api/transferBalance/index',
    { asset: 'USDT', from: 'spot', to: 'futures', amount: usdt },
    { token: u.token },
  );
  if (moved.body.code !== 200) throw new Error(`transfer to futures refused: ${JSON.stringify(moved.body)}`);
  const me = await srv.app.modules.auth.authenticate(u.token);
  if (!me) throw new Error('no user');
  return { token: u.token, id: me.id };
}

/** A signed-in user with `usdt` on the spot account (credited as a deposit) and a default shop delivery address. */
export async function shopBuyer(srv: TestServer, usdt: string) {
  const u = await signedInUser(srv);
  const me = await srv.app.modules.auth.authenticate(u.token);
  if (!me) throw new Error('no user');
  await srv.app.deps.store.db.transaction((tx) =>
    srv.app.ledger.credit(tx, {
      account: { userId: me.id, asset: 'USDT', kind: 'spot' },
      system: SYSTEM.deposits,
      amount: parseAmount(usdt, USDT_SCALE) ?? 0n,
      cause: 'deposit',
    }),
  );
  const a = await api(
    srv,
    '/api/shop/editAddress',
    { name: 'Mai', phone: '+84 90 123 4567', region: 'Hanoi', detail: '1 Trang Tien', is_default: true },
    { token: u.token },
  );
  return { ...u, id: me.id, address: a.body.data.id as number };
}
