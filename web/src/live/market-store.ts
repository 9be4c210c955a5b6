import type {
  LiveNoticeData,
  LiveOrderData,
  LivePositionData,
  LivePush,
  LiveTickerData,
} from '@nexa/contract';
import { type BookOutcome, BookStore, type BookView } from './book-store';

/** One price seen on the ticker stream: what candles are built from on the client. */
export interface Tick {
  /** Milliseconds since the epoch. */
  readonly ts: number;
  readonly px: string;
  /** 24 h base volume at that moment (its rises are the volume traded in between). */
  readonly vol24h: string;
}

/** A swap's mark and index price and its coming funding (from `mark-price` and `funding-rate`). */
export interface MarkView {
  readonly markPx: string | null;
  readonly idxPx: string | null;
  readonly fundingRate: string | null;
  /** Milliseconds since the epoch of the next settlement. */
  readonly fundingTime: number | null;
}

/** Runs a callback before the next paint (requestAnimationFrame in the browser). */
export type FrameScheduler = (callback: () => void) => void;

const MAX_TICKS = 20_000;
/** A book is resubscribed at most once a second, so a feed that keeps failing its checksum cannot make a loop. */
export const RESYNC_MIN_GAP_MS = 1_000;

function defaultScheduler(): FrameScheduler {
  if (typeof requestAnimationFrame === 'function') return (cb) => void requestAnimationFrame(() => cb());
  return (cb) => void setTimeout(cb, 16);
}

export interface MarketStoreOptions {
  /** Called when a book must be resubscribed (gap or checksum mismatch). */
  readonly onResync: (instId: string) => void;
  readonly schedule?: FrameScheduler;
  readonly books?: BookStore;
}

/**
 * What the live feed has told the app: tickers, order books and the price history seen. Pushes
 * change the data at once; listeners hear about it once per animation frame however many pushes
 * arrived (10 book updates a second and every ticker cost one render per frame at most), and the
 * snapshots they read keep their identity until their own data changes.
 */
export class MarketStore {
  readonly books: BookStore;
  readonly #opts: MarketStoreOptions;
  readonly #schedule: FrameScheduler;
  readonly #tickers = new Map<string, LiveTickerData>();
  readonly #ticks = new Map<string, Tick[]>();
  readonly #listeners = new Set<() => void>();
  readonly #orderListeners = new Set<(order: LiveOrderData) => void>();
  readonly #noticeListeners = new Set<(notice: LiveNoticeData) => void>();
  readonly #positionListeners = new Set<(position: LivePositionData) => void>();
  readonly #marks = new Map<string, MarkView>();
  readonly #dirtyMarks = new Set<string>();
  readonly #markViews = new Map<string, MarkView>();
  #tickersView: Readonly<Record<string, LiveTickerData>> = {};
  readonly #bookViews = new Map<string, BookView | null>();
  #dirtyTickers = false;
  readonly #dirtyBooks = new Set<string>();
  readonly #resyncAt = new Map<string, number>();
  readonly #resyncWaiting = new Set<string>();
  #scheduled = false;

  constructor(opts: MarketStoreOptions) {
    this.#opts = opts;
    this.#schedule = opts.schedule ?? defaultScheduler();
    this.books = opts.books ?? new BookStore();
  }

  handle(push: LivePush): void {
    switch (push.arg.channel) {
      case 'books': {
        const instId = push.arg.instId;
        if (!instId) return;
        const outcome: BookOutcome = this.books.apply(
          push as Extract<LivePush, { arg: { channel: 'books' } }>,
        );
        if (outcome === 'resync') this.#resync(instId);
        if (outcome === 'applied') {
          this.#dirtyBooks.add(instId);
          this.#later();
        }
        return;
      }
      case 'tickers': {
        const data = push.data[0] as LiveTickerData;
        this.#tickers.set(data.instId, data);
        this.#recordTick(data);
        this.#dirtyTickers = true;
        this.#later();
        return;
      }
      case 'update_order': {
        const data = push.data[0] as LiveOrderData;
        for (const l of this.#orderListeners) l(data);
        return;
      }
      case 'positions': {
        const data = push.data[0] as LivePositionData;
        for (const l of this.#positionListeners) l(data);
        return;
      }
      case 'notices': {
        const data = push.data[0] as LiveNoticeData;
        for (const l of this.#noticeListeners) l(data);
        return;
      }
      case 'mark-price':
      case 'funding-rate': {
        const instId = push.arg.instId;
        const prev = this.#marks.get(instId) ?? {
          markPx: null,
          idxPx: null,
          fundingRate: null,
          fundingTime: null,
        };
        const d = push.data[0] as Record<string, string>;
        const next: MarkView =
          push.arg.channel === 'mark-price'
            ? { ...prev, markPx: d.markPx ?? null, idxPx: d.idxPx ?? null }
            : { ...prev, fundingRate: d.fundingRate ?? null, fundingTime: Number(d.fundingTime) || null };
        this.#marks.set(instId, next);
        this.#dirtyMarks.add(instId);
        this.#later();
        return;
      }
    }
  }

  onPosition(listener: (position: LivePositionData) => void): () => void {
    this.#positionListeners.add(listener);
    return () => this.#positionListeners.delete(listener);
  }

  /** A swap's mark, index and funding as the last frame showed them (undefined before the first push). */
  getMark(instId: string): MarkView | undefined {
    return this.#markViews.get(instId);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Each notice written for the signed-in user while the socket holds `notices`. */
  onNotice(listener: (notice: LiveNoticeData) => void): () => void {
    this.#noticeListeners.add(listener);
    return () => this.#noticeListeners.delete(listener);
  }

  onOrder(listener: (order: LiveOrderData) => void): () => void {
    this.#orderListeners.add(listener);
    return () => this.#orderListeners.delete(listener);
  }

  /** Every ticker seen, by instrument id (the same object until a ticker changes). */
  getTickers = (): Readonly<Record<string, LiveTickerData>> => this.#tickersView;

  getTicker(instId: string): LiveTickerData | undefined {
    return this.#tickersView[instId];
  }

  /** The book as the last frame showed it (6 levels a side), or null before its snapshot. */
  getBook(instId: string): BookView | null {
    if (!this.#bookViews.has(instId)) this.#bookViews.set(instId, this.books.view(instId));
    return this.#bookViews.get(instId) ?? null;
  }

  /** Prices seen for an instrument, oldest first. */
  getTicks(instId: string): readonly Tick[] {
    return this.#ticks.get(instId) ?? [];
  }

  /** Applies what changed since the last frame and tells the listeners (tests call it directly). */
  flush = (): void => {
    this.#scheduled = false;
    let changed = false;
    if (this.#dirtyTickers) {
      this.#dirtyTickers = false;
      this.#tickersView = Object.fromEntries(this.#tickers);
      changed = true;
    }
    for (const instId of this.#dirtyBooks) {
      this.#bookViews.set(instId, this.books.view(instId));
      changed = true;
    }
    this.#dirtyBooks.clear();
    for (const instId of this.#dirtyMarks) {
      const m = this.#marks.get(instId);
      if (m) this.#markViews.set(instId, m);
      changed = true;
    }
    this.#dirtyMarks.clear();
    if (changed) for (const l of [...this.#listeners]) l();
  };

  #resync(instId: string): void {
    if (this.#resyncWaiting.has(instId)) return;
    const run = () => {
      this.#resyncWaiting.delete(instId);
      this.#resyncAt.set(instId, Date.now());
      this.#opts.onResync(instId);
    };
    const wait = (this.#resyncAt.get(instId) ?? Number.NEGATIVE_INFINITY) + RESYNC_MIN_GAP_MS - Date.now();
    if (wait <= 0) {
      run();
      return;
    }
    this.#resyncWaiting.add(instId);
    setTimeout(run, wait);
  }

  #later(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    this.#schedule(this.flush);
  }

  #recordTick(t: LiveTickerData): void {
    if (!t.last) return;
    const ts = Number(t.ts) || Date.now();
    let list = this.#ticks.get(t.instId);
    if (!list) {
      list = [];
      this.#ticks.set(t.instId, list);
    }
    const prev = list[list.length - 1];
    if (prev && prev.px === t.last && prev.vol24h === t.vol24h) return;
    if (prev && ts < prev.ts) return;
    list.push({ ts, px: t.last, vol24h: t.vol24h });
    if (list.length > MAX_TICKS) list.splice(0, list.length - MAX_TICKS);
  }
}
