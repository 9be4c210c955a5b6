/**
 * What every operator operation is handed: the module's dependencies, its settings, the machinery it keeps
 * (the lockout counter, the operator sessions, the solvency report, the platform days) and what the console
 * reads of the running modules (their dashboard parts, the settings catalogue and its checks). Built once by
 * `createAdmin`; also the shapes the operations share.
 */
import type { AppDeps } from '../../kernel/context';
import type { DashboardPart } from '../../kernel/module';
import type { Settings, SettingsCatalogue } from '../../kernel/settings';
import type { platformDays } from '../../programs/days';
import type { createLockout, operatorSessionsOf } from './lockout';
import type { ADMIN_SETTINGS } from './settings';
import type { createSolvency, SolvencyDeps } from './solvency';

export interface ConsoleDeps extends AppDeps {
  /** Every running module's part of the dashboard, since a moment. */
  readonly dashboard: (since: Date) => Promise<readonly DashboardPart[]>;
  /** Every declared setting with its type. */
  readonly catalogue: SettingsCatalogue;
  /** The running modules' checks of a setting's new value beyond its type: what is wrong, or null. */
  readonly checkSetting: (key: string, value: unknown) => string | null;
}

export type AdminDeps = SolvencyDeps & ConsoleDeps;

/** A JSON value as the console shows it (settings, audit entries). */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export interface AdminCtx {
  readonly store: AppDeps['store'];
  readonly clock: AppDeps['clock'];
  readonly limiter: AppDeps['limiter'];
  readonly config: AppDeps['config'];
  readonly assets: AppDeps['assets'];
  /** The module's own settings. */
  readonly settings: Settings<typeof ADMIN_SETTINGS>;
  /** Every running module's settings, as the console edits them. */
  readonly allSettings: AppDeps['settings'];
  readonly catalogue: ConsoleDeps['catalogue'];
  readonly checkSetting: ConsoleDeps['checkSetting'];
  readonly dashboardParts: ConsoleDeps['dashboard'];
  readonly days: ReturnType<typeof platformDays>;
  /** Wrong second-factor codes counted and locked (lockout.ts). */
  readonly lockout: ReturnType<typeof createLockout>;
  /** An operator's other sessions ended (lockout.ts). */
  readonly sessions: ReturnType<typeof operatorSessionsOf>;
  readonly solvency: ReturnType<typeof createSolvency>;
}
