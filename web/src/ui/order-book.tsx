import { BOOK_VIEW_DEPTH, comparePriceText, formatNumber, type LiveBookLevel } from '@nexa/contract';
import { memo, type ReactNode, useRef } from 'react';
import { useTranslation } from '../i18n';
import { formatPrice } from '../lib/market-data';
import type { BookView } from '../live/book-store';
import { Flash } from './market-parts';
import './order-book.css';

interface Row {
  readonly px: string | null;
  readonly sz: string | null;
  /** Depth bar width, 0–100 (cumulative size from the best price; display only). */
  readonly depth: number;
}

/** The rows of one side, best first, padded with empty places to 6 so the book never changes height. */
function sideRows(levels: readonly LiveBookLevel[], max: number): Row[] {
  const rows: Row[] = [];
  let cum = 0;
  for (let i = 0; i < BOOK_VIEW_DEPTH; i++) {
    const l = levels[i];
    if (!l) {
      rows.push({ px: null, sz: null, depth: 0 });
      continue;
    }
    cum += Number(l[1]) || 0;
    rows.push({ px: l[0], sz: l[1], depth: max > 0 ? Math.min(100, (cum / max) * 100) : 0 });
  }
  return rows;
}

function total(levels: readonly LiveBookLevel[]): number {
  return levels.slice(0, BOOK_VIEW_DEPTH).reduce((s, l) => s + (Number(l[1]) || 0), 0);
}

const BookRow = memo(function BookRow({
  px,
  sz,
  depth,
  side,
  priceDecimals,
  sizeDecimals,
  onPick,
}: {
  readonly px: string | null;
  readonly sz: string | null;
  readonly depth: number;
  readonly side: 'ask' | 'bid';
  readonly priceDecimals: number;
  readonly sizeDecimals: number;
  readonly onPick: (px: string) => void;
}): ReactNode {
  // A place with no level stays empty (the book keeps its height; nothing pretends to be a level).
  if (px === null) return <span className="book__row book__row--empty" aria-hidden="true" />;
  return (
    <button type="button" className={`book__row book__row--${side}`} onClick={() => onPick(px)}>
      <span className="book__bar" style={{ width: `${depth}%` }} aria-hidden="true" />
      <span className="book__px num">{px ? formatPrice(px, priceDecimals) : '--'}</span>
      <span className="book__sz num">{sz ? formatNumber(sz, sizeDecimals) : '--'}</span>
    </button>
  );
});

/** Widths of the grey bars while loading (%, price and amount), uneven like a real ladder. */
const SKELETON_WIDTHS: readonly (readonly [number, number])[] = [
  [46, 26],
  [40, 32],
  [50, 22],
  [44, 30],
  [38, 24],
  [48, 34],
];

/** Grey rows in the places of one side while the book's first snapshot is on its way. */
function SkeletonSide(): ReactNode {
  return (
    <div className="book__side">
      {SKELETON_WIDTHS.map(([px, sz]) => (
        <span key={`${px}-${sz}`} className="book__row book__row--loading" aria-hidden="true">
          <span className="book__skel" style={{ width: `${px}%` }} />
          <span className="book__skel" style={{ width: `${sz}%` }} />
        </span>
      ))}
    </div>
  );
}

/** One side of the book: its rows in the order shown (asks with the best at the bottom). */
function BookSide({
  rows,
  side,
  priceDecimals,
  sizeDecimals,
  onPick,
}: {
  readonly rows: readonly Row[];
  readonly side: 'ask' | 'bid';
  readonly priceDecimals: number;
  readonly sizeDecimals: number;
  readonly onPick: (px: string) => void;
}): ReactNode {
  return (
    <div className="book__side">
      {rows.map((row, i) => (
        <BookRow
          // biome-ignore lint/suspicious/noArrayIndexKey: a row is a place in the book, not a level
          key={i}
          px={row.px}
          sz={row.sz}
          depth={row.depth}
          side={side}
          priceDecimals={priceDecimals}
          sizeDecimals={sizeDecimals}
          onPick={onPick}
        />
      ))}
    </div>
  );
}

/** Which way the last price moved last; kept until it moves again. */
function useLastMove(last: string | null): 'up' | 'down' | 'flat' {
  const prev = useRef<string | null>(null);
  const move = useRef<'up' | 'down' | 'flat'>('flat');
  if (last !== null && prev.current !== null && last !== prev.current) {
    move.current = comparePriceText(last, prev.current) > 0 ? 'up' : 'down';
  }
  prev.current = last;
  return move.current;
}

/**
 * The order book: 6 asks above (best at the bottom), the last price, 6 bids below, with depth bars.
 * Tapping a level puts its price into the order form. Until the first snapshot (`book` null) each side
 * shows grey rows, as the leading exchanges do; "no orders in the book yet" only for a snapshot that
 * really has none.
 */
export function OrderBook({
  book,
  last,
  base,
  quote,
  priceDecimals,
  sizeDecimals,
  onPick,
  markPx,
}: {
  readonly book: BookView | null;
  readonly last: string | null;
  /** A swap's mark price, shown under the last price between asks and bids; spot has none (undefined). */
  readonly markPx?: string | null | undefined;
  readonly base: string;
  readonly quote: string;
  readonly priceDecimals: number;
  readonly sizeDecimals: number;
  readonly onPick: (px: string) => void;
}): ReactNode {
  const { t } = useTranslation();
  const asks = book?.asks ?? [];
  const bids = book?.bids ?? [];
  const max = Math.max(total(asks), total(bids));
  const askRows = sideRows(asks, max).reverse();
  const bidRows = sideRows(bids, max);
  const move = useLastMove(last);
  const loading = book === null;
  const side = (rows: typeof askRows, s: 'ask' | 'bid') =>
    loading ? (
      <SkeletonSide />
    ) : (
      <BookSide
        rows={rows}
        side={s}
        priceDecimals={priceDecimals}
        sizeDecimals={sizeDecimals}
        onPick={onPick}
      />
    );
  return (
    <section className="book" aria-label={t('tradeView.book')} aria-busy={loading}>
      <div className="book__head">
        <span>{t('tradeView.bookPrice', { asset: quote })}</span>
        <span>{t('tradeView.bookAmount', { asset: base })}</span>
      </div>
      {side(askRows, 'ask')}
      <button
        type="button"
        className={`book__mid book__mid--${move}`}
        disabled={last === null}
        onClick={() => last && onPick(last)}
      >
        {/* Before the first trade there is no last price: the row stays, empty (grey while loading). */}
        {last === null ? (
          loading ? (
            <span className="book__skel book__skel--mid" aria-hidden="true" />
          ) : null
        ) : (
          <Flash value={last} className="num">
            {formatPrice(last, priceDecimals)}
          </Flash>
        )}
      </button>
      {markPx === undefined ? null : (
        <div className="book__mark" data-testid="book-mark">
          <span>{t('tradeView.mark')}</span>
          <span className="num">{markPx === null ? '--' : formatPrice(markPx, priceDecimals)}</span>
        </div>
      )}
      {side(bidRows, 'bid')}
      {book && asks.length === 0 && bids.length === 0 ? (
        <p className="book__empty">{t('tradeView.bookEmpty')}</p>
      ) : null}
    </section>
  );
}
