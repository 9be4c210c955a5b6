/** The operators' side: the games' accounts and open groups, funding the game fund, quiz questions. */
import { USDT_SCALE } from '@nexa/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { auditOperator, fundPoolAudited } from '../../kernel/audit';
import { DomainError, ValidationError } from '../../kernel/errors';
import { schema } from '../../store';
import { GAMES_SYSTEM, type GamesCtx, TICKET, usd } from './context';
import { textOf } from './quiz';
import { quizAttempts, quizQuestions, raceGroups } from './tables';
import { groupView } from './views';

/** A system account's balance, read without creating the account. */
export async function systemBalance(ctx: GamesCtx, name: string, asset: string): Promise<bigint> {
  const { store } = ctx;
  const [row] = await store.db
    .select({ available: schema.ledgerAccounts.available })
    .from(schema.ledgerAccounts)
    .where(and(eq(schema.ledgerAccounts.systemName, name), eq(schema.ledgerAccounts.asset, asset)));
  return row?.available ?? 0n;
}

export async function overview(ctx: GamesCtx) {
  const { store } = ctx;
  const [fund, backing, pools, revenue, issued, demoPool] = await Promise.all([
    systemBalance(ctx, GAMES_SYSTEM.fund, 'USDT'),
    systemBalance(ctx, GAMES_SYSTEM.backing, 'USDT'),
    systemBalance(ctx, GAMES_SYSTEM.pool, 'USDT'),
    systemBalance(ctx, GAMES_SYSTEM.revenue, 'USDT'),
    systemBalance(ctx, GAMES_SYSTEM.capital, TICKET),
    systemBalance(ctx, GAMES_SYSTEM.demoPool, 'USDT'),
  ]);
  const groups = await store.db
    .select()
    .from(raceGroups)
    .where(inArray(raceGroups.status, ['open', 'formed']))
    .orderBy(desc(raceGroups.id))
    .limit(50);
  const quizzes = await store.db
    .select({
      q: quizQuestions,
      answered: sql<number>`(select count(*)::int from ${quizAttempts} where ${quizAttempts.questionId} = ${quizQuestions.id} and ${quizAttempts.answeredAt} is not null)`,
    })
    .from(quizQuestions)
    .orderBy(desc(quizQuestions.id));
  return {
    fund: usd(fund),
    backing: usd(backing),
    tickets_outstanding: Number(-issued),
    pools: usd(pools),
    revenue: usd(revenue),
    demo_pool: usd(demoPool),
    groups: groups.map(groupView),
    quizzes: quizzes.map(({ q, answered }) => ({
      id: q.id,
      question: textOf(q.texts, 'en').question,
      answer: q.answer,
      reward_tickets: q.rewardTickets,
      time_limit_s: q.timeLimitS,
      active: q.active,
      answered,
      closes_at: q.closesAt?.toISOString() ?? null,
      settled_at: q.settledAt?.toISOString() ?? null,
    })),
  };
}

export async function fund(
  ctx: GamesCtx,
  operatorId: number | null,
  body: { amount: bigint; reason?: string | undefined },
) {
  const { store, clock, ledger } = ctx;
  const { amount } = body;
  await store.db.transaction(async (tx) => {
    await fundPoolAudited(tx, ledger, clock.now(), {
      operatorId,
      action: 'games.fund',
      subject: 'system:games:fund',
      pool: GAMES_SYSTEM.fund,
      asset: 'USDT',
      scale: USDT_SCALE,
      amount,
      reason: body.reason,
      from: GAMES_SYSTEM.capital,
      remark: 'game fund',
    });
  });
  return { fund: usd(await systemBalance(ctx, GAMES_SYSTEM.fund, 'USDT')) };
}

/** A question's closing time: as given (not in the past), or `games.quiz_open_hours` from now. */
export async function quizClosesAt(ctx: GamesCtx, given: string | null | undefined): Promise<Date | null> {
  const { clock, settings } = ctx;
  if (given === null) return null;
  if (given === undefined)
    return new Date(clock.now().getTime() + (await settings.get('games.quiz_open_hours')) * 3_600_000);
  const at = new Date(given);
  if (Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(given))
    throw new ValidationError('closes_at', 'invalid_format');
  if (at <= clock.now()) throw new ValidationError('closes_at', 'invalid_value');
  return at;
}

export async function saveQuiz(
  ctx: GamesCtx,
  operatorId: number | null,
  body: {
    id?: number | undefined;
    texts: Record<string, { question: string; choices: string[] }>;
    answer: number;
    reward_tickets: number;
    time_limit_s: number;
    active: boolean;
    closes_at?: string | null | undefined;
  },
) {
  const { store, clock } = ctx;
  const n = body.texts.en?.choices.length ?? 0;
  for (const [lang, t] of Object.entries(body.texts)) {
    if (t.choices.length !== n) throw new ValidationError(`texts.${lang}.choices`, 'invalid_value');
  }
  if (body.answer >= n) throw new ValidationError('answer', 'too_big');
  const closesAt = await quizClosesAt(ctx, body.closes_at);
  const values = {
    closesAt,
    texts: body.texts,
    answer: body.answer,
    rewardTickets: body.reward_tickets,
    timeLimitS: body.time_limit_s,
    active: body.active,
  };
  return store.db.transaction(async (tx) => {
    let id: number;
    let before: unknown = null;
    if (body.id !== undefined) {
      const [old] = await tx.select().from(quizQuestions).where(eq(quizQuestions.id, body.id)).for('update');
      if (!old) throw new DomainError('QuizNotFound');
      before = old;
      await tx.update(quizQuestions).set(values).where(eq(quizQuestions.id, body.id));
      id = body.id;
    } else {
      const [row] = await tx
        .insert(quizQuestions)
        .values({ ...values, createdAt: clock.now() })
        .returning({ id: quizQuestions.id });
      if (!row) throw new Error('question not written');
      id = row.id;
    }
    if (operatorId !== null)
      await auditOperator(tx, clock.now(), {
        operatorId,
        action: body.id === undefined ? 'games.quiz.add' : 'games.quiz.edit',
        subject: `quiz:${id}`,
        before,
        after: values,
      });
    return { id };
  });
}
