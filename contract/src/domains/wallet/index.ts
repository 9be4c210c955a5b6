import { defineDomain } from '../../domain';
import { WALLET_CAUSES } from './causes';
import { walletEndpoints } from './endpoints';
import { WALLET_ERRORS } from './errors';

export * from './address-book';
export * from './causes';
export * from './endpoints';
export * from './statement';

/** The wallet domain's part of the contract: its calls, its answers, its causes. */
export const walletDomain = defineDomain({
  name: 'wallet',
  endpoints: walletEndpoints,
  errors: WALLET_ERRORS,
  causes: WALLET_CAUSES,
});
