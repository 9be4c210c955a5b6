/**
 * A `books` push applied to its mirror: a snapshot published whole, an update published as it came; a gap,
 * a checksum mismatch or a malformed push resubscribes that book for a fresh snapshot.
 */
import { applyBooksPush, type LiveBooksPush } from '@nexa/contract';
import { busLevel, type Mirror, type OkxCtx, send } from './okx-context';

const MIN_RESYNC_INTERVAL_MS = 1_000;

/** Unsubscribes and subscribes the book again, at most once a second per book (OKX limits requests). */
function resync(ctx: OkxCtx, instId: string, m: Mirror, why: string): void {
  m.syncing = true;
  if (m.resyncTimer) return;
  ctx.log.warn({ instId, why }, 'okx feed: book out of sync, resubscribing');
  const go = () => {
    m.resyncTimer = null;
    m.lastResyncAt = Date.now();
    ctx.stats.resyncs++;
    send(ctx, { op: 'unsubscribe', args: [{ channel: 'books', instId }] });
    send(ctx, { op: 'subscribe', args: [{ channel: 'books', instId }] });
  };
  const wait = m.lastResyncAt + MIN_RESYNC_INTERVAL_MS - Date.now();
  if (wait <= 0) go();
  else m.resyncTimer = setTimeout(go, wait);
}

function publishSnapshot(ctx: OkxCtx, instId: string, m: Mirror, ts: number): void {
  ctx.bus.publish('book.snapshot', {
    instId,
    seq: m.book.seqId,
    asks: m.book.asks.top(Number.MAX_SAFE_INTEGER).map(busLevel),
    bids: m.book.bids.top(Number.MAX_SAFE_INTEGER).map(busLevel),
    ts,
  });
}

export function onBooks(ctx: OkxCtx, msg: LiveBooksPush): void {
  const { stats } = ctx;
  const instId = msg.arg.instId;
  const m = ctx.mirrors.get(instId);
  if (!m) return;
  const d = msg.data[0];
  const ts = Number(d.ts) || Date.now();
  if (msg.action === 'update' && m.syncing) return;
  const result = applyBooksPush(m.book, msg);
  if (result !== 'ok') {
    if (result === 'gap') stats.gaps++;
    else if (result === 'checksum') stats.checksumErrors++;
    else stats.malformed++;
    resync(ctx, instId, m, `${msg.action}: ${result} (prevSeqId ${d.prevSeqId}, seqId ${d.seqId})`);
    return;
  }
  if (msg.action === 'snapshot') {
    stats.snapshots++;
    m.syncing = false;
    publishSnapshot(ctx, instId, m, ts);
    return;
  }
  stats.updates++;
  if (d.seqId < d.prevSeqId) {
    // OKX reset its sequence (maintenance): consumers that only accept rising seqs need a new base.
    publishSnapshot(ctx, instId, m, ts);
    return;
  }
  // OKX repeats the last seqId with no levels as a heartbeat: nothing changed.
  if (d.seqId === d.prevSeqId && d.asks.length === 0 && d.bids.length === 0) return;
  ctx.bus.publish('book.update', {
    instId,
    seq: d.seqId,
    asks: d.asks.map(busLevel),
    bids: d.bids.map(busLevel),
    ts,
  });
}
