import { CONFIG_GLOBAL, DEFAULT_CLIENT_CONFIG, endpoints, readClientConfig } from '@nexa/contract';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';

import viteConfig from '../vite.config';

describe('client config', () => {
  it('takes what the server injected', () => {
    const injected = {
      protection: false,
      envelopeKey: 'k',
      signSecret: 's',
      chainId: 8453,
      wsPath: '/ws',
      apiBase: 'web-prefix',
      wsBase: 'wss://feed.example.com',
    };
    expect(readClientConfig({ [CONFIG_GLOBAL]: injected })).toEqual(injected);
  });

  it('falls back to the demo defaults under vite dev (nothing injected) or on a malformed value', () => {
    expect(readClientConfig({})).toEqual(DEFAULT_CLIENT_CONFIG);
    expect(readClientConfig({ [CONFIG_GLOBAL]: { protection: 'yes' } })).toEqual(DEFAULT_CLIENT_CONFIG);
    const unknownBase = { ...DEFAULT_CLIENT_CONFIG, apiBase: 'api.example.com' };
    expect(readClientConfig({ [CONFIG_GLOBAL]: unknownBase })).toEqual(DEFAULT_CLIENT_CONFIG);
  });
});

describe('endpoint meta built from the contract', () => {
  it('lists every call of the app (no operator call) with its session need, list style and page size', async () => {
    const plugins = (viteConfig as { plugins: Plugin[] }).plugins.flat() as Plugin[];
    const plugin = plugins.find((p) => p?.name === 'nexa-endpoint-meta');
    const load = plugin?.load as (id: string) => Promise<string>;
    const code = await load('\0virtual:nexa-endpoint-meta');
    const table = JSON.parse(code.replace(/^export default /, '').replace(/;\s*$/, '')) as Record<
      string,
      unknown
    >;
    const appCalls = Object.entries(endpoints)
      .filter(([, e]) => !e.operator)
      .map(([path]) => path);
    expect(Object.keys(table).sort()).toEqual(appCalls.sort());
    expect(table['/admin/dashboard']).toBeUndefined();
    expect(table['/api/user/info']).toEqual({ auth: true, list: 'none', pageSize: 10 });
    expect(table['/api/basic/news']).toEqual({ auth: false, list: 'size', pageSize: 10 });
  });
});
