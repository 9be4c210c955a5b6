/**
 * The ports between modules, by name: the one place that knows which module answers another's port. A module
 * never imports another; what crosses domains is a small interface in the asking module's folder (or in
 * `ports/`), wired here from the answering module's service. A module that asks for no port has no line here.
 */

import { isSwapInstId, parseAmount, USDT_SCALE } from '@nexa/contract';
import type { ApisOf, PortWiring, Together } from '../kernel/assemble';
import type { Bus } from '../kernel/bus';
import type { AppDeps } from '../kernel/context';
import type { SettingsCatalogue } from '../kernel/settings';
import type { Ledger } from '../ledger';
import type { ConfirmPort } from '../ports/confirm';
import { PAST_BAR } from './copy/demo-past';
import { createCounterpartyReader } from './futures/counterparties';
import type { ModuleList } from './list';
import type { MakerVenue } from './market/reference';
import type { ChainAdapter } from './wallet/common';
import { WALLET_SETTINGS } from './wallet/settings';

/** The shared machinery every module is built with (its ledger and bus held to what it owns). */
export interface ModuleWiring extends AppDeps {
  readonly ledger: Ledger;
  readonly bus: Bus;
  /** The watched networks (deposits, and withdrawals where a hot wallet pays); none: operators confirm deposits. */
  readonly chains: readonly ChainAdapter[];
  /** Cluster mode: where the spot books and the rest of the writers' work run (compose/spread.ts). */
  readonly placement?: WritersPlacement;
}

/**
 * Cluster mode's writers' groups: each spot book on the holder of its own lease, the rest of the writers'
 * work (the swaps, the market's walk and maker, the timers) on the holder of the writers' lease, spread over
 * the instances. What a module of one group reads of another's memory comes from here where it runs elsewhere.
 */
export interface WritersPlacement {
  /** Whether this process runs the rest of the writers' work now. */
  writersHere(): boolean;
  /** A spot instrument's index as the writers' instance last told it (null when unknown or stale). */
  index(instId: string): string | null;
  /** A spot book's best bid and ask as the live feed holds them (null before its first snapshot). */
  top(instId: string): { readonly bid: string | null; readonly ask: string | null } | null;
  /** The spot books as the demo's market maker quotes them, on whichever instance runs them. */
  makerVenue(local: MakerVenue): MakerVenue;
}

/** What the app offers the ports beside the modules' services. */
export interface AppView {
  /** The shared machinery as the app holds it. */
  readonly deps: ModuleWiring;
  /** Every module's settings with their types. */
  readonly catalogue: SettingsCatalogue;
  /** The running modules taken together (complete by the time any of it is called). */
  readonly together: Together;
}

/** Confirming what moves money: the auth module checks a fresh wallet signature and the second factor. */
function confirmPort(m: ApisOf<ModuleList>): ConfirmPort {
  return {
    check: (userId, want, input) => m.auth.security.check(userId, want, input),
    consume: (tx, ticket) => m.auth.security.consume(tx, ticket),
    release: (tx, ticket) => m.auth.security.release(tx, ticket),
  };
}

export const PORTS: PortWiring<ModuleList, ModuleWiring, AppView> = {
  // Every email to a user starts with their anti-phishing code, which the notifications module keeps; sign-in's
  // code emails ask it for the line.
  auth: (m) => ({ mailHeader: (userId, lang) => m.notifications.mailHeader(userId, lang) }),
  // Freezing an account or ending one of its sessions ends them where sign-in keeps them (and its cache).
  users: (m) => ({
    sessions: {
      end: (tx, userId, sessionId) => m.auth.endSessions(tx, userId, sessionId),
      forget: (hashes) => m.auth.forgetSessions(hashes),
    },
  }),
  // Content about a feature shows once a module of that domain runs.
  content: (_, app) => ({ liveFeatures: () => app.together.domains() }),
  // The order calls reach the swap books for swap instruments.
  // Spot limit prices are held to a band around the index (the swaps' index, pins included).
  // Where the swaps run elsewhere (cluster mode), the index is the one their instance tells every second; where
  // the books do not run here, the wallet's prices read their best bid and ask from the live feed.
  spot: (m, app) => ({
    swaps: () => m.futures,
    indexPrice: (instId) => {
      const p = app.deps.placement;
      return p && !p.writersHere() ? p.index(instId) : m.futures.indexPrice(instId);
    },
    bookTop: (instId) => app.deps.placement?.top(instId) ?? null,
  }),
  // The exchange converts on the spot books, and wallet values read their prices: one price source.
  // The futures account's total counts the margin its open positions hold and their unrealized PnL; a transfer
  // out of it leaves what its cross positions need to stay at their initial margin.
  // Withdrawals and transfers are confirmed by a fresh wallet signature and the second factor (auth checks
  // them); the whitelist switch is a security change (auth checks the code and starts the lock).
  wallet: (m) => ({
    confirm: confirmPort(m),
    security: {
      verifyTotp: (userId, code) => m.auth.security.verifyTotp(userId, code),
      markChanged: (tx, userId, change) => m.auth.security.markChanged(tx, userId, change),
    },
    venue: m.spot,
    crossKept: (userId) => m.futures.crossKept(userId),
    positionsEquity: (userId) =>
      m.futures
        .positions(userId)
        .reduce(
          (sum, p) =>
            sum + (parseAmount(p.margin, USDT_SCALE) ?? 0n) + (parseAmount(p.upl, USDT_SCALE) ?? 0n),
          0n,
        ),
  }),
  // Listings are priced against the same source as wallet values.
  'token-market': (m) => ({ priceUsdt18: (symbol) => m.wallet.assets.priceUsdt18(symbol) }),
  // Swaps are marked against the reference market's price of their underlying: the index.
  // Covers compensate liquidation and stop-out losses the futures module reports through the outbox; the
  // futures history reads back what each position was paid.
  futures: (m) => ({
    indexPrice: (underlying) => m['market-data'].indexPrice(underlying),
    compensationOf: (ids) => m.insurance.compensationOf(ids),
    // Followers' orders follow their leads' in the same transaction of the contract's writer.
    copy: () => m.copy.port,
  }),
  // Copy trading reads positions, equity and daily PnL from the futures books and closes copies there.
  // The demo's leads' past runs over the simulated market's bars of the swaps' underlyings.
  copy: (m, app) => ({
    futures: () => m.futures,
    counterparties: createCounterpartyReader(app.deps.store),
    pastBars: (underlying) => m['market-data'].candles.bars(underlying, PAST_BAR),
  }),
  'market-data': (m, app) => ({
    // Candles and tickers of the spot books and of the swaps, each from its own stored trades.
    trades: {
      instIds: () => [...m.spot.instIds(), ...m.futures.instIds()],
      tradesAfter: (instId, afterId, limit) =>
        isSwapInstId(instId)
          ? m.futures.tradesAfter(instId, afterId, limit)
          : m.spot.tradesAfter(instId, afterId, limit),
    },
    venue: app.deps.placement ? app.deps.placement.makerVenue(m.spot.makerVenue) : m.spot.makerVenue,
    swapVenue: () => m.futures.makerVenue,
    referencePrices: () => app.deps.settings.of(WALLET_SETTINGS).get('exchange.prices_usdt'),
  }),
  // Stakes and machine purchases feed the referral team's kept figures and levels, in their transactions.
  earn: (m) => ({ team: m.users.teams.port }),
  mining: (m) => ({ team: m.users.teams.port }),
  // Liquidity inside the platform is priced by the wallet's one price source.
  nft: (m) => ({ priceUsdt18: (symbol) => m.wallet.assets.priceUsdt18(symbol) }),
  // Tickets exchange from tokens at the wallet's one price source; a race principal can arrive as a chain
  // transfer to the player's deposit address, which the wallet credits.
  // A token taken for tickets is valued at the lower of that price and the operators' reference price: a thin
  // book pushed up by its only traders cannot buy tickets, which the game fund backs, for next to nothing.
  games: (m, app) => ({
    priceUsdt18: async (symbol) => {
      const live = await m.wallet.assets.priceUsdt18(symbol);
      const text = (await app.deps.settings.of(WALLET_SETTINGS).get('exchange.prices_usdt'))[symbol];
      const ref = text === undefined ? null : parseAmount(text, 18);
      if (live === null || ref === null || ref <= 0n) return live;
      return live < ref ? live : ref;
    },
    chainPayment: app.deps.chains.some((c) => c.assets.includes('USDT'))
      ? (userId, txHash) => m.wallet.deposits.chainPayment(userId, txHash)
      : null,
  }),
  // The NEU line runs on the shared mechanisms: the earn module's staking line `neu`, the mining module's line
  // `neu`, the wallet's withdrawals, transfers and exchange (its one price source), the referral team's figures.
  neu: (m) => ({
    staking: {
      info: () => m.earn.pledgeInfo('neu'),
      stake: (userId, body) => m.earn.stake(userId, body, 'neu'),
      operate: (userId, body) => m.earn.operate(userId, body, 'neu'),
      list: (userId, q) => m.earn.pledgeList(userId, q, 'neu'),
      order: (userId, id) => m.earn.pledgeOrder(userId, id, 'neu'),
      ranking: (userId, q) => m.earn.ranking(userId, q, 'neu'),
      staked: () => m.earn.totalStaked('neu'),
    },
    machines: {
      catalogue: (q) => m.mining.machines(q, 'neu'),
      buy: (userId, body) => m.mining.buy(userId, body, 'neu'),
      orders: (userId, q) => m.mining.orders(userId, q, 'neu'),
      power: (userId) => m.mining.power(userId, 'neu'),
      periods: (userId, q) => m.mining.periods(userId, q, 'neu'),
      quotaPerPay: () => m.mining.quotaPerPay('neu'),
    },
    wallet: {
      withdraw: (userId, body) => m.wallet.withdrawals.request(userId, body),
      transfer: (userId, body) => m.wallet.transfer(userId, body),
      transfers: (userId, f, p) => m.wallet.transfers(userId, f, p),
      exchangeInfo: (userId, q, only) => m.wallet.exchangeInfo(userId, q, only),
      exchange: (userId, body) => m.wallet.exchange(userId, body),
      priceUsdt18: (symbol) => m.wallet.assets.priceUsdt18(symbol),
    },
    team: {
      list: (userId, q) => m.users.teamList(userId, q),
      summary: (userId) => m.users.teams.summary(userId),
    },
  }),
  // A card's number is shown only after the holder signs a fresh sign-in message (the auth module checks it).
  cards: (m) => ({ reauthenticate: (userId, input) => m.auth.reauthenticate(userId, input) }),
  // Goods images are uploads kept by the cards module (checked, re-encoded, sealed); a storefront shows them
  // through public links, which only goods images get.
  // The largest purchases are confirmed like a withdrawal (auth checks the signature and the code).
  shop: (m) => ({
    confirm: confirmPort(m),
    uploads: {
      begin: (userId, body) => m.cards.files.begin(userId, body),
      claim: (tx, userId, id, by) => m.cards.files.take(tx, userId, id, 'product', by),
      publicLink: (id) => m.cards.files.publicLink(id),
    },
  }),
  // The console reads the settings catalogue and the running modules taken together: each one's checks of a
  // setting, its dashboard part, its rewards programs and its loans (for the solvency report).
  admin: (_, app) => ({
    catalogue: app.catalogue,
    checkSetting: (key, value) => app.together.checkSetting(key, value),
    dashboard: (since) => app.together.dashboard(since),
    programs: () => app.together.programs(),
    loans: () => app.together.loans(),
  }),
};
