/**
 * Mining: machines sold for a term, and each platform day's emission shared by effective hash power.
 *
 * A line (the main one; the NEU line is another) has a machine catalogue, an output asset and a daily
 * emission. A purchase pays the price from the spot account and adds the machines' power (and promotional
 * bonus) to the buyer's base power at once; the order earns from the next platform day for the machine's
 * term.
 *
 * Effective power on a day is personal power (own running machines) plus, while the user runs machines of
 * their own, direct power (`direct_rate` of the direct referrals' personal power) and level power (the rate of
 * the user's team level, of the whole downline's personal power). Each ended day is settled once by the
 * rewards engine: the day's shares are fixed first (one row per user, from the orders that ran that day, in
 * one statement, never changed after), then each share is paid `emission × power ÷ network` (rounded down;
 * what rounding leaves stays in the pool) from the line's output pool.
 *
 * The figures a user sees (their power of every kind, team power, the network's) come from kept aggregates
 * updated with every purchase and every ended order, never by walking the referral tree.
 *
 * This file assembles the module's context once (context.ts) and hands it to the operations, one file each:
 * `buy.ts` (the catalogue and a purchase), `my-power.ts` (a user's power by kind and its records),
 * `queries.ts` (orders, output days, investments, a line's epochs), `settle.ts` (the daily sweep and expiry),
 * `admin.ts` (operators' machines and funding), `reports.ts` (the solvency and line reports) and `start.ts`.
 * `lines.ts` reads the lines and builds each one's daily output program, `power.ts` keeps the power
 * aggregates and the rates, `views.ts` answers; `math.ts` and `power-weights.ts` hold the arithmetic.
 */
import { platformDays } from '../../programs/days';
import { createRewards } from '../../programs/rewards';
import { createSharedEmission } from '../../programs/shared-emission';
import { adminMachines, fund, machineStatus, saveMachine } from './admin';
import { buy, machines } from './buy';
import type { MiningCtx, MiningDeps } from './context';
import { lines, quotaPerPay } from './lines';
import { power, powerCategories, powerLog } from './my-power';
import { investments, orders, outputDays, periods } from './queries';
import { linesReport, programReports } from './reports';
import { MINING_SETTINGS } from './settings';
import { expire, settleDue } from './settle';
import { start } from './start';

export { MINING_SYSTEM, type MiningDeps } from './context';
export { type Epoch, effectivePower, epochOn, epochsOf, estimateOf, quotaFor } from './math';
export { powerWeights } from './power-weights';

export function createMining(deps: MiningDeps) {
  const { store, clock, ledger, log } = deps;
  const rewards = createRewards({ store, clock, ledger, log });
  const ctx: MiningCtx = {
    store,
    clock,
    ledger,
    assets: deps.assets,
    config: deps.config,
    team: deps.team,
    settings: deps.settings.of(MINING_SETTINGS),
    rewards,
    shared: createSharedEmission({ store, clock, rewards }),
    days: platformDays(deps),
    outputs: new Map(),
    state: { rates: null, network: [] },
  };
  /** An operation with the module's context bound: the same call the handlers and the app make. */
  const op =
    <A extends unknown[], R>(fn: (c: MiningCtx, ...args: A) => R) =>
    (...args: A): R =>
      fn(ctx, ...args);

  return {
    quotaPerPay: op(quotaPerPay),
    machines: op(machines),
    buy: op(buy),
    orders: op(orders),
    power: op(power),
    powerCategories: op(powerCategories),
    powerLog: op(powerLog),
    outputDays: op(outputDays),
    investments: op(investments),
    expire: op(expire),
    settleDue: op(settleDue),
    adminMachines: op(adminMachines),
    saveMachine: op(saveMachine),
    machineStatus: op(machineStatus),
    fund: op(fund),
    linesReport: op(linesReport),
    programReports: op(programReports),
    start: op(start),
    periods: op(periods),
    lines: op(lines),
    rewards,
  };
}

export type Mining = ReturnType<typeof createMining>;
