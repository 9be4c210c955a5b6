import {
  applyBooksPush,
  bookChecksum,
  LiveBook,
  type LiveBooksPush,
  type LiveOrderPush,
  type LiveTickersPush,
} from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { App } from '../src/app';
import { type Bus, type BusEvents, createMemoryBus } from '../src/kernel/bus';
import { type GatewayServer, startGatewayServer } from '../src/transport/live/standalone';
import { signedInUser, startServer, type TestServer } from './harness';

// Through the harness server when its gateway follows the app's bus; otherwise (app.ts not yet changed)
// through the same gateway code beside it.
let srv: TestServer;
let bus: Bus;
let wsBase: string;
let side: GatewayServer | null = null;

beforeAll(async () => {
  srv = await startServer();
  const wired = (srv.app as App & { bus?: Bus }).bus;
  if (wired && (await gatewayFollows(wired, srv.url.replace('http', 'ws')))) {
    bus = wired;
    wsBase = srv.url.replace('http', 'ws');
  } else {
    // app.ts does not hand its bus to the gateway yet: test the same gateway code beside the harness
    // server, with the server's real sign-in.
    console.warn('live-feed: the app gateway does not follow app.bus; testing a gateway beside it');
    bus = createMemoryBus();
    side = await startGatewayServer({ bus, authenticate: srv.app.modules.auth.authenticate });
    wsBase = side.wsUrl.replace(/\/ws$/, '');
  }
});

/** True when a ticker published on `candidate` reaches a tickers subscriber of the server at `base`. */
async function gatewayFollows(candidate: Bus, base: string): Promise<boolean> {
  const ws = new WebSocket(`${base}/ws`);
  await new Promise((r) => ws.once('open', r));
  const got = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 500);
    ws.on('message', (data) => {
      const text = data.toString();
      if (text.startsWith('{"event"')) {
        candidate.publish('ticker', {
          instId: 'PROBE-USDT',
          last: '1',
          open24h: '1',
          high24h: '1',
          low24h: '1',
          vol24h: '0',
          changePercent: '0.00',
          ts: 1,
        });
      } else if (text.includes('PROBE-USDT')) {
        clearTimeout(timer);
        resolve(true);
      }
    });
  });
  ws.send(JSON.stringify({ op: 'subscribe', args: [{ channel: 'tickers', instId: 'PROBE-USDT' }] }));
  const ok = await got;
  ws.close();
  return ok;
}
afterAll(async () => {
  await side?.close();
  await srv.close();
});

interface Client {
  ws: WebSocket;
  /** The next text frame, parsed when it is JSON; fails after `ms`. */
  next(ms?: number): Promise<unknown>;
  /** True when nothing arrives within `ms`. */
  quiet(ms?: number): Promise<boolean>;
  send(msg: unknown): void;
  closed: Promise<void>;
}

function open(query = ''): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${wsBase}/ws${query}`);
    const queue: unknown[] = [];
    const waiters: Array<(m: unknown) => void> = [];
    const closed = new Promise<void>((r) => ws.on('close', () => r()));
    ws.on('message', (data) => {
      const text = data.toString();
      let m: unknown = text;
      try {
        m = JSON.parse(text);
      } catch {}
      const w = waiters.shift();
      if (w) w(m);
      else queue.push(m);
    });
    const next = (ms = 3000) =>
      new Promise<unknown>((res, rej) => {
        if (queue.length) return res(queue.shift());
        const waiter = (m: unknown) => {
          clearTimeout(timer);
          res(m);
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          rej(new Error('no message'));
        }, ms);
        waiters.push(waiter);
      });
    ws.on('open', () =>
      resolve({
        ws,
        next,
        closed,
        send: (msg) => ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg)),
        quiet: async (ms = 150) => {
          if (queue.length) return false;
          try {
            await next(ms);
            return false;
          } catch {
            return true;
          }
        },
      }),
    );
    ws.on('error', reject);
  });
}

/** Publishing is synchronous; the gateway flushes on the next turn: a ping round trip is after it. */
async function settle(c: Client) {
  c.send('ping');
  const msgs: unknown[] = [];
  for (;;) {
    const m = await c.next();
    if (m === 'pong') return msgs;
    msgs.push(m);
  }
}

const L = (px: string, sz: string, count = 1): [string, string, number] => [px, sz, count];
const snap = (instId: string, seq: number, asks: BusEvents['book.snapshot']['asks'], bids = asks) => ({
  instId,
  seq,
  asks,
  bids,
  ts: 1_700_000_000_000 + seq,
});

describe('books channel', () => {
  it('sends a snapshot on subscribe, then updates with seqId/prevSeqId and the checksum of the top 25', async () => {
    const instId = 'LFA-USDT';
    bus.publish(
      'book.snapshot',
      snap(instId, 10, [L('3366.8', '9'), L('3368', '8', 2)], [L('3366.1', '7'), L('3366', '6')]),
    );
    const c = await open();
    c.send({ op: 'subscribe', args: [{ channel: 'books', instId }] });
    expect(await c.next()).toEqual({ event: 'subscribe', arg: { channel: 'books', instId } });
    const s = (await c.next()) as LiveBooksPush;
    expect(s).toEqual({
      arg: { channel: 'books', instId },
      action: 'snapshot',
      data: [
        {
          asks: [
            ['3366.8', '9', '0', '1'],
            ['3368', '8', '0', '2'],
          ],
          bids: [
            ['3366.1', '7', '0', '1'],
            ['3366', '6', '0', '1'],
          ],
          ts: '1700000000010',
          checksum: -1881014294,
          seqId: 10,
          prevSeqId: -1,
        },
      ],
    });

    // Remove the bid 3366 and add an ask 3372: the book of OKX's second test vector.
    bus.publish('book.update', { instId, seq: 11, asks: [L('3372', '8')], bids: [L('3366', '0', 0)], ts: 5 });
    const u = (await c.next()) as LiveBooksPush;
    expect(u.action).toBe('update');
    expect(u.data[0]).toEqual({
      asks: [['3372', '8', '0', '1']],
      bids: [['3366', '0', '0', '0']],
      ts: '5',
      checksum: 831078360,
      seqId: 11,
      prevSeqId: 10,
    });

    // A stale update (seq not above the last) is dropped; the next one chains on the last sent.
    bus.publish('book.update', { instId, seq: 11, asks: [L('1', '1')], bids: [], ts: 6 });
    bus.publish('book.update', {
      instId,
      seq: 13,
      asks: [L('3366.8', '4', 3), L('3369', '1')],
      bids: [],
      ts: 7,
    });
    const [u2, ...rest] = (await settle(c)) as LiveBooksPush[];
    expect(rest).toEqual([]);
    expect(u2?.data[0]).toMatchObject({ seqId: 13, prevSeqId: 11 });
    // Asks come ascending within an update too.
    expect(u2?.data[0].asks.map((l) => l[0])).toEqual(['3366.8', '3369']);

    // The client's book, kept from these messages, agrees with every checksum.
    const book = new LiveBook();
    book.reset(s.data[0].asks, s.data[0].bids, s.data[0].seqId);
    for (const m of [u, u2!]) {
      expect(m.data[0].prevSeqId).toBe(book.seqId);
      book.apply(m.data[0].asks, m.data[0].bids, m.data[0].seqId);
      expect(book.checksum()).toBe(m.data[0].checksum);
    }

    // A later subscriber starts from the current book.
    const d = await open();
    d.send({ op: 'subscribe', args: [{ channel: 'books', instId }] });
    await d.next();
    const s2 = (await d.next()) as LiveBooksPush;
    expect(s2.data[0]).toMatchObject({ seqId: 13, prevSeqId: -1, checksum: book.checksum() });
    expect(s2.data[0].asks).toEqual(book.asks.top(400));
    expect(s2.data[0].bids).toEqual(book.bids.top(400));
    c.ws.close();
    d.ws.close();
  });

  it('keeps full depth, sends the top 400, and re-sends a snapshot when the book is replaced', async () => {
    const instId = 'LFB-USDT';
    const asks = Array.from({ length: 500 }, (_, i) => L(String(1000 + i), '1'));
    const bids = Array.from({ length: 500 }, (_, i) => L(String(999 - i), '2'));
    bus.publish('book.snapshot', snap(instId, 1, asks, bids));
    const c = await open();
    c.send({ op: 'subscribe', args: [{ channel: 'books', instId }] });
    await c.next();
    const s = (await c.next()) as LiveBooksPush;
    expect(s.data[0].asks).toHaveLength(400);
    expect(s.data[0].bids).toHaveLength(400);
    expect(s.data[0].asks[0]?.[0]).toBe('1000');
    expect(s.data[0].bids[0]?.[0]).toBe('999');
    expect(s.data[0].checksum).toBe(bookChecksum(s.data[0].asks, s.data[0].bids));

    // Take out the best 150 asks: the gateway's checksum is over levels 150..174, and a new
    // snapshot reaches down to level 499, which the first one did not carry.
    const gone = asks.slice(0, 150).map((l) => L(l[0], '0', 0));
    bus.publish('book.update', { instId, seq: 2, asks: gone, bids: [], ts: 2 });
    const u = (await c.next()) as LiveBooksPush;
    expect(u.data[0].checksum).toBe(
      bookChecksum(
        asks.slice(150, 175).map((l) => [l[0], l[1]]),
        bids.slice(0, 25).map((l) => [l[0], l[1]]),
      ),
    );
    const d = await open();
    d.send({ op: 'subscribe', args: [{ channel: 'books', instId }] });
    await d.next();
    const s2 = (await d.next()) as LiveBooksPush;
    expect(s2.data[0].asks).toHaveLength(350);
    expect(s2.data[0].asks.at(-1)?.[0]).toBe('1499');

    // book.snapshot (a market restart) replaces the book: subscribers get a fresh snapshot.
    bus.publish('book.snapshot', snap(instId, 1, [L('5', '1')], []));
    for (const x of [c, d]) {
      const r = (await x.next()) as LiveBooksPush;
      expect(r.action).toBe('snapshot');
      expect(r.data[0]).toMatchObject({ asks: [['5', '1', '0', '1']], bids: [], seqId: 1, prevSeqId: -1 });
    }
    c.ws.close();
    d.ws.close();
  });

  it('gives an empty book for an instrument not yet published, and chains the first update on it', async () => {
    const instId = 'LFC-USDT';
    const c = await open();
    c.send({ op: 'subscribe', args: [{ channel: 'books', instId }] });
    await c.next();
    expect(((await c.next()) as LiveBooksPush).data[0]).toMatchObject({
      asks: [],
      bids: [],
      seqId: -1,
      prevSeqId: -1,
    });
    bus.publish('book.update', { instId, seq: 1, asks: [L('2', '1')], bids: [L('1', '1')], ts: 1 });
    expect(((await c.next()) as LiveBooksPush).data[0]).toMatchObject({
      seqId: 1,
      prevSeqId: -1,
      checksum: bookChecksum([['2', '1']], [['1', '1']]),
    });
    c.send({ op: 'subscribe', args: [{ channel: 'books' }] });
    expect(await c.next()).toMatchObject({ event: 'error', code: '60018' });
    c.ws.close();
  });

  it('gives subscribers joining mid-stream a snapshot the following updates chain onto', async () => {
    const instId = 'LFM-USDT';
    bus.publish('book.snapshot', snap(instId, 1, [L('200', '1')], [L('100', '1')]));
    let seq = 1;
    let publishing = true;
    const publisher = (async () => {
      while (publishing) {
        seq++;
        const px = String(101 + (seq % 90));
        bus.publish('book.update', {
          instId,
          seq,
          asks: [L(String(100 + Number(px)), String(seq % 4))],
          bids: [L(px, String(seq % 3))],
          ts: seq,
        });
        if (seq % 3 === 0) await new Promise((r) => setImmediate(r));
      }
    })();
    const watchers = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        await new Promise((r) => setTimeout(r, 5 * i));
        const c = await open();
        const book = new LiveBook();
        const results: string[] = [];
        c.ws.on('message', (raw) => {
          const text = raw.toString();
          if (text === 'pong') return;
          const m = JSON.parse(text) as LiveBooksPush | { event: string };
          if ('event' in m) return;
          results.push(applyBooksPush(book, m));
        });
        c.send({ op: 'subscribe', args: [{ channel: 'books', instId }] });
        return { c, book, results };
      }),
    );
    await new Promise((r) => setTimeout(r, 60));
    publishing = false;
    await publisher;
    for (const w of watchers) {
      await settle(w.c);
      expect(w.results.length).toBeGreaterThan(1);
      expect(w.results.every((r) => r === 'ok')).toBe(true);
      expect(w.book.seqId).toBe(seq);
      w.c.ws.close();
    }
  });

  it('stops after unsubscribe', async () => {
    const instId = 'LFD-USDT';
    const c = await open();
    c.send({ op: 'subscribe', args: [{ channel: 'books', instId }] });
    await c.next();
    await c.next();
    bus.publish('book.update', { instId, seq: 1, asks: [L('2', '1')], bids: [], ts: 1 });
    expect(((await c.next()) as LiveBooksPush).data[0].seqId).toBe(1);
    c.send({ op: 'unsubscribe', args: [{ channel: 'books', instId }] });
    expect(await c.next()).toEqual({ event: 'unsubscribe', arg: { channel: 'books', instId } });
    bus.publish('book.update', { instId, seq: 2, asks: [L('3', '1')], bids: [], ts: 2 });
    expect(await settle(c)).toEqual([]);
    c.ws.close();
  });
});

describe('tickers channel', () => {
  it('pushes tickers with OKX and spec fields, and the last one on subscribe', async () => {
    const instId = 'LFT-USDT';
    const c = await open();
    c.send({ op: 'subscribe', args: [{ channel: 'tickers', instId }] });
    await c.next();
    expect(await c.quiet()).toBe(true); // nothing published yet
    bus.publish('book.snapshot', snap(instId, 1, [L('101', '3')], [L('99', '4')]));
    bus.publish('trade', { instId, tradeId: 't1', price: '100', size: '0.5', side: 'buy', ts: 1 });
    const ticker: BusEvents['ticker'] = {
      instId,
      last: '100',
      open24h: '80',
      high24h: '120',
      low24h: '75',
      vol24h: '1234.5',
      changePercent: '25.00',
      ts: 1_700_000_000_000,
    };
    bus.publish('ticker', ticker);
    const t = (await c.next()) as LiveTickersPush;
    expect(t).toEqual({
      arg: { channel: 'tickers', instId },
      action: 'snapshot',
      data: [
        {
          instType: 'SPOT',
          instId,
          last: '100',
          lastSz: '0.5',
          askPx: '101',
          askSz: '3',
          bidPx: '99',
          bidSz: '4',
          open24h: '80',
          high24h: '120',
          low24h: '75',
          vol24h: '1234.5',
          ts: '1700000000000',
          symbol: 'LFT/USDT',
          now_price: '100',
          now_rate: '25.00',
          change_percent: '25.00',
        },
      ],
    });
    const d = await open();
    d.send({ op: 'subscribe', args: [{ channel: 'tickers', instId }] });
    await d.next();
    expect(await d.next()).toEqual(t);
    // Both subscribers get the next one; a socket of another instrument does not.
    const e = await open();
    e.send({ op: 'subscribe', args: [{ channel: 'tickers', instId: 'LFU-USDT' }] });
    await e.next();
    bus.publish('ticker', { ...ticker, last: '101' });
    expect(((await c.next()) as LiveTickersPush).data[0].last).toBe('101');
    expect(((await d.next()) as LiveTickersPush).data[0].now_price).toBe('101');
    expect(await settle(e)).toEqual([]);
    for (const x of [c, d, e]) x.ws.close();
  });
});

describe('update_order channel', () => {
  it("delivers a user's order updates to that user's sockets only", async () => {
    const a = await signedInUser(srv);
    const b = await signedInUser(srv);
    const idA = (await srv.app.modules.auth.authenticate(a.token))!.id;
    const idB = (await srv.app.modules.auth.authenticate(b.token))!.id;
    const sockA = await open(`?token=${encodeURIComponent(a.token)}`);
    const sockA2 = await open(`?token=${encodeURIComponent(a.token)}`);
    const sockB = await open(`?token=${encodeURIComponent(b.token)}`);
    const anon = await open();
    for (const s of [sockA, sockB]) {
      s.send({ op: 'subscribe', args: [{ channel: 'update_order' }] });
      expect(await s.next()).toEqual({ event: 'subscribe', arg: { channel: 'update_order' } });
    }
    // A's second socket only wants BTC-USDT.
    sockA2.send({ op: 'subscribe', args: [{ channel: 'update_order', instId: 'BTC-USDT' }] });
    await sockA2.next();
    anon.send({ op: 'subscribe', args: [{ channel: 'update_order' }] });
    expect(await anon.next()).toMatchObject({ event: 'error', code: '60011' });
    anon.send({ op: 'subscribe', args: [{ channel: 'tickers', instId: 'LFO-USDT' }] });
    await anon.next();

    const order = { instId: 'ETH-USDT', ordId: 'ord_1', state: 'filled', trade_id: 'tr_9' };
    bus.publish('order.update', { userId: idA, order, ts: 1 });
    bus.publish('order.update', {
      userId: idA,
      order: { ...order, instId: 'BTC-USDT', ordId: 'ord_2' },
      ts: 2,
    });
    bus.publish('order.update', {
      userId: idB,
      order: { ordId: 'ord_3', instId: 'BTC-USDT-SWAP', upl: '1.5', upl_ratio: '0.1', mark_px: '65000' },
      ts: 3,
    });
    const gotA = (await settle(sockA)) as LiveOrderPush[];
    expect(gotA.map((m) => m.data[0].ordId)).toEqual(['ord_1', 'ord_2']);
    expect(gotA[0]).toEqual({
      arg: { channel: 'update_order', instId: 'ETH-USDT' },
      action: 'update',
      data: [order],
    });
    expect(((await settle(sockA2)) as LiveOrderPush[]).map((m) => m.data[0].ordId)).toEqual(['ord_2']);
    const gotB = (await settle(sockB)) as LiveOrderPush[];
    expect(gotB.map((m) => m.data[0])).toEqual([
      { ordId: 'ord_3', instId: 'BTC-USDT-SWAP', upl: '1.5', upl_ratio: '0.1', mark_px: '65000' },
    ]);
    expect(await settle(anon)).toEqual([]);
    for (const s of [sockA, sockA2, sockB, anon]) s.ws.close();
  });
});

describe('socket hygiene', () => {
  it('answers ping with pong and ignores malformed messages', async () => {
    const c = await open();
    for (const junk of ['{not json', '42', 'null', '[]', '{"op":"dance"}', 'PING', '{"op":"subscribe"}'])
      c.send(junk);
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    c.send('ping');
    // Only the malformed subscribe (op right, args missing) gets an answer, as OKX does.
    expect(await c.next()).toMatchObject({ event: 'error', code: '60012' });
    expect(await c.next()).toBe('pong');
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    c.ws.close();
  });

  it('cuts off a consumer that does not read, without holding up the others', async () => {
    const instId = 'LFS-USDT';
    const slow = await open();
    const fast = await open();
    for (const x of [slow, fast]) {
      x.send({ op: 'subscribe', args: [{ channel: 'books', instId }] });
      await x.next();
      await x.next();
    }
    // The slow client stops reading: the kernel buffers fill, then the gateway's.
    slow.ws.pause();
    let fastGot = 0;
    const wide = (k: number) => Array.from({ length: 1000 }, (_, i) => L(`${1000 + i}.5`, String(k + 1)));
    const done = new Promise<void>((resolve) => {
      fast.ws.on('message', () => {
        if (++fastGot === 300) resolve();
      });
    });
    // Paced on the reading client (never more than ten updates ahead of it), so it keeps up however loaded
    // the machine; the paused one still overflows.
    for (let k = 1; k <= 300; k++) {
      bus.publish('book.update', { instId, seq: k, asks: wide(k), bids: [], ts: k });
      while (fastGot < k - 10) await new Promise((r) => setImmediate(r));
    }
    await done; // every update reached the fast consumer (≈ 300 × 27 KB, over the 1 MiB cut-off)
    slow.ws.resume();
    await slow.closed;
    expect(slow.ws.readyState).toBe(WebSocket.CLOSED);
    expect(fast.ws.readyState).toBe(WebSocket.OPEN);
    fast.ws.close();
  });
});
