import { accountRoutes } from './features/account';
import { authRoutes } from './features/auth';
import { cardsRoutes } from './features/cards';
import { contentRoutes } from './features/content';
import { copyRoutes } from './features/copy';
import { earnRoutes } from './features/earn';
import { futuresRoutes } from './features/futures';
import { gamesRoutes } from './features/games';
import { homeRoutes } from './features/home';
import { insuranceRoutes } from './features/insurance';
import { marketsRoutes } from './features/markets';
import { miningRoutes } from './features/mining';
import { neuRoutes } from './features/neu';
import { nftRoutes } from './features/nft';
import { placementRoutes } from './features/placement';
import { teamRoutes } from './features/team';
import { tokenMarketRoutes } from './features/token-market';
import { tradeRoutes } from './features/trade';
import { walletRoutes } from './features/wallet';
import type { RouteDef } from './paths';

/** Screens not built yet share one honest "coming soon" body (with their own title). */
const comingSoon = () => import('./ui/coming-soon');

/**
 * Every path of ROUTES.md (spec paths with their exact spelling, plus ours for the screens the spec
 * implies). No path parameters, no guard: a screen that needs a session shows a sign-in prompt in place.
 */
export const ROUTES: readonly RouteDef[] = [
  ...homeRoutes,
  ...marketsRoutes,
  ...authRoutes,
  ...tradeRoutes,
  ...futuresRoutes,
  ...insuranceRoutes,
  ...walletRoutes,
  ...tokenMarketRoutes,
  ...accountRoutes,
  ...contentRoutes,
  ...copyRoutes,
  ...earnRoutes,
  ...miningRoutes,
  ...placementRoutes,
  ...nftRoutes,
  ...teamRoutes,
  ...gamesRoutes,
  ...cardsRoutes,
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
  ...neuRoutes,
];
