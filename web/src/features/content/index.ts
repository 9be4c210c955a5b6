import { defineFeatureText } from '../../i18n';
import type { RouteDef } from '../../paths';
import type en from './locales/en.json';

/* Announcements and questions. This file is all the app knows of the feature: its dictionary and its routes. */

declare module '../../i18n' {
  interface FeatureMessages {
    content: typeof en;
  }
}

const text = defineFeatureText('content', (lang) => import(`./locales/${lang}.json`));

export const contentRoutes: readonly RouteDef[] = [
  { name: 'me3', load: text.with(() => import('./announcements-screen')) },
  { name: 'me4', load: text.with(() => import('./questions-screen')) },
];
