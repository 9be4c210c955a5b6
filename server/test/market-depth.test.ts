import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app';
import { systemClock } from '../src/kernel/clock';
import { SYSTEM } from '../src/ledger';
import { FUTURES_SETTINGS } from '../src/modules/futures/settings';
import { MAKER_ADDRESS } from '../src/modules/market/reference';
import { profileOf, quotesOf } from '../src/modules/market/reference/maker';
import { seededRandom } from '../src/modules/market/sim';
import { SPOT_SETTINGS } from '../src/modules/spot/settings';
import { WALLET_SETTINGS } from '../src/modules/wallet/settings';
import { schema } from '../src/store';
import { api, startServer, type TestServer } from './harness';

/** A market order's worth in USDT the books must take without moving the price more than MAX_IMPACT. */
const ORDER_USDT = 500;
const MAX_IMPACT = 0.003;

type Level = readonly [price: number, size: number];
interface Book {
  readonly asks: readonly Level[];
  readonly bids: readonly Level[];
}

/**
 * How far a market order of `usdt` moves the price from the mid: the worse of its last fill and the best price
 * left after it, as a fraction of the mid. A swap's sizes are contracts of `ctVal` each; it buys at least one.
 */
function impact(book: Book, side: 'buy' | 'sell', usdt: number, ctVal = 1): number {
  const bestAsk = book.asks[0]?.[0] ?? Number.NaN;
  const bestBid = book.bids[0]?.[0] ?? Number.NaN;
  const mid = (bestAsk + bestBid) / 2;
  const levels = side === 'buy' ? book.asks : book.bids;
  let left = usdt;
  for (const [i, [px, sz]] of levels.entries()) {
    const worth = px * sz * ctVal;
    if (worth >= left) {
      // A swap's order is whole contracts: at least one.
      const after =
        worth - Math.max(left, px * ctVal) > 1e-9 ? px : (levels[i + 1]?.[0] ?? Number.POSITIVE_INFINITY);
      const worst =
        side === 'buy' ? Math.max(px, after) : Math.min(px, after === Number.POSITIVE_INFINITY ? 0 : after);
      return Math.abs(worst - mid) / mid;
    }
    left -= worth;
  }
  return Number.POSITIVE_INFINITY;
}

/** USDT resting within `fraction` of the mid on each side. */
function depthNear(book: Book, fraction: number, ctVal = 1): { bids: number; asks: number } {
  const mid = ((book.asks[0]?.[0] ?? 0) + (book.bids[0]?.[0] ?? 0)) / 2;
  const sum = (levels: readonly Level[], ok: (px: number) => boolean) =>
    levels.filter(([px]) => ok(px)).reduce((n, [px, sz]) => n + px * sz * ctVal, 0);
  return {
    bids: sum(book.bids, (px) => px >= mid * (1 - fraction)),
    asks: sum(book.asks, (px) => px <= mid * (1 + fraction)),
  };
}

const spots = SPOT_SETTINGS['market.instruments'].parse(undefined);
const swaps = FUTURES_SETTINGS['futures.instruments'].parse(undefined);
const prices = WALLET_SETTINGS['exchange.prices_usdt'].parse(undefined);

describe("the demo's instruments", () => {
  it('list at least 10 spot pairs and 4 swaps, each priced by the reference walk', () => {
    expect(spots.length).toBeGreaterThanOrEqual(10);
    expect(swaps.length).toBeGreaterThanOrEqual(4);
    for (const s of spots) expect(prices[s.base], s.inst_id).toBeDefined();
    for (const s of swaps) expect(spots.map((i) => i.inst_id)).toContain(s.underlying);
  });

  it("the maker's ladder takes 500 USDT either way within 0.3 % on every instrument, over many draws", () => {
    const random = seededRandom(38);
    const books = [
      ...spots.map((s) => ({ id: s.inst_id, spot: s.inst_id, inst: s, ctVal: 1 })),
      ...swaps.map((s) => ({
        id: s.inst_id,
        spot: s.underlying,
        inst: { tick_size: s.tick_size, lot_size: '1', ct_val: s.ct_val },
        ctVal: Number(s.ct_val),
      })),
    ];
    for (const b of books) {
      const mid = prices[b.spot.split('-')[0] ?? ''] ?? '1';
      let worst = 0;
      for (let i = 0; i < 300; i++) {
        const quotes = quotesOf({ ladderRandom: random }, b.inst, mid, profileOf(b.spot));
        const side = (s: 'buy' | 'sell') =>
          quotes
            .filter((q) => q.side === s)
            .map((q): Level => [Number(q.px), Number(q.sz)])
            .sort((x, y) => (s === 'sell' ? x[0] - y[0] : y[0] - x[0]));
        const book = { asks: side('sell'), bids: side('buy') };
        worst = Math.max(
          worst,
          impact(book, 'buy', ORDER_USDT, b.ctVal),
          impact(book, 'sell', ORDER_USDT, b.ctVal),
        );
      }
      expect(worst, b.id).toBeLessThanOrEqual(MAX_IMPACT);
    }
  });

  it('quote the calm, deep instruments deeper and tighter than the volatile, thin ones', () => {
    const btc = profileOf('BTC-USDT');
    const doge = profileOf('DOGE-USDT');
    const bwc = profileOf('BWC-USDT');
    expect(btc.depthUsdt).toBeGreaterThan(doge.depthUsdt);
    expect(doge.depthUsdt).toBeGreaterThan(bwc.depthUsdt);
    expect(btc.spread).toBeLessThan(doge.spread);
    expect(doge.spread).toBeLessThan(bwc.spread);
  });
});

/** The book of an instrument as the live feed gives it (its snapshot on subscribing). */
async function bookOf(srv: TestServer, instId: string): Promise<Book> {
  const ws = new WebSocket(`${srv.url.replace('http', 'ws')}/ws`);
  try {
    const snap = new Promise<{ asks: string[][]; bids: string[][] }>((resolve) => {
      ws.on('message', (raw) => {
        const msg = JSON.parse(raw.toString()) as {
          action?: string;
          data?: { asks: string[][]; bids: string[][] }[];
        };
        if (msg.action === 'snapshot' && msg.data?.[0]) resolve(msg.data[0]);
      });
    });
    await new Promise((r) => ws.on('open', r));
    ws.send(JSON.stringify({ op: 'subscribe', args: [{ channel: 'books', instId }] }));
    const d = await snap;
    const levels = (l: string[][]) => l.map((x): Level => [Number(x[0]), Number(x[1])]);
    return { asks: levels(d.asks), bids: levels(d.bids) };
  } finally {
    ws.close();
  }
}

describe('the demo market maker on every book', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer({
      env: { MARKET_SOURCE: 'sim', MARKET_SIM_STEP_MS: '600' },
      clock: systemClock as never,
    });
  });
  afterAll(() => srv.close());

  it('quotes every spot pair and swap, and a 500 USDT market order moves none by more than 0.3 %', async () => {
    const spotList = (await api(srv, '/v1/market/instruments', {})).body.data.list.map((i) => i.instId);
    const swapList = (await api(srv, '/v1/futures/instruments', {})).body.data.list;
    expect(spotList.length).toBeGreaterThanOrEqual(10);
    expect(swapList.length).toBeGreaterThanOrEqual(4);
    const all = [
      ...spotList.map((instId) => ({ instId, ctVal: 1 })),
      ...swapList.map((s) => ({ instId: s.instId, ctVal: Number(s.ct_val) })),
    ];
    const lines: string[] = [];
    for (const { instId, ctVal } of all) {
      let book: Book = { asks: [], bids: [] };
      // The maker's first quotes land within a few requotes (every second at this step).
      for (let i = 0; i < 80 && (book.asks.length < 6 || book.bids.length < 6); i++) {
        book = await bookOf(srv, instId);
        if (book.asks.length < 6 || book.bids.length < 6) await sleep(250);
      }
      expect(book.asks.length, instId).toBeGreaterThanOrEqual(6);
      expect(book.bids.length, instId).toBeGreaterThanOrEqual(6);
      const buy = impact(book, 'buy', ORDER_USDT, ctVal);
      const sell = impact(book, 'sell', ORDER_USDT, ctVal);
      expect(buy, `${instId} buy`).toBeLessThanOrEqual(MAX_IMPACT);
      expect(sell, `${instId} sell`).toBeLessThanOrEqual(MAX_IMPACT);
      // Level sizes differ: the book is not drawn with a ruler.
      expect(new Set(book.asks.map(([, sz]) => sz)).size, instId).toBeGreaterThan(3);
      const near = depthNear(book, 0.01, ctVal);
      lines.push(
        `${instId.padEnd(15)} bids ${near.bids.toFixed(0).padStart(7)} USDT  asks ${near.asks.toFixed(0).padStart(7)} USDT within 1 %  ` +
          `500 USDT moves buy ${(buy * 100).toFixed(3)} %  sell ${(sell * 100).toFixed(3)} %`,
      );
    }
    console.log(`depth per instrument after the maker quotes:\n${lines.join('\n')}`);
    expect(await srv.app.ledger.audit()).toEqual([]);
  });
});

describe('a store seeded before the new instruments', () => {
  it('gets the new assets, and a maker made before gets only the inventory it never had', async () => {
    const first = await startServer({ env: { MARKET_SOURCE: 'off' } });
    const store = first.app.deps.store;
    const { eq } = await import('drizzle-orm');
    // The maker as an older deployment made it: its user and only the assets of that time.
    const [maker] = await store.db
      .insert(schema.users)
      .values({ uid: '10000002', address: MAKER_ADDRESS, inviteCode: 'NEXAMKR1', createdAt: new Date() })
      .returning({ id: schema.users.id });
    const makerId = maker?.id ?? 0;
    await store.db.transaction((tx) =>
      first.app.ledger.credit(tx, {
        account: { userId: makerId, asset: 'BTC', kind: 'spot' },
        system: SYSTEM.capital('demo_market_maker'),
        amount: 12_345n,
        cause: 'demo.inventory',
        remark: 'market maker inventory (demo)',
        userId: makerId,
      }),
    );
    // An older seed had none of the new assets.
    await store.db.delete(schema.assets).where(eq(schema.assets.symbol, 'SOL'));
    const config = first.app.deps.config;

    const again = await buildApp({
      config: { ...config, marketSource: 'sim', simStepMs: 200 },
      clock: systemClock,
      store,
      quiet: true,
    });
    try {
      const symbols = (await store.db.select({ s: schema.assets.symbol }).from(schema.assets)).map(
        (r) => r.s,
      );
      expect(symbols).toEqual(expect.arrayContaining(['SOL', 'XRP', 'DOGE', 'LINK', 'BTC', 'USDT']));
      const held = new Map(
        (await again.ledger.balances(makerId)).filter((b) => b.kind === 'spot').map((b) => [b.asset, b]),
      );
      // BTC untouched (it held some), the others given once.
      expect(held.get('BTC')?.available).toBe(12_345n);
      const sol = held.get('SOL');
      expect((sol?.available ?? 0n) + (sol?.frozen ?? 0n)).toBe(20_000n * 10n ** 8n);
      expect(await again.ledger.audit()).toEqual([]);
    } finally {
      await again.close();
      await first.close();
    }
  });
});
