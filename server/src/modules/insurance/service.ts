/**
 * Loss covers on futures positions.
 *
 * A user buys a cover of `limit` USDT of losses for a premium (`premium_rate` × limit) paid from the spot
 * account into the insurance pool, `system:insurance:pool` (separate from the futures insurance fund). The
 * futures module writes an outbox event in the transaction that ends a position by liquidation or by its
 * stop-loss with a loss; this module's consumer finds the user's cover in force for that position (opened
 * after the cover's waiting period, before its expiry, at no more than its maximum leverage), takes the
 * covered part of the loss (up to what is left of the limit) off the cover and pays `share` of it from the
 * pool into the futures account. The claim's key is the position, so a loss pays once whatever the outbox
 * redelivers. A claim the pool cannot pay is kept queued (operators see it) and paid, oldest first, by the
 * minute's sweep once the pool holds enough: the pool never pays more than it holds.
 *
 * This file assembles the module's context once (context.ts) and hands it to the operations, one file each:
 * `buy.ts`, `on-loss.ts` (the outbox consumer), `pay.ts` (a claim's payment and the sweep of queued ones),
 * `queries.ts` (covers, claims, the operators' queue, compensation per position, dry claims) and
 * `seed-pool.ts` (the demo's pool). `terms.ts` reads the terms covers are sold on, `views.ts` answers.
 */
import { buy } from './buy';
import type { InsuranceCtx, InsuranceDeps } from './context';
import { onLoss } from './on-loss';
import { payQueued } from './pay';
import { claims, compensationOf, covers, dryClaims, queue } from './queries';
import { seedPool } from './seed-pool';
import { INSURANCE_SETTINGS } from './settings';
import { claimView } from './views';

export {
  INSURANCE_CAPITAL,
  INSURANCE_POOL,
  type InsuranceDeps,
  POSITION_LOSS_TOPIC,
  type PositionLoss,
} from './context';

export function createInsurance(deps: InsuranceDeps) {
  const ctx: InsuranceCtx = {
    store: deps.store,
    clock: deps.clock,
    ledger: deps.ledger,
    log: deps.log,
    config: deps.config,
    settings: deps.settings.of(INSURANCE_SETTINGS),
  };
  /** An operation with the module's context bound: the same call the handlers and the app make. */
  const op =
    <A extends unknown[], R>(fn: (c: InsuranceCtx, ...args: A) => R) =>
    (...args: A): R =>
      fn(ctx, ...args);

  return {
    buy: op(buy),
    onLoss: op(onLoss),
    payQueued: op(payQueued),
    covers: op(covers),
    claims: op(claims),
    claimView,
    queue: op(queue),
    compensationOf: op(compensationOf),
    seedPool: op(seedPool),
    dryClaims: op(dryClaims),
  };
}

export type Insurance = ReturnType<typeof createInsurance>;
