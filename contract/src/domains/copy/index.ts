import { defineDomain } from '../../domain';
import { COPY_CAUSES } from './causes';
import { copyEndpoints } from './endpoints';
import { COPY_ERRORS } from './errors';

export * from './causes';
export * from './endpoints';

/** The copy domain's part of the contract: its calls, its answers, its causes. */
export const copyDomain = defineDomain({
  name: 'copy',
  endpoints: copyEndpoints,
  errors: COPY_ERRORS,
  causes: COPY_CAUSES,
});
