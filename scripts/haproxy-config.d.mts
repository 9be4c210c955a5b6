/** See haproxy-config.mjs. */
export function haproxyConfig(o: {
  readonly root: string;
  readonly bind: string;
  readonly lists: string;
  readonly servers: ReadonlyArray<readonly [string, string]>;
}): string;
/** See haproxy-config.mjs. */
export function composeConfig(root: string): string;
