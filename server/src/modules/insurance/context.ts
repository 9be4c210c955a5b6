/**
 * What every insurance operation is handed: the module's dependencies and its settings. Built once by
 * `createInsurance`; also the shapes the operations share (the pool's accounts, the futures module's loss
 * event, a cover and a claim with their answers).
 */
import { formatAmount, type ResponseData, USDT_SCALE } from '@nexa/contract';
import type { AppDeps } from '../../kernel/context';
import type { Settings } from '../../kernel/settings';
import { type Ledger, SYSTEM } from '../../ledger';
import type { INSURANCE_SETTINGS } from './settings';
import type { insuranceClaims, insuranceCovers } from './tables';

export const INSURANCE_POOL = 'system:insurance:pool';
export const INSURANCE_CAPITAL = SYSTEM.capital('insurance');
/** The outbox topic the futures module writes when a position ends in a liquidation or stop-out loss. */
export const POSITION_LOSS_TOPIC = 'futures.position_loss';

export interface PositionLoss {
  readonly userId: number;
  readonly positionId: number;
  readonly instId: string;
  readonly kind: 'liquidation' | 'stop_out';
  /** USDT minor units, positive. */
  readonly loss: string;
  readonly lever: number;
  /** Milliseconds since the epoch. */
  readonly openedAt: number;
  readonly closedAt: number;
}

export type CoverRow = typeof insuranceCovers.$inferSelect;
export type ClaimRow = typeof insuranceClaims.$inferSelect;
export type CoverView = ResponseData<'/v1/user/buyInsurance'>;
export type ClaimView = ResponseData<'/v1/user/insuranceCompensationList'>['list'][number];

export const usdt = (v: bigint) => formatAmount(v, USDT_SCALE);

export type InsuranceDeps = AppDeps & { readonly ledger: Ledger };

export interface InsuranceCtx {
  readonly store: InsuranceDeps['store'];
  readonly clock: InsuranceDeps['clock'];
  readonly ledger: Ledger;
  readonly log: InsuranceDeps['log'];
  readonly config: InsuranceDeps['config'];
  readonly settings: Settings<typeof INSURANCE_SETTINGS>;
}
