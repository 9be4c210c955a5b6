/**
 * What every NEU operation is handed: the module's dependencies (the ledger and the four ports the line is
 * built on), its settings and the platform's days. Built once by `createNeu`; also the line's system accounts,
 * its rewards programs and its two assets.
 */
import { NEU_ASSET, SPA_ASSET } from '@nexa/contract';
import type { AppDeps } from '../../kernel/context';
import type { Settings } from '../../kernel/settings';
import { type Ledger, SYSTEM } from '../../ledger';
import type { PlatformDays } from '../../programs/days';
import type { NeuMachinesPort, NeuStakingPort, NeuTeamPort, NeuWalletPort } from './ports';
import type { NEU_SETTINGS } from './settings';

export const NEU_SYSTEM = {
  /** NEU that pays SPA exchanges, funded by operators. */
  fund: 'system:neu:fund',
  /** SPA spent in exchanges. */
  spent: 'system:neu:spa',
  capital: SYSTEM.capital('neu'),
} as const;

/** The rewards programs of the line: its staking profit and its machines' output. */
export const NEU_PROGRAMS = ['pledge:neu', 'mining:neu'] as const;

export interface NeuDeps extends AppDeps {
  readonly ledger: Ledger;
  readonly staking: NeuStakingPort;
  readonly machines: NeuMachinesPort;
  readonly wallet: NeuWalletPort;
  readonly team: NeuTeamPort;
}

export interface NeuCtx {
  readonly store: NeuDeps['store'];
  readonly clock: NeuDeps['clock'];
  readonly ledger: Ledger;
  readonly assets: NeuDeps['assets'];
  readonly config: NeuDeps['config'];
  readonly staking: NeuStakingPort;
  readonly machines: NeuMachinesPort;
  readonly wallet: NeuWalletPort;
  readonly team: NeuTeamPort;
  readonly settings: Settings<typeof NEU_SETTINGS>;
  readonly days: PlatformDays;
}

/** The line's token. */
export const neuAsset = (ctx: NeuCtx) => ctx.assets.get(NEU_ASSET);
/** The SPA quota asset. */
export const spaAsset = (ctx: NeuCtx) => ctx.assets.get(SPA_ASSET);
