import { useMemo } from 'react';
import { NO_BODY, useApiQuery } from '../api/hooks';
import { type Instrument, type MarketRow, mergeMarkets } from '../lib/market-data';
import { useTickers } from '../live/hooks';

/**
 * Where the server's prices come from (`sim`: its simulated market, `okx`, `off`), asked once a session: the
 * price screens mark a simulated market. Undefined until the answer arrives (no mark meanwhile).
 */
export function useMarketSource(): 'sim' | 'okx' | 'off' | undefined {
  return useApiQuery('/v1/market/source', NO_BODY, { stale_ms: Number.POSITIVE_INFINITY, anyLanguage: true })
    .data?.source;
}

/** The spot instruments with their tick and lot sizes, minimum value and fees. */
export function useInstruments() {
  return useApiQuery('/v1/market/instruments', NO_BODY);
}

export function findInstrument(list: readonly Instrument[] | undefined, instId: string | null) {
  return instId ? list?.find((i) => i.instId === instId) : undefined;
}

/**
 * Every market: the server's tickers as the first picture, each overtaken by the live feed as its
 * pushes arrive (re-rendered at most once a frame).
 */
export function useMarkets(): {
  readonly rows: MarketRow[];
  readonly isPending: boolean;
  readonly isError: boolean;
  readonly refetch: () => Promise<unknown>;
} {
  const tickers = useApiQuery('/v1/market/tickers', NO_BODY);
  const instruments = useInstruments();
  const live = useTickers();
  const rows = useMemo(
    () => mergeMarkets(tickers.data?.list, live, instruments.data?.list),
    [tickers.data, live, instruments.data],
  );
  return {
    rows,
    isPending: tickers.isPending && rows.length === 0,
    isError: tickers.isError && rows.length === 0,
    refetch: () => Promise.all([tickers.refetch(), instruments.refetch()]),
  };
}
