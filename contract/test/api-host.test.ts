import { describe, expect, it } from 'vitest';
import {
  apiBaseUrl,
  CONFIG_GLOBAL,
  DEFAULT_CLIENT_CONFIG,
  parseApiBase,
  parseWsBase,
  readClientConfig,
  wsBaseFor,
  wsBaseUrl,
} from '../src/index';

const page = { protocol: 'https:', host: 'example.com' };
const localPage = { protocol: 'http:', host: 'app.localhost:8080' };

describe('API and live-feed bases', () => {
  it('reads the two modes and absolute addresses of the right scheme, nothing else', () => {
    expect(parseApiBase('same-origin')).toBe('same-origin');
    expect(parseApiBase(' web-prefix ')).toBe('web-prefix');
    expect(parseApiBase('https://api.example.com/')).toBe('https://api.example.com');
    expect(parseApiBase('https://example.com/backend//')).toBe('https://example.com/backend');
    expect(parseApiBase('HTTPS://API.Example.com:443')).toBe('https://api.example.com');
    for (const bad of [
      '',
      'web',
      'api.example.com',
      'wss://api.example.com',
      'ftp://x.y',
      'https://a.b/?x=1',
    ])
      expect(parseApiBase(bad), bad).toBeNull();
    expect(parseApiBase('https://user:pw@api.example.com')).toBeNull();
    expect(parseWsBase('wss://api.example.com')).toBe('wss://api.example.com');
    expect(parseWsBase('https://api.example.com')).toBeNull();
  });

  it('derives the addresses from the page: its own host, its web. host, or the given one', () => {
    expect(apiBaseUrl('same-origin', page)).toBe('');
    expect(apiBaseUrl('web-prefix', page)).toBe('https://web.example.com');
    expect(apiBaseUrl('web-prefix', localPage)).toBe('http://web.app.localhost:8080');
    expect(apiBaseUrl('https://api.example.com', page)).toBe('https://api.example.com');
    expect(wsBaseUrl('same-origin', page)).toBe('wss://example.com');
    expect(wsBaseUrl('web-prefix', page)).toBe('wss://web.example.com');
    expect(wsBaseUrl('web-prefix', localPage)).toBe('ws://web.app.localhost:8080');
    expect(wsBaseUrl('wss://feed.example.com', localPage)).toBe('wss://feed.example.com');
  });

  it('gives a feed base that follows the API base', () => {
    expect(wsBaseFor('same-origin')).toBe('same-origin');
    expect(wsBaseFor('web-prefix')).toBe('web-prefix');
    expect(wsBaseFor('https://api.example.com')).toBe('wss://api.example.com');
    expect(wsBaseFor('http://127.0.0.1:8080/x')).toBe('ws://127.0.0.1:8080/x');
  });

  it('takes the bases the server wrote into the page, and the defaults for a config it cannot read', () => {
    const written = { ...DEFAULT_CLIENT_CONFIG, apiBase: 'web-prefix', wsBase: 'web-prefix' };
    expect(readClientConfig({ [CONFIG_GLOBAL]: written })).toEqual(written);
    expect(readClientConfig({ [CONFIG_GLOBAL]: { ...written, apiBase: 'elsewhere' } })).toEqual(
      DEFAULT_CLIENT_CONFIG,
    );
    expect(readClientConfig({})).toEqual(DEFAULT_CLIENT_CONFIG);
  });
});
