/**
 * What every earn operation is handed: the module's dependencies, its settings, the rewards engine, the loans'
 * collateral rules, the platform's days, and what it keeps in memory (asset scales, the staking lines' reward
 * programs). Built once by `createEarn`.
 */
import type { ResponseData } from '@nexa/contract';
import type { AppDeps } from '../../kernel/context';
import type { Settings } from '../../kernel/settings';
import type { Ledger } from '../../ledger';
import type { TeamPort } from '../../ports/team';
import type { PlatformDays } from '../../programs/days';
import type { RewardProgram, Rewards } from '../../programs/rewards';
import type { loanCollateral } from './loan-collateral';
import type { EARN_SETTINGS } from './settings';
import type { burnOrders, earnLoans, pledgeOrders } from './tables';

export type PledgeRow = typeof pledgeOrders.$inferSelect;
export type BurnRow = typeof burnOrders.$inferSelect;
export type PledgeView = ResponseData<'/api/pledge/getPledgeOrder'>;
export type BurnView = ResponseData<'/api/destroy/getDestroyOrder'>;
export type LoanRow = typeof earnLoans.$inferSelect;
export type LoanView = ResponseData<'/v1/earn/borrow'>;

export type EarnDeps = AppDeps & { readonly ledger: Ledger; readonly team?: TeamPort };

export interface EarnCtx {
  readonly store: EarnDeps['store'];
  readonly clock: EarnDeps['clock'];
  readonly ledger: Ledger;
  readonly log: EarnDeps['log'];
  readonly assets: EarnDeps['assets'];
  readonly config: EarnDeps['config'];
  readonly team: TeamPort | undefined;
  readonly settings: Settings<typeof EARN_SETTINGS>;
  readonly rewards: Rewards;
  readonly collateral: ReturnType<typeof loanCollateral>;
  readonly days: PlatformDays;
  /** The asset's scale, read once (views are built inside transactions, which must not query beside them). */
  readonly scales: Map<string, number>;
  /** Each staking line's profit program, by its key. */
  readonly programs: Map<string, RewardProgram<PledgeRow>>;
  /** The burn's release program. */
  readonly burnProgram: RewardProgram<BurnRow>;
}
