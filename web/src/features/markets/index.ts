import type { RouteDef } from '../../paths';
import type en from './locales/en.json';

/* The markets list. Its words are the shell's (market rows appear on Home and Trade too); its dictionary holds its title. */

declare module '../../i18n' {
  interface FeatureMessages {
    markets: typeof en;
  }
}

export const marketsRoutes: readonly RouteDef[] = [
  { name: 'index1', load: () => import('./markets-screen') },
];
