import { defineFeatureText } from '../../i18n';
import type { RouteDef } from '../../paths';
import type en from './locales/en.json';

/* Spot trading: chart, book, order form, open orders. This file is all the app knows of the feature: its dictionary and its routes. */

declare module '../../i18n' {
  interface FeatureMessages {
    trade: typeof en;
  }
}

const text = defineFeatureText('trade', (lang) => import(`./locales/${lang}.json`));

export const tradeRoutes: readonly RouteDef[] = [
  { name: 'trade', tab: true, load: text.with(() => import('./trade-screen')) },
];
