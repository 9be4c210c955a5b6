import { defineFeatureText } from '../../i18n';
import type { RouteDef } from '../../paths';
import type en from './locales/en.json';

/* The account tab: the user, language, about. This file is all the app knows of the feature: its dictionary and its routes. */

declare module '../../i18n' {
  interface FeatureMessages {
    account: typeof en;
  }
}

const text = defineFeatureText('account', (lang) => import(`./locales/${lang}.json`));

export const accountRoutes: readonly RouteDef[] = [
  { name: 'me', tab: true, load: text.with(() => import('./mine-screen')) },
  { name: 'me1', load: text.with(() => import('./language-screen')) },
  { name: 'me2', load: text.with(() => import('./about-screen')) },
  {
    name: 'devices',
    beyondDesign: 'the devices and sessions issue 39 asks for have no path in ROUTES.md',
    load: text.with(() => import('./devices-screen')),
  },
  {
    name: 'security',
    beyondDesign:
      'the security settings issue 39 asks for (authenticator, whitelist) have no path in ROUTES.md',
    load: text.with(() => import('./security-screen')),
  },
];
