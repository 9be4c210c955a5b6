import { adminEndpoints } from './admin/endpoints';
import { authEndpoints } from './auth/endpoints';
import { cardsEndpoints } from './cards/endpoints';
import { contentEndpoints } from './content/endpoints';
import { copyEndpoints } from './copy/endpoints';
import { earnEndpoints } from './earn/endpoints';
import { futuresEndpoints } from './futures/endpoints';
import { gamesEndpoints } from './games/endpoints';
import { insuranceEndpoints } from './insurance/endpoints';
import { marketEndpoints } from './market/endpoints';
import { miningEndpoints } from './mining/endpoints';
import { neuEndpoints } from './neu/endpoints';
import { nftEndpoints } from './nft/endpoints';
import { placementEndpoints } from './placement/endpoints';
import { shopEndpoints } from './shop/endpoints';
import { spotEndpoints } from './spot/endpoints';
import { tokenMarketEndpoints } from './token-market/endpoints';
import { usersEndpoints } from './users/endpoints';
import { walletEndpoints } from './wallet/endpoints';

/** The calls of every built domain, one table per domain folder. */
export const liveEndpoints = {
  ...authEndpoints,
  ...usersEndpoints,
  ...contentEndpoints,
  ...walletEndpoints,
  ...spotEndpoints,
  ...futuresEndpoints,
  ...insuranceEndpoints,
  ...copyEndpoints,
  ...earnEndpoints,
  ...miningEndpoints,
  ...placementEndpoints,
  ...gamesEndpoints,
  ...cardsEndpoints,
  ...shopEndpoints,
  ...nftEndpoints,
  ...neuEndpoints,
  ...marketEndpoints,
  ...tokenMarketEndpoints,
  ...adminEndpoints,
} as const;
