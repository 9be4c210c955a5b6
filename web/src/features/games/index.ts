import { defineFeatureText } from '../../i18n';
import type { RouteDef } from '../../paths';
import type en from './locales/en.json';

/*
 * Games: the lobby (/game) with the race (tickets, buy or exchange them, join the open group with N tickets,
 * watch it fill, run and settle) and the quiz (answer against the server's clock for tickets); the match
 * records (/game1) with every entry, ticket order, principal lock and ticket change, and one race in detail
 * (/game1?group=) with its replay and its verification in the browser. Music on both.
 */

declare module '../../i18n' {
  interface FeatureMessages {
    games: typeof en;
  }
}

const text = defineFeatureText('games', (lang) => import(`./locales/${lang}.json`));

export const gamesRoutes: readonly RouteDef[] = [
  { name: 'game', actions: 'music', load: text.with(() => import('./lobby-screen')) },
  { name: 'game1', actions: 'music', load: text.with(() => import('./records-screen')) },
];
