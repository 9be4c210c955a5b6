import { formatAmount, type ResponseData, USDT_SCALE } from '@nexa/contract';
import type { Config } from '../../config';
import type { Clock } from '../../kernel/clock';
import type { AppDeps } from '../../kernel/context';
import type { Settings } from '../../kernel/settings';
import { type Ledger, SYSTEM } from '../../ledger';
import type { PlatformDays } from '../../programs/days';
import type { Store } from '../../store';
import type { Quiz } from './quiz';
import type { GAMES_SETTINGS } from './settings';
import type { raceEntries, raceGroups, ticketMoves } from './tables';

export const TICKET = 'TICKET';

export const GAMES_SYSTEM = {
  /** Issues tickets and funds the game fund (operators' capital). */
  capital: SYSTEM.capital('games'),
  /** USDT backing exchanged and quiz tickets. */
  fund: 'system:games:fund',
  /** USDT worth of every ticket in users' hands. */
  backing: 'system:games:backing',
  /** USDT worth of the tickets spent in groups not settled yet. */
  pool: 'system:games:pool',
  /** The platform's share of settled groups. */
  revenue: 'system:games:revenue',
  /** Tokens users exchanged for tickets. */
  exchange: 'system:games:exchange',
  /** Where the demo racers' pool is filled from (operators' capital stands for money from outside). */
  demo: SYSTEM.capital('demo_racers'),
  /**
   * The demo racers' pool: it pays every demo seat's tickets when the racer joins and takes back what is left
   * of them at settlement. Real money never ends here (docs/rules.md, Games).
   */
  demoPool: 'system:games:demo_pool',
} as const;

/** What a chain transfer to the user's deposit address gave, as the wallet sees it. */
export type ChainPaymentCheck =
  | { readonly state: 'credited'; readonly amount: bigint }
  | { readonly state: 'pending'; readonly confirmations: number; readonly needed: number }
  | { readonly state: 'not_found' };

export interface GamesDeps extends AppDeps {
  readonly ledger: Ledger;
  /** Price of one unit in USDT at 18 decimals from the one price source (null: no price). */
  readonly priceUsdt18: (symbol: string) => Promise<bigint | null>;
  /** Looks up a chain transfer to the user's deposit address (null: no chain adapter runs). */
  readonly chainPayment: ((userId: number, txHash: string) => Promise<ChainPaymentCheck>) | null;
}

/** What changes while the games run. */
export interface GamesState {
  /** When a user or a demo racer last joined a group (ms). */
  lastDemoJoin: number;
  /** The demo's questions, added again when none is open (set at start in the demo). */
  reseedQuiz: (() => Promise<void>) | null;
}

/** What the games' operations share: their dependencies, settings, the quiz and the running state. */
export interface GamesCtx {
  readonly deps: GamesDeps;
  readonly store: Store;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly log: GamesDeps['log'];
  readonly config: Config;
  readonly settings: Settings<typeof GAMES_SETTINGS>;
  /** The key that seals each group's server seed until its draw. */
  readonly sealKey: Config['operatorKey'];
  readonly days: PlatformDays;
  /** Demo racers' user ids (empty outside the demo). */
  readonly demoRacers: number[];
  readonly quiz: Quiz;
  readonly state: GamesState;
}

export type GroupRow = typeof raceGroups.$inferSelect;
export type EntryRow = typeof raceEntries.$inferSelect;
export type EntryView = ResponseData<'/api/racer/playInfo'>;
export type GroupView = ResponseData<'/api/racer/racerInfo'>['group'];
export type MoveReason = (typeof ticketMoves.$inferInsert)['reason'];

/** Decimals of a group's prize share. */
export const SHARE_SCALE = 8;
export const usd = (v: bigint) => formatAmount(v, USDT_SCALE);
