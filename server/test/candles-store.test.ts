import { exactText } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type BusEvents, createMemoryBus } from '../src/kernel/bus';
import { ManualClock } from '../src/kernel/clock';
import { SYSTEM } from '../src/ledger';
import {
  aggregateCandles,
  CANDLE_INTERVALS,
  type CandleService,
  createCandleService,
} from '../src/modules/market/candles';
import {
  addDec,
  createSimMarket,
  formatDec,
  parseDec,
  percentChange,
  seededRandom,
} from '../src/modules/market/sim';
import { signedInUser, startServer, type TestServer } from './harness';
import { testCause } from './ledger-fixture';

// Candles are derived from trades and kept across restarts: written about once a second, read back at
// start, and completed from the stored trades a crash kept out of them.

let srv: TestServer;
let seller = 0;
let buyer = 0;

async function user(): Promise<number> {
  const u = await signedInUser(srv);
  const me = await srv.app.modules.auth.authenticate(u.token);
  if (!me) throw new Error('no user');
  return me.id;
}

async function credit(userId: number, asset: string, amount: bigint): Promise<void> {
  await srv.app.deps.store.db.transaction((tx) =>
    srv.app.ledger.credit(tx, {
      account: { userId, asset, kind: 'spot' },
      system: SYSTEM.capital('test'),
      amount,
      cause: testCause('test.funding'),
      remark: 'candle test funding',
      userId,
    }),
  );
}

/** One fill of `sz` BTC at `px`, a minute after the previous one. */
async function fill(px: string, sz: string): Promise<void> {
  srv.clock.advance(61_000);
  const market = srv.app.modules.spot;
  await market.submit(seller, {
    instId: 'BTC-USDT',
    side: 'sell',
    type: 'limit',
    px: exactText(px),
    sz: exactText(sz),
  });
  const taken = await market.submit(buyer, {
    instId: 'BTC-USDT',
    side: 'buy',
    type: 'market',
    sz: exactText(sz),
    tgtCcy: 'base_ccy',
  });
  expect(taken.status).toBe('filled');
}

/** Every platform trade stored for BTC-USDT, as the candles see them. */
async function storedTrades() {
  return srv.app.modules.spot.tradesAfter('BTC-USDT', 0, 100_000);
}

function service(): CandleService {
  return createCandleService(
    { ...srv.app.deps, bus: srv.app.bus, trades: srv.app.modules.spot },
    { flushMs: 0 },
  );
}

beforeAll(async () => {
  srv = await startServer();
  seller = await user();
  buyer = await user();
  await credit(seller, 'BTC', 10n ** 8n);
  await credit(buyer, 'USDT', 10n ** 12n);
});

afterAll(async () => {
  await srv.close();
});

describe('candles across restarts', () => {
  it('come back after a restart exactly as they were, at every interval', async () => {
    await fill('65000', '0.01');
    await fill('65100.5', '0.02');
    await fill('64900', '0.003');
    // A reference print (not a stored trade) counts too.
    srv.app.bus.publish('trade', {
      instId: 'BTC-USDT',
      tradeId: 'sim-1',
      price: '65010.25',
      size: '0.5',
      side: 'buy',
      ts: srv.clock.now().getTime(),
    });
    const first = srv.app.modules.candles;
    await first.flush();
    const before = CANDLE_INTERVALS.map((i) => first.bars('BTC-USDT', i));
    expect(before[0]).toHaveLength(3);

    const second = await buildApp({
      config: srv.app.deps.config,
      clock: srv.clock,
      store: srv.app.deps.store,
      quiet: true,
    });
    try {
      const after = CANDLE_INTERVALS.map((i) => second.modules.candles.bars('BTC-USDT', i));
      expect(after).toEqual(before);
      const res = await second.fastify.inject({
        method: 'POST',
        url: '/v1/market/candles',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ instId: 'BTC-USDT', bar: '1D' }),
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('replay the stored trades a crash kept out of them, and count none twice', async () => {
    // From here on only the services under test write candles.
    await srv.app.modules.candles.close();
    const a = service();
    await a.start();
    await fill('65200', '0.004');
    await a.flush();
    await fill('65300', '0.005');
    await fill('65250', '0.006');
    // `a` dies here without writing the last two fills.

    const b = service();
    await b.start();
    const trades = await storedTrades();
    expect(trades.length).toBeGreaterThanOrEqual(6);
    // Besides the reference print of the first test, the bars are exactly those of the stored trades.
    const platformOnly = aggregateCandles(trades, '1m');
    const bars = b.bars('BTC-USDT', '1m');
    expect(bars.slice(-3)).toEqual(platformOnly.slice(-3));
    await b.close();

    const c = service();
    await c.start();
    for (const interval of CANDLE_INTERVALS) {
      expect(c.bars('BTC-USDT', interval)).toEqual(b.bars('BTC-USDT', interval));
    }
    expect(c.lastClose('BTC-USDT')).toBe('65250');
    await c.close();
  });

  it('keep only the newest bars, in memory and in the store', async () => {
    const d = createCandleService(
      { ...srv.app.deps, bus: srv.app.bus, trades: srv.app.modules.spot },
      { flushMs: 0, keep: 2, intervals: ['1m'] },
    );
    await d.start();
    expect(d.bars('BTC-USDT', '1m')).toHaveLength(2);
    // A new bar pushes the oldest out of memory and, at the next write, out of the store.
    await fill('65400', '0.001');
    expect(d.bars('BTC-USDT', '1m').map((b) => b.close)).toEqual(['65250', '65400']);
    await d.close();
    const e = createCandleService(
      { ...srv.app.deps, bus: srv.app.bus, trades: srv.app.modules.spot },
      { flushMs: 0, keep: 1000, intervals: ['1m'] },
    );
    await e.start();
    expect(e.bars('BTC-USDT', '1m').map((b) => b.close)).toEqual(['65250', '65400']);
    await e.close();
  });
});

describe('tickers from the candles', () => {
  it('hold 24-hour figures over a rolling day, published after each step, and come back after a restart', async () => {
    const bus = createMemoryBus();
    const clock = new ManualClock(Date.UTC(2024, 0, 1));
    const deps = {
      ...srv.app.deps,
      clock,
      bus,
      trades: { instIds: () => ['X-USDT'], tradesAfter: async () => [] },
    };
    const first = createCandleService(deps, { flushMs: 0 });
    await first.start();
    const seen: BusEvents['ticker'][] = [];
    const trades: BusEvents['trade'][] = [];
    bus.subscribe('ticker', (t) => seen.push(t));
    bus.subscribe('trade', (t) => trades.push(t));
    const sim = createSimMarket({
      bus,
      clock,
      random: seededRandom(3),
      instruments: [{ instId: 'X-USDT', price: '10', volatility: 2 }],
    });
    for (let i = 0; i < 60; i++) {
      clock.advance(60_000);
      sim.step();
      await Promise.resolve();
    }
    // One ticker per step, however many trades it printed.
    expect(seen).toHaveLength(60);
    const hour = seen.at(-1) as BusEvents['ticker'];
    const prices = trades.map((t) => Number(t.price));
    expect(hour).toEqual({
      instId: 'X-USDT',
      last: trades.at(-1)?.price,
      open24h: trades[0]?.price,
      high24h: String(Math.max(...prices)),
      low24h: String(Math.min(...prices)),
      vol24h: formatDec(trades.reduce((v, t) => addDec(v, parseDec(t.size)), parseDec('0'))),
      changePercent: percentChange(parseDec(trades[0]?.price ?? ''), parseDec(trades.at(-1)?.price ?? '')),
      ts: clock.now().getTime(),
    });
    expect(first.tickers()).toEqual([
      expect.objectContaining({ instId: 'X-USDT', last: hour.last, change_percent: hour.changePercent }),
    ]);
    await first.close();

    const again = createCandleService(deps, { flushMs: 0 });
    await again.start();
    expect(again.ticker('X-USDT')).toEqual(hour);
    // A day later the hour has left the window: the figures are those of the new step alone.
    clock.advance(86_400_000 + 60_000);
    trades.length = 0;
    sim.step();
    await Promise.resolve();
    const day = seen.at(-1) as BusEvents['ticker'];
    expect(day.open24h).toBe(trades[0]?.price);
    expect(day.vol24h).toBe(formatDec(trades.reduce((v, t) => addDec(v, parseDec(t.size)), parseDec('0'))));
    await again.close();
  });

  it('with another price source, answer with the tickers it published and publish none', async () => {
    const bus = createMemoryBus();
    const clock = new ManualClock(Date.UTC(2024, 0, 1));
    const svc = createCandleService(
      { ...srv.app.deps, clock, bus, trades: { instIds: () => ['Y-USDT'], tradesAfter: async () => [] } },
      { flushMs: 0, publishTickers: false },
    );
    await svc.start();
    const seen: BusEvents['ticker'][] = [];
    bus.subscribe('ticker', (t) => seen.push(t));
    bus.publish('trade', { instId: 'Y-USDT', tradeId: '1', price: '2', size: '1', side: 'buy', ts: 1 });
    await Promise.resolve();
    expect(seen).toEqual([]);
    const okx: BusEvents['ticker'] = {
      instId: 'Y-USDT',
      last: '2.5',
      open24h: '2',
      high24h: '3',
      low24h: '1.5',
      vol24h: '1000',
      changePercent: '25.00',
      ts: 5,
    };
    bus.publish('ticker', okx);
    expect(svc.tickers()).toEqual([
      {
        instId: 'Y-USDT',
        symbol: 'Y-USDT',
        last: '2.5',
        now_price: '2.5',
        now_rate: '25.00',
        change_percent: '25.00',
        open24h: '2',
        high24h: '3',
        low24h: '1.5',
        vol24h: '1000',
      },
    ]);
    await svc.close();
  });
});
