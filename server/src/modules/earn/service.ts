/**
 * Earn: staking (pledge) and burn (destroy), each a program of the rewards engine.
 *
 * Staking: a user stakes an amount for a plan's days; the principal moves from the spot account into the
 * staking pool (`system:earn:staked`). For each platform day from the day after the stake, the day's
 * settlement pays `amount × apr ÷ 365` (rounded down; the last day pays what is left of the maximum, so the
 * days add up to `amount × apr × days ÷ 365` exactly) from the profit pool (`system:earn:pledge`). After the
 * last day the principal returns, or with auto-renew stays staked in a new order. Early redemption returns
 * the principal less the profit received beyond the flexible rate over the days it ran; that part goes back
 * to the profit pool.
 *
 * Staking runs on lines: the main line in `earn.asset` (USDT) and the NEU line (`earn.neu_staking`), one mechanism
 * configured per line. A line's orders are those in its asset; its profit is the rewards program `pledge` (main)
 * or `pledge:<line>`, paid from the same pool account in the line's asset.
 *
 * Burn: the amount burned leaves the user for the burn sink (`system:earn:burned`); `multiple` times it is
 * released back, `daily_rate` of that maximum a day, from the release pool (`system:earn:release`).
 *
 * This file assembles the module's context once and hands it to the operations, one file each: `stake.ts`,
 * `pledges.ts` (a user's orders), `operate.ts` (renew, early redemption), `expire.ts`, `ranking.ts`, `burn.ts`,
 * `loans.ts` (with `loan-collateral.ts`), `income.ts`, `programs.ts` (the rewards engine's programs),
 * `settle.ts` (the daily settlement and the demo's pools), `plans.ts`, `admin.ts` and `reports.ts`
 * (operators and the solvency report); `lines.ts` holds the staking lines' terms, `math.ts` the arithmetic.
 */

import { platformDays } from '../../programs/days';
import { createRewards } from '../../programs/rewards';
import { adminStakes, fund } from './admin';
import { burn, burnList, burnOrder } from './burn';
import type { EarnCtx, EarnDeps } from './context';
import { expire } from './expire';
import { income } from './income';
import { loanCollateral } from './loan-collateral';
import { borrow, loans, repay } from './loans';
import { loanInterest } from './math';
import { operate } from './operate';
import { adminPlans, savePlan } from './plans';
import { pledgeList, pledgeOrder } from './pledges';
import { EARN_SYSTEM } from './pools';
import { burnProgramOf, stakingPrograms } from './programs';
import { ranking } from './ranking';
import { loanReport, programReports, programsReport, totalStaked } from './reports';
import { EARN_SETTINGS } from './settings';
import { seedPools, settleDue } from './settle';
import { pledgeInfo, stake } from './stake';

export { STAKING_LINES, type StakingLine } from './lines';
export { dailyProfit, loanInterest, maxProfit, redeemValue } from './math';
export { EARN_SYSTEM } from './pools';

export function createEarn(deps: EarnDeps) {
  const { store, clock, ledger, log } = deps;
  const ctx: EarnCtx = {
    store,
    clock,
    ledger,
    log,
    assets: deps.assets,
    config: deps.config,
    team: deps.team,
    settings: deps.settings.of(EARN_SETTINGS),
    rewards: createRewards({ store, clock, ledger, log }),
    collateral: loanCollateral({
      ledger,
      clock,
      pools: { staked: EARN_SYSTEM.staked, loans: EARN_SYSTEM.loans },
      interest: (l, now) => loanInterest(l.amount, l.dailyRate, l.createdAt.getTime(), now),
    }),
    days: platformDays(deps),
    scales: new Map(),
    programs: new Map(),
    burnProgram: burnProgramOf(clock),
  };
  /** An operation with the module's context bound: the same call the handlers and the app make. */
  const op =
    <A extends unknown[], R>(fn: (c: EarnCtx, ...args: A) => R) =>
    (...args: A): R =>
      fn(ctx, ...args);

  return {
    loanReport: op(loanReport),
    totalStaked: op(totalStaked),
    pledgeInfo: op(pledgeInfo),
    adminStakes: op(adminStakes),
    stake: op(stake),
    pledgeOrder: op(pledgeOrder),
    pledgeList: op(pledgeList),
    operate: op(operate),
    expire: op(expire),
    burn: op(burn),
    burnOrder: op(burnOrder),
    burnList: op(burnList),
    income: op(income),
    programsReport: op(programsReport),
    adminPlans: op(adminPlans),
    savePlan: op(savePlan),
    programReports: op(programReports),
    ranking: op(ranking),
    fund: op(fund),
    borrow: op(borrow),
    repay: op(repay),
    loans: op(loans),
    settleDue: op(settleDue),
    seedPools: op(seedPools),
    dayOf: ctx.days.dayOf,
    stakingPrograms: op(stakingPrograms),
    rewards: ctx.rewards,
  };
}

export type Earn = ReturnType<typeof createEarn>;
