/**
 * The quiz. A question is open until it closes for everyone (`closes_at`, or an operator taking it down); an
 * answer is taken once, on the server's clock. Nothing about the right answer leaves the server while the
 * question is open: not the right choice, not whether an answer was right, not the reward (a throwaway account
 * would learn it and pass it on). When it closes, every right answer given in time is paid its tickets from the
 * game fund in one transaction, and from then on the right answer is shown.
 */
import type { Lang } from '@nexa/contract';
import { and, count, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { AppDeps } from '../../kernel/context';
import { DomainError } from '../../kernel/errors';
import type { Tx } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { quizAttempts, quizQuestions } from './tables';

type Question = typeof quizQuestions.$inferSelect;
type Attempt = typeof quizAttempts.$inferSelect;

export interface QuizDeps extends AppDeps {
  /** Issues quiz tickets backed by the game fund (throws GameFundShort when it is dry). */
  readonly payReward: (tx: Tx, userId: number, count: number) => Promise<void>;
  readonly ticketsOf: (tx: Tx, userId: number) => Promise<number>;
}

/** A question's text in a language (English when it has none in that language). */
export const textOf = (texts: Record<string, { question: string; choices: string[] }>, lang: Lang) =>
  texts[lang] ?? texts.en ?? { question: '', choices: [] };

/** Closed for everyone: taken down, or past its closing time. */
const closed = (deps: QuizDeps, q: Question, now = deps.clock.now()) =>
  !q.active || (q.closesAt !== null && q.closesAt.getTime() <= now.getTime());
/** An answer given within the question's time limit. */
const inTime = (q: Question, a: Attempt) =>
  a.answeredAt !== null && a.answeredAt.getTime() <= a.openedAt.getTime() + q.timeLimitS * 1000;

export async function list(deps: QuizDeps, userId: number, lang: Lang, q: { page: number; size: number }) {
  const { store } = deps;
  const where = eq(quizQuestions.active, true);
  const [rows, [total]] = await Promise.all([
    onPage(
      store.db
        .select({ q: quizQuestions, a: quizAttempts })
        .from(quizQuestions)
        .leftJoin(
          quizAttempts,
          and(eq(quizAttempts.questionId, quizQuestions.id), eq(quizAttempts.userId, userId)),
        )
        .where(where)
        .orderBy(desc(quizQuestions.id)),
      q,
    ),
    store.db.select({ n: count() }).from(quizQuestions).where(where),
  ]);
  return pageAnswer(
    rows.map(({ q: question, a }) => {
      const settled = question.settledAt !== null;
      return {
        id: question.id,
        question: textOf(question.texts, lang).question,
        reward_tickets: question.rewardTickets,
        time_limit_s: question.timeLimitS,
        state: !a ? ('new' as const) : a.answeredAt ? ('answered' as const) : ('opened' as const),
        deadline: a ? new Date(a.openedAt.getTime() + question.timeLimitS * 1000).toISOString() : null,
        correct: settled ? (a?.correct ?? null) : null,
        reward: settled ? (a?.reward ?? 0) : 0,
        answer: settled ? question.answer : null,
        closes_at: question.closesAt?.toISOString() ?? null,
        settled,
      };
    }),
    total,
  );
}

export async function open(deps: QuizDeps, userId: number, lang: Lang, id: number) {
  const { store, clock } = deps;
  const [question] = await store.db
    .select()
    .from(quizQuestions)
    .where(and(eq(quizQuestions.id, id), eq(quizQuestions.active, true)));
  if (!question) throw new DomainError('QuizNotFound');
  const [before] = await store.db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.questionId, id)));
  if (before?.answeredAt) throw new DomainError('QuizAnswered');
  if (closed(deps, question)) throw new DomainError('QuizClosed');
  await store.db
    .insert(quizAttempts)
    .values({ userId, questionId: id, openedAt: clock.now() })
    .onConflictDoNothing();
  const [a] = await store.db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.questionId, id)));
  if (!a) throw new Error('attempt not written');
  if (a.answeredAt) throw new DomainError('QuizAnswered');
  const deadline = new Date(a.openedAt.getTime() + question.timeLimitS * 1000);
  const text = textOf(question.texts, lang);
  return {
    id,
    question: text.question,
    choices: text.choices,
    reward_tickets: question.rewardTickets,
    time_limit_s: question.timeLimitS,
    opened_at: a.openedAt.toISOString(),
    deadline: deadline.toISOString(),
    left_ms: Math.max(0, deadline.getTime() - clock.now().getTime()),
  };
}

/** Takes an answer once; tells only whether it came in time. */
export async function answer(deps: QuizDeps, userId: number, body: { id: number; choice: number }) {
  const { store, clock } = deps;
  return store.db.transaction(async (tx) => {
    const [question] = await tx.select().from(quizQuestions).where(eq(quizQuestions.id, body.id));
    if (!question) throw new DomainError('QuizNotFound');
    const [a] = await tx
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.questionId, body.id)))
      .for('update');
    if (!a) throw new DomainError('QuizNotOpened');
    if (a.answeredAt) throw new DomainError('QuizAnswered');
    const now = clock.now();
    if (closed(deps, question, now)) throw new DomainError('QuizClosed');
    const correct = body.choice === question.answer;
    await tx
      .update(quizAttempts)
      .set({ answeredAt: now, choice: body.choice, correct, reward: 0 })
      .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.questionId, body.id)));
    return {
      correct: null,
      in_time: now.getTime() <= a.openedAt.getTime() + question.timeLimitS * 1000,
      answer: null,
      reward: 0,
      tickets: await deps.ticketsOf(tx, userId),
      closes_at: question.closesAt?.toISOString() ?? null,
    };
  });
}

/**
 * Settles every question that closed: each right answer given in time is paid once (an attempt's reward is
 * written with its tickets, so a retry pays nobody twice), then the question is marked settled. A question
 * whose rewards the game fund cannot back stays open to settlement and is tried again on the next tick.
 */
export async function settleClosed(deps: QuizDeps): Promise<number> {
  const { store, clock, log } = deps;
  const now = clock.now();
  const due = await store.db
    .select()
    .from(quizQuestions)
    .where(
      and(
        isNull(quizQuestions.settledAt),
        or(eq(quizQuestions.active, false), lte(quizQuestions.closesAt, now)),
      ),
    );
  let settled = 0;
  for (const q of due) {
    try {
      await store.db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(quizQuestions)
          .where(and(eq(quizQuestions.id, q.id), isNull(quizQuestions.settledAt)))
          .for('update');
        if (!locked) return;
        const attempts = await tx
          .select()
          .from(quizAttempts)
          .where(
            and(
              eq(quizAttempts.questionId, q.id),
              eq(quizAttempts.correct, true),
              eq(quizAttempts.reward, 0),
            ),
          );
        for (const a of attempts) {
          if (!inTime(locked, a)) continue;
          await deps.payReward(tx, a.userId, locked.rewardTickets);
          await tx
            .update(quizAttempts)
            .set({ reward: locked.rewardTickets })
            .where(and(eq(quizAttempts.userId, a.userId), eq(quizAttempts.questionId, q.id)));
        }
        await tx.update(quizQuestions).set({ settledAt: now }).where(eq(quizQuestions.id, q.id));
        settled++;
      });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      log.warn({ question: q.id, err: err.errorName }, 'quiz rewards not paid yet');
    }
  }
  return settled;
}

/** Whether any question is still open to answers (the demo adds its questions again when none is). */
export async function anyOpen(deps: QuizDeps): Promise<boolean> {
  const { store, clock } = deps;
  const [row] = await store.db
    .select({ id: quizQuestions.id })
    .from(quizQuestions)
    .where(
      and(
        eq(quizQuestions.active, true),
        or(isNull(quizQuestions.closesAt), gt(quizQuestions.closesAt, clock.now())),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The quiz's calls, its dependencies given. */
export function createQuiz(deps: QuizDeps) {
  const op =
    <A extends unknown[], R>(f: (d: QuizDeps, ...a: A) => R) =>
    (...a: A): R =>
      f(deps, ...a);
  return {
    list: op(list),
    open: op(open),
    answer: op(answer),
    settleClosed: op(settleClosed),
    anyOpen: op(anyOpen),
  };
}

export type Quiz = ReturnType<typeof createQuiz>;
