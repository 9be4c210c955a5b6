/**
 * Where the web app's calls and its live feed go. A deployment names each base in its client config:
 * - `same-origin`: the host that served the page (the default; app, API and `/ws` on one address);
 * - `web-prefix`: the page's host with `web.` before it (the app at `example.com`, its API at
 *   `web.example.com`, the feed at `wss://web.example.com/ws`), in the page's own scheme;
 * - an address of its own: `https://api.example.com` for calls, `wss://api.example.com` for the feed
 *   (a path after the host prefixes every call's path, and the feed's).
 */
export type ApiBase = 'same-origin' | 'web-prefix' | `http://${string}` | `https://${string}`;
export type WsBase = 'same-origin' | 'web-prefix' | `ws://${string}` | `wss://${string}`;

/** The part of a page's address the bases are derived from (`window.location`). */
export interface PageLocation {
  readonly protocol: string;
  readonly host: string;
}

/** The host a `web-prefix` base derives from the page's host. */
export const WEB_PREFIX = 'web.';

/**
 * `text` as a base: one of the two modes, or an absolute address with one of `schemes` (`http:`, `https:` or
 * `ws:`, `wss:`) without credentials, query or fragment, its trailing slashes dropped. Null when it is none
 * of these.
 */
function parseBase(text: string, schemes: readonly string[]): string | null {
  const value = text.trim();
  if (value === 'same-origin' || value === 'web-prefix') return value;
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  if (!schemes.includes(url.protocol) || url.username || url.password || url.search || url.hash) return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** An API base from configuration text, or null. */
export function parseApiBase(text: string): ApiBase | null {
  return parseBase(text, ['http:', 'https:']) as ApiBase | null;
}

/** A live-feed base from configuration text, or null. */
export function parseWsBase(text: string): WsBase | null {
  return parseBase(text, ['ws:', 'wss:']) as WsBase | null;
}

/** The feed's base that goes with an API base: the same mode, or the same address in `ws:` / `wss:`. */
export function wsBaseFor(api: ApiBase): WsBase {
  if (api === 'same-origin' || api === 'web-prefix') return api;
  return api.replace(/^http/, 'ws') as WsBase;
}

/** The address calls go to before their path: `''` for the page's own origin (paths stay relative). */
export function apiBaseUrl(base: ApiBase, page: PageLocation): string {
  if (base === 'same-origin') return '';
  if (base === 'web-prefix') return `${page.protocol}//${WEB_PREFIX}${page.host}`;
  return base;
}

/** The address the live feed's path follows (always absolute: a socket has no relative address). */
export function wsBaseUrl(base: WsBase, page: PageLocation): string {
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  if (base === 'same-origin') return `${scheme}//${page.host}`;
  if (base === 'web-prefix') return `${scheme}//${WEB_PREFIX}${page.host}`;
  return base;
}
