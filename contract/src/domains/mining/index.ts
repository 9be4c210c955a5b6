import { defineDomain } from '../../domain';
import { MINING_CAUSES } from './causes';
import { miningEndpoints } from './endpoints';
import { MINING_ERRORS } from './errors';

export * from './causes';
export * from './endpoints';

/** The mining domain's part of the contract: its calls, its answers, its causes. */
export const miningDomain = defineDomain({
  name: 'mining',
  endpoints: miningEndpoints,
  errors: MINING_ERRORS,
  causes: MINING_CAUSES,
});
