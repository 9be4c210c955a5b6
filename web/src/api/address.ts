import { apiBaseUrl, readClientConfig } from '@nexa/contract';

let base: string | null = null;

/**
 * The address the app's calls go to before their path, from the deployment's client config: `''` when
 * they go to the page's own host, `https://web.<host>` or a given address when the API has a host of its own.
 */
export function apiBase(): string {
  base ??= apiBaseUrl(readClientConfig().apiBase, window.location);
  return base;
}

/**
 * An address the API handed out (an upload's link) as the browser reaches it: a path is on the API's host,
 * like the call that gave it; an absolute address (the storage's own) stays as it is.
 */
export function apiAddress(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${apiBase()}${url}` : url;
}
