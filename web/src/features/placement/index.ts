import { defineFeatureText } from '../../i18n';
import type { RouteDef } from '../../paths';
import type en from './locales/en.json';

/* Private placement: the open round and subscribing to it (/privatePlacement), my placements (/privateEquity). */

declare module '../../i18n' {
  interface FeatureMessages {
    placement: typeof en;
  }
}

const text = defineFeatureText('placement', (lang) => import(`./locales/${lang}.json`));

export const placementRoutes: readonly RouteDef[] = [
  { name: 'privatePlacement', load: text.with(() => import('./placement-screen')) },
  { name: 'privateEquity', load: text.with(() => import('./equity-screen')) },
];
