import { defineFeatureText } from '../../i18n';
import type { RouteDef } from '../../paths';
import type en from './locales/en.json';

/* A user's notifications: the list behind the top bar's bell. This file is all the app knows of the feature: its dictionary and its routes. */

declare module '../../i18n' {
  interface FeatureMessages {
    notifications: typeof en;
  }
}

const text = defineFeatureText('notifications', (lang) => import(`./locales/${lang}.json`));

export const notificationsRoutes: readonly RouteDef[] = [
  {
    name: 'notices',
    beyondDesign: 'the notification centre issue 39 asks for has no path in ROUTES.md',
    load: text.with(() => import('./notices-screen')),
  },
];
