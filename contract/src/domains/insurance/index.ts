import { defineDomain } from '../../domain';
import { INSURANCE_CAUSES } from './causes';
import { insuranceEndpoints } from './endpoints';
import { INSURANCE_ERRORS } from './errors';

export * from './causes';
export * from './endpoints';

/** The insurance domain's part of the contract: its calls, its answers, its causes. */
export const insuranceDomain = defineDomain({
  name: 'insurance',
  endpoints: insuranceEndpoints,
  errors: INSURANCE_ERRORS,
  causes: INSURANCE_CAUSES,
});
