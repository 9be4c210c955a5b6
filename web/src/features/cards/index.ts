import { defineFeatureText } from '../../i18n';
import type { RouteDef } from '../../paths';
import type en from './locales/en.json';

/*
 * Payment cards and the identity verification they need: my cards (/cardholders) and one card
 * (/cardholders1: show its number after signing with the wallet, top up, PIN, replace, activate, a demo
 * purchase), open a virtual card (/openCard) or apply for a physical one (/openCard1), verification status
 * (/realName) and form (/realName1), card records (/card), shipping addresses (/address, /address1).
 */

declare module '../../i18n' {
  interface FeatureMessages {
    cards: typeof en;
  }
}

const text = defineFeatureText('cards', (lang) => import(`./locales/${lang}.json`));

export const cardsRoutes: readonly RouteDef[] = [
  { name: 'cardholders', load: text.with(() => import('./cards-screen')) },
  { name: 'cardholders1', load: text.with(() => import('./card-detail-screen')) },
  { name: 'openCard', load: text.with(() => import('./open-card-screen')) },
  { name: 'openCard1', load: text.with(() => import('./open-physical-screen')) },
  { name: 'realName', load: text.with(() => import('./kyc-screen')) },
  { name: 'realName1', load: text.with(() => import('./kyc-form-screen')) },
  { name: 'card', load: text.with(() => import('./records-screen')) },
  { name: 'address', load: text.with(() => import('./addresses-screen')) },
  { name: 'address1', load: text.with(() => import('./address-form-screen')) },
];
