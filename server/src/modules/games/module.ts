import { causeNames, GAMES_CAUSES } from '@nexa/contract';
import { count } from 'drizzle-orm';
import { ManualClock } from '../../kernel/clock';
import { defineEntry, defineModule, type ModuleOwnership } from '../../kernel/module';
import { DEMO_QUIZ } from './quiz-data';
import { createGames, GAMES_SYSTEM, type GamesDeps } from './service';
import { GAMES_SETTINGS } from './settings';
import { quizQuestions } from './tables';

export const GAMES_OWNS: ModuleOwnership = {
  causes: causeNames(GAMES_CAUSES),
  systemAccounts: [
    GAMES_SYSTEM.capital,
    GAMES_SYSTEM.fund,
    GAMES_SYSTEM.backing,
    GAMES_SYSTEM.pool,
    GAMES_SYSTEM.revenue,
    GAMES_SYSTEM.exchange,
    GAMES_SYSTEM.demo,
    GAMES_SYSTEM.demoPool,
  ],
  publishes: [],
};

/** Race and quiz games: tickets, race groups with a commit–reveal draw, quiz questions. */
function buildGames(deps: GamesDeps) {
  const games = createGames(deps);
  let timer: NodeJS.Timeout | null = null;
  let running = false;

  async function seedQuiz(): Promise<void> {
    // Once at the first start, and again whenever every demo question has closed (`quizStep`).
    const [n] = await deps.store.db.select({ n: count() }).from(quizQuestions);
    if ((n?.n ?? 0) > 0 && (await games.quizAnyOpen())) return;
    for (const q of DEMO_QUIZ) {
      await games.saveQuiz(null, {
        texts: { en: q.texts.en ?? { question: '', choices: [] }, ...q.texts },
        answer: q.answer,
        reward_tickets: q.reward,
        time_limit_s: q.seconds,
        active: true,
      });
    }
  }

  return {
    api: games,
    module: defineModule({
      domains: ['games'],
      handlers: {
        '/api/racer/index': (ctx) => games.lobby(ctx.me().id),
        '/api/racer/play': (ctx) => games.play(ctx.me().id, ctx.body),
        '/api/racer/playInfo': (ctx) => games.entry(ctx.me().id, ctx.body.id),
        '/api/racer/racerInfo': (ctx) => games.groupInfo(ctx.me().id, ctx.body.id),
        '/api/racer/buyTicket': (ctx) => games.buyTickets(ctx.me().id, ctx.body),
        '/api/racer/exchangeTicket': (ctx) => games.exchangeTickets(ctx.me().id, ctx.body),
        '/api/racer/ticketOrderList': (ctx) => games.ticketOrderList(ctx.me().id, ctx.body),
        '/api/racer/lockLog': (ctx) => games.lockLog(ctx.me().id, ctx.body),
        '/api/racer/playLog': (ctx) => games.playLog(ctx.me().id, ctx.body),
        '/api/game/orderList': (ctx) => games.ticketLog(ctx.me().id, ctx.body),
        '/api/ticket/quizList': (ctx) => games.quizList(ctx.me().id, ctx.lang, ctx.body),
        '/v1/quiz/open': (ctx) => games.quizOpen(ctx.me().id, ctx.lang, ctx.body.id),
        '/v1/quiz/answer': (ctx) => games.quizAnswer(ctx.me().id, ctx.body),
        '/admin/games/overview': () => games.overview(),
        '/admin/games/fund': (ctx) => games.fund(ctx.op().id, ctx.body),
        '/admin/games/saveQuiz': (ctx) => games.saveQuiz(ctx.op().id, ctx.body),
      },
      start: async () => {
        await games.start(seedQuiz);
        // Races end, groups expire and demo racers join on the second; tests on a hand-moved clock drive `tick`.
        if (!(deps.clock instanceof ManualClock)) {
          timer = setInterval(() => {
            if (running) return;
            running = true;
            games
              .tick()
              .catch((err: unknown) => deps.log.warn({ err }, 'games tick failed'))
              .finally(() => {
                running = false;
              });
          }, 1000);
          timer.unref();
        }
      },
      sweep: () => games.settleDue(),
      close: async () => {
        if (timer) clearInterval(timer);
      },
    }),
  };
}

export const gamesModule = defineEntry({
  name: 'games',
  settings: GAMES_SETTINGS,
  owns: GAMES_OWNS,
  build: buildGames,
});
