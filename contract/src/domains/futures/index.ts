import { defineDomain } from '../../domain';
import { FUTURES_CAUSES } from './causes';
import { futuresEndpoints } from './endpoints';
import { FUTURES_ERRORS } from './errors';

export * from './causes';
export * from './endpoints';

/** The futures domain's part of the contract: its calls, its answers, its causes. */
export const futuresDomain = defineDomain({
  name: 'futures',
  endpoints: futuresEndpoints,
  errors: FUTURES_ERRORS,
  causes: FUTURES_CAUSES,
});
