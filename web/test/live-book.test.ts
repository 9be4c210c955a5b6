import { bookChecksum, LiveBook, type LiveBookLevel, type LiveBooksPush } from '@nexa/contract';
import { describe, expect, it, vi } from 'vitest';
import { BookStore } from '../src/live/book-store';
import { MarketStore } from '../src/live/market-store';

const lv = (px: string, sz: string, count = '1'): LiveBookLevel => [px, sz, '0', count];

/** A reference book beside the store, so every push carries the checksum the server would send. */
class Feed {
  readonly ref = new Map<string, LiveBook>();
  seq = new Map<string, number>();

  snapshot(instId: string, asks: LiveBookLevel[], bids: LiveBookLevel[], seqId = 10): LiveBooksPush {
    const book = new LiveBook();
    book.reset(asks, bids, seqId);
    this.ref.set(instId, book);
    this.seq.set(instId, seqId);
    return {
      arg: { channel: 'books', instId },
      action: 'snapshot',
      data: [{ asks, bids, ts: '1', checksum: book.checksum(), seqId, prevSeqId: -1 }],
    };
  }

  update(
    instId: string,
    asks: LiveBookLevel[],
    bids: LiveBookLevel[],
    opts: { skip?: number; checksum?: number } = {},
  ): LiveBooksPush {
    const book = this.ref.get(instId) ?? new LiveBook();
    const prevSeqId = (this.seq.get(instId) ?? 0) + (opts.skip ?? 0);
    const seqId = prevSeqId + 1;
    book.apply(asks, bids, seqId);
    this.seq.set(instId, seqId);
    return {
      arg: { channel: 'books', instId },
      action: 'update',
      data: [{ asks, bids, ts: '2', checksum: opts.checksum ?? book.checksum(), seqId, prevSeqId }],
    };
  }
}

const prices = (levels: readonly LiveBookLevel[]) => levels.map((l) => l[0]);

describe('order book store (spec section 4)', () => {
  it('a snapshot replaces the book of its instrument', () => {
    const feed = new Feed();
    const store = new BookStore();
    expect(store.apply(feed.snapshot('BTC-USDT', [lv('101', '1')], [lv('99', '2')]))).toBe('applied');
    expect(store.apply(feed.snapshot('BTC-USDT', [lv('105', '3')], [lv('95', '4')], 20))).toBe('applied');
    const view = store.view('BTC-USDT');
    expect(view?.asks).toEqual([lv('105', '3')]);
    expect(view?.bids).toEqual([lv('95', '4')]);
    expect(view?.seqId).toBe(20);
  });

  it('an update merges by price: same price replaced, size 0 removes, new prices inserted in order', () => {
    const feed = new Feed();
    const store = new BookStore();
    store.apply(feed.snapshot('BTC-USDT', [lv('101', '1'), lv('102', '1')], [lv('99', '1'), lv('98', '1')]));
    const outcome = store.apply(
      feed.update(
        'BTC-USDT',
        [lv('101', '5'), lv('102', '0'), lv('100.5', '2')],
        [lv('99.5', '7'), lv('98', '0')],
      ),
    );
    expect(outcome).toBe('applied');
    const view = store.view('BTC-USDT');
    expect(view?.asks).toEqual([lv('100.5', '2'), lv('101', '5')]);
    expect(view?.bids).toEqual([lv('99.5', '7'), lv('99', '1')]);
  });

  it('sorts asks ascending and bids descending by exact decimal comparison, prices kept as text', () => {
    const feed = new Feed();
    const store = new BookStore();
    // Prices a float sort gets wrong: 17 significant digits and more.
    const a1 = '0.10000000000000001';
    const a2 = '0.1000000000000000099';
    const a3 = '0.1';
    store.apply(
      feed.snapshot('X-USDT', [lv(a1, '1'), lv(a3, '1'), lv(a2, '1')], [lv('9', '1'), lv('10', '1')]),
    );
    const view = store.view('X-USDT');
    expect(prices(view?.asks ?? [])).toEqual([a3, a2, a1]);
    expect(prices(view?.bids ?? [])).toEqual(['10', '9']);
  });

  it('the views cap each side at 6 levels; the full book is kept for the checksum', () => {
    const feed = new Feed();
    const store = new BookStore();
    const asks = Array.from({ length: 30 }, (_, i) => lv(String(101 + i), '1'));
    const bids = Array.from({ length: 30 }, (_, i) => lv(String(99 - i), '1'));
    store.apply(feed.snapshot('BTC-USDT', asks, bids));
    expect(store.view('BTC-USDT')?.asks).toHaveLength(6);
    expect(store.view('BTC-USDT')?.bids).toHaveLength(6);
    // Removing the best six asks brings the 7th to the 12th forward, and the checksum still matches.
    const removed = asks.slice(0, 6).map((l) => lv(l[0], '0'));
    expect(store.apply(feed.update('BTC-USDT', removed, []))).toBe('applied');
    expect(prices(store.view('BTC-USDT')?.asks ?? [])).toEqual(['107', '108', '109', '110', '111', '112']);
  });

  it('the first instrument seen becomes the selected one', () => {
    const feed = new Feed();
    const store = new BookStore();
    expect(store.selected).toBeNull();
    store.apply(feed.snapshot('ETH-USDT', [lv('2001', '1')], [lv('1999', '1')]));
    store.apply(feed.snapshot('BTC-USDT', [lv('101', '1')], [lv('99', '1')]));
    expect(store.selected).toBe('ETH-USDT');
    store.select('BTC-USDT');
    expect(store.selected).toBe('BTC-USDT');
  });

  it('keeps books of several instruments apart', () => {
    const feed = new Feed();
    const store = new BookStore();
    store.apply(feed.snapshot('ETH-USDT', [lv('2001', '1')], [lv('1999', '1')]));
    store.apply(feed.snapshot('BTC-USDT', [lv('101', '1')], [lv('99', '1')]));
    store.apply(feed.update('BTC-USDT', [lv('101', '0')], []));
    expect(store.view('ETH-USDT')?.asks).toEqual([lv('2001', '1')]);
    expect(store.view('BTC-USDT')?.asks).toEqual([]);
  });
});

describe('sequence gaps and checksums', () => {
  it('an update whose prevSeqId is not the last seqId asks for a resync, and later updates wait for the snapshot', () => {
    const feed = new Feed();
    const store = new BookStore();
    store.apply(feed.snapshot('BTC-USDT', [lv('101', '1')], [lv('99', '1')], 10));
    expect(store.apply(feed.update('BTC-USDT', [lv('101', '2')], [], { skip: 1 }))).toBe('resync');
    expect(store.isStale('BTC-USDT')).toBe(true);
    // The book is left as it was, and further updates are ignored until a snapshot arrives.
    expect(store.view('BTC-USDT')?.asks).toEqual([lv('101', '1')]);
    expect(store.apply(feed.update('BTC-USDT', [lv('101', '3')], []))).toBe('ignored');
    expect(store.apply(feed.snapshot('BTC-USDT', [lv('101', '3')], [lv('99', '1')], 40))).toBe('applied');
    expect(store.isStale('BTC-USDT')).toBe(false);
    expect(store.apply(feed.update('BTC-USDT', [lv('101', '4')], []))).toBe('applied');
  });

  it('an update for a book never snapshotted asks for a resync', () => {
    const feed = new Feed();
    const store = new BookStore();
    expect(store.apply(feed.update('BTC-USDT', [lv('101', '2')], []))).toBe('resync');
  });

  it('a duplicate of an update already applied is ignored, not a gap', () => {
    const feed = new Feed();
    const store = new BookStore();
    store.apply(feed.snapshot('BTC-USDT', [lv('101', '1')], [lv('99', '1')], 10));
    const u = feed.update('BTC-USDT', [lv('101', '2')], []);
    expect(store.apply(u)).toBe('applied');
    expect(store.apply(u)).toBe('ignored');
  });

  it('a checksum that does not match after merging asks for a resync', () => {
    const feed = new Feed();
    const store = new BookStore();
    store.apply(feed.snapshot('BTC-USDT', [lv('101', '1')], [lv('99', '1')]));
    expect(store.apply(feed.update('BTC-USDT', [lv('101', '2')], [], { checksum: 12345 }))).toBe('resync');
  });

  it('checks snapshots too: one whose checksum does not match its levels asks for a resync', () => {
    const feed = new Feed();
    const store = new BookStore();
    const snap = feed.snapshot('BTC-USDT', [lv('101', '1')], [lv('99', '1')]);
    snap.data[0].checksum += 1;
    expect(store.apply(snap)).toBe('resync');
    expect(store.apply(feed.snapshot('BTC-USDT', [lv('101', '1')], [lv('99', '1')]))).toBe('applied');
  });

  it('the checksum is the contract’s bookChecksum of the merged book (top 25 levels, interleaved)', () => {
    const feed = new Feed();
    const store = new BookStore();
    store.apply(feed.snapshot('BTC-USDT', [lv('101', '1')], [lv('99', '1')]));
    const u = feed.update('BTC-USDT', [lv('100.5', '2')], []);
    expect(u.data[0].checksum).toBe(bookChecksum([lv('100.5', '2'), lv('101', '1')], [lv('99', '1')]));
    expect(store.apply(u)).toBe('applied');
  });

  it('the market store resubscribes a book on a gap', () => {
    const feed = new Feed();
    const onResync = vi.fn();
    const store = new MarketStore({ onResync, schedule: () => {} });
    store.handle(feed.snapshot('BTC-USDT', [lv('101', '1')], [lv('99', '1')], 10));
    store.handle(feed.update('BTC-USDT', [lv('101', '2')], [], { skip: 3 }));
    expect(onResync).toHaveBeenCalledWith('BTC-USDT');
    expect(onResync).toHaveBeenCalledTimes(1);
    // While the fresh snapshot is on its way, more updates do not ask again.
    store.handle(feed.update('BTC-USDT', [lv('101', '3')], []));
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('resubscribes a book at most once a second (a feed that keeps failing cannot make a loop)', () => {
    vi.useFakeTimers();
    try {
      const feed = new Feed();
      const onResync = vi.fn();
      const store = new MarketStore({ onResync, schedule: () => {} });
      const bad = () => {
        const s = feed.snapshot('BTC-USDT', [lv('101', '1')], []);
        s.data[0].checksum += 1;
        return s;
      };
      store.handle(bad());
      store.handle(bad());
      store.handle(bad());
      expect(onResync).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(999);
      expect(onResync).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      expect(onResync).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('market store: one render per frame', () => {
  const ticker = (instId: string, last: string, ts: number) => ({
    arg: { channel: 'tickers' as const, instId },
    action: 'snapshot' as const,
    data: [
      {
        instType: 'SPOT' as const,
        instId,
        last,
        lastSz: '',
        askPx: '',
        askSz: '',
        bidPx: '',
        bidSz: '',
        open24h: '100',
        high24h: '110',
        low24h: '90',
        vol24h: '5',
        ts: String(ts),
        symbol: instId.replace('-', '/'),
        now_price: last,
        now_rate: '1.00',
        change_percent: '1.00',
      },
    ] as [never],
  });

  it('coalesces many pushes into one notification per frame, with stable snapshots', () => {
    const frames: (() => void)[] = [];
    const store = new MarketStore({ onResync: () => {}, schedule: (cb) => frames.push(cb) });
    const feed = new Feed();
    const listener = vi.fn();
    store.subscribe(listener);
    store.handle(feed.snapshot('BTC-USDT', [lv('101', '1')], [lv('99', '1')]));
    for (let i = 0; i < 10; i++) store.handle(feed.update('BTC-USDT', [lv('101', String(i + 2))], []));
    store.handle(ticker('BTC-USDT', '100', 1));
    expect(frames).toHaveLength(1);
    expect(listener).not.toHaveBeenCalled();
    frames[0]?.();
    expect(listener).toHaveBeenCalledTimes(1);
    const book = store.getBook('BTC-USDT');
    expect(book?.asks).toEqual([lv('101', '11')]);
    expect(store.getBook('BTC-USDT')).toBe(book);
    const tickers = store.getTickers();
    expect(tickers['BTC-USDT']?.last).toBe('100');
    expect(store.getTickers()).toBe(tickers);
    // A ticker push leaves the book's snapshot alone.
    store.handle(ticker('BTC-USDT', '101', 2));
    frames[1]?.();
    expect(store.getBook('BTC-USDT')).toBe(book);
    expect(store.getTickers()).not.toBe(tickers);
  });

  it('keeps the prices seen, for client-side candles', () => {
    const store = new MarketStore({ onResync: () => {}, schedule: () => {} });
    store.handle(ticker('BTC-USDT', '100', 1000));
    store.handle(ticker('BTC-USDT', '100', 1500));
    store.handle(ticker('BTC-USDT', '101', 2000));
    expect(store.getTicks('BTC-USDT').map((t) => t.px)).toEqual(['100', '101']);
  });
});
