import { defineDomain } from '../../domain';
import { GAMES_CAUSES } from './causes';
import { gamesEndpoints } from './endpoints';
import { GAMES_ERRORS } from './errors';

export * from './causes';
export * from './draw';
export * from './endpoints';

/** The games domain's part of the contract: its calls, its answers, its causes. */
export const gamesDomain = defineDomain({
  name: 'games',
  endpoints: gamesEndpoints,
  errors: GAMES_ERRORS,
  causes: GAMES_CAUSES,
});
