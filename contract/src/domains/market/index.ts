import { defineDomain } from '../../domain';
import { MARKET_CAUSES } from './causes';
import { marketEndpoints } from './endpoints';

export * from './causes';
export * from './endpoints';

/** The market domain's part of the contract: its calls, its causes. */
export const marketDomain = defineDomain({
  name: 'market',
  endpoints: marketEndpoints,
  causes: MARKET_CAUSES,
});
