/**
 * The wallet a user sees: balances, records, transfers, internal transfers, exchange, deposits, withdrawals;
 * and what operators read and do on money (deposit claims, withdrawal approvals, a user's accounts and
 * journal, an address's past use, the dashboard's part).
 *
 * This file assembles the module's context once (context.ts) and hands it to the operations, one file each:
 * `balances.ts`, `records.ts`, `transfers.ts`, `internal-transfer.ts`, `exchange-quote.ts` (the exchange's
 * screen and quote), `exchange.ts` (an exchange at a quote; `exchange-exact.ts` its exact settlement,
 * `exchange-book.ts` its book and fee), `funding.ts` (deposit networks and addresses), `faucet.ts` (the demo's
 * funds), `deposits.ts`, `confirm-deposit.ts` and `deposit-review.ts` (operators), `withdrawals.ts`,
 * `withdrawal-review.ts` (operators), `admin.ts` (operators' reads) and `dashboard.ts`. `common.ts` holds the
 * assets and the ports' shapes; `chain/` holds the networks' watchers (one interface, the EVM one built on it).
 */
import { createMoneyWriter } from '../../ledger';
import { addAddress, addressBook, deleteAddress, setWhitelist } from './address-book';
import { accountBalances, addressUse, journal } from './admin';
import { finance } from './balances';
import { createAddressDeriver } from './chain/addresses';
import { createAssets, platformDayStart, type WalletDeps } from './common';
import { confirm } from './confirm-deposit';
import type { WalletCtx } from './context';
import { dashboard } from './dashboard';
import { depositBook } from './deposit-book';
import { adminView as depositAdminView, reject as rejectDeposit } from './deposit-review';
import { chainPayment, credit, list as depositList, receiveAddress, report } from './deposits';
import { exchange } from './exchange';
import { sweepQuotes } from './exchange-book';
import { exchangeInfo, quotePair } from './exchange-quote';
import { claimFaucet, fillFaucetPool } from './faucet';
import { addressOn, confirmationsOf, networkList, networks, txLink, watcherFor } from './funding';
import { internalTransfer } from './internal-transfer';
import { records } from './records';
import { WALLET_SETTINGS } from './settings';
import { monthCsv, monthStatement } from './statement';
import { recipient, transfer, transfers } from './transfers';
import { follow } from './withdrawal-follow';
import {
  approve,
  reject as rejectWithdrawal,
  adminView as withdrawalAdminView,
  adminViews as withdrawalAdminViews,
} from './withdrawal-review';
import { request, rulesFor, rulesView, list as withdrawalList } from './withdrawals';

export { ACCOUNT_KINDS, type PageQuery } from './context';

export function createWallet(deps: WalletDeps) {
  const { store, ledger, config } = deps;
  const ctx: WalletCtx = {
    store,
    clock: deps.clock,
    log: deps.log,
    config,
    limiter: deps.limiter,
    ledger,
    outbox: deps.outbox,
    chains: deps.chains,
    venue: deps.venue,
    positionsEquity: deps.positionsEquity ?? (() => 0n),
    crossKept: deps.crossKept ?? (() => 0n),
    registry: deps.assets,
    settings: deps.settings.of(WALLET_SETTINGS),
    assets: createAssets(deps),
    writer: createMoneyWriter({ store, ledger }),
    derive: config.depositXpub ? createAddressDeriver(config.depositXpub) : null,
    dayStart: () => platformDayStart(deps),
    confirm: deps.confirm ?? null,
    security: deps.security ?? null,
  };
  /** An operation with the module's context bound: the same call the handlers and the app make. */
  const op =
    <A extends unknown[], R>(fn: (c: WalletCtx, ...args: A) => R) =>
    (...args: A): R =>
      fn(ctx, ...args);

  return {
    assets: ctx.assets,
    finance: op(finance),
    records: op(records),
    statement: op(monthStatement),
    statementCsv: op(monthCsv),
    transfer: op(transfer),
    recipient: op(recipient),
    transfers: op(transfers),
    internalTransfer: op(internalTransfer),
    exchangeInfo: op(exchangeInfo),
    exchange: op(exchange),
    quotePair: op(quotePair),
    sweepQuotes: op(sweepQuotes),
    deposits: {
      receiveAddress: op(receiveAddress),
      report: op(report),
      list: op(depositList),
      credit: op(credit),
      confirm: op(confirm),
      reject: op(rejectDeposit),
      adminView: op(depositAdminView),
      chainPayment: op(chainPayment),
      /** Where the watchers' deposits move money (the ledger). */
      book: depositBook(ctx),
    },
    withdrawals: {
      request: op(request),
      list: op(withdrawalList),
      approve: op(approve),
      reject: op(rejectWithdrawal),
      adminView: op(withdrawalAdminView),
      adminViews: op(withdrawalAdminViews),
      rulesFor: op(rulesFor),
      rulesView: op(rulesView),
      /** One step of following the hot wallets' payments on chain (`withdrawal-follow.ts`). */
      follow: op(follow),
    },
    funding: {
      networkList: op(networkList),
      networks: op(networks),
      addressOn: op(addressOn),
      txLink: op(txLink),
      claimFaucet: op(claimFaucet),
      fillFaucetPool: op(fillFaucetPool),
      watcherFor: op(watcherFor),
      confirmationsOf: op(confirmationsOf),
    },
    dashboard: op(dashboard),
    /** The user's address book and whitelist mode. */
    book: {
      list: op(addressBook),
      add: op(addAddress),
      remove: op(deleteAddress),
      setWhitelist: op(setWhitelist),
    },
    /** Operators' reads of a user's money. */
    admin: { balances: op(accountBalances), journal: op(journal), addressUse: op(addressUse) },
  };
}

export type WalletModule = ReturnType<typeof createWallet>;
