import { defineFeatureText } from '../../i18n';
import type { RouteDef } from '../../paths';
import type en from './locales/en.json';

/*
 * NFTs and liquidity: my NFTs (/nft), pools and my pool records (/nft1), one NFT with stake / unstake (/nft2),
 * casting and quota (/nft3), liquidity inside the platform and on chain (/nft4), liquidity rewards (/nft41),
 * cast and nameplate orders (/nft5).
 */

declare module '../../i18n' {
  interface FeatureMessages {
    nft: typeof en;
  }
}

const text = defineFeatureText('nft', (lang) => import(`./locales/${lang}.json`));

export const nftRoutes: readonly RouteDef[] = [
  { name: 'nft', load: text.with(() => import('./nft-screen')) },
  { name: 'nft1', load: text.with(() => import('./pools-screen')) },
  { name: 'nft2', load: text.with(() => import('./detail-screen')) },
  { name: 'nft3', load: text.with(() => import('./cast-screen')) },
  { name: 'nft4', load: text.with(() => import('./liquidity-screen')) },
  { name: 'nft41', load: text.with(() => import('./lp-records-screen')) },
  { name: 'nft5', load: text.with(() => import('./orders-screen')) },
];
