// One process of the feed bench's load clients (forked by feed.ts): opens its share of the sockets,
// subscribes each as its case says, and counts the pushes stamped in the measured window with their
// latency (the push's `ts`, stamped with the moment it was due, against the receive time, in ms).
import WebSocket from 'ws';
import { CASES, type FromClients, LATENCY_CAP_MS, subKey, type ToClients } from './feed-plan';

const send = (m: FromClients) => process.send?.(m);
const CONNECT_CONCURRENCY = 256;
const CONNECT_CAP_MS = 30_000;
const TS = Buffer.from('"ts":"');

let sockets: WebSocket[] = [];
let histogram = new Array<number>(LATENCY_CAP_MS + 1).fill(0);
let received = 0;
let closed = 0;
let from = Number.POSITIVE_INFINITY;
let to = Number.NEGATIVE_INFINITY;
let deadline = Number.NEGATIVE_INFINITY;
let cpuFrom: NodeJS.CpuUsage | null = null;
let spanFrom = 0;
let cpuMs = 0;
let spanMs = 0;

/** The push's ts read off the bytes (a phone would parse the message; the server is what is measured). */
function onPush(data: Buffer): void {
  const at = data.indexOf(TS);
  if (at < 0) return;
  let ts = 0;
  for (let i = at + TS.length; i < data.length; i++) {
    const c = data[i]!;
    if (c < 48 || c > 57) break;
    ts = ts * 10 + (c - 48);
  }
  if (ts < from || ts >= to) return;
  const now = Date.now();
  // Later than the drain after the window: not delivered (however late the bench asks for the count).
  if (now >= deadline) return;
  received++;
  const ms = Math.max(0, Math.min(LATENCY_CAP_MS, now - ts));
  histogram[ms] = (histogram[ms] ?? 0) + 1;
}

async function connect(
  url: string,
  subsOf: (i: number) => ReturnType<(typeof CASES)['phone']['subscriptions']>,
  first: number,
  count: number,
) {
  const subscribers: Record<string, number> = {};
  const open = (i: number) =>
    new Promise<boolean>((resolve) => {
      const subs = subsOf(i);
      // The clients skip UTF-8 validation: they are load, the server is what is measured.
      const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
      // Ready once every subscription is answered (the book's snapshot comes with its answer).
      let acks = 0;
      let ready = false;
      ws.on('message', (data: WebSocket.RawData) => {
        if (!Buffer.isBuffer(data)) return;
        if (ready) return onPush(data);
        if (data.indexOf('"event":"subscribe"') >= 0 && ++acks === subs.length) {
          ready = true;
          for (const s of subs) subscribers[subKey(s)] = (subscribers[subKey(s)] ?? 0) + 1;
          resolve(true);
        }
      });
      ws.once('open', () => ws.send(JSON.stringify({ op: 'subscribe', args: subs })));
      ws.once('error', () => resolve(false));
      ws.once('close', () => {
        if (ready) closed++;
        resolve(false);
      });
      sockets.push(ws);
    });
  const t0 = Date.now();
  let next = first;
  let connected = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: CONNECT_CONCURRENCY }, async () => {
      while (next < first + count && Date.now() - t0 < CONNECT_CAP_MS) {
        if (await open(next++)) connected++;
        else failed++;
      }
    }),
  );
  send({ type: 'ready', connected, failed, subscribers });
}

process.on('message', (m: ToClients) => {
  switch (m.type) {
    case 'connect':
      histogram = new Array<number>(LATENCY_CAP_MS + 1).fill(0);
      received = 0;
      closed = 0;
      from = Number.POSITIVE_INFINITY;
      to = Number.NEGATIVE_INFINITY;
      void connect(m.url, CASES[m.feedCase].subscriptions, m.first, m.count);
      break;
    case 'window':
      from = m.from;
      to = m.to;
      deadline = m.deadline;
      setTimeout(
        () => {
          cpuFrom = process.cpuUsage();
          spanFrom = performance.now();
        },
        Math.max(0, m.from - Date.now()),
      );
      setTimeout(
        () => {
          const used = process.cpuUsage(cpuFrom ?? undefined);
          cpuMs = (used.user + used.system) / 1000;
          spanMs = performance.now() - spanFrom;
        },
        Math.max(0, m.to - Date.now()),
      );
      break;
    case 'report':
      send({ type: 'result', received, histogram, closed, cpuMs, spanMs });
      break;
    case 'disconnect': {
      const all = sockets;
      sockets = [];
      for (const ws of all) ws.terminate();
      // Let the terminations reach the server before the next run connects.
      setTimeout(() => send({ type: 'disconnected' }), 200);
      break;
    }
  }
});
process.on('disconnect', () => process.exit(0));
