import type { AddressInfo } from 'node:net';
import { bookChecksum } from '@nexa/contract';
import { type WebSocket, WebSocketServer } from 'ws';
import { seededRandom } from '../src/modules/market/sim/random';

/**
 * A local stand-in for OKX's public v5 websocket, faithful to what the connector relies on:
 * `{op:'subscribe'|'unsubscribe', args}` answered `{event, arg, connId}`, a `books` snapshot on
 * subscribe (prevSeqId -1), then updates whose prevSeqId is the last seqId sent (seqIds rise by
 * 1..3, as OKX's are not contiguous) with the CRC32 checksum of the top 25 levels, `tickers`
 * pushes without `action`, text `ping` → `pong`. On demand it skips an update (a sequence gap),
 * sends a wrong checksum, resets its sequence, drops every connection, or stops answering pings.
 */
export interface FakeOkx {
  readonly url: string;
  /** Pushes one update of a book to its subscribers; returns its seqId. */
  update(instId: string, fault?: 'gap' | 'checksum' | 'reset'): number;
  ticker(instId: string, last: string, open24h?: string): void;
  /** Sends a raw text frame to every connection. */
  raw(text: string): void;
  /** Terminates every connection (the connector must come back). */
  drop(): void;
  /** Answer pings or not. */
  answerPings: boolean;
  /** The true book, sorted (asks ascending, bids descending). */
  book(instId: string): { asks: [string, string][]; bids: [string, string][]; seqId: number };
  readonly stats: {
    connections: number;
    open: number;
    pings: number;
    requests: Array<{ op: string; arg: unknown }>;
  };
  close(): Promise<void>;
}

interface Book {
  asks: Map<string, string>;
  bids: Map<string, string>;
  seqId: number;
}

const sortSide = (m: Map<string, string>, dir: 1 | -1): [string, string][] =>
  [...m].sort((a, b) => dir * (Number(a[0]) - Number(b[0])));

export async function startFakeOkx(opts: {
  instruments: string[];
  seed?: number;
  depth?: number;
}): Promise<FakeOkx> {
  const rand = seededRandom(opts.seed ?? 1);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const depth = opts.depth ?? 40;
  const books = new Map<string, Book>();
  for (const [k, instId] of opts.instruments.entries()) {
    const mid = 1000 * (k + 1);
    const book: Book = { asks: new Map(), bids: new Map(), seqId: 1000 + k };
    for (let i = 1; i <= depth; i++) {
      book.asks.set((mid + i / 10).toFixed(1), String(int(1, 50)));
      book.bids.set((mid - i / 10).toFixed(1), String(int(1, 50)));
    }
    books.set(instId, book);
  }
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const port = (wss.address() as AddressInfo).port;
  const subs = new Map<WebSocket, Set<string>>();
  const stats = { connections: 0, open: 0, pings: 0, requests: [] as Array<{ op: string; arg: unknown }> };

  const levels = (side: [string, string][]) => side.map(([px, sz]) => [px, sz, '0', String(int(1, 9))]);
  const truth = (instId: string) => {
    const b = books.get(instId);
    if (!b) throw new Error(`unknown ${instId}`);
    return { asks: sortSide(b.asks, 1), bids: sortSide(b.bids, -1), seqId: b.seqId };
  };
  const checksumOf = (instId: string) => {
    const t = truth(instId);
    return bookChecksum(t.asks, t.bids);
  };
  const sendTo = (key: string, msg: unknown) => {
    const text = JSON.stringify(msg);
    for (const [ws, set] of subs) if (set.has(key)) ws.send(text);
  };

  /** Changes a few levels of the true book; returns the changed levels. */
  const mutate = (instId: string) => {
    const b = books.get(instId)!;
    const t = truth(instId);
    const changed = { asks: new Map<string, string>(), bids: new Map<string, string>() };
    for (let n = int(1, 4); n > 0; n--) {
      const isAsk = rand() < 0.5;
      const side = isAsk ? b.asks : b.bids;
      const sorted = isAsk ? t.asks : t.bids;
      const roll = rand();
      let px: string;
      if (roll < 0.3 && sorted.length > 5) px = sorted[int(0, Math.min(30, sorted.length - 1))]![0];
      else {
        const best = Number(sorted[0]?.[0] ?? (isAsk ? 1001 : 999));
        px = (best + ((isAsk ? 1 : -1) * int(0, 300)) / 10).toFixed(1);
        // Never cross the book.
        const other = isAsk ? t.bids[0] : t.asks[0];
        if (other && (isAsk ? Number(px) <= Number(other[0]) : Number(px) >= Number(other[0]))) continue;
      }
      const sz = roll < 0.3 ? '0' : String(int(1, 80));
      if (sz === '0') side.delete(px);
      else side.set(px, sz);
      (isAsk ? changed.asks : changed.bids).set(px, sz);
    }
    return { asks: sortSide(changed.asks, 1), bids: sortSide(changed.bids, -1) };
  };

  wss.on('connection', (ws) => {
    stats.connections++;
    stats.open++;
    subs.set(ws, new Set());
    ws.on('close', () => {
      stats.open--;
      subs.delete(ws);
    });
    ws.on('message', (raw) => {
      const text = raw.toString();
      if (text === 'ping') {
        stats.pings++;
        if (fake.answerPings) ws.send('pong');
        return;
      }
      let msg: { op?: string; args?: Array<{ channel?: string; instId?: string }> };
      try {
        msg = JSON.parse(text);
      } catch {
        ws.send(JSON.stringify({ event: 'error', code: '60012', msg: `Invalid request: ${text}` }));
        return;
      }
      for (const arg of msg.args ?? []) {
        stats.requests.push({ op: msg.op ?? '', arg });
        const key = `${arg.channel}:${arg.instId}`;
        if (!arg.instId || !books.has(arg.instId) || (arg.channel !== 'books' && arg.channel !== 'tickers')) {
          ws.send(
            JSON.stringify({ event: 'error', code: '60018', msg: `Wrong URL or channel:${arg.channel}` }),
          );
          continue;
        }
        if (msg.op === 'unsubscribe') {
          subs.get(ws)?.delete(key);
          ws.send(JSON.stringify({ event: 'unsubscribe', arg, connId: 'fake' }));
          continue;
        }
        subs.get(ws)?.add(key);
        ws.send(JSON.stringify({ event: 'subscribe', arg, connId: 'fake' }));
        if (arg.channel === 'books') {
          const t = truth(arg.instId);
          ws.send(
            JSON.stringify({
              arg,
              action: 'snapshot',
              data: [
                {
                  asks: levels(t.asks),
                  bids: levels(t.bids),
                  ts: String(Date.now()),
                  checksum: checksumOf(arg.instId),
                  prevSeqId: -1,
                  seqId: t.seqId,
                },
              ],
            }),
          );
        }
      }
    });
  });

  const fake: FakeOkx = {
    url: `ws://127.0.0.1:${port}/ws/v5/public`,
    answerPings: true,
    stats,
    update(instId, fault) {
      const b = books.get(instId)!;
      if (fault === 'gap') {
        // An update the subscribers never see: the next one's prevSeqId points past their last.
        mutate(instId);
        b.seqId += int(1, 3);
      }
      const prevSeqId = b.seqId;
      const changed = mutate(instId);
      // A sequence reset (OKX maintenance): the new seqId is below the previous one.
      b.seqId = fault === 'reset' ? int(1, 9) : b.seqId + int(1, 3);
      const checksum = checksumOf(instId) + (fault === 'checksum' ? 1 : 0);
      sendTo(`books:${instId}`, {
        arg: { channel: 'books', instId },
        action: 'update',
        data: [
          {
            asks: levels(changed.asks),
            bids: levels(changed.bids),
            ts: String(Date.now()),
            checksum: checksum | 0,
            prevSeqId,
            seqId: b.seqId,
          },
        ],
      });
      return b.seqId;
    },
    ticker(instId, last, open24h = '100') {
      sendTo(`tickers:${instId}`, {
        arg: { channel: 'tickers', instId },
        data: [
          {
            instType: 'SPOT',
            instId,
            last,
            lastSz: '0.1',
            askPx: last,
            askSz: '1',
            bidPx: last,
            bidSz: '1',
            open24h,
            high24h: last,
            low24h: open24h,
            volCcy24h: '1000',
            vol24h: '10',
            sodUtc0: open24h,
            sodUtc8: open24h,
            ts: String(Date.now()),
          },
        ],
      });
    },
    raw(text) {
      for (const ws of subs.keys()) ws.send(text);
    },
    drop() {
      for (const ws of subs.keys()) ws.terminate();
    },
    book: truth,
    async close() {
      for (const ws of subs.keys()) ws.terminate();
      await new Promise<void>((r) => wss.close(() => r()));
    },
  };
  return fake;
}
