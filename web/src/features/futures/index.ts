import { defineFeatureText } from '../../i18n';
import type { RouteDef } from '../../paths';
import type en from './locales/en.json';

/* Perpetual swaps: contract head, order form, positions, orders, closed positions and funding. */

declare module '../../i18n' {
  interface FeatureMessages {
    futures: typeof en;
  }
}

const text = defineFeatureText('futures', (lang) => import(`./locales/${lang}.json`));

export const futuresRoutes: readonly RouteDef[] = [
  // Trade's Spot/Futures switch opens it in place: the tab bar stays, Trade lit.
  { name: 'contract', tabOf: 'trade', load: text.with(() => import('./futures-screen')) },
];
