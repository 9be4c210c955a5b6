import { defineDomain } from '../../domain';
import { SHOP_CAUSES } from './causes';
import { shopEndpoints } from './endpoints';
import { SHOP_ERRORS } from './errors';

export * from './causes';
export * from './endpoints';

/** The shop domain's part of the contract: its calls, its answers, its causes. */
export const shopDomain = defineDomain({
  name: 'shop',
  endpoints: shopEndpoints,
  errors: SHOP_ERRORS,
  causes: SHOP_CAUSES,
});
