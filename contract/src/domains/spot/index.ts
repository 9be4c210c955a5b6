import { defineDomain } from '../../domain';
import { SPOT_CAUSES } from './causes';
import { spotEndpoints } from './endpoints';
import { SPOT_ERRORS } from './errors';

export * from './algo';
export * from './causes';
export * from './endpoints';

/** The spot domain's part of the contract: its calls, its answers, its causes. */
export const spotDomain = defineDomain({
  name: 'spot',
  endpoints: spotEndpoints,
  errors: SPOT_ERRORS,
  causes: SPOT_CAUSES,
});
