import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { CONFIG_MARKER } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerHint, pickEncoding } from '../src/transport/web-app';
import { startServer, type TestServer } from './harness';

let srv: TestServer;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'nexa-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head>${CONFIG_MARKER}</head><body></body></html>`,
  );
  const js = Buffer.from(SCRIPT);
  writeFileSync(join(dist, 'assets', 'app-1234.js'), js);
  writeFileSync(join(dist, 'assets', 'app-1234.js.br'), brotliCompressSync(js));
  writeFileSync(join(dist, 'assets', 'app-1234.js.gz'), gzipSync(js));
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite', 'preloads.json'),
    JSON.stringify({
      '/trade': { js: ['/assets/trade-1.js', '/assets/hooks-2.js'], css: ['/assets/trade-1.css'] },
      '/home': { js: ['/assets/home-4.js'], css: ['/assets/home-4.css'] },
      '/odd': { js: ['https://elsewhere.example/x.js', '/assets/ok-3.js'], css: ['/assets/"x.css'] },
    }),
  );
  srv = await startServer({ env: { WEB_DIST: dist } });
});
afterAll(() => srv.close());

function get(path: string, acceptEncoding?: string) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = request(
      `${srv.url}${path}`,
      { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the web app on the wire', () => {
  it('sends built assets as their brotli or gzip copy, cached for good', async () => {
    const br = await get('/assets/app-1234.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 10);
    const gz = await get('/assets/app-1234.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await get('/assets/app-1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('sends the page compressed by Accept-Encoding, with the client configuration in it', async () => {
    const br = await get('/home', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.body).toString()).toContain('"wsPath":"/ws"');
    const gz = await get('/', 'br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('"wsPath":"/ws"');
    const plain = await get('/trade');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('<!doctype html>');
  });

  it("names a screen's files in the page for that screen's path, and nothing for other paths", async () => {
    const trade = gunzipSync((await get('/trade?instId=BTC-USDT', 'gzip')).body).toString();
    expect(trade).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/trade-1.js">',
    );
    expect(trade).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/hooks-2.js">',
    );
    expect(trade).toContain(
      '<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/trade-1.css">',
    );
    expect(trade).toContain('"wsPath":"/ws"');
    const other = (await get('/assets-list')).body.toString();
    expect(other).not.toContain('preload');
    // Only the build's own asset paths become links.
    const odd = (await get('/odd')).body.toString();
    expect(odd).toContain('href="/assets/ok-3.js"');
    expect(odd).not.toContain('elsewhere');
    expect(odd).not.toContain('x.css');
  });

  it("writes Home's first banner into Home's page, as a picture when it is a small SVG", async () => {
    const home = (await get('/home')).body.toString();
    const named = /window\.__NEXA_BANNER__=(\{[^<]*\})<\/script>/.exec(home);
    expect(named).not.toBeNull();
    const banner = JSON.parse(named?.[1] ?? '{}') as { src: string; inline: string };
    const [first] = await srv.app.modules.content.banners('en');
    expect(banner.src).toBe(first?.image);
    expect(banner.inline.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(banner.inline.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
    expect((await get('/')).body.toString()).toContain('__NEXA_BANNER__');
    expect((await get('/trade')).body.toString()).not.toContain('__NEXA_BANNER__');
  });

  it("holds Home's code back until its frame has painted the banner, and no other page's", async () => {
    const home = (await get('/home')).body.toString();
    expect(home).toContain('__NEXA_BANNER__');
    expect(home).toContain(
      '<link data-after-paint="modulepreload" fetchpriority="low" crossorigin href="/assets/home-4.js">',
    );
    expect(home).toContain(
      '<link data-after-paint="preload" as="style" fetchpriority="low" crossorigin href="/assets/home-4.css">',
    );
    expect(home).not.toMatch(/rel="(module)?preload"/);
    const trade = (await get('/trade')).body.toString();
    expect(trade).not.toContain('data-after-paint');
    expect(trade).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/trade-1.js">',
    );
  });

  it('names only same-site image paths, fetched with the page when not written into it', () => {
    for (const src of [
      'javascript:alert(1)',
      '//evil.example/x.svg',
      '/x.svg"><script>',
      'https://a.b/c.png',
    ]) {
      expect(bannerHint({ src, svg: null }), src).toBe('');
    }
    expect(bannerHint(null)).toBe('');
    const png = bannerHint({ src: '/static/b/one.png', svg: null });
    expect(png).toContain('<link rel="preload" as="image" href="/static/b/one.png" fetchpriority="high">');
    expect(png).toContain('"inline":null');
    const big = bannerHint({ src: '/static/b/big.svg', svg: `<svg>${'x'.repeat(20_000)}</svg>` });
    expect(big).toContain('rel="preload"');
    // A picture's text cannot end the script it travels in.
    const sly = bannerHint({ src: '/static/b/s.svg', svg: '<svg></script><script>alert(1)</script></svg>' });
    expect(sly).not.toContain('</script><script>alert');
  });

  it('answers a missing file 404, never with the page, and a screen path with the page', async () => {
    for (const path of [
      '/assets/copy-DQhdE5tI.js',
      '/assets/form-CZKwArWh.css',
      '/assets/nested/x.js',
      '/static/banners/gone.svg',
      '/static/nothing',
      '/favicon.ico',
      '/apple-touch-icon.png',
    ]) {
      const res = await get(path, 'br, gzip');
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type'], path).toContain('text/plain');
      expect(res.headers['cache-control'], path).toBe('no-store');
      expect(res.body.toString(), path).not.toContain('<html');
    }
    for (const path of ['/trade', '/copyTrader?id=42', '/no-such-screen', '/']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toContain('text/html');
    }
    // The calls keep their own answer.
    const api = await get('/api/nothing');
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body.toString())).toMatchObject({ code: 404 });
  });

  it('serves robots.txt from the build as text', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body.toString()).toContain('User-agent: *');
  });

  it('picks the encoding the caller accepts', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });
});
