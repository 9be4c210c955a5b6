import { defineDomain } from '../../domain';
import { authEndpoints } from './endpoints';
import { AUTH_ERRORS } from './errors';

export * from './confirm';
export * from './endpoints';

/** The auth domain's part of the contract: its calls, its answers. */
export const authDomain = defineDomain({ name: 'auth', endpoints: authEndpoints, errors: AUTH_ERRORS });
