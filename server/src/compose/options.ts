import type { Config } from '../config';
import type { Bus } from '../kernel/bus';
import type { Clock } from '../kernel/clock';
import type { Mailer } from '../kernel/mailer';
import type { ChainAdapter } from '../modules/wallet/chain';
import type { Store } from '../store';

export interface AppOptions {
  readonly config: Config;
  readonly clock?: Clock;
  /** An already open store (tests share one); otherwise opened from the config. */
  readonly store?: Store;
  readonly mailer?: Mailer;
  /** The watched networks instead of the config's (tests); their watchers are not started. */
  readonly chains?: readonly ChainAdapter[];
  /** Log lines go nowhere (tests). */
  readonly quiet?: boolean;
  /** Where log lines go instead of standard output (tests read them). */
  readonly logStream?: NodeJS.WritableStream;
  /** The event bus (market → live feed); an in-process one by default. */
  readonly bus?: Bus;
  /**
   * Cluster mode: this instance lost the writers' lease (another took over). Its work has stopped; the
   * process should end and be started again (main.ts exits).
   */
  readonly onFenced?: (reason: string) => void;
}
