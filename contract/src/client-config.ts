import { type ApiBase, parseApiBase, parseWsBase, type WsBase } from './api-host';

/**
 * What the server tells the web app at load time: injected into index.html in place of
 * the `<!--nexa-config-->` marker as `window.__NEXA_CONFIG__ = {...}`.
 */
export interface ClientConfig {
  /** Request protection on: calls go as `{"payload": envelope}` and answers come back the same way. */
  readonly protection: boolean;
  /** Envelope key, 32 bytes of base64. It ships in the client by design (see envelope.ts). */
  readonly envelopeKey: string;
  /** Secret appended to the sign base. */
  readonly signSecret: string;
  /** Chain id written into Sign-In-with-Ethereum messages. */
  readonly chainId: number;
  /** Path of the live feed socket on its host. */
  readonly wsPath: string;
  /** Where the app's calls go (api-host.ts): the page's own host, its `web.` host, or an address. */
  readonly apiBase: ApiBase;
  /** Where the app's live feed connects, the same way. */
  readonly wsBase: WsBase;
}

export const CONFIG_MARKER = '<!--nexa-config-->';
export const CONFIG_GLOBAL = '__NEXA_CONFIG__';

/** Demo values used when a deployment does not set its own. Production sets ENVELOPE_KEY and SIGN_SECRET. */
export const DEMO_ENVELOPE_KEY = 'bmV4YS1kZW1vLWVudmVsb3BlLWtleS0zMi1ieXRlcyE=';
export const DEMO_SIGN_SECRET = 'nexa-demo-sign-secret';

export const DEFAULT_CLIENT_CONFIG: ClientConfig = {
  protection: true,
  envelopeKey: DEMO_ENVELOPE_KEY,
  signSecret: DEMO_SIGN_SECRET,
  chainId: 1,
  wsPath: '/ws',
  apiBase: 'same-origin',
  wsBase: 'same-origin',
};

function isClientConfig(value: unknown): value is ClientConfig {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.protection === 'boolean' &&
    typeof v.envelopeKey === 'string' &&
    typeof v.signSecret === 'string' &&
    typeof v.chainId === 'number' &&
    typeof v.wsPath === 'string' &&
    typeof v.apiBase === 'string' &&
    parseApiBase(v.apiBase) === v.apiBase &&
    typeof v.wsBase === 'string' &&
    parseWsBase(v.wsBase) === v.wsBase
  );
}

/**
 * The deployment's client config as the server wrote it into the page (`window.__NEXA_CONFIG__`), for the
 * app and the console alike. Under `vite dev` it is absent and the demo defaults apply.
 */
export function readClientConfig(scope: object = globalThis): ClientConfig {
  const injected = (scope as Record<string, unknown>)[CONFIG_GLOBAL];
  return Object.freeze(isClientConfig(injected) ? { ...injected } : { ...DEFAULT_CLIENT_CONFIG });
}
