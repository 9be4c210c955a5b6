import type { ComponentType } from 'react';
import type { Messages } from './i18n';

/** A screen name: the key of its title in the dictionaries (`screens.<name>`) and its path without the slash. */
export type ScreenName = keyof Messages['screens'];

export interface RouteDef {
  readonly name: ScreenName;
  /** A bottom-tab root: no back arrow, the tab bar shows. */
  readonly tab?: boolean;
  /** Extra top-bar actions: `account` shows sign-in or the account shortcut. */
  readonly actions?: 'account';
  /** The screen's own chunk. */
  readonly load: () => Promise<{ default: ComponentType }>;
}

/** Screens not built yet share one honest "coming soon" body (with their own title). */
const comingSoon = () => import('./ui/coming-soon');

/**
 * Every path of ROUTES.md (spec paths with their exact spelling, plus ours for the screens the spec
 * implies). No path parameters, no guard: a screen that needs a session shows a sign-in prompt in place.
 */
export const ROUTES: readonly RouteDef[] = [
  { name: 'home', tab: true, actions: 'account', load: () => import('./screens/home/home-screen') },
  { name: 'index1', load: () => import('./screens/markets/markets-screen') },
  { name: 'login', load: () => import('./screens/login/login-screen') },
  { name: 'trade', tab: true, load: () => import('./screens/trade/trade-screen') },
  { name: 'contract', load: comingSoon },
  { name: 'copy', tab: true, load: comingSoon },
  { name: 'copyTrader', load: comingSoon },
  { name: 'wallet', tab: true, load: () => import('./screens/wallet/wallet-screen') },
  { name: 'deposit', load: () => import('./screens/wallet/deposit-screen') },
  { name: 'withdraw', load: () => import('./screens/wallet/withdraw-screen') },
  { name: 'transfer', load: () => import('./screens/wallet/transfer-screen') },
  { name: 'internalTransfer', load: () => import('./screens/wallet/internal-transfer-screen') },
  { name: 'exchange', load: () => import('./screens/wallet/exchange-screen') },
  { name: 'records', load: () => import('./screens/wallet/records-screen') },
  { name: 'tokenMarket', load: () => import('./screens/token-market/token-market-screen') },
  { name: 'tokenSell', load: () => import('./screens/token-market/token-sell-screen') },
  { name: 'tokenListing', load: () => import('./screens/token-market/token-listing-screen') },
  { name: 'me', tab: true, load: () => import('./screens/me/mine-screen') },
  { name: 'me1', load: () => import('./screens/me/language-screen') },
  { name: 'me2', load: () => import('./screens/me/about-screen') },
  { name: 'me3', load: () => import('./screens/content/announcements-screen') },
  { name: 'me4', load: () => import('./screens/content/questions-screen') },
  { name: 'me5', load: comingSoon },
  { name: 'invite', load: comingSoon },
  { name: 'invite1', load: comingSoon },
  { name: 'invite2', load: comingSoon },
  { name: 'node', load: comingSoon },
  { name: 'node1', load: comingSoon },
  { name: 'node2', load: comingSoon },
  { name: 'node21', load: comingSoon },
  { name: 'node22', load: comingSoon },
  { name: 'node23', load: comingSoon },
  { name: 'node3', load: comingSoon },
  { name: 'node4', load: comingSoon },
  { name: 'node5', load: comingSoon },
  { name: 'node6', load: comingSoon },
  { name: 'node7', load: comingSoon },
  { name: 'node8', load: comingSoon },
  { name: 'node9', load: comingSoon },
  { name: 'miner', load: comingSoon },
  { name: 'miner1', load: comingSoon },
  { name: 'miner2', load: comingSoon },
  { name: 'nft', load: comingSoon },
  { name: 'nft1', load: comingSoon },
  { name: 'nft2', load: comingSoon },
  { name: 'nft3', load: comingSoon },
  { name: 'nft4', load: comingSoon },
  { name: 'nft41', load: comingSoon },
  { name: 'nft5', load: comingSoon },
  { name: 'nft6', load: comingSoon },
  { name: 'nft7', load: comingSoon },
  { name: 'game', load: comingSoon },
  { name: 'game1', load: comingSoon },
  { name: 'cardholders', load: comingSoon },
  { name: 'cardholders1', load: comingSoon },
  { name: 'openCard', load: comingSoon },
  { name: 'openCard1', load: comingSoon },
  { name: 'realName', load: comingSoon },
  { name: 'realName1', load: comingSoon },
  { name: 'card', load: comingSoon },
  { name: 'address', load: comingSoon },
  { name: 'address1', load: comingSoon },
  { name: 'address2', load: comingSoon },
  { name: 'address3', load: comingSoon },
  { name: 'store', load: comingSoon },
  { name: 'store1', load: comingSoon },
  { name: 'storeInfo', load: comingSoon },
  { name: 'storeHome', load: comingSoon },
  { name: 'storeMyItem1', load: comingSoon },
  { name: 'storeMyItem2', load: comingSoon },
  { name: 'storeMyItem3', load: comingSoon },
  { name: 'storeMyItem4', load: comingSoon },
  { name: 'storeMyItem5', load: comingSoon },
  { name: 'order', load: comingSoon },
  { name: 'order1', load: comingSoon },
  { name: 'order2', load: comingSoon },
  { name: 'order3', load: comingSoon },
  { name: 'orderList', load: comingSoon },
  { name: 'orderDetail', load: comingSoon },
  { name: 'confirmOrder', load: comingSoon },
  { name: 'productList', load: comingSoon },
  { name: 'productDetail', load: comingSoon },
  { name: 'shipOrder', load: comingSoon },
  { name: 'consumerDividendRanking', load: comingSoon },
  { name: 'consumerDividendRanking1', load: comingSoon },
  { name: 'privatePlacement', load: comingSoon },
  { name: 'privateEquity', load: comingSoon },
  { name: 'neuRecharge', load: comingSoon },
  { name: 'neuRecharge1', load: comingSoon },
  { name: 'neuRecharge2', load: comingSoon },
  { name: 'neuRecharge3', load: comingSoon },
  { name: 'neuRecharge4', load: comingSoon },
];

export function routePath(name: ScreenName): `/${ScreenName}` {
  return `/${name}`;
}

/** The bottom tabs, in order. */
export const TABS: readonly ScreenName[] = ['home', 'trade', 'copy', 'wallet', 'me'];

export const HOME_PATH = routePath('home');
