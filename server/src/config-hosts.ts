import { type ApiBase, parseApiBase, parseWsBase, type WsBase, wsBaseFor } from '@nexa/contract';

/** Where the web app's calls and live feed go, and the app's origins the API admits from another host. */
export interface ApiHosts {
  readonly apiBase: ApiBase;
  readonly wsBase: WsBase;
  /**
   * Origins (`scheme://host[:port]`) the API answers CORS for and the live feed admits; empty: no CORS
   * answers and no Origin check (app, API and feed on one address).
   */
  readonly appOrigins: readonly string[];
}

export interface ApiHostsEnv {
  readonly API_BASE: string;
  readonly WS_BASE?: string | undefined;
  readonly APP_ORIGINS?: string | undefined;
  readonly PUBLIC_URL?: string | undefined;
}

/** `text` as an app origin (`https://app.example.com`, no path), or null. */
function parseOrigin(text: string): string | null {
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) return null;
  return url.origin;
}

/**
 * API_BASE, WS_BASE and APP_ORIGINS checked and put together. The feed follows the API unless WS_BASE says
 * otherwise. When calls or the feed go to another host than the page's, the app's origins are APP_ORIGINS,
 * else the origin of PUBLIC_URL; with neither the start stops, since no browser could call the API.
 */
export function apiHostsConfig(e: ApiHostsEnv): ApiHosts {
  const apiBase = parseApiBase(e.API_BASE);
  if (!apiBase)
    throw new Error(
      `API_BASE must be same-origin, web-prefix or an http(s) address without query (got "${e.API_BASE}")`,
    );
  const wsBase = e.WS_BASE ? parseWsBase(e.WS_BASE) : wsBaseFor(apiBase);
  if (!wsBase)
    throw new Error(
      `WS_BASE must be same-origin, web-prefix or a ws(s) address without query (got "${e.WS_BASE}")`,
    );
  const listed = (e.APP_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const appOrigins = listed.map((text) => {
    const origin = parseOrigin(text);
    if (!origin) throw new Error(`APP_ORIGINS: "${text}" is not an origin (http(s)://host[:port], no path)`);
    return origin;
  });
  const elsewhere = apiBase !== 'same-origin' || wsBase !== 'same-origin';
  if (elsewhere && appOrigins.length === 0) {
    if (!e.PUBLIC_URL)
      throw new Error(
        `API_BASE=${apiBase}${e.WS_BASE ? ` WS_BASE=${wsBase}` : ''} puts the API on another host than the ` +
          "app: set APP_ORIGINS (or PUBLIC_URL) to the app's origins, the only ones it answers CORS for",
      );
    appOrigins.push(new URL(e.PUBLIC_URL).origin);
  }
  return { apiBase, wsBase, appOrigins: [...new Set(appOrigins)] };
}
