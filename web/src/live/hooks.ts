import type { LiveNoticeData, LivePositionData, LiveTickerData, ResponseData } from '@nexa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { invalidateApi, NO_BODY, useApiQuery } from '../api/hooks';
import { useSession } from '../session';
import type { BookView } from './book-store';
import { getLive, holdChannel } from './index';
import type { MarkView } from './market-store';
import { applyOrderPush } from './orders';

const subscribe = (listener: () => void) => getLive().store.subscribe(listener);

/** Every ticker of the feed, by instrument id; re-renders at most once a frame. */
export function useTickers(): Readonly<Record<string, LiveTickerData>> {
  useEffect(() => holdChannel({ channel: 'tickers' }), []);
  return useSyncExternalStore(subscribe, getLive().store.getTickers, getLive().store.getTickers);
}

/** One instrument's ticker (undefined until the feed sends it). */
export function useTicker(instId: string | null): LiveTickerData | undefined {
  useEffect(() => (instId ? holdChannel({ channel: 'tickers', instId }) : undefined), [instId]);
  const get = useCallback(() => (instId ? getLive().store.getTicker(instId) : undefined), [instId]);
  return useSyncExternalStore(subscribe, get, get);
}

/** One instrument's order book, 6 levels a side (null until its snapshot arrives). */
export function useBook(instId: string | null): BookView | null {
  useEffect(() => (instId ? holdChannel({ channel: 'books', instId }) : undefined), [instId]);
  const get = useCallback(() => (instId ? getLive().store.getBook(instId) : null), [instId]);
  return useSyncExternalStore(subscribe, get, get);
}

const REFRESH_DELAY_MS = 250;

/**
 * While signed in, follows `update_order`: each push updates the cached open orders at once, then
 * the open and closed lists (and the balances an order holds) are fetched again, once per burst.
 */
export function useOrderUpdates(): void {
  const queryClient = useQueryClient();
  const { token } = useSession();
  useEffect(() => {
    if (!token) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stopListening = getLive().store.onOrder((update) => {
      applyOrderPush(queryClient, update);
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        void invalidateApi(
          queryClient,
          '/v1/order/meTradeList',
          '/v1/order/list',
          '/api/finance/userFinance',
        );
      }, REFRESH_DELAY_MS);
    });
    const release = holdChannel({ channel: 'update_order' });
    return () => {
      release();
      stopListening();
      if (timer !== null) clearTimeout(timer);
    };
  }, [token, queryClient]);
}

/** A swap's live mark, index and funding (undefined until the feed sends them). */
export function useMark(instId: string | null): MarkView | undefined {
  useEffect(() => {
    if (!instId) return undefined;
    const a = holdChannel({ channel: 'mark-price', instId });
    const b = holdChannel({ channel: 'funding-rate', instId });
    return () => {
      a();
      b();
    };
  }, [instId]);
  const get = useCallback(() => (instId ? getLive().store.getMark(instId) : undefined), [instId]);
  return useSyncExternalStore(subscribe, get, get);
}

/**
 * While signed in, follows `positions`: each push is handed to `onPush` (the screen patches its cached
 * positions at once); a position that opened or closed makes the given reads refresh, once per burst.
 */
export function usePositionUpdates(onPush: (p: LivePositionData) => void): void {
  const { token } = useSession();
  useEffect(() => {
    if (!token) return;
    const stop = getLive().store.onPosition(onPush);
    const release = holdChannel({ channel: 'positions' });
    return () => {
      release();
      stop();
    };
  }, [token, onPush]);
}

type Position = ResponseData<'/v1/futures/positions'>['list'][number];

/** The positions of the session, patched by every live push and refetched when one opens or closes. */
export function useLivePositions() {
  const queryClient = useQueryClient();
  const query = useApiQuery('/v1/futures/positions', NO_BODY);
  const onPush = useCallback(
    (p: LivePositionData) => {
      let known = false;
      queryClient.setQueriesData<{ list: Position[] }>(
        { queryKey: ['api', '/v1/futures/positions'] },
        (old) => {
          if (!old) return old;
          const i = old.list.findIndex((x) => x.instId === p.instId);
          if (i < 0) return old;
          known = true;
          if (p.closed) return { ...old, list: old.list.filter((x) => x.instId !== p.instId) };
          const list = old.list.slice();
          list[i] = { ...(old.list[i] as Position), ...(p as unknown as Partial<Position>) };
          return { ...old, list };
        },
      );
      if (!known && !p.closed) void invalidateApi(queryClient, '/v1/futures/positions');
      if (p.closed) void invalidateApi(queryClient, '/v1/futures/account', '/v1/futures/positionHistory');
    },
    [queryClient],
  );
  usePositionUpdates(onPush);
  return query;
}

/**
 * While signed in, follows `notices`: each notice written for the user makes the unread count and the notice
 * list fetch again (and `onNotice`, when given, hears it first).
 */
export function useNoticeUpdates(onNotice?: (n: LiveNoticeData) => void): void {
  const queryClient = useQueryClient();
  const { token } = useSession();
  useEffect(() => {
    if (!token) return;
    const stop = getLive().store.onNotice((n) => {
      onNotice?.(n);
      void invalidateApi(queryClient, '/api/notice/unread', '/api/notice/list');
    });
    const release = holdChannel({ channel: 'notices' });
    return () => {
      release();
      stop();
    };
  }, [token, queryClient, onNotice]);
}
