import { type ClientConfig, CONFIG_GLOBAL, DEFAULT_CLIENT_CONFIG } from '@nexa/contract';

function isClientConfig(value: unknown): value is ClientConfig {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.protection === 'boolean' &&
    typeof v.envelopeKey === 'string' &&
    typeof v.signSecret === 'string' &&
    typeof v.chainId === 'number' &&
    typeof v.wsPath === 'string'
  );
}

/**
 * The deployment's client config, written into the console's page by the server as
 * `window.__NEXA_CONFIG__`. Under `vite dev` it is absent and the demo defaults apply.
 */
export function readClientConfig(scope: object = globalThis): ClientConfig {
  const injected = (scope as Record<string, unknown>)[CONFIG_GLOBAL];
  return Object.freeze(isClientConfig(injected) ? { ...injected } : { ...DEFAULT_CLIENT_CONFIG });
}
