import { defineDomain } from '../../domain';
import { PLACEMENT_CAUSES } from './causes';
import { placementEndpoints } from './endpoints';
import { PLACEMENT_ERRORS } from './errors';

export * from './causes';
export * from './endpoints';

/** The placement domain's part of the contract: its calls, its answers, its causes. */
export const placementDomain = defineDomain({
  name: 'placement',
  endpoints: placementEndpoints,
  errors: PLACEMENT_ERRORS,
  causes: PLACEMENT_CAUSES,
});
