import { defineDomain } from '../../domain';
import { EARN_CAUSES } from './causes';
import { earnEndpoints } from './endpoints';
import { EARN_ERRORS } from './errors';

export * from './causes';
export * from './endpoints';

/** The earn domain's part of the contract: its calls, its answers, its causes. */
export const earnDomain = defineDomain({
  name: 'earn',
  endpoints: earnEndpoints,
  errors: EARN_ERRORS,
  causes: EARN_CAUSES,
});
