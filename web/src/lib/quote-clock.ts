import { isPositiveAmount } from './amounts';

/*
 * The life of an exchange quote (the wallet's exchange and the NEU line's). Its deadline is the server's
 * `expires_at` when the phone's clock agrees with the server's (within a few seconds); otherwise the quote's
 * life counted from when it arrived, so a phone clock set wrong neither freezes nor races the countdown.
 */

/** Where a quote stands at a moment. */
export interface QuoteClock {
  /** Whole seconds left (rounded up), never below 0. */
  readonly seconds: number;
  /** Share of the quote's life still left, 0…1 (the countdown ring). */
  readonly share: number;
  readonly expired: boolean;
}

const CLOCK_TOLERANCE_MS = 3000;

/** When a quote runs out, in the phone's milliseconds: its `expires_at`, or its life from `receivedAt_ms`. */
export function quoteDeadline(expiresAt: string, receivedAt_ms: number, ttl_s: number): number {
  const local = receivedAt_ms + ttl_s * 1000;
  const server = Date.parse(expiresAt);
  if (Number.isNaN(server)) return local;
  return Math.abs(server - local) <= CLOCK_TOLERANCE_MS ? Math.min(server, local) : local;
}

/** Where a quote with this deadline and life stands at `now_ms`. */
export function quoteClock(deadline_ms: number, now_ms: number, ttl_s: number): QuoteClock {
  const left_ms = deadline_ms - now_ms;
  const seconds = Math.max(0, Math.ceil(left_ms / 1000));
  const share = ttl_s <= 0 ? 0 : Math.min(1, Math.max(0, left_ms / (ttl_s * 1000)));
  return { seconds, share, expired: seconds === 0 };
}

/** What the panel under the amount shows: the quote, that it is coming, why it failed, none to be had, or the terms. */
export type QuotePanelState = 'ready' | 'loading' | 'failed' | 'unavailable' | 'idle';

/**
 * What the panel shows for the amount as typed (`typed`), the amount last settled and asked about
 * (`settled`) and that ask. While the two differ, the panel says a quote is coming if the typed amount can be
 * quoted, and shows the terms if not (an amount just cleared, after an exchange or by the user): an answer
 * about the settled amount says nothing of what the box holds now.
 */
export function quotePanelState(p: {
  readonly quote: object | null;
  readonly typed: string;
  readonly settled: string;
  /** A pair is chosen and the settled amount can be asked about. */
  readonly quotable: boolean;
  /** The typed amount could be asked about once it settles (a pair is chosen). */
  readonly pairReady: boolean;
  readonly fetching: boolean;
  readonly failed: boolean;
  readonly answered: boolean;
}): QuotePanelState {
  if (p.quote) return 'ready';
  if (p.typed !== p.settled) return p.pairReady && isPositiveAmount(p.typed) ? 'loading' : 'idle';
  if (!p.quotable) return 'idle';
  if (p.failed) return 'failed';
  if (p.fetching || !p.answered) return 'loading';
  return 'unavailable';
}
