import { defineDomain } from '../../domain';
import { TOKEN_MARKET_CAUSES } from './causes';
import { tokenMarketEndpoints } from './endpoints';
import { TOKEN_MARKET_ERRORS } from './errors';

export * from './causes';
export * from './endpoints';

/** The token-market domain's part of the contract: its calls, its answers, its causes. */
export const tokenMarketDomain = defineDomain({
  name: 'token-market',
  endpoints: tokenMarketEndpoints,
  errors: TOKEN_MARKET_ERRORS,
  causes: TOKEN_MARKET_CAUSES,
});
