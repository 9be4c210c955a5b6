import { defineDomain } from '../../domain';
import { CARDS_CAUSES } from './causes';
import { cardsEndpoints } from './endpoints';
import { CARDS_ERRORS } from './errors';

export * from './causes';
export * from './endpoints';

/** The cards domain's part of the contract: its calls, its answers, its causes. */
export const cardsDomain = defineDomain({
  name: 'cards',
  endpoints: cardsEndpoints,
  errors: CARDS_ERRORS,
  causes: CARDS_CAUSES,
});
