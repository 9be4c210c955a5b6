/**
 * Copy trading.
 *
 * A lead trader's every move in a contract (open, add, reduce, close, flip, liquidation) is mirrored for each
 * active copy inside the futures writer's transaction (the copy port): the follower's target is the lead's
 * position times the copy's ratio, fixed when the lead opened from flat (`ratio` contracts per contract, or
 * the contracts `amount` of margin opens at the lead's price and leverage, per lead contract), rounded down,
 * so a follower always holds the lead's position in proportion within one contract. A follower without the
 * margin, or beyond the copy's budget, is skipped with a record; a lead position a copy did not open with
 * stays uncopied until the lead is flat again. A follower's copied position is the copy's: their own orders
 * on it are refused until they cancel the copy.
 *
 * Profit share: every `settle_interval_h` (a week) each copy pays its lead the tier's share of its realized
 * net PnL above the high-water mark, once per (copy, period): the copy's row moves its settled period forward
 * in the transaction that pays, so a restart or a second process settles nothing twice.
 *
 * This file assembles the module's context once and hands it to the operations, one file each:
 * `mirror-plan.ts`, `mirror-record.ts`, `catch-up.ts` and `port.ts` (the futures writer's port), `follow.ts`,
 * `end.ts` (cancel, stop-loss and take-profit), `settle-profit.ts`, `traders.ts`, `queries.ts`,
 * `lead-apply.ts`, `tiers.ts`, `okx-link.ts`, `okx-send.ts`, `admin.ts` and `lead-review.ts` (operators),
 * `start.ts`; `math.ts` and `rules.ts` hold the arithmetic and the settings' rules.
 */
import { adminFollows, leadApplications, pendingApplications } from './admin';
import type { CopyCtx, CopyDeps } from './context';
import { createCounterpartyFlags } from './counterparty-flags';
import { cancel, checkStops } from './end';
import { follow } from './follow';
import { applyLead, leadStatus, makeLead } from './lead-apply';
import { reviewLead, suspendLead } from './lead-review';
import { createLinkVault } from './links';
import { createOkxClient } from './okx';
import { bindOkx, okxLink, rotateLinkKeys, unbindOkx } from './okx-link';
import { sendOkx } from './okx-send';
import { copyPort } from './port';
import { myFollowers, myFollows, settlements, trades } from './queries';
import { period } from './rules';
import { COPY_SETTINGS } from './settings';
import { settleDue, settleOne } from './settle-profit';
import { demoDefaults, start } from './start';
import { recomputeTiers } from './tiers';
import { trader, traderHistory, traders } from './traders';

export type { CopyDeps, FuturesPort } from './context';

export function createCopy(deps: CopyDeps) {
  const { config } = deps;
  const counterparty = createCounterpartyFlags(deps);
  const ctx: CopyCtx = {
    store: deps.store,
    clock: deps.clock,
    ledger: deps.ledger,
    outbox: deps.outbox,
    log: deps.log,
    futures: deps.futures,
    settings: deps.settings.of(COPY_SETTINGS),
    vault: createLinkVault(config.linkKeys),
    counterparty,
    okx: deps.okx ?? createOkxClient({ baseUrl: config.okxRestUrl, timeoutMs: config.okxRestTimeoutMs }),
    leads: new Map(),
    managed: new Set(),
    lagging: new Set(),
    state: { figures: null, sending: null },
  };
  /** An operation with the module's context bound: the same call the handlers and the app make. */
  const op =
    <A extends unknown[], R>(fn: (c: CopyCtx, ...args: A) => R) =>
    (...args: A): R =>
      fn(ctx, ...args);

  return {
    port: copyPort(ctx),
    start: op(start),
    /** Leads whose followers' fills concentrate on one counterparty (operators' warning). */
    counterpartyFlags: counterparty.flags,
    traders: op(traders),
    trader: op(trader),
    traderHistory: op(traderHistory),
    follow: op(follow),
    cancel: op(cancel),
    checkStops: op(checkStops),
    myFollows: op(myFollows),
    trades: op(trades),
    settleOne: op(settleOne),
    settleDue: op(settleDue),
    period: op(period),
    settlements: op(settlements),
    leadStatus: op(leadStatus),
    applyLead: op(applyLead),
    makeLead: op(makeLead),
    leadApplications: op(leadApplications),
    adminFollows: op(adminFollows),
    reviewLead: op(reviewLead),
    suspendLead: op(suspendLead),
    pendingApplications: op(pendingApplications),
    demoDefaults: op(demoDefaults),
    myFollowers: op(myFollowers),
    recomputeTiers: op(recomputeTiers),
    bindOkx: op(bindOkx),
    okxLink: op(okxLink),
    unbindOkx: op(unbindOkx),
    rotateLinkKeys: op(rotateLinkKeys),
    sendOkx: op(sendOkx),
  };
}

export type Copy = ReturnType<typeof createCopy>;
