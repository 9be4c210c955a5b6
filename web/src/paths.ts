import type { ComponentType } from 'react';
import type { ScreenName } from './i18n';

/**
 * Path names of the app's screens. Shared parts and screens link through here; nothing here imports a
 * screen, so the route table (routes.tsx) is the only place that knows them all. A screen's name is a key
 * of its feature's `screens` (its title, in the feature's own dictionary).
 */
export type { ScreenName };

export interface RouteDef {
  readonly name: ScreenName;
  /** A bottom-tab root: no back arrow, the tab bar shows. */
  readonly tab?: boolean;
  /**
   * A screen a tab root switches to in place (Trade's Spot/Futures switch): no back arrow, the tab bar shows
   * with this tab lit.
   */
  readonly tabOf?: ScreenName;
  /** Extra top-bar actions: `account` shows sign-in or the account shortcut; `music` the music switch. */
  readonly actions?: 'account' | 'music';
  /**
   * A screen the design's route table (ROUTES.md) does not list: why it exists. The route test reads
   * this instead of keeping its own list, so a new screen of ours edits only its feature.
   */
  readonly beyondDesign?: string;
  /** The screen's own chunk. */
  readonly load: () => Promise<{ default: ComponentType }>;
}

export function routePath(name: ScreenName): `/${ScreenName}` {
  return `/${name}`;
}

/** The bottom tabs, in order. */
export const TABS: readonly ScreenName[] = ['home', 'trade', 'copy', 'wallet', 'me'];

export const HOME_PATH = routePath('home');
