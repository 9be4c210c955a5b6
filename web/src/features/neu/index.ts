import { defineFeatureText } from '../../i18n';
import type { RouteDef } from '../../paths';
import type en from './locales/en.json';

/*
 * The NEU line: its home (/neuRecharge: my NEU, SPA and USDT, the price, the epoch, my stake and power, the ways
 * in), deposit and withdrawal (/neuRecharge1), staking (/neuRecharge2, one order at ?id=), machines with the
 * SPA quota they grant and the emission epochs (/neuRecharge3), and exchange, SPA quota, team and ranking
 * (/neuRecharge4). Every figure is the server's, through the contract's /api/neu and /api/neuPledge calls.
 */

declare module '../../i18n' {
  interface FeatureMessages {
    neu: typeof en;
  }
}

const text = defineFeatureText('neu', (lang) => import(`./locales/${lang}.json`));

export const neuRoutes: readonly RouteDef[] = [
  { name: 'neuRecharge', actions: 'music', load: text.with(() => import('./home-screen')) },
  { name: 'neuRecharge1', load: text.with(() => import('./wallet-screen')) },
  { name: 'neuRecharge2', load: text.with(() => import('./staking-screen')) },
  { name: 'neuRecharge3', load: text.with(() => import('./machines-screen')) },
  { name: 'neuRecharge4', load: text.with(() => import('./exchange-screen')) },
];
