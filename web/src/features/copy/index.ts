import { defineFeatureText } from '../../i18n';
import type { RouteDef } from '../../paths';
import type en from './locales/en.json';

/*
 * Copy trading: the Copy tab (/copy: lead traders, my copies, leading), one trader (/copyTrader?id=) with the
 * follow sheet and my copy of them, and the OKX account link (/me5).
 */

declare module '../../i18n' {
  interface FeatureMessages {
    copy: typeof en;
  }
}

const text = defineFeatureText('copy', (lang) => import(`./locales/${lang}.json`));

export const copyRoutes: readonly RouteDef[] = [
  { name: 'copy', tab: true, load: text.with(() => import('./copy-screen')) },
  { name: 'copyTrader', load: text.with(() => import('./trader-screen')) },
  { name: 'me5', load: text.with(() => import('./okx-screen')) },
];
