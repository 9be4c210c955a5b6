/**
 * Race and quiz games.
 *
 * Tickets are a ledger asset (TICKET, whole units, not listed by the wallet). Every ticket in a user's hands
 * is backed by its price in USDT in `system:games:backing`: a bought ticket by what the buyer paid, an
 * exchanged or quiz ticket by the game fund (which operators fund from capital; when it is dry, no more such
 * tickets). Joining a group spends N tickets (their backing moves to the group's pool) and freezes the
 * principal, N × ticket price, in the entrant's spot account. A group forms when it is full, the race runs
 * for a while, then it settles in two steps, each exactly once: the draw (the seed is revealed, ranks are
 * fixed) and the payout (the prize share of the pool to the top three, the rest to the platform's revenue,
 * every principal unlocked). A group that does not fill in time refunds everyone (tickets back, backing
 * back, principal unlocked).
 *
 * The draw is `raceRanking` of the contract (docs/fairness.md): a function of the server seed, committed by
 * its hash when the group opened, and of every entrant's client seed, tickets and join order. The demo's
 * racers join a group a real user is in, one at a time, the first racer not in it, with tickets and a client
 * seed drawn at random when it joins and published with its entry at once: like a player's, the racer's
 * contribution is fixed before anyone who joins later picks theirs, and the committed seed does not tell it.
 * Their seats are paid by the demo racers' pool and what is left of them goes back there; a real player's
 * money never pays a demo racer (math.ts, `settlement`; docs/rules.md, "Games").
 */
import { platformDays } from '../../programs/days';
import type { GamesCtx, GamesDeps } from './context';
import { fillDemoPool } from './demo-racers';
import { currentGroup, play } from './groups';
import { quizStep, start, tick } from './lifecycle';
import { fund, overview, saveQuiz } from './operators';
import { createQuiz } from './quiz';
import { entry, groupInfo, lobby, playLog } from './reads';
import { lockLog, ticketLog, ticketOrderList } from './records';
import { GAMES_SETTINGS } from './settings';
import { draw, payout, settleDue } from './settle';
import { buyTickets, exchangeTickets, payQuizReward, ticketsOf } from './tickets';

export { type ChainPaymentCheck, GAMES_SYSTEM, type GamesDeps, TICKET } from './context';
export { demoContribution, demoUid } from './demo-racers';
export { type Settlement, settlement } from './math';
export { maskUid } from './views';

/** The games' shared context, built once: settings, the seal key, platform days, the quiz, the running state. */
function gamesContext(deps: GamesDeps): GamesCtx {
  const { store, clock, ledger, log, config } = deps;
  const ctx: GamesCtx = {
    deps,
    store,
    clock,
    ledger,
    log,
    config,
    settings: deps.settings.of(GAMES_SETTINGS),
    sealKey: config.operatorKey,
    days: platformDays(deps),
    demoRacers: [],
    state: { lastDemoJoin: 0, reseedQuiz: null },
    quiz: createQuiz({
      ...deps,
      ticketsOf,
      payReward: (tx, userId, count) => payQuizReward(ctx, tx, userId, count),
    }),
  };
  return ctx;
}

export function createGames(deps: GamesDeps) {
  const ctx = gamesContext(deps);
  const { quiz } = ctx;
  /** An operation of the games, its context given. */
  const op =
    <A extends unknown[], R>(f: (c: GamesCtx, ...a: A) => R) =>
    (...a: A): R =>
      f(ctx, ...a);
  return {
    lobby: op(lobby),
    play: op(play),
    entry: op(entry),
    groupInfo: op(groupInfo),
    buyTickets: op(buyTickets),
    exchangeTickets: op(exchangeTickets),
    ticketOrderList: op(ticketOrderList),
    lockLog: op(lockLog),
    playLog: op(playLog),
    ticketLog: op(ticketLog),
    quizList: quiz.list,
    quizOpen: quiz.open,
    quizAnswer: quiz.answer,
    quizStep: op(quizStep),
    quizAnyOpen: quiz.anyOpen,
    overview: op(overview),
    fund: op(fund),
    saveQuiz: op(saveQuiz),
    start: op(start),
    tick: op(tick),
    settleDue: op(settleDue),
    draw: op(draw),
    payout: op(payout),
    currentGroup: op(currentGroup),
    ticketsOf: (userId: number) => ticketsOf(ctx.store.db, userId),
    demoRacers: () => [...ctx.demoRacers],
    fillDemoPool: op(fillDemoPool),
  };
}

export type Games = ReturnType<typeof createGames>;
