/**
 * What every mining operation is handed: the module's dependencies, its settings, the rewards engine and the
 * shared-emission mechanism on it, the platform's days, each line's output program (made once), and what it
 * keeps between calls (the referral rates as last read, the network's power for a few seconds). Built once by
 * `createMining`; also the system accounts and the shapes the operations share (a line, the rows and views).
 */
import { formatAmount, POWER_SCALE, type ResponseData } from '@nexa/contract';
import type { AppDeps } from '../../kernel/context';
import type { Settings } from '../../kernel/settings';
import { type Ledger, SYSTEM } from '../../ledger';
import type { TeamPort } from '../../ports/team';
import type { PlatformDays } from '../../programs/days';
import type { Rewards } from '../../programs/rewards';
import type { SharedEmission, SharedEmissions } from '../../programs/shared-emission';
import type { Epoch } from './math';
import type { PowerRates } from './power-weights';
import type { MINING_SETTINGS } from './settings';
import type { miningMachines, miningOrders } from './tables';

export const MINING_SYSTEM = {
  /** What buyers pay for machines. */
  sales: 'system:mining:sales',
  /** The output pool each line pays from (one account per output asset). */
  output: 'system:mining:output',
  capital: SYSTEM.capital('mining'),
} as const;

export type MiningDeps = AppDeps & { readonly ledger: Ledger; readonly team?: TeamPort };

export type MachineRow = typeof miningMachines.$inferSelect;
export type OrderRow = typeof miningOrders.$inferSelect;
export type MachineView = ResponseData<'/api/machine/getMachinePowerOrder'>;
export type AdminMachineView = ResponseData<'/admin/mining/saveMachine'>;

/** A line as its settings give it today. */
export interface Line {
  readonly key: string;
  readonly outputAsset: string;
  readonly outputScale: number;
  /** Today's daily output (the current epoch's, when the line has epochs). */
  readonly emission: bigint;
  /** Its emission epochs, or null when every day emits the same. */
  readonly epochs: readonly Epoch[] | null;
  /** The quota granted with a purchase: `perPay` (units of 10^-8) of it per unit of the price. */
  readonly quota: { readonly asset: string; readonly scale: number; readonly perPay: bigint } | null;
  /** Its daily output, shared by effective power: `mining:<line>` of the rewards engine. */
  readonly output: SharedEmission;
}

/** The referral rates as read from the settings, with the level rates' texts. */
export type Rates = PowerRates & { levels: bigint[]; levelTexts: string[] };

export interface MiningCtx {
  readonly store: MiningDeps['store'];
  readonly clock: MiningDeps['clock'];
  readonly ledger: Ledger;
  readonly assets: MiningDeps['assets'];
  readonly config: MiningDeps['config'];
  readonly team: TeamPort | undefined;
  readonly settings: Settings<typeof MINING_SETTINGS>;
  readonly rewards: Rewards;
  readonly shared: SharedEmissions;
  readonly days: PlatformDays;
  /** Each line's output program, by line key (made again when its asset changes). */
  readonly outputs: Map<string, SharedEmission>;
  readonly state: {
    /** The rates as last read (the output's weights are built inside a statement, never beside a query). */
    rates: Rates | null;
    /** The network's effective power per line, with when it was read. */
    network: { at: number; line: string; value: bigint }[];
  };
}

/** How long the network's power is kept. */
export const NETWORK_TTL_MS = 10_000;

export const showPower = (v: bigint) => formatAmount(v, POWER_SCALE);
