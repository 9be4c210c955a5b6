import { type LivePush, wsBaseUrl } from '@nexa/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveClient, liveUrl, type SocketLike } from '../src/live/client';

/** A WebSocket that records what is sent and lets the test open, close and feed it. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { readonly data: unknown }) => void) | null = null;
  readonly sent: string[] = [];
  closed = false;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(data);
  }

  close(): void {
    this.closed = true;
    this.readyState = 3;
  }

  // test side
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  serverClose(): void {
    this.readyState = 3;
    this.onclose?.({});
  }

  receive(data: unknown): void {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }

  requests(): unknown[] {
    return this.sent.filter((s) => s !== 'ping').map((s) => JSON.parse(s));
  }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;

function makeClient(url = () => 'ws://host/ws') {
  const pushes: LivePush[] = [];
  const client = new LiveClient({
    url,
    onPush: (p) => pushes.push(p),
    connect: (u) => new FakeSocket(u),
  });
  return { client, pushes };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('live client', () => {
  it('builds the address from the feed host, the config path and the token', () => {
    expect(liveUrl('wss://ex.com', '/ws', 'a b')).toBe('wss://ex.com/ws?token=a%20b');
    expect(liveUrl('ws://localhost:8080', '/ws', null)).toBe('ws://localhost:8080/ws');
    const page = { protocol: 'http:', host: 'app.localhost:8080' };
    expect(liveUrl(wsBaseUrl('same-origin', page), '/ws', null)).toBe('ws://app.localhost:8080/ws');
    expect(liveUrl(wsBaseUrl('web-prefix', page), '/ws', 't')).toBe('ws://web.app.localhost:8080/ws?token=t');
  });

  it('connects on the first subscription and subscribes to everything held once open', () => {
    const { client } = makeClient();
    expect(FakeSocket.all).toHaveLength(0);
    client.acquire({ channel: 'tickers' });
    client.acquire({ channel: 'books', instId: 'BTC-USDT' });
    expect(FakeSocket.all).toHaveLength(1);
    last().open();
    expect(last().requests()).toEqual([
      {
        op: 'subscribe',
        args: [{ channel: 'tickers' }, { channel: 'books', instId: 'BTC-USDT' }],
      },
    ]);
  });

  it('counts holders: one subscribe for the first, one unsubscribe after the last', () => {
    const { client } = makeClient();
    const a = client.acquire({ channel: 'books', instId: 'BTC-USDT' });
    last().open();
    const b = client.acquire({ channel: 'books', instId: 'BTC-USDT' });
    a();
    a(); // releasing twice counts once
    expect(last().requests()).toHaveLength(1);
    b();
    expect(last().requests()).toEqual([
      { op: 'subscribe', args: [{ channel: 'books', instId: 'BTC-USDT' }] },
      { op: 'unsubscribe', args: [{ channel: 'books', instId: 'BTC-USDT' }] },
    ]);
    expect(client.held).toEqual([]);
  });

  it('sends the text ping every 20,000 ms while open', () => {
    const { client } = makeClient();
    client.acquire({ channel: 'tickers' });
    last().open();
    vi.advanceTimersByTime(19_999);
    expect(last().sent.filter((s) => s === 'ping')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(last().sent.filter((s) => s === 'ping')).toHaveLength(1);
    vi.advanceTimersByTime(40_000);
    expect(last().sent.filter((s) => s === 'ping')).toHaveLength(3);
  });

  it('reconnects 1,000 ms after a close and resubscribes everything; the old ping stops', () => {
    const { client } = makeClient();
    client.acquire({ channel: 'tickers' });
    client.acquire({ channel: 'books', instId: 'ETH-USDT' });
    const first = last();
    first.open();
    first.serverClose();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    const second = last();
    second.open();
    expect(second.requests()).toEqual([
      { op: 'subscribe', args: [{ channel: 'tickers' }, { channel: 'books', instId: 'ETH-USDT' }] },
    ]);
    vi.advanceTimersByTime(20_000);
    expect(first.sent.filter((s) => s === 'ping')).toHaveLength(0);
    expect(second.sent.filter((s) => s === 'ping')).toHaveLength(1);
  });

  it('keeps retrying every second while the server is away', () => {
    const { client } = makeClient();
    client.acquire({ channel: 'tickers' });
    last().serverClose(); // never opened
    vi.advanceTimersByTime(1_000);
    last().serverClose();
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('ignores malformed messages, pongs, acks and socket errors; hands pushes on', () => {
    const { client, pushes } = makeClient();
    client.acquire({ channel: 'tickers' });
    const s = last();
    s.open();
    s.receive('pong');
    s.receive('{not json');
    s.receive({ event: 'subscribe', arg: { channel: 'tickers' } });
    s.receive({ arg: { channel: 'nope' }, data: [{}] });
    s.receive({ arg: { channel: 'books', instId: 'BTC-USDT' }, action: 'update', data: [{ asks: 'x' }] });
    s.onerror?.({});
    expect(pushes).toHaveLength(0);
    const push = {
      arg: { channel: 'books', instId: 'BTC-USDT' },
      action: 'snapshot',
      data: [{ asks: [['1', '1', '0', '1']], bids: [], ts: '1', checksum: 0, seqId: 1, prevSeqId: -1 }],
    };
    s.receive(push);
    expect(pushes).toEqual([push]);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('resubscribe sends unsubscribe then subscribe for a held book (a fresh snapshot follows)', () => {
    const { client } = makeClient();
    client.acquire({ channel: 'books', instId: 'BTC-USDT' });
    last().open();
    client.resubscribe({ channel: 'books', instId: 'BTC-USDT' });
    client.resubscribe({ channel: 'books', instId: 'NOT-HELD' });
    expect(last().requests().slice(1)).toEqual([
      { op: 'unsubscribe', args: [{ channel: 'books', instId: 'BTC-USDT' }] },
      { op: 'subscribe', args: [{ channel: 'books', instId: 'BTC-USDT' }] },
    ]);
  });

  it('reconnect() opens a new socket with the current address at once (sign-in)', () => {
    let token = 'none';
    const { client } = makeClient(() => `ws://host/ws?token=${token}`);
    client.acquire({ channel: 'update_order' });
    const first = last();
    first.open();
    token = 'abc';
    client.reconnect();
    expect(first.closed).toBe(true);
    expect(last().url).toBe('ws://host/ws?token=abc');
    // The old socket's close does not schedule a second connection.
    first.onclose?.({});
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('stop() ends the socket and its timers', () => {
    const { client } = makeClient();
    client.acquire({ channel: 'tickers' });
    last().open();
    client.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().sent).toHaveLength(1);
  });
});
