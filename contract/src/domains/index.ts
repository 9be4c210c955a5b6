import type { CausesOf, EndpointsOf, ErrorsOf } from '../domain';
import { adminDomain } from './admin';
import { authDomain } from './auth';
import { cardsDomain } from './cards';
import { contentDomain } from './content';
import { copyDomain } from './copy';
import { earnDomain } from './earn';
import { futuresDomain } from './futures';
import { gamesDomain } from './games';
import { insuranceDomain } from './insurance';
import { marketDomain } from './market';
import { miningDomain } from './mining';
import { neuDomain } from './neu';
import { nftDomain } from './nft';
import { notificationsDomain } from './notifications';
import { placementDomain } from './placement';
import { shopDomain } from './shop';
import { spotDomain } from './spot';
import { tokenMarketDomain } from './token-market';
import { usersDomain } from './users';
import { walletDomain } from './wallet';

export * from './admin';
export * from './auth';
export * from './cards';
export * from './content';
export * from './copy';
export * from './earn';
export * from './futures';
export * from './games';
export * from './insurance';
export * from './market';
export * from './mining';
export * from './neu';
export * from './nft';
export * from './notifications';
export * from './placement';
export * from './shop';
export * from './spot';
export * from './token-market';
export * from './users';
export * from './wallet';

/**
 * Every built domain of the contract, each declared by its folder's entry (its calls, answers and causes):
 * the one list a new domain joins. The call table, the error catalogue and the causes the ledger accepts
 * are read from it, in this order.
 */
export const DOMAINS = [
  authDomain,
  usersDomain,
  contentDomain,
  walletDomain,
  spotDomain,
  futuresDomain,
  insuranceDomain,
  copyDomain,
  earnDomain,
  miningDomain,
  placementDomain,
  gamesDomain,
  cardsDomain,
  shopDomain,
  nftDomain,
  neuDomain,
  marketDomain,
  tokenMarketDomain,
  notificationsDomain,
  adminDomain,
] as const;

export type Domains = typeof DOMAINS;
export type LiveEndpoints = EndpointsOf<Domains>;
export type DomainErrors = ErrorsOf<Domains>;
export type DomainCauses = CausesOf<Domains>;
