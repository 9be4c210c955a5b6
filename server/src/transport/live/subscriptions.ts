import { LIVE_CHANNELS, type LiveArg, type LiveChannel, PRIVATE_CHANNELS } from '@nexa/contract';
import type { AuthUser } from '../../kernel/context';
import { type Conn, type Outgoing, subKey } from './conn';
import { SNAPSHOT_REFUSED, type SnapshotBudget } from './snapshot-budget';

/** Subscriptions one socket may hold. */
export const MAX_SUBSCRIPTIONS = 256;

/** The sockets of one subscription key, and the latest moment (push id) one of them subscribed. */
export interface Subscribers {
  readonly conns: Set<Conn>;
  lastSince: number;
}

/** Who takes what: the sockets by subscription key, and the signed-in sockets by user. */
export interface Subscriptions {
  /** `channel:instId` → its sockets. */
  readonly byKey: Map<string, Subscribers>;
  readonly byUser: Map<number, Set<Conn>>;
}

export function createSubscriptions(): Subscriptions {
  return { byKey: new Map(), byUser: new Map() };
}

/** The `args` of a request, or null when they are not a list of 1 to 50 known channels. */
export function parseArgs(value: unknown): LiveArg[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > 50) return null;
  const out: LiveArg[] = [];
  for (const a of value) {
    if (typeof a !== 'object' || a === null) return null;
    const { channel, instId } = a as Record<string, unknown>;
    if (typeof channel !== 'string' || !(LIVE_CHANNELS as readonly string[]).includes(channel)) return null;
    if (instId !== undefined && (typeof instId !== 'string' || instId.length > 64)) return null;
    out.push(
      instId === undefined
        ? { channel: channel as LiveChannel }
        : { channel: channel as LiveChannel, instId },
    );
  }
  return out;
}

export const hasSubscribers = (subs: Subscriptions, keys: readonly string[]) =>
  keys.some((k) => subs.byKey.has(k));

/**
 * Whether a socket takes a push: subscribed to one of its keys, and subscribed before the push was
 * queued (what was queued earlier is already in the snapshot or last ticker it got on subscribing).
 */
export function wants(conn: Conn, out: Outgoing): boolean {
  const keys =
    out.kind === 'public'
      ? out.keys
      : conn.userId !== out.userId
        ? []
        : out.instId
          ? [`${out.channel}:`, subKey(out.channel, out.instId)]
          : [`${out.channel}:`];
  for (const k of keys) {
    const since = conn.subs.get(k);
    if (since !== undefined && out.id > since) return true;
  }
  return false;
}

/**
 * A socket's subscriptions changed while a batch holds pushes for it: it keeps only those it still
 * takes (none after unsubscribing, none it already has in the snapshot it was just sent).
 */
function resettle(conn: Conn): void {
  if (conn.pending.length > 0) conn.pending = conn.pending.filter((out) => wants(conn, out));
}

/** Subscribes a socket to `key` from push `since` on (the id of the last push queued). */
export function subscribe(subs: Subscriptions, conn: Conn, key: string, since: number): void {
  conn.subs.set(key, since);
  let set = subs.byKey.get(key);
  if (!set) {
    set = { conns: new Set(), lastSince: since };
    subs.byKey.set(key, set);
  }
  set.conns.add(conn);
  set.lastSince = since;
  resettle(conn);
}

export function unsubscribe(subs: Subscriptions, conn: Conn, key: string): void {
  conn.subs.delete(key);
  const set = subs.byKey.get(key);
  if (set) {
    set.conns.delete(conn);
    if (set.conns.size === 0) subs.byKey.delete(key);
  }
  resettle(conn);
}

/** The socket's caller is known: its private channels can reach it. */
export function signIn(subs: Subscriptions, conn: Conn, userId: number): void {
  conn.userId = userId;
  let set = subs.byUser.get(userId);
  if (!set) {
    set = new Set();
    subs.byUser.set(userId, set);
  }
  set.add(conn);
}

/** A closed socket: it takes nothing more and leaves every subscription. */
export function leave(subs: Subscriptions, conn: Conn): void {
  conn.dead = true;
  conn.pending = [];
  for (const key of [...conn.subs.keys()]) unsubscribe(subs, conn, key);
  if (conn.userId !== null) {
    const set = subs.byUser.get(conn.userId);
    set?.delete(conn);
    if (set?.size === 0) subs.byUser.delete(conn.userId);
  }
}

/** What answering one socket's requests needs. */
export interface Requester {
  readonly conn: Conn;
  readonly subs: Subscriptions;
  /** This socket's budget of book snapshots. */
  readonly snapshots: SnapshotBudget;
  /** Id of the last push queued: a new subscription takes the pushes after it. */
  lastId(): number;
  sendJson(msg: unknown): void;
  /** Sends a new subscriber what its channel holds now (a book's snapshot, the last ticker or marks). */
  sendCurrent(arg: LiveArg): void;
  /** Closes the socket for asking too many snapshots. */
  cut(): void;
}

/**
 * Answers one `subscribe` or `unsubscribe` request, argument by argument: a private channel needs a
 * caller, `books`, `mark-price` and `funding-rate` an instId; each books subscription takes from the
 * socket's snapshot budget (past it, an error frame; far past it, the socket is closed) and a socket holds
 * at most MAX_SUBSCRIPTIONS. Each accepted argument is acknowledged, then sent what it holds now.
 */
export function answerRequest(
  r: Requester,
  op: 'subscribe' | 'unsubscribe',
  parsed: readonly LiveArg[],
  user: AuthUser | null,
): void {
  const { conn } = r;
  for (const arg of parsed) {
    if ((PRIVATE_CHANNELS as readonly string[]).includes(arg.channel) && !user) {
      r.sendJson({ event: 'error', code: '60011', msg: 'Please log in', arg });
      continue;
    }
    if (
      (arg.channel === 'books' || arg.channel === 'mark-price' || arg.channel === 'funding-rate') &&
      !arg.instId
    ) {
      r.sendJson({ event: 'error', code: '60018', msg: 'instId required', arg });
      continue;
    }
    if (op === 'unsubscribe') {
      unsubscribe(r.subs, conn, subKey(arg.channel, arg.instId));
      r.sendJson({ event: op, arg });
      continue;
    }
    if (arg.channel === 'books') {
      // Each books subscription is a snapshot of up to 400 levels a side: a socket has a budget of them.
      const verdict = r.snapshots.take();
      if (verdict === 'cut') {
        r.cut();
        return;
      }
      if (verdict === 'refused') {
        r.sendJson({ ...SNAPSHOT_REFUSED, arg });
        continue;
      }
    }
    if (conn.subs.size >= MAX_SUBSCRIPTIONS && !conn.subs.has(subKey(arg.channel, arg.instId))) {
      r.sendJson({ event: 'error', code: '60012', msg: 'Too many subscriptions', arg });
      continue;
    }
    subscribe(r.subs, conn, subKey(arg.channel, arg.instId), r.lastId());
    r.sendJson({ event: op, arg });
    r.sendCurrent(arg);
  }
}
