import { isSwapInstId } from '@nexa/contract';

/** The writers' lease: its holder runs the swaps, the market's walk and maker, every timer; others forward. */
export const WRITERS_LEASE = 'writers';
/** What every spot book's lease key begins with: `spot.BTC-USDT` is the BTC-USDT book's. */
export const SPOT_LEASE_PREFIX = 'spot.';

/** The lease of one spot book: its holder runs that book and answers its orders, cancels, depth and exchange. */
export const spotLease = (instId: string): string => `${SPOT_LEASE_PREFIX}${instId}`;

/** Calls that reach a spot book when the instrument they name is a spot one (a swap's go to the writers). */
const BY_INSTRUMENT: ReadonlySet<string> = new Set([
  '/v1/order/submitTrade',
  '/v1/order/placeAlgo',
  '/v1/order/cancelAlgos',
  '/v1/market/depth',
]);
/** The wallet's exchange (and the NEU line's, the same one): a market order on a spot book, its quotes read it. */
const EXCHANGE_QUOTES: ReadonlySet<string> = new Set([
  '/api/exchange/getExchangeInfo',
  '/api/neu/exchangeList',
]);
const EXCHANGE_ORDERS: ReadonlySet<string> = new Set([
  '/api/exchange/exchange',
  '/api/neu/getNeuExchangeOrder',
]);

/**
 * The paths a load balancer sends to an instance that runs spot books (deploy/haproxy-spot.lst): every call
 * that may need one. The same paths' swap calls, and a book another instance runs, take one hop from there.
 */
export const SPOT_PATHS: readonly string[] = [
  ...BY_INSTRUMENT,
  ...EXCHANGE_QUOTES,
  ...EXCHANGE_ORDERS,
  '/v1/order/batchCancelOrder',
].sort();

/** What the routing reads to find the spot book a call needs when the call does not name it. */
export interface SpotRoutes {
  /** Whether a spot book of this id is configured (an unknown one is refused where the call arrived). */
  has(instId: string): boolean;
  /** The spot instrument trading `a` against `b` (either way round), or null. */
  pairOf(a: string, b: string): string | null;
  /** The spot instrument an exchange quote was given on, or null when there is no such quote. */
  quoteInstrument(quoteId: string): Promise<string | null>;
}

const field = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
const text = (body: unknown, name: string): string | null => {
  const v = field(body, name);
  return typeof v === 'string' ? v : null;
};

/** The spot book's lease of the exchange call (its quote's pair), or null when it needs none. */
function exchangeLease(
  path: string,
  body: unknown,
  spot: SpotRoutes,
): string | null | Promise<string | null> {
  if (EXCHANGE_ORDERS.has(path)) {
    const quoteId = text(body, 'quote_id');
    if (quoteId === null) return null;
    return spot.quoteInstrument(quoteId).then((instId) => (instId === null ? null : spotLease(instId)));
  }
  // The NEU line's list quotes USDT against NEU either way; the wallet's names both assets. Without an amount
  // there is no quote: the list and the live prices (the feed's) are answered anywhere.
  const from = text(body, 'from');
  if (from === null || field(body, 'amount') === undefined) return null;
  const to = path === '/api/neu/exchangeList' ? (from === 'USDT' ? 'NEU' : 'USDT') : text(body, 'to');
  const instId = to === null ? null : spot.pairOf(from, to);
  return instId === null ? null : spotLease(instId);
}

/**
 * The writers' group whose memory a call needs: the spot book's for the orders, conditional orders, depth and
 * exchange of a spot instrument; the writers' for everything else (the swaps' orders among them). Null: the
 * call needs no group's memory (an exchange list without a quote, a cancel the store will refuse), so the
 * instance it reached answers it. A cancel by ids that names no instrument reaches here split by instrument
 * (`splitCancel`); one that names the swaps (`instType`) is the writers'.
 */
export function leaseOfCall(
  path: string,
  body: unknown,
  spot: SpotRoutes,
): string | null | Promise<string | null> {
  if (EXCHANGE_QUOTES.has(path) || EXCHANGE_ORDERS.has(path)) return exchangeLease(path, body, spot);
  const instId = text(body, 'instId');
  if (path === '/v1/order/batchCancelOrder') {
    if (field(body, 'instType') === 'SWAP' || (instId !== null && isSwapInstId(instId))) return WRITERS_LEASE;
    return instId !== null && spot.has(instId) ? spotLease(instId) : null;
  }
  if (!BY_INSTRUMENT.has(path)) return WRITERS_LEASE;
  if (instId === null || isSwapInstId(instId)) return WRITERS_LEASE;
  return spot.has(instId) ? spotLease(instId) : null;
}
