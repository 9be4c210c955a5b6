import { defineFeatureText } from '../../i18n';
import type { RouteDef } from '../../paths';
import type en from './locales/en.json';

/* Insurance on futures losses: buy a cover and see it (/node7), purchases and compensations (/node8). */

declare module '../../i18n' {
  interface FeatureMessages {
    insurance: typeof en;
  }
}

const text = defineFeatureText('insurance', (lang) => import(`./locales/${lang}.json`));

export const insuranceRoutes: readonly RouteDef[] = [
  { name: 'node7', actions: 'music', load: text.with(() => import('./insurance-screen')) },
  { name: 'node8', actions: 'music', load: text.with(() => import('./insurance-records-screen')) },
];
