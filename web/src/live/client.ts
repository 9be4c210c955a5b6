import {
  LIVE_PING,
  LIVE_PING_INTERVAL_MS,
  LIVE_PONG,
  LIVE_RECONNECT_DELAY_MS,
  type LiveArg,
  type LivePush,
  type LiveRequest,
  parseLiveMessage,
} from '@nexa/contract';

/** The part of a browser WebSocket the client uses, so tests can hand in a fake one. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  send(data: string): void;
  close(): void;
}

export type SocketFactory = (url: string) => SocketLike;

export interface LiveClientOptions {
  /** The address to connect to, read at every (re)connection (the token may have changed). */
  readonly url: () => string;
  readonly onPush: (push: LivePush) => void;
  readonly connect?: SocketFactory;
}

const OPEN = 1;
/** The gateway takes at most this many args in one request. */
const ARGS_PER_REQUEST = 50;

export function argKey(arg: LiveArg): string {
  return `${arg.channel}:${arg.instId ?? ''}`;
}

/**
 * `<base><wsPath>?token=…` (no query without a token): `base` is the feed's host as the deployment names it
 * (`wsBaseUrl` of the contract: `ws(s)://` the page's host, its `web.` host, or an address of its own).
 */
export function liveUrl(base: string, wsPath: string, token: string | null): string {
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return `${base}${wsPath}${query}`;
}

/**
 * The app's one live-feed socket (spec sections 7–9, OKX v5 shape). Subscriptions are counted: the
 * first holder of a channel subscribes, the last one to let go unsubscribes. The text `ping` goes out
 * every 20 s; a closed socket reconnects after 1 s and subscribes to everything held again (books
 * then start from a fresh snapshot). Malformed messages and socket errors are ignored.
 *
 * Timers are the global ones, looked up when used, so fake timers in tests drive them.
 */
export class LiveClient {
  readonly #opts: LiveClientOptions;
  readonly #subs = new Map<string, { readonly arg: LiveArg; count: number }>();
  #socket: SocketLike | null = null;
  #ping: ReturnType<typeof setInterval> | null = null;
  #retry: ReturnType<typeof setTimeout> | null = null;
  #stopped = false;

  constructor(opts: LiveClientOptions) {
    this.#opts = opts;
  }

  /** Channels held now (for tests and diagnostics). */
  get held(): readonly LiveArg[] {
    return [...this.#subs.values()].map((s) => s.arg);
  }

  get connected(): boolean {
    return this.#socket?.readyState === OPEN;
  }

  /** Holds a channel until the returned function is called (once). */
  acquire(arg: LiveArg): () => void {
    const key = argKey(arg);
    const held = this.#subs.get(key);
    if (held) held.count++;
    else {
      this.#subs.set(key, { arg, count: 1 });
      this.#send('subscribe', [arg]);
    }
    this.#stopped = false;
    this.#ensureConnected();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const sub = this.#subs.get(key);
      if (!sub) return;
      sub.count--;
      if (sub.count > 0) return;
      this.#subs.delete(key);
      this.#send('unsubscribe', [arg]);
    };
  }

  /** Unsubscribes and subscribes again: the server answers a books subscription with a fresh snapshot. */
  resubscribe(arg: LiveArg): void {
    if (!this.#subs.has(argKey(arg))) return;
    this.#send('unsubscribe', [arg]);
    this.#send('subscribe', [arg]);
  }

  /** Drops the socket and connects again at once (the token changed: sign-in or sign-out). */
  reconnect(): void {
    this.#drop();
    if (this.#retry !== null) {
      clearTimeout(this.#retry);
      this.#retry = null;
    }
    if (this.#subs.size > 0 && !this.#stopped) this.#connect();
  }

  /** Closes the socket for good (until the next acquire). */
  stop(): void {
    this.#stopped = true;
    if (this.#retry !== null) clearTimeout(this.#retry);
    this.#retry = null;
    this.#drop();
  }

  #ensureConnected(): void {
    if (this.#socket || this.#retry !== null) return;
    this.#connect();
  }

  #send(op: LiveRequest['op'], args: readonly LiveArg[]): void {
    const socket = this.#socket;
    if (!socket || socket.readyState !== OPEN || args.length === 0) return;
    for (let i = 0; i < args.length; i += ARGS_PER_REQUEST) {
      const request: LiveRequest = { op, args: args.slice(i, i + ARGS_PER_REQUEST) };
      try {
        socket.send(JSON.stringify(request));
      } catch {
        // A socket that is closing: its close event reconnects.
      }
    }
  }

  #connect(): void {
    let socket: SocketLike;
    try {
      socket = (this.#opts.connect ?? browserSocket)(this.#opts.url());
    } catch {
      this.#scheduleReconnect();
      return;
    }
    this.#socket = socket;
    socket.onopen = () => {
      if (this.#socket !== socket) return;
      this.#startPing();
      this.#send(
        'subscribe',
        [...this.#subs.values()].map((s) => s.arg),
      );
    };
    socket.onmessage = (event) => {
      if (this.#socket !== socket || typeof event.data !== 'string' || event.data === LIVE_PONG) return;
      const msg = parseLiveMessage(event.data);
      if (msg && 'arg' in msg && !('event' in msg)) this.#opts.onPush(msg);
    };
    socket.onerror = () => {
      // Ignored (spec 8): the close that follows reconnects.
    };
    socket.onclose = () => {
      if (this.#socket !== socket) return;
      this.#socket = null;
      this.#stopPing();
      this.#scheduleReconnect();
    };
  }

  #scheduleReconnect(): void {
    if (this.#stopped || this.#retry !== null) return;
    this.#retry = setTimeout(() => {
      this.#retry = null;
      if (!this.#stopped && !this.#socket) this.#connect();
    }, LIVE_RECONNECT_DELAY_MS);
  }

  #startPing(): void {
    this.#stopPing();
    this.#ping = setInterval(() => {
      const socket = this.#socket;
      if (socket?.readyState !== OPEN) return;
      try {
        socket.send(LIVE_PING);
      } catch {
        // The close event handles a dead socket.
      }
    }, LIVE_PING_INTERVAL_MS);
  }

  #stopPing(): void {
    if (this.#ping !== null) clearInterval(this.#ping);
    this.#ping = null;
  }

  /** Forgets the current socket without scheduling a reconnect. */
  #drop(): void {
    const socket = this.#socket;
    this.#socket = null;
    this.#stopPing();
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close();
    } catch {
      // Already closed.
    }
  }
}

function browserSocket(url: string): SocketLike {
  return new WebSocket(url) as unknown as SocketLike;
}
