import { defineDomain } from '../../domain';
import { adminEndpoints } from './endpoints';
import { ADMIN_ERRORS } from './errors';

export * from './endpoints';

/** The admin domain's part of the contract: its calls, its answers. */
export const adminDomain = defineDomain({ name: 'admin', endpoints: adminEndpoints, errors: ADMIN_ERRORS });
