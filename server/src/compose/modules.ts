import type { Config } from '../config';
import { type Bus, createMemoryBus } from '../kernel/bus';
import type { AppDeps } from '../kernel/context';
import { createLedger, type Ledger } from '../ledger';
import { buildModules, type Modules } from '../modules';
import {
  type ChainAdapter,
  createBitcoinChain,
  createEvmChain,
  createTronChain,
  type DepositBook,
  httpSigner,
  httpTronSigner,
  localTronSigner,
} from '../modules/wallet/chain';
import type { AppOptions } from './options';
import { createSpread, type Spread } from './spread';
import type { Stores } from './stores';

/** The ledger, the chain watcher and the modules, built on the stores. */
export interface AppModules {
  readonly ledger: Ledger;
  /** The watched networks (CHAIN_NETWORKS, or CHAIN_RPC_URL's one), each with its watcher and hot wallet. */
  readonly chains: readonly ChainAdapter[];
  readonly bus: Bus;
  /** Every module built, in start order. */
  readonly built: ReturnType<typeof buildModules>;
  readonly modules: Modules;
  /** Cluster mode: where the writers' groups run and what crosses between them; null for one instance. */
  readonly spread: Spread | null;
}

/** The watchers of the configured Tron and Bitcoin networks (no hot wallet: operators send their withdrawals). */
function otherChains(config: Config, deps: AppDeps, book: DepositBook): ChainAdapter[] {
  const c = config.chains;
  if (!c) return [];
  const shared = {
    store: deps.store,
    clock: deps.clock,
    depositXpub: c.depositXpub,
    staleAfter_ms: Math.max(120_000, 4 * c.pollMs),
    book,
    log: deps.log,
  };
  return [
    ...c.tron.map((n) =>
      createTronChain({
        ...shared,
        chain: n.chain,
        url: n.url,
        apiKey: n.apiKey,
        tokens: n.tokens.map((t) => ({ ...t, scale: deps.assets.get(t.asset).scale })),
        confirmations: n.confirmations,
        creditAfter: n.credit_after,
        startBlock: n.start_block,
        timeout_ms: n.timeout_ms,
        // The external signer signs for every network; else the network's own key, if it has one.
        signer: c.signer
          ? httpTronSigner({ url: c.signer.url, token: c.signer.token })
          : n.hotWalletKey
            ? localTronSigner(n.hotWalletKey)
            : undefined,
        feeLimit: n.fee_limit_sun !== undefined ? BigInt(n.fee_limit_sun) : undefined,
      }),
    ),
    ...c.bitcoin.map((n) =>
      createBitcoinChain({
        ...shared,
        chain: n.chain,
        rpcUrl: n.rpc_url,
        asset: n.asset,
        scale: deps.assets.get(n.asset).scale,
        confirmations: n.confirmations,
        creditAfter: n.credit_after,
        startBlock: n.start_block,
        timeout_ms: n.timeout_ms,
        wallet: n.wallet,
      }),
    ),
  ];
}

/** The watchers and hot wallets of the configured EVM networks, moving deposits' money through `book`. */
function evmChains(config: Config, deps: AppDeps, book: DepositBook): ChainAdapter[] {
  const c = config.chains;
  if (!c) return [];
  return c.networks.map((n) =>
    createEvmChain({
      store: deps.store,
      clock: deps.clock,
      chain: n.chain,
      rpcUrl: n.rpc_url,
      chainId: n.chain_id,
      tokens: n.tokens.map((t) => ({
        address: t.address as `0x${string}`,
        decimals: t.decimals,
        asset: t.asset,
        scale: deps.assets.get(t.asset).scale,
      })),
      native: n.native ? { asset: n.native, scale: deps.assets.get(n.native).scale } : undefined,
      gasSymbol: n.gas_symbol ?? (n.chain_id === 56 || n.chain_id === 97 ? 'BNB' : 'ETH'),
      depositXpub: c.depositXpub,
      confirmations: n.confirmations,
      creditAfter: n.credit_after,
      startBlock: n.start_block,
      hotWalletKey: n.hotWalletKey,
      // The external signer signs for every network; the server then holds no hot wallet key.
      signer: c.signer ? httpSigner({ url: c.signer.url, token: c.signer.token }) : undefined,
      // A watcher that has not polled for a while (four intervals, two minutes at least) is not running.
      staleAfter_ms: Math.max(120_000, 4 * c.pollMs),
      book,
      log: deps.log,
    }),
  );
}

/**
 * Builds the ledger, the networks' watchers, the bus and every module (a cluster's bus when there is one), and
 * creates the bootstrap and demo operators.
 */
export async function buildAppModules(opts: AppOptions, stores: Stores): Promise<AppModules> {
  const { config } = opts;
  const { store, deps, link, startLocked } = stores;
  const ledger = createLedger({ store, clock: deps.clock });
  // The watchers credit through the wallet, and the wallet asks the watchers for addresses.
  let book: DepositBook | null = null;
  const ready = () => {
    if (!book) throw new Error('wallet not ready');
    return book;
  };
  const viaWallet: DepositBook = {
    credit: (tx, d, held) => ready().credit(tx, d, held),
    release: (tx, d) => ready().release(tx, d),
    reverse: (tx, d) => ready().reverse(tx, d),
  };
  const chains = opts.chains ?? [
    ...evmChains(config, deps, viaWallet),
    ...otherChains(config, deps, viaWallet),
  ];
  const bus = opts.bus ?? link?.bus ?? createMemoryBus();
  const spread = link ? createSpread(link) : null;
  const built = buildModules({ ...deps, ledger, chains, bus, ...(spread ? { placement: spread } : {}) });
  const modules = built.apis;
  const { admin, wallet } = modules;
  book = wallet.deposits.book;
  await startLocked(async () => {
    if (config.adminBootstrap) {
      const [name = '', password = ''] = config.adminBootstrap.split(':');
      await admin.createOperator(name, password, ['admin']);
    }
    if (config.seedDemo) {
      // Demo operators (documented in the README); a real deployment uses ADMIN_BOOTSTRAP.
      await admin.createOperator('admin', 'nexa-admin', ['admin']);
      await admin.createOperator('finance', 'nexa-finance', ['finance']);
    }
  });
  return { ledger, chains, bus, built, modules, spread };
}
