/**
 * What every copy-trading operation is handed: the module's dependencies, its settings, the link vault, the
 * OKX client, and the little it keeps in memory (the leads, the copied positions, the contracts whose copies
 * lag, the traders' figures and the OKX sender in flight). Built once by `createCopy`.
 */
import type { ExactDecimal, ResponseData } from '@nexa/contract';
import type { AppDeps } from '../../kernel/context';
import type { Settings } from '../../kernel/settings';
import type { Ledger } from '../../ledger';
import type { CounterpartyReader, createCounterpartyFlags } from './counterparty-flags';
import type { createLinkVault } from './links';
import type { OkxClient } from './okx';
import type { COPY_SETTINGS } from './settings';
import type { copyFollows, copyLeadApplications, copyPositions } from './tables';

export type PositionView = ResponseData<'/v1/futures/positions'>['list'][number];
export type ClosedView = ResponseData<'/v1/futures/positionHistory'>['list'][number];
export type OrderView = ResponseData<'/v1/order/submitTrade'>;
export type FollowView = ResponseData<'/v1/copy/follow'>;
export type TraderView = ResponseData<'/v1/copy/traders'>['list'][number];
export type LeadStatusView = ResponseData<'/v1/copy/lead'>;
export type LeadApplicationView = ResponseData<'/admin/copy/reviewLead'>;
export type AdminLeadView = ResponseData<'/admin/copy/suspendLead'>;
export type ApplicationRow = typeof copyLeadApplications.$inferSelect;
export type Tier = TraderView['tier'];
export type FollowRow = typeof copyFollows.$inferSelect;
export type CopyPosRow = typeof copyPositions.$inferSelect;

/** What copy trading reads from and asks of the futures books (wired by the app). */
export interface FuturesPort {
  positions(userId: number, instId?: string): PositionView[];
  account(userId: number): Promise<{ equity: string; available: string }>;
  submit(
    userId: number,
    o: { instId: string; side: 'buy' | 'sell'; type: 'market'; sz: ExactDecimal; reduceOnly?: boolean },
    source: 'user' | 'copy',
  ): Promise<OrderView>;
  positionHistory(
    userId: number,
    instId: string | undefined,
    page: { page: number; size: number },
  ): Promise<{ list: ClosedView[]; total: number }>;
  dailyPnl(userId: number, since: Date): Promise<{ day: string; pnl: bigint }[]>;
  closedCount(userId: number): Promise<number>;
  instIds(): string[];
  /** The swaps' terms (the demo leads' simulated past prices its positions by them). */
  instruments(): Promise<
    ReadonlyArray<{ instId: string; underlying: string; ct_val: string; taker_fee_rate: string }>
  >;
}

/** A bar of the simulated market as the candles keep it: its start (ms) and its close (decimal text). */
export interface PastBar {
  readonly ts: number;
  readonly close: string;
}

/** The simulated market's bars of an underlying, oldest first. */
export type PastBars = (underlying: string) => readonly PastBar[];

export interface CopyDeps extends AppDeps {
  readonly ledger: Ledger;
  readonly futures: () => FuturesPort;
  /** Who filled the followers' copy orders (the futures trades, read-only), for the counterparty flag. */
  readonly counterparties?: CounterpartyReader;
  /** The OKX REST client (tests give one pointed at a fake). */
  readonly okx?: OkxClient;
  /** The simulated market's bars of an underlying (the demo leads' past is run over them). */
  readonly pastBars?: PastBars;
}

/** A lead trader as the writer sees it on every fill. */
export interface LeadState {
  tier: Tier;
  delayMin: number;
  suspended: { at: Date; reason: string } | null;
}

export interface CopyCtx {
  readonly store: CopyDeps['store'];
  readonly clock: CopyDeps['clock'];
  readonly ledger: Ledger;
  /** Notices to followers (a copy opened), written in the writer's transaction. */
  readonly outbox: CopyDeps['outbox'];
  readonly log: CopyDeps['log'];
  readonly futures: () => FuturesPort;
  readonly settings: Settings<typeof COPY_SETTINGS>;
  readonly vault: ReturnType<typeof createLinkVault>;
  readonly counterparty: ReturnType<typeof createCounterpartyFlags>;
  readonly okx: OkxClient;
  /** Lead traders (kept in memory: the writer asks for every fill). */
  readonly leads: Map<number, LeadState>;
  /** `${follower}:${instId}` of copied positions on the platform: their owners' orders are refused. */
  readonly managed: Set<string>;
  /** Contracts where a copy may hold more than its lead calls for (a close found no liquidity). */
  readonly lagging: Set<string>;
  readonly state: {
    /** The traders' list with its figures, read at most every 5 s; dropped when a copy or a lead changes. */
    figures: { at: number; list: TraderView[] } | null;
    /** The OKX sender running now, if any. */
    sending: Promise<number> | null;
  };
}
