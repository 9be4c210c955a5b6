import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { barStart, barsFromCandles, buildBars, mergeBars } from '../src/live/candles';
import { applyOrderPush, patchOpenOrders, patchOpenPages } from '../src/live/orders';

const order = (trade_id: string, extra: Record<string, unknown> = {}) => ({
  trade_id,
  status: 'new',
  filled_sz: '0',
  upl: null as string | null,
  upl_ratio: null as string | null,
  mark_px: null as string | null,
  ...extra,
});

describe('own orders from update_order (spec section 4)', () => {
  it('a mark-price update changes upl, upl_ratio and mark_px', () => {
    const list = [order('ord_a'), order('ord_b')];
    const next = patchOpenOrders(list, { trade_id: 'ord_b', upl: '1.5', upl_ratio: '0.02', mark_px: '101' });
    expect(next[1]).toMatchObject({ trade_id: 'ord_b', upl: '1.5', upl_ratio: '0.02', mark_px: '101' });
    expect(next[0]).toBe(list[0]);
  });

  it('a closed order (filled or canceled) leaves the open list', () => {
    const list = [order('ord_a'), order('ord_b')];
    expect(patchOpenOrders(list, { trade_id: 'ord_a', status: 'filled' }).map((o) => o.trade_id)).toEqual([
      'ord_b',
    ]);
    // OKX's names (ordId, state) are understood too.
    expect(patchOpenOrders(list, { ordId: 'ord_b', state: 'canceled' }).map((o) => o.trade_id)).toEqual([
      'ord_a',
    ]);
  });

  it('a partial fill updates the order in place', () => {
    const list = [order('ord_a')];
    const next = patchOpenOrders(list, { trade_id: 'ord_a', status: 'partial_filled', filled_sz: '0.5' });
    expect(next[0]).toMatchObject({ status: 'partial_filled', filled_sz: '0.5' });
  });

  it('leaves the list alone for unknown orders and no-op updates', () => {
    const list = [order('ord_a')];
    expect(patchOpenOrders(list, { trade_id: 'ord_x', upl: '1' })).toBe(list);
    expect(patchOpenOrders(list, { trade_id: 'ord_a', status: 'new' })).toBe(list);
    expect(patchOpenOrders(list, { upl: '1' })).toBe(list);
  });

  it('patches the pages of a cached list and its total', () => {
    const data = { pages: [{ list: [order('ord_a'), order('ord_b')], total: 2 }], pageParams: [1] };
    const next = patchOpenPages(data, { trade_id: 'ord_a', status: 'canceled' });
    expect(next?.pages[0]?.list.map((o) => o.trade_id)).toEqual(['ord_b']);
    expect(next?.pages[0]?.total).toBe(1);
  });

  it('applies a push to the cached open lists only, not the closed ones', () => {
    const qc = new QueryClient();
    const openKey = ['api', '/v1/order/meTradeList', 'en', { state: 'open', instId: 'BTC-USDT' }, 'pages'];
    const closedKey = [
      'api',
      '/v1/order/meTradeList',
      'en',
      { state: 'closed', instId: 'BTC-USDT' },
      'pages',
    ];
    const listKey = ['api', '/v1/order/list', 'en', { status: 1 }, 'pages'];
    const page = () => ({ pages: [{ list: [order('ord_a')], total: 1 }], pageParams: [1] });
    qc.setQueryData(openKey, page());
    qc.setQueryData(closedKey, page());
    qc.setQueryData(listKey, page());
    applyOrderPush(qc, { trade_id: 'ord_a', status: 'filled' });
    const list = (key: unknown[]) =>
      (qc.getQueryData(key) as { pages: { list: unknown[] }[] }).pages[0]?.list.length;
    expect(list(openKey)).toBe(0);
    expect(list(listKey)).toBe(0);
    expect(list(closedKey)).toBe(1);
  });
});

describe('candles built from the ticker stream', () => {
  it('bars start on their interval; days at midnight UTC+8, weeks on Monday', () => {
    const t = Date.UTC(2026, 10, 18, 13, 47, 12); // Wednesday 21:47 at UTC+8
    expect(barStart(t, '1m')).toBe(Date.UTC(2026, 10, 18, 13, 47));
    expect(barStart(t, '15m')).toBe(Date.UTC(2026, 10, 18, 13, 45));
    expect(barStart(t, '4H')).toBe(Date.UTC(2026, 10, 18, 12));
    expect(barStart(t, '1D')).toBe(Date.UTC(2026, 10, 17, 16));
    expect(barStart(t, '1W')).toBe(Date.UTC(2026, 10, 15, 16)); // Monday 00:00 UTC+8
  });

  it('aggregates open, high, low, close and the volume traded', () => {
    const m = Date.UTC(2026, 0, 1, 0, 0);
    const bars = buildBars(
      [
        { ts: m + 1_000, px: '100', vol24h: '10' },
        { ts: m + 20_000, px: '103', vol24h: '11' },
        { ts: m + 40_000, px: '99', vol24h: '12.5' },
        { ts: m + 61_000, px: '101', vol24h: '13' },
      ],
      '1m',
    );
    expect(bars).toEqual([
      { start: m, open: 100, high: 103, low: 99, close: 99, volume: 2.5 },
      { start: m + 60_000, open: 101, high: 101, low: 101, close: 101, volume: 0.5 },
    ]);
    expect(buildBars([], '1D')).toEqual([]);
  });

  it('takes the server candles and carries the last one forward with live prices', () => {
    const m = Date.UTC(2026, 0, 1, 0, 0);
    const history = barsFromCandles([
      [m, '100', '105', '99', '104', '3'],
      [m + 60_000, '104', '106', '103', '105', '2'],
      [m + 120_000, 'x', '1', '1', '1', '1'],
    ]);
    expect(history).toHaveLength(2);
    const live = buildBars(
      [
        { ts: m + 30_000, px: '90', vol24h: '1' }, // older than the server's last bar: ignored
        { ts: m + 70_000, px: '107', vol24h: '2' },
        { ts: m + 80_000, px: '102', vol24h: '3' },
        { ts: m + 125_000, px: '101', vol24h: '4' },
      ],
      '1m',
    );
    expect(mergeBars(history, live)).toEqual([
      { start: m, open: 100, high: 105, low: 99, close: 104, volume: 3 },
      { start: m + 60_000, open: 104, high: 107, low: 102, close: 102, volume: 2 },
      { start: m + 120_000, open: 101, high: 101, low: 101, close: 101, volume: 1 },
    ]);
    expect(mergeBars([], live)).toEqual(live);
  });
});
