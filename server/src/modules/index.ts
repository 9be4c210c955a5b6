/**
 * The list of modules and the ports between them: the one place that names every domain. A module never
 * imports another; what crosses domains is a small interface wired here (the exchange converts on the spot
 * books; candles read the spot market's stored trades; the demo's market maker quotes on its books).
 */

import type { Bus } from '../kernel/bus';
import type { AppDeps } from '../kernel/context';
import type { AnyModule, MissingDomains } from '../kernel/module';
import { KERNEL_SETTINGS, type SettingsCatalogue } from '../kernel/settings';
import type { Ledger } from '../ledger';
import { adminModule } from './admin/module';
import { ADMIN_SETTINGS } from './admin/settings';
import { authModule } from './auth/module';
import { AUTH_SETTINGS } from './auth/settings';
import { contentModule } from './content/module';
import { marketModule } from './market/module';
import { spotModule } from './spot/module';
import { SPOT_SETTINGS } from './spot/settings';
import { tokenMarketModule } from './token-market/module';
import { TOKEN_MARKET_SETTINGS } from './token-market/settings';
import { usersModule } from './users/module';
import { USERS_SETTINGS } from './users/settings';
import type { ChainAdapter } from './wallet/common';
import { walletModule } from './wallet/module';
import { WALLET_SETTINGS } from './wallet/settings';

/** Every module's settings: the catalogue the settings service validates and parses at start. */
export const SETTINGS = {
  ...KERNEL_SETTINGS,
  ...AUTH_SETTINGS,
  ...USERS_SETTINGS,
  ...WALLET_SETTINGS,
  ...SPOT_SETTINGS,
  ...TOKEN_MARKET_SETTINGS,
  ...ADMIN_SETTINGS,
} as const satisfies SettingsCatalogue;

export interface ModuleWiring extends AppDeps {
  readonly ledger: Ledger;
  readonly bus: Bus;
  /** A chain adapter for deposits and withdrawals; without one, operators confirm deposits. */
  readonly chain: ChainAdapter | null;
}

export function buildModules(deps: ModuleWiring) {
  const auth = authModule(deps);
  const users = usersModule(deps);
  const content = contentModule(deps);
  const spot = spotModule(deps);
  // The exchange converts on the spot books, and wallet values read their prices: one price source.
  const wallet = walletModule({ ...deps, venue: spot.api });
  const tokenMarket = tokenMarketModule(deps);
  const market = marketModule({
    ...deps,
    trades: spot.api,
    venue: spot.api,
    referencePrices: () => deps.settings.of(WALLET_SETTINGS).get('exchange.prices_usdt'),
  });
  const admin = adminModule(deps);

  // Start order matters: the books are rebuilt (their snapshots reach the live feed) before candles replay
  // stored trades, and both before the reference market starts trading.
  const list = [
    auth.module,
    users.module,
    content.module,
    wallet.module,
    spot.module,
    tokenMarket.module,
    market.module,
    admin.module,
  ] as const;
  // Every live domain of the contract has its module: a missing one does not compile.
  const complete: MissingDomains<typeof list> extends never ? true : false = true;
  void complete;

  return {
    list: list as readonly AnyModule[],
    apis: {
      auth: auth.api,
      users: users.api,
      content: content.api,
      wallet: wallet.api,
      market: spot.api,
      tokenMarket: tokenMarket.api,
      candles: market.api.candles,
      marketData: market.api,
      admin: admin.api,
    },
  };
}

export type Modules = ReturnType<typeof buildModules>['apis'];
