import { adminModule } from './admin/module';
import { authModule } from './auth/module';
import { cardsModule } from './cards/module';
import { contentModule } from './content/module';
import { copyModule } from './copy/module';
import { earnModule } from './earn/module';
import { futuresModule } from './futures/module';
import { gamesModule } from './games/module';
import { insuranceModule } from './insurance/module';
import { marketModule } from './market/module';
import { miningModule } from './mining/module';
import { neuModule } from './neu/module';
import { nftModule } from './nft/module';
import { notificationsModule } from './notifications/module';
import { placementModule } from './placement/module';
import { shopModule } from './shop/module';
import { spotModule } from './spot/module';
import { tokenMarketModule } from './token-market/module';
import { usersModule } from './users/module';
import { walletModule } from './wallet/module';

/**
 * Every module of the app, each declared by its folder's entry (`module.ts`: its name, its settings, what it
 * owns, what it starts after, how it is built): the one list a new module joins. Their dashboard parts show
 * and they start in this order (each after the modules its entry names).
 */
export const MODULES = [
  authModule,
  usersModule,
  contentModule,
  walletModule,
  spotModule,
  futuresModule,
  insuranceModule,
  copyModule,
  earnModule,
  miningModule,
  placementModule,
  nftModule,
  gamesModule,
  neuModule,
  cardsModule,
  shopModule,
  tokenMarketModule,
  notificationsModule,
  marketModule,
  adminModule,
] as const;

export type ModuleList = typeof MODULES;
