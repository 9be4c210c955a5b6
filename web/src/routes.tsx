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
import { notificationsRoutes } from './features/notifications';
import { placementRoutes } from './features/placement';
import { shopRoutes } from './features/shop';
import { teamRoutes } from './features/team';
import { tokenMarketRoutes } from './features/token-market';
import { tradeRoutes } from './features/trade';
import { walletRoutes } from './features/wallet';
import type { RouteDef } from './paths';

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
  ...notificationsRoutes,
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
  ...shopRoutes,
  ...neuRoutes,
];
