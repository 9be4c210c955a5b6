import { isSwapInstId } from '@nexa/contract';

/** The writers' lease: its holder runs the swaps, the market's walk and maker, every timer; others forward. */
export const WRITERS_LEASE = 'writers';
/** The spot books' lease: its holder runs every spot book and its writer (and the wallet's exchange on them). */
export const SPOT_LEASE = 'spot';

/** Calls that reach the spot books when the instrument they name is a spot one (a swap's go to the writers). */
const BY_INSTRUMENT: ReadonlySet<string> = new Set([
  '/v1/order/submitTrade',
  '/v1/order/placeAlgo',
  '/v1/order/cancelAlgos',
  '/v1/market/depth',
]);
/** The wallet's exchange (and the NEU line's, the same one): a market order on a spot book, its quotes read the books. */
const SPOT_ALWAYS: ReadonlySet<string> = new Set([
  '/api/exchange/getExchangeInfo',
  '/api/exchange/exchange',
  '/api/neu/exchangeList',
  '/api/neu/getNeuExchangeOrder',
]);

/**
 * The paths a load balancer sends to the spot books' holder (deploy/haproxy-spot.lst): every call that may need
 * them. The same paths' swap calls take one hop from there to the writers' holder.
 */
export const SPOT_PATHS: readonly string[] = [
  ...BY_INSTRUMENT,
  ...SPOT_ALWAYS,
  '/v1/order/batchCancelOrder',
].sort();

const field = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;

/**
 * The writers' group whose memory a call needs: the spot books' for the orders, conditional orders, depth and
 * exchange of a spot instrument; the writers' for everything else (the swaps' orders among them). A cancel
 * that names no instrument is a spot one unless it names the swaps (`instType`), as the order calls decide.
 */
export function leaseOfCall(path: string, body: unknown): string {
  if (SPOT_ALWAYS.has(path)) return SPOT_LEASE;
  const instId = field(body, 'instId');
  if (path === '/v1/order/batchCancelOrder') {
    const swap = field(body, 'instType') === 'SWAP' || (typeof instId === 'string' && isSwapInstId(instId));
    return swap ? WRITERS_LEASE : SPOT_LEASE;
  }
  if (BY_INSTRUMENT.has(path))
    return typeof instId === 'string' && !isSwapInstId(instId) ? SPOT_LEASE : WRITERS_LEASE;
  return WRITERS_LEASE;
}
