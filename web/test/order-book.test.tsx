// @vitest-environment jsdom
import type { LiveBookLevel } from '@nexa/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../src/i18n';
import en from '../src/i18n/locales/en.json';
import type { BookView } from '../src/live/book-store';
import { OrderBook } from '../src/ui/order-book';

/*
 * The order book's three states: grey rows until the first snapshot, "no orders" only for a snapshot
 * that has none, the levels once it has some.
 */

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

const EMPTY_TEXT = en.tradeView.bookEmpty;

function book(asks: readonly LiveBookLevel[], bids: readonly LiveBookLevel[]): BookView {
  return { instId: 'BTC-USDT', asks, bids, seqId: 1 };
}

function show(view: BookView | null, last: string | null = null) {
  return render(
    <OrderBook
      book={view}
      last={last}
      base="BTC"
      quote="USDT"
      priceDecimals={1}
      sizeDecimals={4}
      onPick={() => undefined}
    />,
  );
}

describe('the order book while it loads', () => {
  it('shows grey rows and no empty state before the first snapshot', () => {
    const { container } = show(null);
    const section = screen.getByRole('region', { name: en.tradeView.book });
    expect(section.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelectorAll('.book__row--loading')).toHaveLength(12);
    expect(container.querySelectorAll('.book__skel--mid')).toHaveLength(1);
    expect(container.querySelectorAll('button.book__row')).toHaveLength(0);
    expect(screen.queryByText(EMPTY_TEXT)).toBeNull();
  });

  it('keeps the last price in the middle while the levels load', () => {
    const { container } = show(null, '61542.8');
    expect(container.querySelectorAll('.book__row--loading')).toHaveLength(12);
    expect(container.querySelector('.book__skel--mid')).toBeNull();
    expect(container.querySelector('.book__mid')?.textContent).toBe('61,542.8');
  });

  it('says the book is empty only after a snapshot that really is', () => {
    const { container } = show(book([], []));
    // The empty state stands inside the book section, once.
    const section = screen.getByRole('region', { name: en.tradeView.book });
    expect(section.textContent).toContain(EMPTY_TEXT);
    expect(screen.getAllByText(EMPTY_TEXT)).toHaveLength(1);
    expect(container.querySelector('.book')?.getAttribute('aria-busy')).toBe('false');
    expect(container.querySelectorAll('.book__row--loading')).toHaveLength(0);
    expect(container.querySelectorAll('.book__row--empty')).toHaveLength(12);
  });

  it('shows the levels of a snapshot, padded to six a side, without the empty state', () => {
    const { container } = show(
      book(
        [
          ['61550.0', '0.5', '0', '1'],
          ['61560.0', '0.25', '0', '1'],
        ],
        [['61540.0', '1', '0', '2']],
      ),
    );
    expect(screen.queryByText(EMPTY_TEXT)).toBeNull();
    expect(container.querySelectorAll('.book__row--loading')).toHaveLength(0);
    expect(container.querySelectorAll('button.book__row--ask')).toHaveLength(2);
    expect(container.querySelectorAll('button.book__row--bid')).toHaveLength(1);
    expect(container.querySelectorAll('.book__row--empty')).toHaveLength(9);
    // The lowest ask shows its price, formatted, on an ask row.
    expect(container.querySelector('button.book__row--ask:last-of-type')?.textContent).toContain('61,550.0');
  });

  it('shows a swap’s mark price between the asks and the bids, and no such row for spot', () => {
    const levels = book([['61550.0', '5', '0', '1']], [['61540.0', '3', '0', '1']]);
    const spot = show(levels, '61545.0');
    expect(spot.container.querySelector('.book__mark')).toBeNull();
    cleanup();
    const { container } = render(
      <OrderBook
        book={levels}
        last="61545.0"
        base="cont."
        quote="USDT"
        priceDecimals={1}
        sizeDecimals={0}
        onPick={() => undefined}
        markPx="61543.27"
      />,
    );
    const mark = container.querySelector('.book__mark');
    expect(mark?.textContent).toContain(en.tradeView.mark);
    expect(mark?.textContent).toContain('61,543.3');
    // It stands after the last price and before the first bid.
    const order = [...(container.querySelector('.book')?.children ?? [])].map((e) => e.className);
    const at = order.findIndex((c) => c.startsWith('book__mark'));
    expect(order[at - 1]).toContain('book__mid');
    expect(order[at + 1]).toContain('book__side');
  });
});
