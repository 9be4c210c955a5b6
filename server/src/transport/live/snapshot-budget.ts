/**
 * How many book snapshots one socket may ask for: a token bucket per socket (a burst, then a steady rate).
 * A snapshot is up to 400 levels a side, built and sent at once; a socket that keeps subscribing again
 * would otherwise take the server's time from every other socket. A request beyond the budget is answered
 * with an error frame and not served; a socket that keeps asking past its budget is closed.
 */

/** Snapshots a socket may ask for at once. */
export const SNAPSHOT_BURST = 20;
/** Snapshots a second a socket earns back. */
export const SNAPSHOT_PER_S = 2;
/** Refused requests after which the socket is closed. */
export const SNAPSHOT_STRIKES = 10;

/** The error frame of a refused snapshot (OKX's code for requests too frequent). */
export const SNAPSHOT_REFUSED = { event: 'error', code: '60014', msg: 'Too many snapshot requests' } as const;

export class SnapshotBudget {
  private tokens: number;
  private last: number;
  private strikes = 0;

  constructor(
    private readonly burst = SNAPSHOT_BURST,
    private readonly perS = SNAPSHOT_PER_S,
    private readonly maxStrikes = SNAPSHOT_STRIKES,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** 'ok' (a snapshot taken from the budget), 'refused' (answer an error), or 'cut' (close the socket). */
  take(): 'ok' | 'refused' | 'cut' {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.perS);
    this.last = t;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 'ok';
    }
    this.strikes++;
    return this.strikes >= this.maxStrikes ? 'cut' : 'refused';
  }
}
