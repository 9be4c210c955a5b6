import { afterEach, describe, expect, it } from 'vitest';
import { type Bus, type BusEvents, createMemoryBus } from '../src/kernel/bus';
import { createOkxFeed, type OkxFeed } from '../src/modules/market/feed/okx';
import { InstrumentState } from '../src/transport/live/feed-state';
import { type FakeOkx, startFakeOkx } from './okx-fake';

const INSTRUMENTS = ['BTC-USDT', 'ETH-USDT'];

async function until(cond: () => boolean, ms = 3000, what = 'condition') {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** What the bus carried, kept the way the live gateway keeps it. */
function follow(bus: Bus) {
  const state = new Map<string, InstrumentState>();
  const get = (id: string) => {
    let s = state.get(id);
    if (!s) {
      s = new InstrumentState(id);
      state.set(id, s);
    }
    return s;
  };
  const snapshots: BusEvents['book.snapshot'][] = [];
  const updates: BusEvents['book.update'][] = [];
  const tickers: BusEvents['ticker'][] = [];
  bus.subscribe('book.snapshot', (e) => {
    snapshots.push(e);
    get(e.instId).applySnapshot(e);
  });
  bus.subscribe('book.update', (e) => {
    updates.push(e);
    expect(get(e.instId).applyUpdate(e)).not.toBeNull();
  });
  bus.subscribe('ticker', (e) => tickers.push(e));
  return { state, snapshots, updates, tickers };
}

let fake: FakeOkx | undefined;
let feed: OkxFeed | undefined;
afterEach(async () => {
  await feed?.stop();
  await fake?.close();
  feed = undefined;
  fake = undefined;
});

async function setup(
  options: { pingIntervalMs?: number; pongTimeoutMs?: number; reconnectDelayMs?: number } = {},
) {
  fake = await startFakeOkx({ instruments: INSTRUMENTS, seed: 11 });
  const bus = createMemoryBus();
  const seen = follow(bus);
  feed = createOkxFeed({
    url: fake.url,
    instruments: INSTRUMENTS,
    bus,
    reconnectDelayMs: 30,
    ...options,
  });
  feed.start();
  await until(() => seen.snapshots.length === 2, 3000, 'snapshots');
  return { fake, feed, seen };
}

/** The bus mirror equals the fake's true book, checksum included. */
function expectInSync(f: FakeOkx, seen: ReturnType<typeof follow>, instId: string) {
  const truth = f.book(instId);
  const mirror = seen.state.get(instId)!;
  expect(mirror.book.asks.top(1000).map((l) => [l[0], l[1]])).toEqual(truth.asks);
  expect(mirror.book.bids.top(1000).map((l) => [l[0], l[1]])).toEqual(truth.bids);
  expect(mirror.book.seqId).toBe(truth.seqId);
}

describe('OKX connector against a local fake', () => {
  it('subscribes books and tickers, mirrors snapshots and checked updates onto the bus', async () => {
    const { fake, feed, seen } = await setup();
    expect(fake.stats.requests.filter((r) => r.op === 'subscribe').map((r) => r.arg)).toEqual([
      { channel: 'books', instId: 'BTC-USDT' },
      { channel: 'tickers', instId: 'BTC-USDT' },
      { channel: 'books', instId: 'ETH-USDT' },
      { channel: 'tickers', instId: 'ETH-USDT' },
    ]);
    for (let i = 0; i < 50; i++) fake.update(i % 3 === 0 ? 'ETH-USDT' : 'BTC-USDT');
    await until(() => feed.stats().updates === 50, 3000, 'all updates');
    for (const id of INSTRUMENTS) expectInSync(fake, seen, id);
    expect(feed.book('BTC-USDT')?.seqId).toBe(fake.book('BTC-USDT').seqId);
    expect(feed.stats()).toMatchObject({ gaps: 0, checksumErrors: 0, resyncs: 0, connects: 1 });

    fake.ticker('BTC-USDT', '101.5', '100');
    await until(() => seen.tickers.length === 1);
    expect(seen.tickers[0]).toMatchObject({
      instId: 'BTC-USDT',
      last: '101.5',
      open24h: '100',
      vol24h: '10',
      changePercent: '1.50',
    });
  });

  it('resubscribes for a fresh snapshot after a sequence gap', async () => {
    const { fake, feed, seen } = await setup();
    fake.update('BTC-USDT');
    fake.update('BTC-USDT', 'gap');
    await until(() => seen.snapshots.length === 3, 3000, 'resync snapshot');
    expect(feed.stats()).toMatchObject({ gaps: 1, resyncs: 1, checksumErrors: 0 });
    expect(fake.stats.requests.slice(-2)).toEqual([
      { op: 'unsubscribe', arg: { channel: 'books', instId: 'BTC-USDT' } },
      { op: 'subscribe', arg: { channel: 'books', instId: 'BTC-USDT' } },
    ]);
    expect(seen.snapshots.at(-1)?.instId).toBe('BTC-USDT');
    expectInSync(fake, seen, 'BTC-USDT');
    // And it goes on from the new snapshot.
    for (let i = 0; i < 10; i++) fake.update('BTC-USDT');
    await until(() => seen.state.get('BTC-USDT')?.book.seqId === fake.book('BTC-USDT').seqId);
    expectInSync(fake, seen, 'BTC-USDT');
  });

  it('resubscribes after a checksum mismatch, without passing the bad update on', async () => {
    const { fake, feed, seen } = await setup();
    fake.update('ETH-USDT');
    await until(() => seen.updates.length === 1);
    const bad = fake.update('ETH-USDT', 'checksum');
    await until(() => seen.snapshots.length === 3, 3000, 'resync snapshot');
    expect(seen.updates.map((u) => u.seq)).not.toContain(bad);
    expect(feed.stats()).toMatchObject({ checksumErrors: 1, resyncs: 1, gaps: 0 });
    expectInSync(fake, seen, 'ETH-USDT');
  });

  it('re-bases the bus with a snapshot when OKX resets its sequence', async () => {
    const { fake, feed, seen } = await setup();
    fake.update('BTC-USDT');
    const low = fake.update('BTC-USDT', 'reset');
    await until(() => seen.snapshots.length === 3, 3000, 're-base snapshot');
    expect(seen.snapshots.at(-1)).toMatchObject({ instId: 'BTC-USDT', seq: low });
    for (let i = 0; i < 3; i++) fake.update('BTC-USDT');
    await until(() => seen.state.get('BTC-USDT')?.book.seqId === fake.book('BTC-USDT').seqId);
    expectInSync(fake, seen, 'BTC-USDT');
    expect(feed.stats()).toMatchObject({ gaps: 0, checksumErrors: 0, resyncs: 0 });
  });

  it('reconnects after a dropped connection and resynchronizes every book', async () => {
    const { fake, feed, seen } = await setup();
    for (let i = 0; i < 5; i++) fake.update('BTC-USDT');
    await until(() => seen.updates.length === 5);
    fake.drop();
    // Updates while the connector is away are lost to it; the snapshot after reconnecting covers them.
    await until(() => fake.stats.open === 0);
    for (let i = 0; i < 5; i++) fake.update('BTC-USDT');
    await until(() => seen.snapshots.length === 4, 3000, 'snapshots after reconnect');
    expect(feed.stats().connects).toBe(2);
    expect(fake.stats.connections).toBe(2);
    for (const id of INSTRUMENTS) expectInSync(fake, seen, id);
    fake.update('ETH-USDT');
    await until(() => seen.state.get('ETH-USDT')?.book.seqId === fake.book('ETH-USDT').seqId);
    expect(feed.stats().gaps).toBe(0);
  });

  it('waits 1 s before reconnecting by default', async () => {
    fake = await startFakeOkx({ instruments: INSTRUMENTS });
    const bus = createMemoryBus();
    const seen = follow(bus);
    feed = createOkxFeed({ url: fake.url, instruments: INSTRUMENTS, bus });
    feed.start();
    await until(() => seen.snapshots.length === 2);
    const dropped = Date.now();
    fake.drop();
    await until(() => fake?.stats.connections === 2, 3000, 'reconnect');
    expect(Date.now() - dropped).toBeGreaterThanOrEqual(950);
  });

  it('pings, takes pongs, and reconnects when pongs stop', async () => {
    const { fake, feed, seen } = await setup({ pingIntervalMs: 40, pongTimeoutMs: 60 });
    await until(() => feed.stats().pongs >= 2, 3000, 'pongs');
    expect(fake.stats.pings).toBeGreaterThanOrEqual(2);
    expect(feed.stats().connects).toBe(1);
    fake.answerPings = false;
    await until(() => feed.stats().connects === 2, 3000, 'reconnect after silent pongs');
    fake.answerPings = true;
    await until(() => seen.snapshots.length === 4);
  });

  it('ignores malformed frames and instruments it did not ask for', async () => {
    const { fake, feed, seen } = await setup();
    for (const junk of [
      'not json',
      '{"arg":{"channel":"books","instId":"BTC-USDT"},"action":"update","data":[{"asks":[[1]]}]}',
      '{"arg":{"channel":"tickers","instId":"BTC-USDT"},"data":[{"instId":"BTC-USDT","last":"x","open24h":"1","high24h":"1","low24h":"1","vol24h":"1","ts":"1"}]}',
      '{"arg":{"channel":"books","instId":"DOGE-USDT"},"action":"snapshot","data":[{"asks":[],"bids":[],"ts":"1","checksum":0,"seqId":1,"prevSeqId":-1}]}',
    ])
      fake.raw(junk);
    fake.update('BTC-USDT');
    await until(() => seen.updates.length === 1);
    expect(feed.stats()).toMatchObject({ malformed: 3, resyncs: 0, connects: 1 });
    expect(seen.snapshots.map((s) => s.instId).sort()).toEqual(INSTRUMENTS);
    expectInSync(fake, seen, 'BTC-USDT');
  });
});
