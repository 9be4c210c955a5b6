import { defineDomain } from '../../domain';
import { usersEndpoints } from './endpoints';

export * from './endpoints';

/** The users domain's part of the contract: its calls. */
export const usersDomain = defineDomain({ name: 'users', endpoints: usersEndpoints });
