import {
  applyBooksPush,
  BOOK_VIEW_DEPTH,
  LiveBook,
  type LiveBookLevel,
  type LiveBooksPush,
} from '@nexa/contract';

/** What a screen shows of one book: the best levels each side (asks ascending, bids descending). */
export interface BookView {
  readonly instId: string;
  readonly asks: readonly LiveBookLevel[];
  readonly bids: readonly LiveBookLevel[];
  readonly seqId: number;
}

/** What became of a books push: applied, ignored (stale or while a fresh snapshot is awaited), or the book must be resubscribed. */
export type BookOutcome = 'applied' | 'ignored' | 'resync';

interface Entry {
  readonly book: LiveBook;
  /** A gap or a bad checksum was seen: updates are dropped until the next snapshot. */
  awaitingSnapshot: boolean;
}

/**
 * The order books of spec section 4, one per instrument: a snapshot replaces the book, an update
 * merges by price (same price replaced, size 0 removes), asks ascending and bids descending by exact
 * decimal comparison (prices stay strings), and the first instrument seen becomes the selected one.
 * The whole book is kept (the checksum covers the top 25 levels); views cap each side at 6.
 *
 * Each push goes through the contract's applyBooksPush: an update whose prevSeqId is not the last
 * seqId (a gap), or a push after which the book's checksum (bookChecksum of the top 25 levels) does
 * not match, answers 'resync': the caller resubscribes for a fresh snapshot, and updates are dropped
 * until it arrives.
 */
export class BookStore {
  readonly #books = new Map<string, Entry>();
  #selected: string | null = null;

  /** The instrument selected: the first one a books push was seen for, until select() changes it. */
  get selected(): string | null {
    return this.#selected;
  }

  select(instId: string): void {
    this.#selected = instId;
  }

  apply(push: LiveBooksPush): BookOutcome {
    const instId = push.arg.instId;
    const data = push.data[0];
    this.#selected ??= instId;
    let entry = this.#books.get(instId);
    if (!entry) {
      entry = { book: new LiveBook(), awaitingSnapshot: false };
      this.#books.set(instId, entry);
      // An update for a book we hold no snapshot of cannot be merged: ask for one.
      if (push.action === 'update') {
        entry.awaitingSnapshot = true;
        return 'resync';
      }
    }
    if (push.action === 'update') {
      if (entry.awaitingSnapshot) return 'ignored';
      // An update the book already holds (a duplicate) is not a gap.
      if (data.prevSeqId !== entry.book.seqId && data.seqId <= entry.book.seqId) return 'ignored';
    }
    const result = applyBooksPush(entry.book, push);
    entry.awaitingSnapshot = result !== 'ok';
    return result === 'ok' ? 'applied' : 'resync';
  }

  /** Forgets a book (its last subscriber left); the next subscription starts from a snapshot. */
  drop(instId: string): void {
    this.#books.delete(instId);
  }

  /** Whether a fresh snapshot of this book is awaited. */
  isStale(instId: string): boolean {
    return this.#books.get(instId)?.awaitingSnapshot ?? false;
  }

  /** The best `depth` levels each side (6 by default, spec section 9), or null for a book never seen. */
  view(instId: string, depth: number = BOOK_VIEW_DEPTH): BookView | null {
    const entry = this.#books.get(instId);
    if (!entry) return null;
    return {
      instId,
      asks: entry.book.asks.top(depth),
      bids: entry.book.bids.top(depth),
      seqId: entry.book.seqId,
    };
  }
}
