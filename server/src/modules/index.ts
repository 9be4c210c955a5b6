/**
 * The list of modules and the ports between them: the one place that names every domain. A module never
 * imports another; what crosses domains is a small interface wired here (the exchange converts on the spot
 * books; candles read the spot market's stored trades; the demo's market maker quotes on its books).
 */

import { CAUSES, parseAmount } from '@nexa/contract';
import type { Bus } from '../kernel/bus';
import type { AppDeps } from '../kernel/context';
import { type AnyModule, type MissingDomains, type ModuleOwnership, OWNS_NOTHING } from '../kernel/module';
import { ownershipProblems, scopeBus } from '../kernel/ownership';
import { KERNEL_SETTINGS, type SettingsCatalogue } from '../kernel/settings';
import { type Ledger, scopeLedger } from '../ledger';
import { adminModule } from './admin/module';
import { ADMIN_SETTINGS } from './admin/settings';
import { authModule } from './auth/module';
import { AUTH_SETTINGS } from './auth/settings';
import { CARDS_OWNS, cardsModule } from './cards/module';
import { CARDS_SETTINGS } from './cards/settings';
import { contentModule } from './content/module';
import { COPY_OWNS, copyModule } from './copy/module';
import { COPY_SETTINGS } from './copy/settings';
import { EARN_OWNS, earnModule } from './earn/module';
import { EARN_SETTINGS } from './earn/settings';
import { createCounterpartyReader } from './futures/counterparties';
import { FUTURES_OWNS, futuresModule } from './futures/module';
import { FUTURES_SETTINGS } from './futures/settings';
import { GAMES_OWNS, gamesModule } from './games/module';
import { GAMES_SETTINGS } from './games/settings';
import { INSURANCE_OWNS, insuranceModule } from './insurance/module';
import { INSURANCE_SETTINGS } from './insurance/settings';
import { MARKET_OWNS, marketModule } from './market/module';
import { MINING_OWNS, miningModule } from './mining/module';
import { MINING_SETTINGS } from './mining/settings';
import { NEU_OWNS, neuModule } from './neu/module';
import { NEU_SETTINGS } from './neu/settings';
import { NFT_OWNS, nftModule } from './nft/module';
import { NFT_SETTINGS } from './nft/settings';
import { PLACEMENT_OWNS, placementModule } from './placement/module';
import { PLACEMENT_SETTINGS } from './placement/settings';
import { SHOP_OWNS, shopModule } from './shop/module';
import { SHOP_SETTINGS } from './shop/settings';
import { SPOT_OWNS, spotModule } from './spot/module';
import { SPOT_SETTINGS } from './spot/settings';
import { TOKEN_MARKET_OWNS, tokenMarketModule } from './token-market/module';
import { TOKEN_MARKET_SETTINGS } from './token-market/settings';
import { usersModule } from './users/module';
import { USERS_SETTINGS } from './users/settings';
import type { ChainAdapter } from './wallet/common';
import { WALLET_OWNS, walletModule } from './wallet/module';
import { WALLET_SETTINGS } from './wallet/settings';

/** Every module's settings: the catalogue the settings service validates and parses at start. */
export const SETTINGS = {
  ...KERNEL_SETTINGS,
  ...AUTH_SETTINGS,
  ...USERS_SETTINGS,
  ...WALLET_SETTINGS,
  ...SPOT_SETTINGS,
  ...FUTURES_SETTINGS,
  ...INSURANCE_SETTINGS,
  ...COPY_SETTINGS,
  ...EARN_SETTINGS,
  ...MINING_SETTINGS,
  ...PLACEMENT_SETTINGS,
  ...GAMES_SETTINGS,
  ...NEU_SETTINGS,
  ...CARDS_SETTINGS,
  ...SHOP_SETTINGS,
  ...NFT_SETTINGS,
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
  // Each module gets a ledger and a bus that hold it to what it declares (causes, system accounts, events).
  const own = (owner: string, owns: ModuleOwnership): ModuleWiring => ({
    ...deps,
    ledger: scopeLedger(deps.ledger, owner, owns),
    bus: scopeBus(deps.bus, owner, owns),
  });
  const auth = authModule(own('auth', OWNS_NOTHING));
  // Freezing an account or ending one of its sessions ends them where sign-in keeps them (and its cache).
  const users = usersModule({
    ...own('users', OWNS_NOTHING),
    sessions: {
      end: (tx, userId, sessionId) => auth.api.endSessions(tx, userId, sessionId),
      forget: (hashes) => auth.api.forgetSessions(hashes),
    },
  });
  // Content about a feature shows once a module of that domain runs.
  const content = contentModule({ ...own('content', OWNS_NOTHING), liveFeatures: () => liveFeatures });
  // The order calls reach the swap books for swap instruments.
  // Spot limit prices are held to a band around the index (the swaps' index, pins included).
  const spot = spotModule({
    ...own('spot', SPOT_OWNS),
    swaps: () => futures.api,
    indexPrice: (instId) => futures.api.indexPrice(instId),
  });
  // The exchange converts on the spot books, and wallet values read their prices: one price source.
  const wallet = walletModule({ ...own('wallet', WALLET_OWNS), venue: spot.api });
  // Listings are priced against the same source as wallet values.
  const tokenMarket = tokenMarketModule({
    ...own('token-market', TOKEN_MARKET_OWNS),
    priceUsdt18: (symbol) => wallet.api.assets.priceUsdt18(symbol),
  });
  // Swaps are marked against the reference market's price of their underlying: the index.
  // Covers compensate liquidation and stop-out losses the futures module reports through the outbox; the
  // futures history reads back what each position was paid.
  const insurance = insuranceModule(own('insurance', INSURANCE_OWNS));
  const futures = futuresModule({
    ...own('futures', FUTURES_OWNS),
    indexPrice: (underlying) => market.api.indexPrice(underlying),
    compensationOf: (ids) => insurance.api.compensationOf(ids),
    // Followers' orders follow their leads' in the same transaction of the contract's writer.
    copy: () => copy.api.port,
  });
  // Copy trading reads positions, equity and daily PnL from the futures books and closes copies there.
  const copy = copyModule({
    ...own('copy', COPY_OWNS),
    futures: () => futures.api,
    counterparties: createCounterpartyReader(deps.store),
  });
  const market = marketModule({
    ...own('market', MARKET_OWNS),
    trades: spot.api,
    venue: spot.api,
    swapVenue: () => futures.api.makerVenue,
    referencePrices: () => deps.settings.of(WALLET_SETTINGS).get('exchange.prices_usdt'),
  });
  // Stakes and machine purchases feed the referral team's kept figures and levels, in their transactions.
  const team = users.api.teams.port;
  const earn = earnModule({ ...own('earn', EARN_OWNS), team });
  const mining = miningModule({ ...own('mining', MINING_OWNS), team });
  const placement = placementModule(own('placement', PLACEMENT_OWNS));
  // Liquidity inside the platform is priced by the wallet's one price source.
  const nft = nftModule({
    ...own('nft', NFT_OWNS),
    priceUsdt18: (symbol) => wallet.api.assets.priceUsdt18(symbol),
  });
  // Tickets exchange from tokens at the wallet's one price source; a race principal can arrive as a chain
  // transfer to the player's deposit address, which the wallet credits.
  // A token taken for tickets is valued at the lower of that price and the operators' reference price: a thin
  // book pushed up by its only traders cannot buy tickets, which the game fund backs, for next to nothing.
  const games = gamesModule({
    ...own('games', GAMES_OWNS),
    priceUsdt18: async (symbol) => {
      const live = await wallet.api.assets.priceUsdt18(symbol);
      const text = (await deps.settings.of(WALLET_SETTINGS).get('exchange.prices_usdt'))[symbol];
      const ref = text === undefined ? null : parseAmount(text, 18);
      if (live === null || ref === null || ref <= 0n) return live;
      return live < ref ? live : ref;
    },
    chainPayment: deps.chain ? (userId, txHash) => wallet.api.deposits.chainPayment(userId, txHash) : null,
  });
  // The NEU line runs on the shared mechanisms: the earn module's staking line `neu`, the mining module's line
  // `neu`, the wallet's withdrawals, transfers and exchange (its one price source), the referral team's figures.
  const neu = neuModule({
    ...own('neu', NEU_OWNS),
    staking: {
      info: () => earn.api.pledgeInfo('neu'),
      stake: (userId, body) => earn.api.stake(userId, body, 'neu'),
      operate: (userId, body) => earn.api.operate(userId, body, 'neu'),
      list: (userId, q) => earn.api.pledgeList(userId, q, 'neu'),
      order: (userId, id) => earn.api.pledgeOrder(userId, id, 'neu'),
      ranking: (userId, q) => earn.api.ranking(userId, q, 'neu'),
      staked: () => earn.api.totalStaked('neu'),
    },
    machines: {
      catalogue: (q) => mining.api.machines(q, 'neu'),
      buy: (userId, body) => mining.api.buy(userId, body, 'neu'),
      orders: (userId, q) => mining.api.orders(userId, q, 'neu'),
      power: (userId) => mining.api.power(userId, 'neu'),
      periods: (userId, q) => mining.api.periods(userId, q, 'neu'),
      quotaPerPay: () => mining.api.quotaPerPay('neu'),
    },
    wallet: {
      withdraw: (userId, body) => wallet.api.withdrawals.request(userId, body),
      transfer: (userId, body) => wallet.api.transfer(userId, body),
      transfers: (userId, f, p) => wallet.api.transfers(userId, f, p),
      exchangeInfo: (userId, q, only) => wallet.api.exchangeInfo(userId, q, only),
      exchange: (userId, body) => wallet.api.exchange(userId, body),
      priceUsdt18: (symbol) => wallet.api.assets.priceUsdt18(symbol),
    },
    team: {
      list: (userId, q) => users.api.teamList(userId, q),
      summary: (userId) => users.api.teams.summary(userId),
    },
  });
  // A card's number is shown only after the holder signs a fresh sign-in message (the auth module checks it).
  const cards = cardsModule({
    ...own('cards', CARDS_OWNS),
    reauthenticate: (userId, input) => auth.api.reauthenticate(userId, input),
  });
  // Goods images are uploads kept by the cards module (checked, re-encoded, sealed); a storefront shows them
  // through public links, which only goods images get.
  const shop = shopModule({
    ...own('shop', SHOP_OWNS),
    uploads: {
      begin: (userId, body) => cards.api.files.begin(userId, body),
      claim: (tx, userId, id, by) => cards.api.files.take(tx, userId, id, 'product', by),
      publicLink: (id) => cards.api.files.publicLink(id),
    },
  });
  // The solvency report lists every rewards program of every module that runs one.
  const admin = adminModule({
    ...own('admin', OWNS_NOTHING),
    catalogue: SETTINGS,
    checkSetting: (key, value) => {
      for (const m of list as readonly AnyModule[]) {
        const problem = m.checkSetting?.(key, value) ?? null;
        if (problem !== null) return problem;
      }
      return null;
    },
    // Each running module's part of the dashboard (the list is complete by the time an operator asks).
    dashboard: (since) =>
      Promise.all(list.flatMap((m: AnyModule) => (m.dashboard ? [m.dashboard(since)] : []))),
    programs: async () => [
      ...(await earn.api.programReports()),
      ...(await mining.api.programReports()),
      ...(await placement.api.programReports()),
      ...(await nft.api.programReports()),
      ...(await shop.api.programReports()),
    ],
    // Loans against stakes, with the order that secures each.
    loans: () => earn.api.loanReport(),
  });

  // Start order matters: the books are rebuilt (their snapshots reach the live feed) before candles replay
  // stored trades, and both before the reference market starts trading.
  const list = [
    auth.module,
    users.module,
    content.module,
    wallet.module,
    spot.module,
    futures.module,
    insurance.module,
    copy.module,
    earn.module,
    mining.module,
    placement.module,
    nft.module,
    games.module,
    neu.module,
    cards.module,
    shop.module,
    tokenMarket.module,
    market.module,
    admin.module,
  ] as const;
  const liveFeatures: ReadonlySet<string> = new Set(list.flatMap((m) => m.domains));
  // Every live domain of the contract has its module: a missing one does not compile.
  const complete: MissingDomains<typeof list> extends never ? true : false = true;
  void complete;
  // Every record type of the contract has exactly one module that posts it.
  const problems = ownershipProblems(list, Object.keys(CAUSES));
  if (problems.length > 0) throw new Error(`module ownership: ${problems.join('; ')}`);

  return {
    list: list as readonly AnyModule[],
    apis: {
      auth: auth.api,
      users: users.api,
      content: content.api,
      wallet: wallet.api,
      spot: spot.api,
      futures: futures.api,
      insurance: insurance.api,
      copy: copy.api,
      earn: earn.api,
      mining: mining.api,
      placement: placement.api,
      nft: nft.api,
      games: games.api,
      neu: neu.api,
      cards: cards.api,
      shop: shop.api,
      tokenMarket: tokenMarket.api,
      candles: market.api.candles,
      marketData: market.api,
      admin: admin.api,
    },
  };
}

export type Modules = ReturnType<typeof buildModules>['apis'];
