import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONFIG_MARKER } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../src/config';
import { apiHostsConfig } from '../src/config-hosts';
import { startServer, type TestServer } from './harness';

const APP = 'http://app.localhost:8080';
const OTHER = 'https://elsewhere.example';

/** The API on the app's `web.` host: CORS for the app's origin only. */
let split: TestServer;
/** The default: app, API and feed on one address. */
let single: TestServer;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'nexa-web-'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><html><head>${CONFIG_MARKER}</head></html>`);
  split = await startServer({ env: { API_BASE: 'web-prefix', APP_ORIGINS: APP, WEB_DIST: dist } });
  single = await startServer();
});
afterAll(async () => {
  await split?.close();
  await single?.close();
});

const inject = (srv: TestServer, method: 'GET' | 'POST' | 'OPTIONS', url: string, headers = {}) =>
  srv.app.fastify.inject({ method, url, headers, ...(method === 'POST' ? { payload: '{}' } : {}) });

const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((h) => h.startsWith('access-control-'));

/** Whether a socket to the server's feed opens with this Origin (none: a client that is not a page). */
function socketOpens(srv: TestServer, origin?: string): Promise<number | 'open'> {
  const ws = new WebSocket(`${srv.url.replace('http', 'ws')}/ws`, origin ? { origin } : {});
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      ws.close();
      resolve('open');
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

describe('the API and feed hosts in the configuration', () => {
  it('keeps everything on the page’s own host by default, with no CORS origins', () => {
    const { apiHosts } = loadConfig({});
    expect(apiHosts).toEqual({ apiBase: 'same-origin', wsBase: 'same-origin', appOrigins: [] });
  });

  it('takes the app’s origins from APP_ORIGINS, else from PUBLIC_URL when the API is elsewhere', () => {
    expect(loadConfig({ API_BASE: 'web-prefix', PUBLIC_URL: 'https://example.com/x' }).apiHosts).toEqual({
      apiBase: 'web-prefix',
      wsBase: 'web-prefix',
      appOrigins: ['https://example.com'],
    });
    const named = loadConfig({
      API_BASE: 'https://api.example.com/',
      APP_ORIGINS: 'https://example.com, https://m.example.com/',
      PUBLIC_URL: 'https://example.com',
    }).apiHosts;
    expect(named).toEqual({
      apiBase: 'https://api.example.com',
      wsBase: 'wss://api.example.com',
      appOrigins: ['https://example.com', 'https://m.example.com'],
    });
    expect(loadConfig({ WS_BASE: 'wss://feed.example.com', APP_ORIGINS: APP }).apiHosts).toEqual({
      apiBase: 'same-origin',
      wsBase: 'wss://feed.example.com',
      appOrigins: [APP],
    });
  });

  it('refuses to start on a base or origin it cannot read, or an API elsewhere with no origin', () => {
    expect(() => loadConfig({ API_BASE: 'web' })).toThrow(/API_BASE must be same-origin, web-prefix or/);
    expect(() => loadConfig({ API_BASE: 'wss://x.example' })).toThrow(/API_BASE/);
    expect(() => loadConfig({ WS_BASE: 'https://x.example', APP_ORIGINS: APP })).toThrow(/WS_BASE/);
    expect(() => loadConfig({ APP_ORIGINS: 'https://example.com/app' })).toThrow(
      /APP_ORIGINS: .* not an origin/,
    );
    expect(() => loadConfig({ APP_ORIGINS: '*' })).toThrow(/APP_ORIGINS/);
    expect(() => loadConfig({ API_BASE: 'web-prefix' })).toThrow(/set APP_ORIGINS \(or PUBLIC_URL\)/);
  });

  it('reads the hosts of the three example environments (deploy/env)', () => {
    const hosts = (name: string) => {
      const file = new URL(`../../deploy/env/${name}.env`, import.meta.url);
      const env: Record<string, string> = {};
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
        if (m?.[1]) env[m[1]] = m[2] ?? '';
      }
      return apiHostsConfig({ API_BASE: 'same-origin', ...env });
    };
    expect(hosts('development')).toEqual({ apiBase: 'same-origin', wsBase: 'same-origin', appOrigins: [] });
    expect(hosts('staging')).toEqual({
      apiBase: 'web-prefix',
      wsBase: 'web-prefix',
      appOrigins: ['https://staging.example.com'],
    });
    expect(hosts('production')).toEqual({
      apiBase: 'web-prefix',
      wsBase: 'web-prefix',
      appOrigins: ['https://example.com'],
    });
  });

  it('writes the bases into the app’s page', async () => {
    const page = await inject(split, 'GET', '/');
    expect(page.body).toContain('"apiBase":"web-prefix","wsBase":"web-prefix"');
  });
});

describe('CORS for the app’s origins', () => {
  it('answers a call from the app’s origin with that origin, no credentials', async () => {
    const res = await inject(split, 'POST', '/api/basic/banner', {
      origin: APP,
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(APP);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/origin/i);
  });

  it('gives any other origin, and a call with none, no CORS headers', async () => {
    for (const headers of [{ origin: OTHER }, { origin: 'http://web.app.localhost:8080' }, {}]) {
      const res = await inject(split, 'POST', '/api/basic/banner', {
        ...headers,
        'content-type': 'application/json',
      });
      expect(res.statusCode).toBe(200);
      expect(corsHeaders(res.headers)).toEqual([]);
    }
  });

  it('answers the app’s preflight with the methods and headers the app sends', async () => {
    const res = await inject(split, 'OPTIONS', '/api/spot/submitTrade', {
      origin: APP,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type,lang',
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(APP);
    expect(String(res.headers['access-control-allow-methods']).split(', ')).toEqual(['GET', 'POST', 'PUT']);
    expect(String(res.headers['access-control-allow-headers']).split(', ')).toEqual([
      'content-type',
      'authorization',
      'lang',
      'x-nexa-book',
    ]);
    expect(res.headers['access-control-max-age']).toBe('600');
    // An upload's PUT to the link the API handed out.
    const put = await inject(split, 'OPTIONS', '/uploads/0123?exp=1&sig=x', {
      origin: APP,
      'access-control-request-method': 'PUT',
      'access-control-request-headers': 'content-type',
    });
    expect(put.statusCode).toBe(204);
    expect(put.headers['access-control-allow-origin']).toBe(APP);
  });

  it('does not answer another origin’s preflight', async () => {
    const res = await inject(split, 'OPTIONS', '/api/spot/submitTrade', {
      origin: OTHER,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    });
    expect(res.statusCode).toBe(404);
    expect(corsHeaders(res.headers)).toEqual([]);
  });

  it('opens the feed to the app’s pages and to clients that are not pages, never to another site’s page', async () => {
    expect(await socketOpens(split, APP)).toBe('open');
    expect(await socketOpens(split)).toBe('open');
    expect(await socketOpens(split, OTHER)).toBe(403);
  });

  it('has no CORS and no Origin check where app and API share one address (the default)', async () => {
    const res = await inject(single, 'POST', '/api/basic/banner', {
      origin: APP,
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(200);
    expect(corsHeaders(res.headers)).toEqual([]);
    const preflight = await inject(single, 'OPTIONS', '/api/basic/banner', {
      origin: APP,
      'access-control-request-method': 'POST',
    });
    expect(corsHeaders(preflight.headers)).toEqual([]);
    expect(await socketOpens(single, OTHER)).toBe('open');
  });
});
