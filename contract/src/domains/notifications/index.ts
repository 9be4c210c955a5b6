import { defineDomain } from '../../domain';
import { notificationsEndpoints } from './endpoints';
import { pushEndpoints } from './push';

export * from './endpoints';
export * from './push';

/** The notifications domain's part of the contract: its calls (its answers are the common ones). */
export const notificationsDomain = defineDomain({
  name: 'notifications',
  endpoints: { ...notificationsEndpoints, ...pushEndpoints },
});
