import type { ResponseData } from '@nexa/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiFailure, useApiMutation } from '../../api/hooks';
import type { PagedItem } from '../../api/paging';
import { useNow } from '../../hooks/money';

export type QuizItem = PagedItem<'/api/ticket/quizList'>;
export type Opened = ResponseData<'/v1/quiz/open'>;
export type Answer = ResponseData<'/v1/quiz/answer'>;

const QUIZ_READS = [
  '/api/ticket/quizList',
  '/api/racer/index',
  '/api/racer/ticketOrderList',
  '/api/game/orderList',
] as const;

/**
 * One question asked: opened on the server once (its clock starts there), the time left counted on this
 * phone from what the server said was left, the choice, and the answer's result; submitting again closes.
 */
export function useQuizSheet(item: QuizItem, onClose: () => void) {
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

  return { opened, choice, setChoice, result, leftMs, limitMs, timeUp, submit, busy: answer.isPending };
}
