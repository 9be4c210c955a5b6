import { defineFeatureText } from '../../i18n';
import type { RouteDef } from '../../paths';
import type en from './locales/en.json';

/*
 * Earn: staking (/node2 plans and stake, /node21 records, /node22 one order, /node23 its income), burn (/node3
 * burn, /node4 records), income records (/node6), loans against staking (/node9) and the node-performance
 * leaderboard (/node5).
 */

declare module '../../i18n' {
  interface FeatureMessages {
    earn: typeof en;
  }
}

const text = defineFeatureText('earn', (lang) => import(`./locales/${lang}.json`));

export const earnRoutes: readonly RouteDef[] = [
  { name: 'node2', actions: 'music', load: text.with(() => import('./stake-screen')) },
  { name: 'node21', actions: 'music', load: text.with(() => import('./stake-records-screen')) },
  { name: 'node22', actions: 'music', load: text.with(() => import('./stake-detail-screen')) },
  { name: 'node23', actions: 'music', load: text.with(() => import('./staking-income-screen')) },
  { name: 'node6', actions: 'music', load: text.with(() => import('./income-screen')) },
  { name: 'node9', actions: 'music', load: text.with(() => import('./loans-screen')) },
  { name: 'node5', actions: 'music', load: text.with(() => import('./ranking-screen')) },
  { name: 'node3', actions: 'music', load: text.with(() => import('./burn-screen')) },
  { name: 'node4', actions: 'music', load: text.with(() => import('./burn-records-screen')) },
];
