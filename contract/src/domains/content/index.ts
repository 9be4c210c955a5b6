import { defineDomain } from '../../domain';
import { contentEndpoints } from './endpoints';

export * from './endpoints';

/** The content domain's part of the contract: its calls. */
export const contentDomain = defineDomain({ name: 'content', endpoints: contentEndpoints });
