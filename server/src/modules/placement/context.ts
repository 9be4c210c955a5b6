/**
 * What every placement operation is handed: the module's dependencies, its settings, the rewards engine that
 * pays the vesting parts, the platform's days, and the vesting programs made so far (one per token sold).
 * Built once by `createPlacement`; also the system accounts and the shapes the operations share.
 */
import type { ResponseData } from '@nexa/contract';
import type { AppDeps } from '../../kernel/context';
import type { Settings } from '../../kernel/settings';
import { type Ledger, SYSTEM } from '../../ledger';
import type { PlatformDays } from '../../programs/days';
import type { RewardProgram, Rewards } from '../../programs/rewards';
import type { PLACEMENT_SETTINGS } from './settings';
import type { placementRounds, placementSubscriptions } from './tables';

export const PLACEMENT_SYSTEM = {
  /** Tokens of open rounds not sold yet. */
  supply: 'system:placement:supply',
  /** Sold tokens waiting for their parts to unlock. */
  vesting: 'system:placement:vesting',
  /** What subscribers paid. */
  sales: 'system:placement:sales',
  capital: SYSTEM.capital('placement'),
} as const;

export type PlacementDeps = AppDeps & { readonly ledger: Ledger };

export type RoundRow = typeof placementRounds.$inferSelect;
export type SubRow = typeof placementSubscriptions.$inferSelect;
export type RoundView = NonNullable<ResponseData<'/api/basic/checkBuy'>['round']>;
export type SubView = ResponseData<'/api/basic/saveBuy'>;

export interface PlacementCtx {
  readonly store: PlacementDeps['store'];
  readonly clock: PlacementDeps['clock'];
  readonly ledger: Ledger;
  readonly assets: PlacementDeps['assets'];
  readonly config: PlacementDeps['config'];
  readonly settings: Settings<typeof PLACEMENT_SETTINGS>;
  readonly rewards: Rewards;
  readonly days: PlatformDays;
  /** One vesting program per token sold, made once. */
  readonly programs: Map<string, RewardProgram<SubRow>>;
}
