import { defineDomain } from '../../domain';
import { NEU_CAUSES } from './causes';
import { neuEndpoints } from './endpoints';

export * from './causes';
export * from './endpoints';

/** The neu domain's part of the contract: its calls, its causes. */
export const neuDomain = defineDomain({ name: 'neu', endpoints: neuEndpoints, causes: NEU_CAUSES });
