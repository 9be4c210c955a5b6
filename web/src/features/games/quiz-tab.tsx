import type { ResponseData } from '@nexa/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ApiFailure, useApiMutation } from '../../api/hooks';
import type { PagedItem } from '../../api/paging';
import { useNow } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { IconCheck, IconClock, IconClose } from '../../ui/icons';
import { PagedList } from '../../ui/paged-list';
import { ConfirmSheet } from '../../ui/sheet';
import { ListSkeleton } from '../../ui/states';
import { clock } from './game-math';
import { useTicketsText } from './game-parts';

type QuizItem = PagedItem<'/api/ticket/quizList'>;
type Opened = ResponseData<'/v1/quiz/open'>;
type Answer = ResponseData<'/v1/quiz/answer'>;

const NO_FILTERS = {};
const QUIZ_READS = [
  '/api/ticket/quizList',
  '/api/racer/index',
  '/api/racer/ticketOrderList',
  '/api/game/orderList',
] as const;

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
  const tk = useTicketsText();
  const open = useApiMutation('/v1/quiz/open', { refreshes: ['/api/ticket/quizList'] });
  const answer = useApiMutation('/v1/quiz/answer', { refreshes: QUIZ_READS });
  const [opened, setOpened] = useState<Opened | null>(null);
  /** When the time runs out on this phone's clock: now + what the server said was left. */
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [choice, setChoice] = useState<number | null>(null);
  const [result, setResult] = useState<Answer | null>(null);
  const asked = useRef(false);
  const { mutateAsync } = open;

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    mutateAsync({ id: item.id })
      .then((o) => {
        setOpened(o);
        setEndsAt(Date.now() + o.left_ms);
      })
      .catch((e: unknown) => {
        // Toasted by the query client (already answered, gone); nothing to show here.
        if (e instanceof ApiFailure) onClose();
      });
  }, [item.id, mutateAsync, onClose]);

  const now = useNow(endsAt !== null && result === null, 200);
  const leftMs = endsAt === null ? 0 : Math.max(0, endsAt - now);
  const limitMs = (opened?.time_limit_s ?? item.time_limit_s) * 1000;
  const timeUp = endsAt !== null && leftMs <= 0;

  const submit = async () => {
    if (result) {
      onClose();
      return;
    }
    if (choice === null || answer.isPending) return;
    try {
      setResult(await answer.mutateAsync({ id: item.id, choice }));
    } catch {
      // Toasted by the query client.
    }
  };

  return (
    <ConfirmSheet
      visible={visible}
      title={t('games.quizTitle')}
      busy={answer.isPending}
      disabled={!result && (choice === null || opened === null)}
      confirmText={result ? t('games.done') : t('games.submitAnswer')}
      onConfirm={() => void submit()}
      onClose={onClose}
      rows={[]}
    >
      {!opened ? (
        <ListSkeleton rows={2} />
      ) : (
        <div className="gask" data-testid="quiz-sheet">
          <p className="gask__q">{opened.question}</p>
          {result ? null : (
            <div className={timeUp ? 'gask__clock gask__clock--up' : 'gask__clock'}>
              <div className="bar gask__bar" aria-hidden="true">
                <span style={{ width: `${limitMs > 0 ? (leftMs / limitMs) * 100 : 0}%` }} />
              </div>
              <span className="num" data-testid="quiz-left" aria-live="off">
                {timeUp ? t('games.timeUp') : t('games.secondsLeft', { count: Math.ceil(leftMs / 1000) })}
              </span>
            </div>
          )}
          <fieldset className="gask__choices">
            <legend className="visually-hidden">{t('games.chooseAnswer')}</legend>
            {opened.choices.map((c, i) => {
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
                  onClick={() => setChoice(i)}
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
          {timeUp && !result ? <p className="gmuted">{t('games.lateNote')}</p> : null}
          {result && (result.correct === null || result.answer === null) ? (
            <div className="gask__result" data-testid="quiz-result">
              <strong>{result.in_time ? t('games.answerTaken') : t('games.answerLate')}</strong>
              <span>
                {result.closes_at
                  ? t('games.resultLaterAt', { time: new Date(result.closes_at).toLocaleString() })
                  : t('games.resultLater')}
              </span>
              <span className="num">{t('games.nowHave', { tickets: tk(result.tickets) })}</span>
            </div>
          ) : result ? (
            <div
              className={
                result.correct ? 'gask__result gask__result--right' : 'gask__result gask__result--wrong'
              }
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
          ) : null}
        </div>
      )}
    </ConfirmSheet>
  );
}
