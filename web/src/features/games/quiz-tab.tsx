import { formatDateTime } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { useNow } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { IconCheck, IconClock, IconClose } from '../../ui/icons';
import { PagedList } from '../../ui/paged-list';
import { ConfirmSheet } from '../../ui/sheet';
import { ListSkeleton } from '../../ui/states';
import { clock } from './game-math';
import { useTicketsText } from './game-parts';
import { type Answer, type Opened, type QuizItem, useQuizSheet } from './use-quiz-sheet';

const NO_FILTERS = {};

/** The quiz tab: questions on offer; one opens with its choices and the server's clock. */
export function QuizTab(): ReactNode {
  const { t } = useTranslation('games');
  const [asked, setAsked] = useState<{ readonly item: QuizItem; readonly n: number } | null>(null);
  const [visible, setVisible] = useState(false);
  return (
    <div className="games__quiz">
      <p className="gnote gnote--top">{t('games.quizIntro')}</p>
      <PagedList
        path="/api/ticket/quizList"
        filters={NO_FILTERS}
        itemKey={(q) => q.id}
        emptyTitle={t('games.noQuiz')}
        emptyBody={t('games.noQuizBody')}
        renderItem={(q) => (
          <QuizRow
            q={q}
            onOpen={() => {
              setAsked({ item: q, n: (asked?.n ?? 0) + 1 });
              setVisible(true);
            }}
          />
        )}
      />
      {asked ? (
        <QuizSheet key={asked.n} item={asked.item} visible={visible} onClose={() => setVisible(false)} />
      ) : null}
    </div>
  );
}

function QuizState({ q }: { readonly q: QuizItem }): ReactNode {
  const { t } = useTranslation('games');
  const now = useNow(q.state === 'opened', 1000);
  if (q.state === 'answered') {
    // Right or wrong is told only once the question has closed for everyone.
    if (q.correct === null) return <span className="gtag gtag--open">{t('games.quizPending')}</span>;
    return q.correct ? (
      <span className="gtag gtag--won">
        {t('games.quizRight')} +{q.reward}
      </span>
    ) : (
      <span className="gtag gtag--not_won">{t('games.quizWrong')}</span>
    );
  }
  if (q.state === 'opened') {
    const left = q.deadline ? Math.max(0, Math.ceil((Date.parse(q.deadline) - now) / 1000)) : 0;
    return (
      <span className="gtag gtag--open">
        {left > 0 ? t('games.quizOpenLeft', { time: clock(left) }) : t('games.timeUp')}
      </span>
    );
  }
  return <span className="gtag gtag--new">{t('games.quizNew')}</span>;
}

function QuizRow({ q, onOpen }: { readonly q: QuizItem; readonly onOpen: () => void }): ReactNode {
  const { t } = useTranslation('games');
  const tk = useTicketsText();
  const body = (
    <>
      <div className="gquiz__q">{q.question}</div>
      <div className="gquiz__meta num">
        <span className="gquiz__reward">+{tk(q.reward_tickets)}</span>
        <span className="gquiz__limit">
          <IconClock /> {t('games.seconds', { count: q.time_limit_s })}
        </span>
        <QuizState q={q} />
      </div>
    </>
  );
  if (q.state === 'answered') {
    return (
      <article className="gquiz" data-testid="quiz-row">
        {body}
      </article>
    );
  }
  return (
    <button type="button" className="gquiz gquiz--open" onClick={onOpen} data-testid="quiz-row">
      {body}
    </button>
  );
}

/** The time left to answer, as a bar and in seconds. */
function QuizClock({
  leftMs,
  limitMs,
  timeUp,
}: {
  readonly leftMs: number;
  readonly limitMs: number;
  readonly timeUp: boolean;
}): ReactNode {
  const { t } = useTranslation('games');
  return (
    <div className={timeUp ? 'gask__clock gask__clock--up' : 'gask__clock'}>
      <div className="bar gask__bar" aria-hidden="true">
        <span style={{ width: `${limitMs > 0 ? (leftMs / limitMs) * 100 : 0}%` }} />
      </div>
      <span className="num" data-testid="quiz-left" aria-live="off">
        {timeUp ? t('games.timeUp') : t('games.secondsLeft', { count: Math.ceil(leftMs / 1000) })}
      </span>
    </div>
  );
}

/** The choices, one pressed; once answered, the right one and my wrong one marked. */
function QuizChoices({
  choices,
  choice,
  result,
  onChoose,
}: {
  readonly choices: Opened['choices'];
  readonly choice: number | null;
  readonly result: Answer | null;
  readonly onChoose: (i: number) => void;
}): ReactNode {
  const { t } = useTranslation('games');
  return (
    <fieldset className="gask__choices">
      <legend className="visually-hidden">{t('games.chooseAnswer')}</legend>
      {choices.map((c, i) => {
        const right = result !== null && result.answer !== null && i === result.answer;
        const wrong = result !== null && result.correct === false && i === choice;
        const cls = right
          ? 'gask__choice gask__choice--right'
          : wrong
            ? 'gask__choice gask__choice--wrong'
            : choice === i
              ? 'gask__choice gask__choice--on'
              : 'gask__choice';
        return (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: a choice is its place in the list
            key={i}
            type="button"
            aria-pressed={choice === i}
            className={cls}
            disabled={result !== null}
            onClick={() => onChoose(i)}
          >
            <span className="gask__letter">{String.fromCharCode(65 + i)}</span>
            <span className="gask__text">{c}</span>
            {right ? (
              <IconCheck className="gask__mark" />
            ) : wrong ? (
              <IconClose className="gask__mark" />
            ) : null}
          </button>
        );
      })}
    </fieldset>
  );
}

/** The answer's result: taken (right or wrong told when the question closes), or right or wrong with the tickets. */
function QuizResult({ opened, result }: { readonly opened: Opened; readonly result: Answer }): ReactNode {
  const { t } = useTranslation('games');
  const tk = useTicketsText();
  if (result.correct === null || result.answer === null) {
    return (
      <div className="gask__result" data-testid="quiz-result">
        <strong>{result.in_time ? t('games.answerTaken') : t('games.answerLate')}</strong>
        <span>
          {result.closes_at
            ? t('games.resultLaterAt', { time: formatDateTime(result.closes_at) })
            : t('games.resultLater')}
        </span>
        <span className="num">{t('games.nowHave', { tickets: tk(result.tickets) })}</span>
      </div>
    );
  }
  return (
    <div
      className={result.correct ? 'gask__result gask__result--right' : 'gask__result gask__result--wrong'}
      data-testid="quiz-result"
    >
      <strong>
        {result.correct
          ? result.in_time
            ? t('games.answerRight')
            : t('games.answerLate')
          : t('games.answerWrong')}
      </strong>
      <span>
        {t('games.correctChoice', {
          choice: `${String.fromCharCode(65 + (result.answer ?? 0))}. ${opened.choices[result.answer ?? 0] ?? ''}`,
        })}
      </span>
      <span className="num">
        {t('games.earned', { tickets: tk(result.reward) })} ·{' '}
        {t('games.nowHave', { tickets: tk(result.tickets) })}
      </span>
    </div>
  );
}

/**
 * One question: opened on the server (its clock starts there; opening again gives the same deadline), the
 * choices and the time left as the server counted it; the answer is taken, and right or wrong, the right
 * choice and the tickets come when the question closes for everyone (nothing about it leaks before).
 */
function QuizSheet({
  item,
  visible,
  onClose,
}: {
  readonly item: QuizItem;
  readonly visible: boolean;
  readonly onClose: () => void;
}): ReactNode {
  const { t } = useTranslation('games');
  const quiz = useQuizSheet(item, onClose);
  const { opened, result } = quiz;
  return (
    <ConfirmSheet
      visible={visible}
      title={t('games.quizTitle')}
      busy={quiz.busy}
      disabled={!result && (quiz.choice === null || opened === null)}
      confirmText={result ? t('games.done') : t('games.submitAnswer')}
      onConfirm={() => void quiz.submit()}
      onClose={onClose}
      rows={[]}
    >
      {!opened ? (
        <ListSkeleton rows={2} />
      ) : (
        <div className="gask" data-testid="quiz-sheet">
          <p className="gask__q">{opened.question}</p>
          {result ? null : <QuizClock leftMs={quiz.leftMs} limitMs={quiz.limitMs} timeUp={quiz.timeUp} />}
          <QuizChoices
            choices={opened.choices}
            choice={quiz.choice}
            result={result}
            onChoose={quiz.setChoice}
          />
          {quiz.timeUp && !result ? <p className="gmuted">{t('games.lateNote')}</p> : null}
          {result ? <QuizResult opened={opened} result={result} /> : null}
        </div>
      )}
    </ConfirmSheet>
  );
}
