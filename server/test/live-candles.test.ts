import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryBus } from '../src/kernel/bus';
import {
  aggregateCandles,
  barStart,
  CANDLE_INTERVALS,
  type CandleInterval,
  type CandleTrade,
  createCandleSeries,
  followTrades,
  INTERVAL_MS,
} from '../src/modules/market/candles';

const T0 = Date.UTC(2024, 0, 1, 16, 0, 0); // 2024-01-02 00:00 at UTC+8, a Tuesday

describe('barStart', () => {
  it.each<[string, number, CandleInterval, number]>([
    ['minute', T0 + 59_999, '1m', T0],
    ['next minute', T0 + 60_000, '1m', T0 + 60_000],
    ['5 minutes', T0 + 7 * 60_000, '5m', T0 + 5 * 60_000],
    ['15 minutes', T0 + 29 * 60_000, '15m', T0 + 15 * 60_000],
    ['30 minutes', T0 + 31 * 60_000, '30m', T0 + 30 * 60_000],
    ['hour', T0 + 61 * 60_000, '1H', T0 + 3_600_000],
    ['4 hours', T0 + 5 * 3_600_000, '4H', T0 + 4 * 3_600_000],
    ['day at UTC+8 midnight', T0 + 23 * 3_600_000, '1D', T0],
    ['day before', T0 - 1, '1D', T0 - 86_400_000],
    ['week from Monday', T0 + 3_600_000, '1W', T0 - 86_400_000],
    ['week, Sunday night', Date.UTC(2024, 0, 7, 15, 59), '1W', T0 - 86_400_000],
    ['next week', Date.UTC(2024, 0, 7, 16, 0), '1W', T0 + 6 * 86_400_000],
  ])('%s', (_name, ts, interval, expected) => {
    expect(barStart(ts, interval)).toBe(expected);
  });

  it('honours another day offset (UTC days)', () => {
    expect(barStart(Date.UTC(2024, 0, 2, 23, 59), '1D', 0)).toBe(Date.UTC(2024, 0, 2));
    expect(barStart(Date.UTC(2024, 0, 3, 12), '1W', 0)).toBe(Date.UTC(2024, 0, 1));
  });

  it('puts every time in a bar of its interval that starts on a Monday for weeks', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.constantFrom(...CANDLE_INTERVALS),
        (ts, interval) => {
          const start = barStart(ts, interval);
          expect(start).toBeLessThanOrEqual(ts);
          expect(ts - start).toBeLessThan(INTERVAL_MS[interval]);
          if (interval === '1W' || interval === '3W') {
            // Monday in UTC+8
            expect(new Date(start + 8 * 3_600_000).getUTCDay()).toBe(1);
            expect(new Date(start + 8 * 3_600_000).getUTCHours()).toBe(0);
          }
        },
      ),
    );
  });
});

describe('aggregateCandles', () => {
  it('makes exact OHLCV bars from trades in any order', () => {
    const trades: CandleTrade[] = [
      { price: '100.1', size: '0.1', ts: T0 + 1_000 },
      { price: '99.9', size: '0.2', ts: T0 + 30_000 },
      { price: '101', size: '1', ts: T0 + 20_000 },
      { price: '100.5', size: '0.0000001', ts: T0 + 59_999 },
      { price: '102', size: '3', ts: T0 + 60_000 },
    ];
    const expected1m = [
      {
        ts: T0,
        open: '100.1',
        high: '101',
        low: '99.9',
        close: '100.5',
        vol: '1.3000001',
        volQuote: '130.99001005', // 10.01 + 19.98 + 101 + 0.00001005
        trades: 4,
      },
      {
        ts: T0 + 60_000,
        open: '102',
        high: '102',
        low: '102',
        close: '102',
        vol: '3',
        volQuote: '306',
        trades: 1,
      },
    ];
    expect(aggregateCandles(trades, '1m')).toEqual(expected1m);
    expect(aggregateCandles([...trades].reverse(), '1m')).toEqual(expected1m);
    expect(aggregateCandles(trades, '5m')).toEqual([
      {
        ts: T0,
        open: '100.1',
        high: '102',
        low: '99.9',
        close: '102',
        vol: '4.3000001',
        volQuote: '436.99001005',
        trades: 5,
      },
    ]);
    expect(aggregateCandles([], '1D')).toEqual([]);
  });

  it('keeps arrival order for trades of the same millisecond', () => {
    const bars = aggregateCandles(
      [
        { price: '1', size: '1', ts: T0 },
        { price: '2', size: '1', ts: T0 },
        { price: '3', size: '1', ts: T0 },
      ],
      '1m',
    );
    expect(bars[0]).toMatchObject({ open: '1', close: '3', high: '3', low: '1' });
  });
});

describe('createCandleSeries', () => {
  const trade = fc.record({
    price: fc.integer({ min: 1, max: 100_000 }).map((n) => (n / 100).toString()),
    size: fc.integer({ min: 1, max: 10_000 }).map((n) => (n / 1000).toString()),
    ts: fc.integer({ min: T0, max: T0 + 30 * 86_400_000 }),
  });

  it('agrees with aggregateCandles on every interval', () => {
    fc.assert(
      fc.property(fc.array(trade, { maxLength: 60 }), (trades) => {
        const store = createCandleSeries();
        for (const t of trades) store.add('BTC-USDT', t);
        for (const interval of CANDLE_INTERVALS) {
          expect(store.bars('BTC-USDT', interval)).toEqual(aggregateCandles(trades, interval));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('keeps the last bars only, follows the bus and separates instruments', () => {
    const bus = createMemoryBus();
    const store = createCandleSeries({ keep: 3, intervals: ['1m', '1D'] });
    const stop = followTrades(bus, (instId, t) => store.add(instId, t));
    for (let i = 0; i < 5; i++) {
      bus.publish('trade', {
        instId: 'A',
        tradeId: String(i),
        price: String(10 + i),
        size: '1',
        side: 'buy',
        ts: T0 + i * 60_000,
      });
    }
    bus.publish('trade', { instId: 'A', tradeId: 'x', price: 'NaN', size: '1', side: 'buy', ts: T0 });
    bus.publish('trade', { instId: 'B', tradeId: 'b', price: '7', size: '2', side: 'sell', ts: T0 });
    stop();
    bus.publish('trade', {
      instId: 'A',
      tradeId: 'late',
      price: '99',
      size: '1',
      side: 'buy',
      ts: T0 + 4 * 60_000,
    });
    expect(store.bars('A', '1m').map((b) => b.open)).toEqual(['12', '13', '14']);
    expect(store.bars('A', '1m', 1).map((b) => b.ts)).toEqual([T0 + 4 * 60_000]);
    expect(store.bars('A', '1D')).toEqual([
      { ts: T0, open: '10', high: '14', low: '10', close: '14', vol: '5', volQuote: '60', trades: 5 },
    ]);
    expect(store.bars('B', '1m')).toHaveLength(1);
    expect(store.bars('A', '4H')).toEqual([]);
    expect(store.bars('C', '1m')).toEqual([]);
  });

  it('reports changed bars once, as they are now, with what fell out of memory', () => {
    const store = createCandleSeries({ keep: 2, intervals: ['1m'] });
    store.add('A', { price: '10', size: '1', ts: T0 });
    store.add('A', { price: '11', size: '1', ts: T0 + 1000 });
    const first = store.takeChanges();
    expect(first.bars).toEqual([
      {
        instId: 'A',
        interval: '1m',
        bar: {
          ts: T0,
          open: '10',
          high: '11',
          low: '10',
          close: '11',
          vol: '2',
          volQuote: '21',
          trades: 2,
          firstTs: T0,
          lastTs: T0 + 1000,
        },
      },
    ]);
    expect(first.pruned).toEqual([]);
    expect(store.takeChanges().bars).toEqual([]);
    store.add('A', { price: '12', size: '1', ts: T0 + 60_000 });
    store.add('A', { price: '13', size: '1', ts: T0 + 120_000 });
    const second = store.takeChanges();
    expect(second.bars.map((c) => c.bar.ts)).toEqual([T0 + 60_000, T0 + 120_000]);
    expect(second.pruned).toEqual([{ instId: 'A', interval: '1m', before: T0 + 60_000 }]);
    // Not written: reported again, with a trade that came since.
    store.add('A', { price: '14', size: '1', ts: T0 + 120_500 });
    store.requeue(second);
    const again = store.takeChanges();
    expect(again.bars.map((c) => [c.bar.ts, c.bar.close])).toEqual([
      [T0 + 120_000, '14'],
      [T0 + 60_000, '12'],
    ]);
    expect(again.pruned).toEqual(second.pruned);
  });

  it('takes stored bars back without reporting them, and continues them', () => {
    const store = createCandleSeries({ intervals: ['1m'] });
    store.load('A', '1m', [
      {
        ts: T0,
        open: '10',
        high: '12',
        low: '9',
        close: '11',
        vol: '3',
        volQuote: '31.5',
        trades: 3,
        firstTs: T0 + 5,
        lastTs: T0 + 50_000,
      },
    ]);
    expect(store.takeChanges().bars).toEqual([]);
    store.add('A', { price: '8', size: '0.5', ts: T0 + 1 });
    expect(store.bars('A', '1m')).toEqual([
      { ts: T0, open: '8', high: '12', low: '8', close: '11', vol: '3.5', volQuote: '35.5', trades: 4 },
    ]);
  });

  it('sums a window of bars exactly as a fresh count does, through late trades and dropped bars', () => {
    const step = fc.record({
      price: fc.integer({ min: 1, max: 1000 }).map((n) => (n / 10).toString()),
      size: fc.integer({ min: 1, max: 100 }).map((n) => (n / 100).toString()),
      // Mostly forward in time, sometimes late.
      dt: fc.integer({ min: -5 * 60_000, max: 3 * 60_000 }),
      back: fc.integer({ min: 0, max: 40 }),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 80 }), (steps) => {
        const store = createCandleSeries({ keep: 30, intervals: ['1m'] });
        let now = T0;
        for (const st of steps) {
          now = Math.max(T0, now + st.dt);
          store.add('A', { price: st.price, size: st.size, ts: now });
          const bars = store.bars('A', '1m');
          const from = barStart(now, '1m') - st.back * 60_000;
          const inWindow = bars.filter((b) => b.ts >= from);
          const want = {
            last: bars.at(-1)?.close,
            open: inWindow[0]?.open ?? null,
            high: inWindow.length ? String(Math.max(...inWindow.map((b) => Number(b.high)))) : null,
            low: inWindow.length ? String(Math.min(...inWindow.map((b) => Number(b.low)))) : null,
            vol: inWindow.reduce((v, b) => Math.round((v + Number(b.vol)) * 100) / 100, 0),
          };
          const got = store.window('A', '1m', from);
          expect(got && { ...got, vol: Number(got.vol) }).toEqual(want);
        }
      }),
      { numRuns: 150 },
    );
  });
});
