import {
  BOOK_SNAPSHOT_DEPTH,
  comparePriceText,
  LiveBook,
  type LiveBookLevel,
  type LiveBooksPush,
  type LiveTickerData,
  type LiveTickersPush,
} from '@nexa/contract';
import type { BookLevel, BusEvents } from '../../kernel/bus';

/** A bus level `[px, sz, count]` as the wire carries it: `[px, sz, "0", "count"]`. */
export function wireLevel(l: BookLevel): LiveBookLevel {
  return [l[0], l[1], '0', String(l[2])];
}

const byPrice = (dir: 1 | -1) => (a: LiveBookLevel, b: LiveBookLevel) => dir * comparePriceText(a[0], b[0]);

export function displaySymbol(instId: string): string {
  const [base = instId, quote] = instId.split('-');
  return quote ? `${base}/${quote}` : base;
}

/**
 * What the gateway knows of one instrument: the full book (kept from `book.snapshot` and
 * `book.update`), the last ticker and the last trade size. Builds the pushes; serializing them is
 * the caller's (once per message, whatever the number of subscribers).
 */
export class InstrumentState {
  readonly book = new LiveBook();
  ts = 0;
  lastSz = '';
  ticker: LiveTickersPush | null = null;
  /** The serialized snapshot of the current book, until the book changes. */
  snapshotText: string | null = null;

  constructor(
    readonly instId: string,
    readonly snapshotDepth = BOOK_SNAPSHOT_DEPTH,
  ) {}

  snapshotPush(): LiveBooksPush {
    return {
      arg: { channel: 'books', instId: this.instId },
      action: 'snapshot',
      data: [
        {
          asks: this.book.asks.top(this.snapshotDepth),
          bids: this.book.bids.top(this.snapshotDepth),
          ts: String(this.ts),
          checksum: this.book.checksum(),
          seqId: this.book.seqId,
          prevSeqId: -1,
        },
      ],
    };
  }

  snapshot(): string {
    this.snapshotText ??= JSON.stringify(this.snapshotPush());
    return this.snapshotText;
  }

  /** Replaces the book. Returns false if a level was malformed (the rest is applied). */
  applySnapshot(e: BusEvents['book.snapshot']): boolean {
    this.ts = e.ts;
    this.snapshotText = null;
    return this.book.reset(e.asks.map(wireLevel), e.bids.map(wireLevel), e.seq);
  }

  /**
   * Merges an update and returns its push (changed levels, sorted; checksum of the book after it;
   * prevSeqId = the seqId before it), or null for a stale update (seq not above the book's).
   */
  applyUpdate(e: BusEvents['book.update']): { push: LiveBooksPush; malformed: boolean } | null {
    if (e.seq <= this.book.seqId) return null;
    const prevSeqId = this.book.seqId;
    const asks = e.asks.map(wireLevel).sort(byPrice(1));
    const bids = e.bids.map(wireLevel).sort(byPrice(-1));
    const ok = this.book.apply(asks, bids, e.seq);
    this.ts = e.ts;
    this.snapshotText = null;
    return {
      malformed: !ok,
      push: {
        arg: { channel: 'books', instId: this.instId },
        action: 'update',
        data: [{ asks, bids, ts: String(e.ts), checksum: this.book.checksum(), seqId: e.seq, prevSeqId }],
      },
    };
  }

  applyTicker(t: BusEvents['ticker']): LiveTickersPush {
    const ask = this.book.asks.best();
    const bid = this.book.bids.best();
    const data: LiveTickerData = {
      instType: t.instId.endsWith('-SWAP') ? 'SWAP' : 'SPOT',
      instId: t.instId,
      last: t.last,
      lastSz: this.lastSz,
      askPx: ask?.[0] ?? '',
      askSz: ask?.[1] ?? '',
      bidPx: bid?.[0] ?? '',
      bidSz: bid?.[1] ?? '',
      open24h: t.open24h,
      high24h: t.high24h,
      low24h: t.low24h,
      vol24h: t.vol24h,
      ts: String(t.ts),
      symbol: displaySymbol(t.instId),
      now_price: t.last,
      now_rate: t.changePercent,
      change_percent: t.changePercent,
    };
    this.ticker = { arg: { channel: 'tickers', instId: t.instId }, action: 'snapshot', data: [data] };
    return this.ticker;
  }
}
