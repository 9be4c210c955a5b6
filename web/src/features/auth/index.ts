import { defineFeatureText } from '../../i18n';
import type { RouteDef } from '../../paths';
import type en from './locales/en.json';

/* Signing in with a wallet. This file is all the app knows of the feature: its dictionary and its routes. */

declare module '../../i18n' {
  interface FeatureMessages {
    auth: typeof en;
  }
}

const text = defineFeatureText('auth', (lang) => import(`./locales/${lang}.json`));

export const authRoutes: readonly RouteDef[] = [
  { name: 'login', load: text.with(() => import('./login-screen')) },
];
