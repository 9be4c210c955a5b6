// What the feed bench's cases publish and what each client subscribes to, shared by the bench
// (which publishes) and its client processes (which subscribe and count).

export const INSTRUMENTS = ['BTC-USDT', 'ETH-USDT', 'BWC-USDT', 'NEU-USDT', 'ALEO-USDT'] as const;
/** One publishing step: every instrument's book moves once per step (10 updates a second). */
export const TICK_MS = 100;
/** Latencies are counted to the millisecond up to this; later ones are only known to be at least this. */
export const LATENCY_CAP_MS = 10_000;

export type CaseName = 'phone' | 'stress';
export interface Sub {
  readonly channel: 'books' | 'tickers';
  readonly instId: string;
}

export const subKey = (s: Sub) => `${s.channel}:${s.instId}`;

export interface FeedCase {
  readonly name: CaseName;
  /** One line on what a client gets. */
  readonly summary: string;
  /** What client number `i` subscribes to. */
  subscriptions(i: number): Sub[];
  /** Instruments whose book and whose ticker move at step `tick`. */
  step(tick: number): { readonly books: readonly string[]; readonly tickers: readonly string[] };
}

export const CASES: Record<CaseName, FeedCase> = {
  // A phone on a market page: the book of the instrument it shows, the tickers of its watch list.
  // Tickers are throttled as OKX throttles them (2 a second per instrument), spread over the steps.
  phone: {
    name: 'phone',
    summary: 'book of 1 instrument (10/s) + tickers of 5 (2/s each): 20 msg/s a client',
    subscriptions: (i) => [
      { channel: 'books', instId: INSTRUMENTS[i % INSTRUMENTS.length]! },
      ...INSTRUMENTS.map((instId): Sub => ({ channel: 'tickers', instId })),
    ],
    step: (tick) => ({ books: INSTRUMENTS, tickers: [INSTRUMENTS[tick % INSTRUMENTS.length]!] }),
  },
  // Every client takes everything: books and tickers of 5 instruments, 10 updates a second each.
  stress: {
    name: 'stress',
    summary: 'books + tickers of 5 instruments (10/s each): 100 msg/s a client',
    subscriptions: () =>
      INSTRUMENTS.flatMap((instId): Sub[] => [
        { channel: 'books', instId },
        { channel: 'tickers', instId },
      ]),
    step: () => ({ books: INSTRUMENTS, tickers: INSTRUMENTS }),
  },
};

/** Messages from the bench to a client process. */
export type ToClients =
  | {
      readonly type: 'connect';
      readonly url: string;
      readonly feedCase: CaseName;
      readonly first: number;
      readonly count: number;
    }
  /** Count pushes stamped in [from, to) and received before `deadline` (epoch ms); CPU over [from, to). */
  | { readonly type: 'window'; readonly from: number; readonly to: number; readonly deadline: number }
  | { readonly type: 'report' }
  | { readonly type: 'disconnect' };

/** Messages from a client process to the bench. */
export type FromClients =
  | {
      readonly type: 'ready';
      readonly connected: number;
      readonly failed: number;
      /** Sockets subscribed per `channel:instId`. */
      readonly subscribers: Record<string, number>;
    }
  | {
      readonly type: 'result';
      /** Pushes stamped in the window and received by now. */
      readonly received: number;
      /** Received pushes by latency in ms (the last slot: LATENCY_CAP_MS or more). */
      readonly histogram: number[];
      /** Sockets the server closed during the run. */
      readonly closed: number;
      /** CPU time of this process over the window, ms. */
      readonly cpuMs: number;
      /** Wall time the CPU time was measured over, ms. */
      readonly spanMs: number;
    }
  | { readonly type: 'disconnected' };
