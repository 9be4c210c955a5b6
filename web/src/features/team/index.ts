import { defineFeatureText } from '../../i18n';
import type { RouteDef } from '../../paths';
import type en from './locales/en.json';

/*
 * The referral team: my invitation (/invite: code, link, QR code, copy and share, a summary of my team),
 * my direct referrals (/invite1) and my whole team (/invite2: its figures, the levels V1–V5 with what the
 * next one needs, everyone below me by generation).
 */

declare module '../../i18n' {
  interface FeatureMessages {
    team: typeof en;
  }
}

const text = defineFeatureText('team', (lang) => import(`./locales/${lang}.json`));

export const teamRoutes: readonly RouteDef[] = [
  { name: 'invite', load: text.with(() => import('./invite-screen')) },
  { name: 'invite1', load: text.with(() => import('./referrals-screen')) },
  { name: 'invite2', load: text.with(() => import('./team-screen')) },
];
