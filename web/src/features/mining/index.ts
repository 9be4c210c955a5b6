import { defineFeatureText } from '../../i18n';
import type { RouteDef } from '../../paths';
import type en from './locales/en.json';

/*
 * Mining: the node center (/node, my hash power and output, with the ways into the rest), hash-power records
 * (/node1), the machine catalogue and purchase (/miner), my machines (/miner1), mining records (/miner2:
 * purchases and daily output), investment records (/nft6) and profit records (/nft7).
 */

declare module '../../i18n' {
  interface FeatureMessages {
    mining: typeof en;
  }
}

const text = defineFeatureText('mining', (lang) => import(`./locales/${lang}.json`));

export const miningRoutes: readonly RouteDef[] = [
  { name: 'node', actions: 'music', load: text.with(() => import('./node-screen')) },
  { name: 'node1', actions: 'music', load: text.with(() => import('./power-records-screen')) },
  { name: 'miner', actions: 'music', load: text.with(() => import('./machines-screen')) },
  { name: 'miner1', actions: 'music', load: text.with(() => import('./my-machines-screen')) },
  { name: 'miner2', actions: 'music', load: text.with(() => import('./mining-records-screen')) },
  { name: 'nft6', load: text.with(() => import('./invest-records-screen')) },
  { name: 'nft7', load: text.with(() => import('./profit-records-screen')) },
];
