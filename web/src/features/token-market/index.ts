import { defineFeatureText } from '../../i18n';
import type { RouteDef } from '../../paths';
import type en from './locales/en.json';

/* The token market: listings, buying, selling. This file is all the app knows of the feature: its dictionary and its routes. */

declare module '../../i18n' {
  interface FeatureMessages {
    tokenMarket: typeof en;
  }
}

const text = defineFeatureText('tokenMarket', (lang) => import(`./locales/${lang}.json`));

const WHY = 'the token market the issues ask for has no path in ROUTES.md (docs/routes.md lists it)';

export const tokenMarketRoutes: readonly RouteDef[] = [
  { name: 'tokenMarket', beyondDesign: WHY, load: text.with(() => import('./token-market-screen')) },
  { name: 'tokenSell', beyondDesign: WHY, load: text.with(() => import('./token-sell-screen')) },
  { name: 'tokenListing', beyondDesign: WHY, load: text.with(() => import('./token-listing-screen')) },
];
