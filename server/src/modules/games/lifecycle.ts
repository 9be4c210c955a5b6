/** The games' start and the step that runs every second. */
import { USDT_SCALE } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import { amountSetting } from '../../kernel/settings';
import { schema } from '../../store';
import { GAMES_SYSTEM, type GamesCtx } from './context';
import { demoStep, ensureDemoRacers, fillDemoPool } from './demo-racers';
import { currentGroup } from './groups';
import { fund } from './operators';
import { settleDue } from './settle';
import { terms } from './terms';

/** What runs every second while the server runs (and what tests call). */
export async function tick(ctx: GamesCtx): Promise<void> {
  await settleDue(ctx);
  await quizStep(ctx);
  await demoStep(ctx);
  await currentGroup(ctx);
}

/** Closed questions paid; in the demo, its questions come again when none is open. */
export async function quizStep(ctx: GamesCtx): Promise<void> {
  const { quiz, state } = ctx;
  await quiz.settleClosed();
  if (state.reseedQuiz && !(await quiz.anyOpen())) await state.reseedQuiz();
}

export async function start(ctx: GamesCtx, seedQuiz: () => Promise<void>): Promise<void> {
  const { store, config, settings, state } = ctx;
  await terms(ctx);
  await currentGroup(ctx);
  if (!config.seedDemo) return;
  const [funded] = await store.db
    .select({ id: schema.ledgerAccounts.id })
    .from(schema.ledgerAccounts)
    .where(eq(schema.ledgerAccounts.systemName, GAMES_SYSTEM.fund))
    .limit(1);
  if (!funded) {
    const amount = amountSetting('games.demo_fund', await settings.get('games.demo_fund'), USDT_SCALE);
    await fund(ctx, null, { amount });
  }
  await seedQuiz();
  state.reseedQuiz = seedQuiz;
  await fillDemoPool(ctx);
  await ensureDemoRacers(ctx);
}
