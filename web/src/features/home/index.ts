import { defineFeatureText } from '../../i18n';
import type { RouteDef } from '../../paths';
import type en from './locales/en.json';

/* Home: banners, the bulletin, quick entries, the top markets. This file is all the app knows of the feature: its dictionary and its routes. */

declare module '../../i18n' {
  interface FeatureMessages {
    home: typeof en;
  }
}

const text = defineFeatureText('home', (lang) => import(`./locales/${lang}.json`));

export const homeRoutes: readonly RouteDef[] = [
  { name: 'home', tab: true, actions: 'account', load: text.with(() => import('./home-screen')) },
];
