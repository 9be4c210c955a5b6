import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ENVELOPE_KEY, DEMO_SIGN_SECRET, decodeKey } from '@nexa/contract';
import { z } from 'zod';
import { type BitcoinNetworkConfig, otherNetworks, type TronNetworkConfig } from './config-chains';
import { type ApiHosts, apiHostsConfig } from './config-hosts';

/** Where the operator console's build lands in this repository. */
const DEFAULT_ADMIN_DIST = fileURLToPath(new URL('../../admin/dist', import.meta.url));

const bool = z
  .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => ['on', 'true', '1', 'yes'].includes(v));

/**
 * The demo's extended public key for deposit addresses. Its private half was never kept: nothing sent to a
 * demo address can be spent by anyone, which the Deposit page says. Production refuses it.
 */
export const DEMO_DEPOSIT_XPUB =
  'xpub6BkPa3T6MjstUFKvex3Dj2ZHEuRDtMa9CjLh8WL9U4uL2cWrTZo48kZBKD1UrSmgSeJK9ZKV6LZRf3zmihGWPp5y4AxzsDKiKDsKg5hMZYJ';

/** The demo's key for linked exchange accounts' secrets; production refuses it. */
const DEMO_LINK_KEY = Buffer.from('nexa-demo-okx-link-key-32-bytes!').toString('base64');

/** The demo's key for operators' second-factor secrets (README); production refuses it. */
const DEMO_OPERATOR_KEY = Buffer.from('nexa-demo-operator-key-32-bytes!').toString('base64');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Folder of the embedded store (PGlite). */
  DATA_DIR: z.string().default('./data'),
  /**
   * An S3-compatible object store (AWS S3, MinIO) for uploaded files instead of the data folder: endpoint
   * (http(s)://host:port), bucket, region and keys.
   */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().default('nexa-uploads'),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  /** PostgreSQL instead of the embedded store. */
  DATABASE_URL: z.string().url().optional(),
  /**
   * Cluster mode (many instances on one database) is on when DATABASE_URL, NATS_URL and REDIS_URL are all
   * set: NATS carries events and calls between instances, Redis the shared rate limits. One of the two
   * without the others is a start-up error, never a silent single instance.
   */
  /** One NATS server, or several of one NATS cluster separated by commas. */
  NATS_URL: z
    .string()
    .refine((v) => v.split(',').every((u) => URL.canParse(u.trim())), 'NATS_URL: each server is a URL')
    .optional(),
  REDIS_URL: z.string().url().optional(),
  /** Prefix of this deployment's NATS subjects and Redis keys (two deployments may share the servers). */
  CLUSTER_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .default('nexa'),
  /** Bearer token Prometheus sends for `/metrics`; without it, only the machine itself may read them. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** This instance's name in leases and logs; default host-pid. */
  INSTANCE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,60}$/)
    .optional(),
  /** Seconds a lease lasts without renewal (renewed every third of it): how soon a survivor takes over. */
  CLUSTER_LEASE_S: z.coerce.number().min(1).max(60).default(3),
  /**
   * Seconds an instance running one writers' group leaves the other group's free lease to an instance that
   * runs none (the spot books and the rest of the writers' work go to two instances when there are two).
   */
  CLUSTER_SPREAD_S: z.coerce.number().min(0).max(600).default(20),
  REQUEST_PROTECTION: bool.default(true),
  /**
   * Whether every answer is checked against its call's contract before it is sent (a wrong answer fails
   * loudly): on by default outside production, off in production, where the check costs time on every call.
   */
  CHECK_ANSWERS: bool.optional(),
  ENVELOPE_KEY: z.string().default(DEMO_ENVELOPE_KEY),
  SIGN_SECRET: z.string().min(8).default(DEMO_SIGN_SECRET),
  /**
   * The address users reach the app at (https://app.example.com). Sign-in messages must name its host; a
   * request's own Host or X-Forwarded-Host header is never trusted for that. Required in production.
   */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Where the web app sends its calls: `same-origin` (the host that served the page), `web-prefix` (that host
   * with `web.` before it) or an address (`https://api.example.com`). Checked at start (config-hosts.ts).
   */
  API_BASE: z.string().default('same-origin'),
  /** Where the web app opens its live feed, the same way (`wss://…`); default: where the API is. */
  WS_BASE: z.string().optional(),
  /**
   * The app's origins, comma separated: the only ones the API answers CORS for and the live feed admits.
   * Default: none with the API on the app's host, else the origin of PUBLIC_URL.
   */
  APP_ORIGINS: z.string().optional(),
  /** Key (32 bytes, base64) sealing operators' TOTP secrets at rest; production needs its own. */
  OPERATOR_KEY: z.string().default(DEMO_OPERATOR_KEY),
  /** Whether operators must have a second factor (TOTP) to act: required by default in production. */
  OPERATOR_2FA: z.enum(['required', 'optional']).optional(),
  /** Hosts a Sign-In-with-Ethereum message may name, comma separated; empty = the host of PUBLIC_URL. */
  SIWE_DOMAINS: z.string().default(''),
  CHAIN_ID: z.coerce.number().int().positive().default(1),
  SESSION_TTL_S: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 24 * 3600),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Nexa <no-reply@nexa.local>'),
  /** Web Push's VAPID key pair (base64url); both or neither. Neither: made once and kept in the store, sealed. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** Who the push services may contact about this server's pushes (mailto: or https:). */
  VAPID_SUBJECT: z.string().default('mailto:ops@nexa.local'),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Built web app to serve; absent = API only. */
  WEB_DIST: z.string().optional(),
  /** Built operator console to serve under /admin (when its build is there); default `<repo>/admin/dist`. */
  ADMIN_DIST: z.string().optional(),
  /** `name:password` of an admin operator created at start when missing (first boot of a deployment). */
  ADMIN_BOOTSTRAP: z
    .string()
    .regex(/^[^:]+:.{8,}$/)
    .optional(),
  /** An on-chain liquidity pair (Uniswap-V2 style) whose LP positions users see for their address. */
  LP_RPC_URL: z.string().url().optional(),
  LP_CHAIN_ID: z.coerce.number().int().positive().default(1),
  LP_PAIR: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  /** EVM chain for USDT deposits and withdrawals; without CHAIN_RPC_URL operators confirm deposits by hand. */
  CHAIN_RPC_URL: z.string().url().optional(),
  /**
   * The EVM networks watched for deposits, several at once: a JSON array of { chain, rpc_url, chain_id,
   * confirmations, credit_after?, tokens: [{ asset, address, decimals }], native?, start_block? }
   * (docs/deploy.md). Replaces CHAIN_RPC_URL and its TOKEN_ADDRESS, DEPOSIT_CHAIN_ID, TOKEN_DECIMALS and
   * DEPOSIT_CONFIRMATIONS, which describe one network (`evm`, USDT).
   */
  CHAIN_NETWORKS: z.string().optional(),
  DEPOSIT_CHAIN_ID: z.coerce.number().int().positive().default(1),
  TOKEN_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  TOKEN_DECIMALS: z.coerce.number().int().min(0).max(36).default(6),
  /**
   * Extended public key deposit addresses derive from (EVM m/0/<user id>, Tron m/1/…, Bitcoin m/2/…); the
   * server holds no deposit keys. Outside production the demo's key (whose private half nobody has).
   */
  DEPOSIT_XPUB: z.string().optional(),
  /** Demo funds on the Deposit page; on with the demo seed outside production, never in production. */
  DEMO_FAUCET: bool.optional(),
  DEPOSIT_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(12),
  /** Private key of the hot wallet that pays withdrawals. */
  HOT_WALLET_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/)
    .optional(),
  /**
   * The external signer of the hot wallets (docs/deploy.md: its JSON protocol); with it the server holds no
   * hot wallet key. Production refuses HOT_WALLET_KEY* unless ALLOW_LOCAL_HOT_WALLET_KEY=true.
   */
  WITHDRAW_SIGNER_URL: z.string().url().optional(),
  /** Bearer token the external signer expects (never logged). */
  WITHDRAW_SIGNER_TOKEN: z.string().min(16).optional(),
  /** Lets a production server sign with HOT_WALLET_KEY* itself (not advised: use the external signer). */
  ALLOW_LOCAL_HOT_WALLET_KEY: bool.default(false),
  CHAIN_POLL_MS: z.coerce.number().int().min(100).default(5000),
  /** Reference prices: the built-in simulated market (default), OKX's public feed, or none (tests). */
  MARKET_SOURCE: z.enum(['sim', 'okx', 'off']).optional(),
  MARKET_SIM_STEP_MS: z.coerce.number().int().min(50).default(1000),
  /** The simulated market's seed (its walk and the demo's past); by default the start time's. */
  MARKET_SIM_SEED: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  OKX_WS_URL: z.string().url().default('wss://ws.okx.com:8443/ws/v5/public'),
  /** OKX's REST address for linked accounts (tests point it at a local fake). */
  OKX_REST_URL: z.string().url().default('https://www.okx.com'),
  OKX_REST_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
  /**
   * Keys sealing linked exchange accounts' secrets, `version:base64` (32 bytes), comma separated, the current
   * first; older ones stay listed until `npm run rotate-link-keys -w server` has re-sealed every link.
   */
  OKX_LINK_KEYS: z.string().default(`1:${DEMO_LINK_KEY}`),
  /** Also trust X-Forwarded-For for the client address (behind a proxy). */
  TRUST_PROXY: bool.default(false),
  /** A connection must have sent a request's headers within this long (slow or silent clients). */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** A request must have arrived whole (headers and body) within this long. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** An idle kept-alive connection is closed after this long. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** Open connections (HTTP and live feed alike) one client address may hold. */
  HTTP_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(128),
});

export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** Uploaded files go to this object store when set, else to `dataDir/uploads`. */
  readonly s3: {
    readonly endpoint: string;
    readonly bucket: string;
    readonly region: string;
    readonly accessKey: string;
    readonly secretKey: string;
  } | null;
  readonly databaseUrl: string | undefined;
  /** What `/metrics` asks of a caller from another machine. */
  readonly metricsToken: string | undefined;
  /** Cluster mode's servers and names; null: one instance (the default). */
  readonly cluster: {
    readonly natsUrl: string;
    readonly redisUrl: string;
    readonly prefix: string;
    readonly instance: string;
    readonly leaseMs: number;
    /** How long an instance running one writers' group leaves the other's free lease to the others. */
    readonly spreadMs: number;
  } | null;
  readonly protection: boolean;
  /** Every answer checked against its call's contract before it is sent. */
  readonly checkAnswers: boolean;
  readonly envelopeKey: Uint8Array;
  readonly envelopeKeyText: string;
  readonly signSecret: string;
  readonly publicUrl: string | undefined;
  /** Where the web app's calls and live feed go; the app origins the API admits from another host. */
  readonly apiHosts: ApiHosts;
  readonly operatorKey: Uint8Array;
  /** Web Push's VAPID keys from the settings (null: the store's, made once). */
  readonly vapid: {
    readonly publicKey: string | null;
    readonly privateKey: string | null;
    readonly subject: string;
  };
  /** Operators without a confirmed second factor may only enrol one. */
  readonly operator2fa: 'required' | 'optional';
  /** Hosts a sign-in message may name: from configuration only, never from a request. */
  readonly siweDomains: readonly string[];
  readonly chainId: number;
  readonly sessionTtlS: number;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly seedDemo: boolean;
  readonly logLevel: string;
  readonly webDist: string | undefined;
  /** Built operator console, served under /admin when present. */
  readonly adminDist: string;
  readonly trustProxy: boolean;
  /** Timeouts of HTTP connections and the connections one client address may hold. */
  readonly http: {
    readonly headersTimeoutMs: number;
    readonly requestTimeoutMs: number;
    readonly keepAliveTimeoutMs: number;
    readonly maxConnectionsPerIp: number;
  };
  readonly adminBootstrap: string | undefined;
  readonly marketSource: 'sim' | 'okx' | 'off';
  readonly simStepMs: number;
  readonly simSeed: number | undefined;
  readonly okxWsUrl: string;
  readonly okxRestUrl: string;
  readonly okxRestTimeoutMs: number;
  /** Keys sealing linked accounts' secrets by version; `current` seals, every listed one opens. */
  readonly linkKeys: { readonly current: number; readonly keys: ReadonlyMap<number, Uint8Array> };
  /** The key deposit addresses derive from; null: no addresses (operators confirm reported deposits). */
  readonly depositXpub: string | null;
  /** Whether the addresses come from the demo's key (the app warns not to send real funds). */
  readonly demoDepositKey: boolean;
  readonly demoFaucet: boolean;
  /** The liquidity pair read for `/api/lp/chain`; undefined: none configured. */
  readonly lpChain: { readonly rpcUrl: string; readonly chainId: number; readonly pair: string } | undefined;
  /** The networks watched for deposits (CHAIN_NETWORKS, or the one of CHAIN_RPC_URL); undefined: none. */
  readonly chains:
    | {
        /** The EVM networks. */
        readonly networks: readonly ChainNetworkConfig[];
        readonly tron: readonly TronNetworkConfig[];
        readonly bitcoin: readonly BitcoinNetworkConfig[];
        readonly depositXpub: string;
        readonly pollMs: number;
        /** The external signer of every network's hot wallet, or null (local keys, or none). */
        readonly signer: { readonly url: string; readonly token: string | undefined } | null;
      }
    | undefined;
}

/** One EVM network of CHAIN_NETWORKS (docs/deploy.md). */
const ChainNetworkSchema = z
  .object({
    kind: z.literal('evm').optional(),
    /** What its deposits are recorded under: the `chain` of its `deposit.networks` entries. */
    chain: z.string().regex(/^[a-z0-9_-]{1,20}$/),
    rpc_url: z.string().url(),
    chain_id: z.number().int().positive(),
    /** Blocks (the deposit's own included) after which a deposit is final. */
    confirmations: z.number().int().min(1).max(1000),
    /** Blocks after which a deposit is credited, held until final; default: `confirmations`. */
    credit_after: z.number().int().min(1).max(1000).optional(),
    tokens: z
      .array(
        z
          .object({
            asset: z.string().min(1),
            address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
            decimals: z.number().int().min(0).max(36),
          })
          .strict(),
      )
      .default([]),
    /** The platform asset of the chain's own coin when its deposits are watched (`ETH`). */
    native: z.string().min(1).optional(),
    /** The symbol of the coin gas is paid in; default BNB on chain ids 56 and 97, else ETH. */
    gas_symbol: z
      .string()
      .regex(/^[A-Za-z0-9]{1,10}$/)
      .optional(),
    /** First block to scan on the first start; default: the head then. */
    start_block: z.number().int().min(0).optional(),
  })
  .strict()
  .refine((n) => n.tokens.length > 0 || n.native !== undefined, 'a network watches a token or its coin')
  .refine((n) => (n.credit_after ?? n.confirmations) <= n.confirmations, 'credit_after ≤ confirmations');

export type ChainNetworkConfig = z.output<typeof ChainNetworkSchema> & {
  /** The hot wallet paying its withdrawals (HOT_WALLET_KEY_<CHAIN>; HOT_WALLET_KEY for `evm`). */
  readonly hotWalletKey: `0x${string}` | undefined;
};

function lpChainConfig(e: z.output<typeof EnvSchema>): Config['lpChain'] {
  if (!e.LP_RPC_URL && !e.LP_PAIR) return undefined;
  if (!e.LP_RPC_URL || !e.LP_PAIR) throw new Error('LP_RPC_URL and LP_PAIR go together');
  return { rpcUrl: e.LP_RPC_URL, chainId: e.LP_CHAIN_ID, pair: e.LP_PAIR };
}

function chainConfig(
  e: z.output<typeof EnvSchema>,
  env: Readonly<Record<string, string | undefined>>,
): Config['chains'] {
  if (e.CHAIN_RPC_URL && e.CHAIN_NETWORKS) throw new Error('CHAIN_RPC_URL or CHAIN_NETWORKS, not both');
  let listed: z.output<typeof ChainNetworkSchema>[];
  let others: Omit<ReturnType<typeof otherNetworks>, 'evm'> = { tron: [], bitcoin: [] };
  if (e.CHAIN_NETWORKS) {
    let json: unknown;
    try {
      json = JSON.parse(e.CHAIN_NETWORKS);
    } catch {
      throw new Error('CHAIN_NETWORKS must be a JSON array of networks (docs/deploy.md)');
    }
    if (!Array.isArray(json))
      throw new Error('CHAIN_NETWORKS must be a JSON array of networks (docs/deploy.md)');
    const { evm, ...rest } = otherNetworks(json, env);
    others = rest;
    const parsed = z.array(ChainNetworkSchema).safeParse(evm);
    if (!parsed.success) throw new Error(`CHAIN_NETWORKS: ${parsed.error.message}`);
    listed = parsed.data;
  } else if (e.CHAIN_RPC_URL) {
    if (!e.TOKEN_ADDRESS) throw new Error('CHAIN_RPC_URL needs TOKEN_ADDRESS and DEPOSIT_XPUB');
    listed = [
      {
        chain: 'evm',
        rpc_url: e.CHAIN_RPC_URL,
        chain_id: e.DEPOSIT_CHAIN_ID,
        confirmations: e.DEPOSIT_CONFIRMATIONS,
        tokens: [{ asset: 'USDT', address: e.TOKEN_ADDRESS, decimals: e.TOKEN_DECIMALS }],
      },
    ];
  } else {
    return undefined;
  }
  const names = [...listed, ...others.tron, ...others.bitcoin].map((n) => n.chain);
  if (names.length === 0) return undefined;
  if (!e.DEPOSIT_XPUB) throw new Error('watched networks need DEPOSIT_XPUB');
  if (new Set(names).size !== names.length) {
    throw new Error('CHAIN_NETWORKS names a chain twice');
  }
  const networks = listed.map((n) => {
    const key =
      env[`HOT_WALLET_KEY_${n.chain.toUpperCase().replace(/-/g, '_')}`] ??
      (n.chain === 'evm' ? e.HOT_WALLET_KEY : undefined);
    if (key !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(key))
      throw new Error(`hot wallet key of ${n.chain}: 0x and 64 hex digits`);
    return { ...n, hotWalletKey: key as `0x${string}` | undefined };
  });
  const local = [...networks, ...others.tron].filter((n) => n.hotWalletKey !== undefined).map((n) => n.chain);
  if (local.length > 0 && e.WITHDRAW_SIGNER_URL) {
    throw new Error(`WITHDRAW_SIGNER_URL or hot wallet keys (${local.join(', ')}), not both`);
  }
  if (local.length > 0 && e.NODE_ENV === 'production' && !e.ALLOW_LOCAL_HOT_WALLET_KEY) {
    throw new Error(
      `production signs withdrawals with WITHDRAW_SIGNER_URL, not a key in the server (${local.join(', ')}); ALLOW_LOCAL_HOT_WALLET_KEY=true overrides`,
    );
  }
  const signer = e.WITHDRAW_SIGNER_URL
    ? { url: e.WITHDRAW_SIGNER_URL, token: e.WITHDRAW_SIGNER_TOKEN }
    : null;
  return { networks, ...others, depositXpub: e.DEPOSIT_XPUB, pollMs: e.CHAIN_POLL_MS, signer };
}

/**
 * The hosts sign-in messages may name: SIWE_DOMAINS, else the host of PUBLIC_URL (a local one also as
 * 127.0.0.1), else outside production this machine at PORT. Production without either refuses to start.
 */
function signInDomains(e: z.output<typeof EnvSchema>): string[] {
  const listed = e.SIWE_DOMAINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (listed.length > 0) return listed;
  if (e.PUBLIC_URL) {
    const url = new URL(e.PUBLIC_URL);
    const port = url.port ? `:${url.port}` : '';
    return url.hostname === 'localhost' && e.NODE_ENV !== 'production'
      ? [url.host, `127.0.0.1${port}`]
      : [url.host];
  }
  if (e.NODE_ENV === 'production') {
    throw new Error(
      'production needs PUBLIC_URL (or SIWE_DOMAINS): the host that sign-in messages must name',
    );
  }
  return [`localhost:${e.PORT}`, `127.0.0.1:${e.PORT}`];
}

/** Cluster mode when all three servers are named; some of them only is a mistake said at start. */
function clusterConfig(e: z.output<typeof EnvSchema>): Config['cluster'] {
  if (!e.NATS_URL && !e.REDIS_URL) return null;
  const missing = [
    ['DATABASE_URL', e.DATABASE_URL],
    ['NATS_URL', e.NATS_URL],
    ['REDIS_URL', e.REDIS_URL],
  ]
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length > 0 || !e.NATS_URL || !e.REDIS_URL)
    throw new Error(
      `cluster mode needs DATABASE_URL, NATS_URL and REDIS_URL together; missing: ${missing.join(', ')}. ` +
        'Set all three for many instances, or none of NATS_URL and REDIS_URL for one.',
    );
  return {
    natsUrl: e.NATS_URL,
    redisUrl: e.REDIS_URL,
    prefix: e.CLUSTER_PREFIX,
    instance: e.INSTANCE_NAME ?? `${hostname()}-${process.pid}`,
    leaseMs: Math.round(e.CLUSTER_LEASE_S * 1000),
    spreadMs: Math.round(e.CLUSTER_SPREAD_S * 1000),
  };
}

/** `2:base64,1:base64` → the versions and their 32-byte keys, the first the current one. */
function parseLinkKeys(text: string): Config['linkKeys'] {
  const keys = new Map<number, Uint8Array>();
  let current = 0;
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(\d+):(.+)$/.exec(part);
    const key = m ? Buffer.from(m[2] ?? '', 'base64') : null;
    if (!m || !key || key.length !== 32)
      throw new Error('OKX_LINK_KEYS: each key is version:base64 of 32 bytes');
    const version = Number(m[1]);
    if (keys.has(version)) throw new Error(`OKX_LINK_KEYS: version ${version} listed twice`);
    keys.set(version, new Uint8Array(key));
    if (current === 0) current = version;
  }
  if (current === 0) throw new Error('OKX_LINK_KEYS: no key');
  return { current, keys };
}

/** Reads and validates the environment once; the only place that touches process.env. */
export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): Config {
  const e = EnvSchema.parse(env);
  if (
    e.NODE_ENV === 'production' &&
    (e.ENVELOPE_KEY === DEMO_ENVELOPE_KEY || e.SIGN_SECRET === DEMO_SIGN_SECRET)
  ) {
    throw new Error('production needs its own ENVELOPE_KEY and SIGN_SECRET');
  }
  if (e.NODE_ENV === 'production' && e.DEPOSIT_XPUB === DEMO_DEPOSIT_XPUB) {
    throw new Error('production needs its own DEPOSIT_XPUB: nobody holds the keys of the demo addresses');
  }
  if (e.NODE_ENV === 'production' && e.DEMO_FAUCET) {
    throw new Error('DEMO_FAUCET hands out money: it is for the demo, never production');
  }
  if (e.NODE_ENV === 'production' && e.OPERATOR_KEY === DEMO_OPERATOR_KEY) {
    throw new Error("production needs its own OPERATOR_KEY (it seals the operators' second-factor secrets)");
  }
  const linkKeys = parseLinkKeys(e.OKX_LINK_KEYS);
  const config: Config = Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    s3:
      e.S3_ENDPOINT && e.S3_ACCESS_KEY && e.S3_SECRET_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKey: e.S3_ACCESS_KEY,
            secretKey: e.S3_SECRET_KEY,
          }
        : null,
    databaseUrl: e.DATABASE_URL,
    metricsToken: e.METRICS_TOKEN,
    cluster: clusterConfig(e),
    protection: e.REQUEST_PROTECTION,
    checkAnswers: e.CHECK_ANSWERS ?? e.NODE_ENV !== 'production',
    envelopeKey: decodeKey(e.ENVELOPE_KEY),
    envelopeKeyText: e.ENVELOPE_KEY,
    signSecret: e.SIGN_SECRET,
    publicUrl: e.PUBLIC_URL,
    apiHosts: apiHostsConfig(e),
    operatorKey: decodeKey(e.OPERATOR_KEY),
    operator2fa: e.OPERATOR_2FA ?? (e.NODE_ENV === 'production' ? 'required' : 'optional'),
    siweDomains: signInDomains(e),
    chainId: e.CHAIN_ID,
    sessionTtlS: e.SESSION_TTL_S,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY ?? null,
      privateKey: e.VAPID_PRIVATE_KEY ?? null,
      subject: e.VAPID_SUBJECT,
    },
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : undefined,
    adminDist: resolve(e.ADMIN_DIST || DEFAULT_ADMIN_DIST),
    trustProxy: e.TRUST_PROXY,
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: Math.max(e.HTTP_REQUEST_TIMEOUT_MS, e.HTTP_HEADERS_TIMEOUT_MS),
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnectionsPerIp: e.HTTP_MAX_CONNECTIONS_PER_IP,
    },
    adminBootstrap: e.ADMIN_BOOTSTRAP,
    // Tests drive the market themselves unless they ask for a source.
    marketSource: e.MARKET_SOURCE ?? (e.NODE_ENV === 'test' ? 'off' : 'sim'),
    simStepMs: e.MARKET_SIM_STEP_MS,
    simSeed: e.MARKET_SIM_SEED,
    okxWsUrl: e.OKX_WS_URL,
    okxRestUrl: e.OKX_REST_URL.replace(/\/+$/, ''),
    okxRestTimeoutMs: e.OKX_REST_TIMEOUT_MS,
    linkKeys,
    depositXpub: e.DEPOSIT_XPUB ?? (e.NODE_ENV === 'production' ? null : DEMO_DEPOSIT_XPUB),
    demoDepositKey:
      (e.DEPOSIT_XPUB ?? DEMO_DEPOSIT_XPUB) === DEMO_DEPOSIT_XPUB && e.NODE_ENV !== 'production',
    demoFaucet: e.NODE_ENV !== 'production' && (e.DEMO_FAUCET ?? e.SEED_DEMO),
    chains: chainConfig(e, env),
    lpChain: lpChainConfig(e),
  });
  if (e.NODE_ENV === 'production' && e.OKX_LINK_KEYS.includes(DEMO_LINK_KEY)) {
    throw new Error('production needs its own OKX_LINK_KEYS (they seal linked exchange accounts)');
  }
  return config;
}
