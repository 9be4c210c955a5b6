/**
 * The live feed at `/ws` (spec 7 and 9), in OKX v5 shape, shared by server and web. Pure: no I/O,
 * nothing from node:, so it runs in the browser as it is.
 *
 * Client → server: text `ping` every 20 s (answered `pong`), and
 * `{op:'subscribe'|'unsubscribe', args:[{channel, instId}]}` (answered `{event, arg}` or
 * `{event:'error', code, msg}`).
 * Server → client: `{arg:{channel, instId}, action:'snapshot'|'update', data:[…]}`.
 */

export const LIVE_CHANNELS = [
  'books',
  'tickers',
  'update_order',
  'positions',
  'mark-price',
  'funding-rate',
  'notices',
] as const;
/** Channels that need a signed-in socket. */
export const PRIVATE_CHANNELS: readonly LiveChannel[] = ['update_order', 'positions', 'notices'];
export type LiveChannel = (typeof LIVE_CHANNELS)[number];

/** The client sends this text every LIVE_PING_INTERVAL_MS; the server answers LIVE_PONG. */
export const LIVE_PING = 'ping';
export const LIVE_PONG = 'pong';
export const LIVE_PING_INTERVAL_MS = 20_000;
/** A closed socket reconnects (and resubscribes) after this long. */
export const LIVE_RECONNECT_DELAY_MS = 1_000;
/** Levels per side the checksum covers. */
export const BOOK_CHECKSUM_DEPTH = 25;
/** Levels per side a `books` snapshot carries (the server keeps full depth). */
export const BOOK_SNAPSHOT_DEPTH = 400;
/** Buy and sell lists the order-book view helpers keep (spec 9). */
export const BOOK_VIEW_DEPTH = 6;

export interface LiveArg {
  channel: LiveChannel;
  /** Required for `books`; optional for `tickers` (all instruments) and `update_order` (all of mine). */
  instId?: string;
}

export interface LiveRequest {
  op: 'subscribe' | 'unsubscribe';
  args: LiveArg[];
}

export interface LiveAck {
  event: 'subscribe' | 'unsubscribe';
  arg: LiveArg;
}

/** OKX error codes the gateway uses: 60012 bad request, 60011 login needed, 60018 unknown channel/instId. */
export interface LiveError {
  event: 'error';
  code: string;
  msg: string;
  arg?: LiveArg;
}

/** One book level on the wire: price, size, liquidated orders (always "0"), order count. */
export type LiveBookLevel = [px: string, sz: string, liq: string, count: string];

export interface LiveBooksData {
  /** Ascending by price. In an update: only changed levels; size "0" removes the level. */
  asks: LiveBookLevel[];
  /** Descending by price. */
  bids: LiveBookLevel[];
  /** Milliseconds since the epoch, as text (as OKX sends it). */
  ts: string;
  /** bookChecksum of the top 25 levels of the book after this message is applied. */
  checksum: number;
  seqId: number;
  /** The seqId of the previous message on this channel; -1 on a snapshot. */
  prevSeqId: number;
}

export interface LiveBooksPush {
  arg: { channel: 'books'; instId: string };
  action: 'snapshot' | 'update';
  data: [LiveBooksData];
}

/** OKX's ticker fields plus the spec's own (symbol, now_price, now_rate, change_percent). */
export interface LiveTickerData {
  instType: 'SPOT' | 'SWAP';
  instId: string;
  last: string;
  /** Size of the last trade; "" when unknown. */
  lastSz: string;
  /** Best ask and bid from the book; "" when the book is empty or unknown. */
  askPx: string;
  askSz: string;
  bidPx: string;
  bidSz: string;
  open24h: string;
  high24h: string;
  low24h: string;
  /** Base volume over 24 h. */
  vol24h: string;
  volCcy24h?: string;
  sodUtc0?: string;
  sodUtc8?: string;
  ts: string;
  /** Display symbol, `BTC/USDT`. */
  symbol: string;
  /** Same as last. */
  now_price: string;
  /** 24 h change in percent, 2 decimals ("-1.25"); same as change_percent. */
  now_rate: string;
  change_percent: string;
}

export interface LiveTickersPush {
  arg: { channel: 'tickers'; instId: string };
  /** A ticker is always whole: 'snapshot'. (OKX itself sends no action on tickers.) */
  action: 'snapshot';
  data: [LiveTickerData];
}

/**
 * One of the caller's orders, as the market service describes it. The spec's own-order fields
 * `trade_id`, `upl`, `upl_ratio`, `mark_px` are present where they apply (futures positions).
 */
export interface LiveOrderData {
  instId?: string;
  ordId?: string;
  state?: string;
  trade_id?: string;
  upl?: string;
  upl_ratio?: string;
  mark_px?: string;
  [field: string]: unknown;
}

export interface LiveOrderPush {
  arg: { channel: 'update_order'; instId?: string };
  action: 'update';
  data: [LiveOrderData];
}

/** One of the caller's swap positions (the fields of `/v1/futures/positions`); `closed` once it is gone. */
export interface LivePositionData {
  instId: string;
  pos: string;
  closed?: boolean;
  upl?: string;
  upl_ratio?: string;
  mark_px?: string;
  liq_px?: string | null;
  margin_ratio?: string | null;
  [field: string]: unknown;
}

export interface LivePositionPush {
  arg: { channel: 'positions'; instId?: string };
  action: 'update';
  data: [LivePositionData];
}

/** A notice just written for the caller (the fields of `/api/notice/list`'s items). */
export interface LiveNoticeData {
  id: number;
  kind: string;
  params: Record<string, string>;
  created_at: string;
  read_at: string | null;
  [field: string]: unknown;
}

export interface LiveNoticePush {
  arg: { channel: 'notices'; instId?: string };
  action: 'update';
  data: [LiveNoticeData];
}

/** A swap's mark price (and its index), pushed every second. */
export interface LiveMarkPricePush {
  arg: { channel: 'mark-price'; instId: string };
  action: 'snapshot';
  data: [{ instType: 'SWAP'; instId: string; markPx: string; idxPx: string; ts: string }];
}

/** A swap's funding rate as the coming settlement would pay it, and when that is. */
export interface LiveFundingRatePush {
  arg: { channel: 'funding-rate'; instId: string };
  action: 'snapshot';
  data: [{ instType: 'SWAP'; instId: string; fundingRate: string; fundingTime: string; ts: string }];
}

export type LivePush =
  | LiveBooksPush
  | LiveTickersPush
  | LiveOrderPush
  | LivePositionPush
  | LiveMarkPricePush
  | LiveFundingRatePush
  | LiveNoticePush;
export type LiveServerMessage = LivePush | LiveAck | LiveError;

// ── CRC32 and the book checksum ────────────────────────────────────────────────────────────────

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

const encoder = new TextEncoder();

/** CRC-32 (IEEE 802.3, as zlib) of the UTF-8 bytes of `text`, as a signed 32-bit integer (as OKX sends it). */
export function crc32(text: string): number {
  const bytes = encoder.encode(text);
  let crc = -1;
  for (let i = 0; i < bytes.length; i++) {
    crc = (crc >>> 8) ^ (CRC_TABLE[(crc ^ (bytes[i] ?? 0)) & 0xff] ?? 0);
  }
  return (crc ^ -1) | 0;
}

/** A level as any side keeps it: price and size first (wire levels, bus levels). */
export type PriceSize = readonly [string, string, ...unknown[]];

/**
 * The text OKX's checksum covers: the top 25 levels interleaved bid, ask, bid, ask… as `px:sz`,
 * joined by `:`; when one side is shorter, the other's remaining levels follow alone.
 */
export function bookChecksumText(asks: readonly PriceSize[], bids: readonly PriceSize[]): string {
  const parts: string[] = [];
  for (let i = 0; i < BOOK_CHECKSUM_DEPTH; i++) {
    const bid = bids[i];
    const ask = asks[i];
    if (bid) parts.push(`${bid[0]}:${bid[1]}`);
    if (ask) parts.push(`${ask[0]}:${ask[1]}`);
    if (!bid && !ask) break;
  }
  return parts.join(':');
}

/** OKX's book checksum: signed CRC-32 of bookChecksumText. Asks ascending, bids descending. */
export function bookChecksum(asks: readonly PriceSize[], bids: readonly PriceSize[]): number {
  return crc32(bookChecksumText(asks, bids));
}

// ── Prices as text ─────────────────────────────────────────────────────────────────────────────

const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

/** Non-negative decimal text without redundant zeros ("065.10" → "65.1"), or null if not decimal text. */
export function canonicalDecimal(text: string): string | null {
  if (!DECIMAL_TEXT.test(text)) return null;
  const [whole = '0', frac = ''] = text.split('.');
  const w = whole.replace(/^0+(?=\d)/, '');
  const f = frac.replace(/0+$/, '');
  return f ? `${w}.${f}` : w;
}

/** Exact comparison of two non-negative decimal strings: negative, 0 or positive. */
export function comparePriceText(a: string, b: string): number {
  if (a === b) return 0;
  // Number() rounds correctly, so it never reverses an order: unequal numbers decide at once.
  const na = Number(a);
  const nb = Number(b);
  if (na !== nb && !Number.isNaN(na) && !Number.isNaN(nb)) return na < nb ? -1 : 1;
  const ca = canonicalDecimal(a) ?? a;
  const cb = canonicalDecimal(b) ?? b;
  const [aw = '', af = ''] = ca.split('.');
  const [bw = '', bf = ''] = cb.split('.');
  if (aw.length !== bw.length) return aw.length - bw.length;
  if (aw !== bw) return aw < bw ? -1 : 1;
  const len = Math.max(af.length, bf.length);
  const pa = af.padEnd(len, '0');
  const pb = bf.padEnd(len, '0');
  return pa === pb ? 0 : pa < pb ? -1 : 1;
}

/** True when a size means "no level" ("0", "0.000"). */
export function isZeroSize(sz: string): boolean {
  return /^0*(\.0*)?$/.test(sz);
}

// ── A book kept from snapshots and updates ─────────────────────────────────────────────────────

interface Entry {
  level: LiveBookLevel;
  /** Number(price): orders almost every pair; exact comparison breaks its ties. */
  num: number;
}

/**
 * One side of a book, any depth: merge by price (same price replaced, size "0" removes),
 * asks ascending, bids descending. O(log n) lookup, O(n) insert (a splice).
 */
export class LiveBookSide {
  readonly #entries: Entry[] = [];
  readonly #descending: boolean;

  constructor(side: 'asks' | 'bids') {
    this.#descending = side === 'bids';
  }

  get length(): number {
    return this.#entries.length;
  }

  clear(): void {
    this.#entries.length = 0;
  }

  /** Index of the price if present (found) or where it would go. */
  #search(px: string, num: number): { index: number; found: boolean } {
    let lo = 0;
    let hi = this.#entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const e = this.#entries[mid]!;
      let c =
        e.num !== num ? (e.num < num ? -1 : 1) : e.level[0] === px ? 0 : comparePriceText(e.level[0], px);
      if (this.#descending) c = -c;
      if (c === 0) return { index: mid, found: true };
      if (c < 0) lo = mid + 1;
      else hi = mid;
    }
    return { index: lo, found: false };
  }

  /** Sets one level (its new total); a zero size removes it. Returns false for a malformed level. */
  set(level: readonly [string, string, ...unknown[]]): boolean {
    const [px, sz] = level;
    if (typeof px !== 'string' || typeof sz !== 'string' || !DECIMAL_TEXT.test(px) || !DECIMAL_TEXT.test(sz))
      return false;
    const num = Number(px);
    const { index, found } = this.#search(px, num);
    if (isZeroSize(sz)) {
      if (found) this.#entries.splice(index, 1);
      return true;
    }
    const liq = typeof level[2] === 'string' ? level[2] : '0';
    const count = typeof level[3] === 'string' ? level[3] : '0';
    const entry: Entry = { level: [px, sz, liq, count], num };
    if (found) this.#entries[index] = entry;
    else this.#entries.splice(index, 0, entry);
    return true;
  }

  /** The best `n` levels (copies), best first. */
  top(n: number): LiveBookLevel[] {
    const out: LiveBookLevel[] = [];
    const end = Math.min(n, this.#entries.length);
    for (let i = 0; i < end; i++) {
      const l = this.#entries[i]!.level;
      out.push([l[0], l[1], l[2], l[3]]);
    }
    return out;
  }

  /** The best level, or undefined on an empty side. */
  best(): LiveBookLevel | undefined {
    return this.#entries[0]?.level;
  }
}

/** A whole book: both sides, the last seqId, and the checksum over its top 25 levels. */
export class LiveBook {
  readonly asks = new LiveBookSide('asks');
  readonly bids = new LiveBookSide('bids');
  seqId = -1;

  /** Replaces the book. Returns false if a level was malformed (the book is then incomplete). */
  reset(asks: readonly PriceSize[], bids: readonly PriceSize[], seqId: number): boolean {
    this.asks.clear();
    this.bids.clear();
    this.seqId = seqId;
    return this.apply(asks, bids, seqId);
  }

  /** Merges changed levels. Returns false if a level was malformed. */
  apply(asks: readonly PriceSize[], bids: readonly PriceSize[], seqId: number): boolean {
    let ok = true;
    for (const l of asks) ok = this.asks.set(l) && ok;
    for (const l of bids) ok = this.bids.set(l) && ok;
    this.seqId = seqId;
    return ok;
  }

  checksum(): number {
    return bookChecksum(this.asks.top(BOOK_CHECKSUM_DEPTH), this.bids.top(BOOK_CHECKSUM_DEPTH));
  }
}

/** What applying a `books` push did: 'gap' and 'checksum' (and 'malformed') call for a fresh snapshot. */
export type BooksApplyResult = 'ok' | 'gap' | 'checksum' | 'malformed';

/**
 * Applies one `books` push as a client must: a snapshot replaces the book, an update must chain on
 * the last seqId (prevSeqId) and merges by price; either way the checksum must then match. On
 * anything but 'ok' the book is not trustworthy until the next snapshot (resubscribe to get one).
 */
export function applyBooksPush(book: LiveBook, push: LiveBooksPush): BooksApplyResult {
  const d = push.data[0];
  if (push.action === 'snapshot') {
    if (!book.reset(d.asks, d.bids, d.seqId)) return 'malformed';
  } else {
    if (d.prevSeqId !== book.seqId) return 'gap';
    if (!book.apply(d.asks, d.bids, d.seqId)) return 'malformed';
  }
  return book.checksum() === d.checksum ? 'ok' : 'checksum';
}

/** The order-book view of spec 9: the best `depth` (6) sell and buy levels as [price, size]. */
export function bookView(
  book: LiveBook,
  depth = BOOK_VIEW_DEPTH,
): { asks: [string, string][]; bids: [string, string][] } {
  const pair = (l: LiveBookLevel): [string, string] => [l[0], l[1]];
  return { asks: book.asks.top(depth).map(pair), bids: book.bids.top(depth).map(pair) };
}

// ── Reading messages ───────────────────────────────────────────────────────────────────────────

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isLevels(v: unknown): v is LiveBookLevel[] {
  return (
    Array.isArray(v) &&
    v.every((l) => Array.isArray(l) && l.length >= 2 && typeof l[0] === 'string' && typeof l[1] === 'string')
  );
}

/**
 * Reads one text frame of the feed (ours or OKX's). Returns null for anything malformed, which
 * callers ignore (spec 8). Pushes are checked as far as their consumers rely on: book levels are
 * string pairs, seqIds and checksum are numbers, a ticker has instId and last.
 */
export function parseLiveMessage(text: string): LiveServerMessage | null {
  let msg: unknown;
  try {
    msg = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(msg)) return null;
  if (typeof msg.event === 'string') {
    if (msg.event === 'error') {
      return { event: 'error', code: String(msg.code ?? ''), msg: String(msg.msg ?? '') };
    }
    if ((msg.event === 'subscribe' || msg.event === 'unsubscribe') && isRecord(msg.arg)) {
      return msg as unknown as LiveAck;
    }
    return null;
  }
  const arg = msg.arg;
  if (!isRecord(arg) || !Array.isArray(msg.data)) return null;
  const d = msg.data[0];
  if (!isRecord(d)) return null;
  const instId = arg.instId;
  switch (arg.channel) {
    case 'books': {
      if (typeof instId !== 'string') return null;
      if (msg.action !== 'snapshot' && msg.action !== 'update') return null;
      if (!isLevels(d.asks) || !isLevels(d.bids)) return null;
      if (typeof d.seqId !== 'number' || typeof d.prevSeqId !== 'number' || typeof d.checksum !== 'number')
        return null;
      return msg as unknown as LiveBooksPush;
    }
    case 'tickers':
      if (typeof instId !== 'string' || typeof d.instId !== 'string' || typeof d.last !== 'string')
        return null;
      return msg as unknown as LiveTickersPush;
    case 'update_order':
      return msg as unknown as LiveOrderPush;
    case 'positions':
      if (typeof d.instId !== 'string' || typeof d.pos !== 'string') return null;
      return msg as unknown as LivePositionPush;
    case 'notices':
      if (typeof d.id !== 'number' || typeof d.kind !== 'string') return null;
      return msg as unknown as LiveNoticePush;
    case 'mark-price':
      if (typeof instId !== 'string' || typeof d.markPx !== 'string') return null;
      return msg as unknown as LiveMarkPricePush;
    case 'funding-rate':
      if (typeof instId !== 'string' || typeof d.fundingRate !== 'string') return null;
      return msg as unknown as LiveFundingRatePush;
    default:
      return null;
  }
}
