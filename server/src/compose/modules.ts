import type { Config } from '../config';
import { type Bus, createMemoryBus } from '../kernel/bus';
import type { AppDeps } from '../kernel/context';
import { createLedger, type Ledger } from '../ledger';
import { buildModules, type Modules } from '../modules';
import { createEvmChain, type ChainAdapter as EvmAdapter, type OnConfirmed } from '../modules/wallet/chain';
import type { ChainAdapter } from '../modules/wallet/common';
import type { AppOptions } from './options';
import type { Stores } from './stores';

/** The ledger, the chain watcher and the modules, built on the stores. */
export interface AppModules {
  readonly ledger: Ledger;
  /** The EVM watcher and sender when CHAIN_RPC_URL is set. */
  readonly evm: EvmAdapter | null;
  readonly bus: Bus;
  /** Every module built, in start order. */
  readonly built: ReturnType<typeof buildModules>;
  readonly modules: Modules;
}

/** The EVM watcher and sender of the config's chain, crediting confirmed deposits through `onConfirmed`. */
function evmChain(config: Config, deps: AppDeps, onConfirmed: OnConfirmed): EvmAdapter | null {
  return config.chain
    ? createEvmChain({
        store: deps.store,
        clock: deps.clock,
        chain: 'evm',
        rpcUrl: config.chain.rpcUrl,
        chainId: config.chain.chainId,
        token: {
          address: config.chain.tokenAddress as `0x${string}`,
          decimals: config.chain.tokenDecimals,
          asset: 'USDT',
          scale: deps.assets.get('USDT').scale,
        },
        depositXpub: config.chain.depositXpub,
        confirmations: config.chain.confirmations,
        hotWalletKey: config.chain.hotWalletKey,
        onConfirmed,
        log: deps.log,
      })
    : null;
}

/**
 * Builds the ledger, the chain adapter, the bus and every module (a cluster's bus when there is one), and
 * creates the bootstrap and demo operators.
 */
export async function buildAppModules(opts: AppOptions, stores: Stores): Promise<AppModules> {
  const { config } = opts;
  const { store, deps, link, startLocked } = stores;
  const ledger = createLedger({ store, clock: deps.clock });
  // The chain adapter credits through the wallet, and the wallet asks the adapter for addresses.
  let creditDeposit: OnConfirmed = async () => {
    throw new Error('wallet not ready');
  };
  const evm = evmChain(config, deps, (tx, d) => creditDeposit(tx, d));
  const chain: ChainAdapter | null =
    opts.chain ??
    (evm && config.chain ? { ...evm, asset: 'USDT', confirmations: config.chain.confirmations } : null);
  const bus = opts.bus ?? link?.bus ?? createMemoryBus();
  const built = buildModules({ ...deps, ledger, chain, bus });
  const modules = built.apis;
  const { admin, wallet } = modules;
  creditDeposit = (tx, d) => wallet.deposits.credit(tx, d);
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
  return { ledger, evm, bus, built, modules };
}
