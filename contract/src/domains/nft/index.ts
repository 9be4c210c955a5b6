import { defineDomain } from '../../domain';
import { NFT_CAUSES } from './causes';
import { nftEndpoints } from './endpoints';
import { NFT_ERRORS } from './errors';

export * from './causes';
export * from './endpoints';

/** The nft domain's part of the contract: its calls, its answers, its causes. */
export const nftDomain = defineDomain({
  name: 'nft',
  endpoints: nftEndpoints,
  errors: NFT_ERRORS,
  causes: NFT_CAUSES,
});
