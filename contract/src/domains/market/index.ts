import { defineDomain } from '../../domain';
import { MARKET_CAUSES } from './causes';
import { marketEndpoints } from './endpoints';
import { MARKET_ERRORS } from './errors';

export * from './alerts';
export * from './causes';
export * from './endpoints';

/** The market domain's part of the contract: its calls, its answers, its causes. */
export const marketDomain = defineDomain({
  name: 'market',
  endpoints: marketEndpoints,
  errors: MARKET_ERRORS,
  causes: MARKET_CAUSES,
});
