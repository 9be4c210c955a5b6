/**
 * The NEU line. It builds no mechanism of its own: NEU staking is the earn module's staking line `neu`, NEU
 * machines are the mining module's line `neu` (with its emission epochs and the SPA quota each purchase
 * grants), deposits, withdrawals, SPA transfers and NEU exchanges are the wallet's, and the team figures are
 * the referral team's kept aggregates. The app wires each of these in as a port (ports.ts). What the line owns
 * is the SPA exchange: SPA quota spent for NEU at the operators' rate, paid from the line's funded fund, never
 * from thin air.
 *
 * This file assembles the module's context once (context.ts) and hands it to the operations, one file each:
 * `overview.ts` (the line's page and a user's figures), `spa-exchange.ts`, `wallet.ts` (withdrawals, SPA
 * transfers and NEU exchanges through the wallet), `queries.ts` (income, team, machines) and `fund.ts` (the
 * exchange's fund, and start); `figures.ts` holds what those answers read, `math.ts` the arithmetic.
 */
import { platformDays } from '../../programs/days';
import type { NeuCtx, NeuDeps } from './context';
import { fund, start } from './fund';
import { index, uinfo } from './overview';
import { incomeLog, machineList, teamList } from './queries';
import { NEU_SETTINGS } from './settings';
import { spaExchange, spaExchanges } from './spa-exchange';
import { exchange, exchangeList, spaTransfer, spaTransfers, withdrawNeu, withdrawUsdt } from './wallet';

export { NEU_PROGRAMS, NEU_SYSTEM, type NeuDeps } from './context';
export { spaToNeu } from './math';
export type { NeuMachinesPort, NeuStakingPort, NeuTeamPort, NeuWalletPort } from './ports';

export function createNeu(deps: NeuDeps) {
  const ctx: NeuCtx = {
    store: deps.store,
    clock: deps.clock,
    ledger: deps.ledger,
    assets: deps.assets,
    config: deps.config,
    staking: deps.staking,
    machines: deps.machines,
    wallet: deps.wallet,
    team: deps.team,
    settings: deps.settings.of(NEU_SETTINGS),
    days: platformDays(deps),
  };
  /** An operation with the module's context bound: the same call the handlers and the app make. */
  const op =
    <A extends unknown[], R>(fn: (c: NeuCtx, ...args: A) => R) =>
    (...args: A): R =>
      fn(ctx, ...args);

  return {
    index: op(index),
    uinfo: op(uinfo),
    withdrawUsdt: op(withdrawUsdt),
    withdrawNeu: op(withdrawNeu),
    spaTransfer: op(spaTransfer),
    spaTransfers: op(spaTransfers),
    spaExchange: op(spaExchange),
    spaExchanges: op(spaExchanges),
    exchangeList: op(exchangeList),
    exchange: op(exchange),
    incomeLog: op(incomeLog),
    teamList: op(teamList),
    machineList: op(machineList),
    fund: op(fund),
    start: op(start),
  };
}

export type Neu = ReturnType<typeof createNeu>;
