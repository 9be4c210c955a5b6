import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routePaths } from '../../web/scripts/route-modules';
import { type Product, startProduct } from '../harness';

/*
 * The first load of every screen: each page names only files the server has, served as what they are;
 * a missing file is a plain 404; the pages carry robots.txt and a description for search engines; /home,
 * /trade and /wallet load without one console error and with every text legible (WCAG AA, axe's check);
 * the order book is grey until its first snapshot.
 */

const WEB = fileURLToPath(new URL('../../web', import.meta.url));
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product.close());

interface Named {
  readonly kind: string;
  readonly href: string;
}

/** Every file a page names: its scripts, the files its links fetch (or hold until the first paint), the app's import. */
function namedFiles(html: string): Named[] {
  const out: Named[] = [];
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attr(tag, 'src');
    if (src) out.push({ kind: 'script', href: src });
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attr(tag, 'rel') ?? attr(tag, 'data-after-paint');
    const href = attr(tag, 'href');
    if (rel && href && /^(modulepreload|stylesheet|preload|icon)$/.test(rel)) out.push({ kind: rel, href });
  }
  for (const [, href] of html.matchAll(/\bimport\("([^"]+)"\)/g))
    if (href) out.push({ kind: 'import', href });
  return out;
}

/** The content type a file must be served with, by its name. */
function expectedType(href: string): RegExp {
  if (/\.m?js$/.test(href)) return /^(text|application)\/javascript\b/;
  if (href.endsWith('.css')) return /^text\/css\b/;
  if (href.endsWith('.svg')) return /^image\/svg\+xml\b/;
  if (href.endsWith('.png')) return /^image\/png\b/;
  if (href.endsWith('.json')) return /^application\/json\b/;
  throw new Error(`a page names a file of an unexpected kind: ${href}`);
}

describe('every page names only files the server has', () => {
  it('serves each file of each screen’s page with 200 and its content type', async () => {
    const paths = ['/', ...routePaths(WEB)];
    expect(paths.length).toBeGreaterThan(90);
    const files = new Map<string, string>();
    for (const path of paths) {
      const page = await fetch(`${product.url}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type'), path).toMatch(/^text\/html/);
      const named = namedFiles(await page.text());
      // Every page starts the app: its script and its stylesheet.
      expect(
        named.some((n) => n.kind === 'modulepreload' && /^\/assets\/index-[\w-]+\.js$/.test(n.href)),
        path,
      ).toBe(true);
      expect(
        named.some((n) => n.kind === 'stylesheet'),
        path,
      ).toBe(true);
      for (const n of named) if (!files.has(n.href)) files.set(n.href, `${path} (${n.kind})`);
    }
    // Home and Trade name their screens' own chunks beyond the app's.
    expect([...files.keys()].some((f) => /\/assets\/trade-screen-[\w-]+\.js$/.test(f))).toBe(true);
    expect([...files.keys()].some((f) => /\/assets\/home-screen-[\w-]+\.js$/.test(f))).toBe(true);
    const bad: string[] = [];
    for (const [href, from] of files) {
      expect(href, from).toMatch(/^\/(?!\/)/);
      const res = await fetch(`${product.url}${href}`);
      const type = res.headers.get('content-type') ?? '';
      const body = await res.text();
      if (res.status !== 200 || !expectedType(href).test(type) || /^\s*<!doctype/i.test(body)) {
        bad.push(`${href} named by ${from}: ${res.status} ${type}`);
      }
    }
    expect(bad).toEqual([]);
    expect(files.size).toBeGreaterThan(100);
  });

  it('answers a missing asset or picture with 404 and no page', async () => {
    for (const path of [
      '/assets/copy-DQhdE5tI.js',
      '/assets/form-CZKwArWh.css',
      '/static/banners/gone.svg',
    ]) {
      const res = await fetch(`${product.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toMatch(/<html/i);
    }
  });

  it('has robots.txt and a description in every page', async () => {
    const robots = await fetch(`${product.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await robots.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    for (const path of ['/home', '/trade', '/wallet']) {
      const html = await (await fetch(`${product.url}${path}`)).text();
      expect(html, path).toMatch(/<meta\s+name="description"\s+content="[^"]{50,160}"/);
    }
  });
});

/** What went wrong in the page: console errors, uncaught errors, failed or refused requests. */
function watchErrors(page: Page, origin: string): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page: ${e.message}`));
  page.on('requestfailed', (r) => errors.push(`failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => {
    if (r.url().startsWith(origin) && r.status() >= 400) errors.push(`${r.status()}: ${r.url()}`);
  });
  return errors;
}

/** Text that axe finds below WCAG AA contrast on the page as it stands (animations stopped first). */
async function contrastFailures(page: Page): Promise<string[]> {
  await page.addStyleTag({
    content: '*, *::before, *::after { animation: none !important; transition: none !important; }',
  });
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<AxeResult> } }).axe;
    interface AxeResult {
      violations: { nodes: { target: string[]; any: { data?: { contrastRatio?: number } }[] }[] }[];
    }
    const result = await axe.run(document, { runOnly: ['color-contrast'] });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => `${n.target.join(' ')} ${n.any[0]?.data?.contrastRatio ?? ''}`),
    );
  });
}

describe('the first load of Home, Trade and Wallet', () => {
  for (const [path, drawn] of [
    ['/home', '.mrow'],
    ['/trade', '.book__mid'],
    ['/wallet', '.sign-in-prompt'],
  ] as const) {
    for (const theme of ['dark', 'light'] as const) {
      it(`opens ${path} (${theme}) without a console error, every text at AA contrast`, async () => {
        const { page, context } = await product.newPhone();
        await context.addInitScript(`localStorage.setItem('theme', '${theme}');`);
        const errors = watchErrors(page, product.url);
        await page.goto(`${product.url}${path}`);
        await page.waitForSelector(drawn);
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        expect(errors).toEqual([]);
        expect(await contrastFailures(page)).toEqual([]);
        await context.close();
      });
    }
  }
});

describe('the order book while it loads', () => {
  it('is grey until its first snapshot, and says it is empty only after one that is', async () => {
    const { page, context } = await product.newPhone();
    // The live feed held: the socket opens and nothing comes.
    await page.routeWebSocket(/\/ws$/, () => undefined);
    await page.goto(`${product.url}/trade?instId=BTC-USDT`);
    await expect.poll(() => page.locator('.book__row--loading').count()).toBe(12);
    expect(await page.locator('.book').getAttribute('aria-busy')).toBe('true');
    expect(await page.locator('.book__empty').count()).toBe(0);
    await product.shot(page, 'trade-book-loading');
    await context.close();

    // The feed let through: this market has no orders (no market source in the tests), and says so.
    const live = await product.newPhone();
    await live.page.goto(`${product.url}/trade?instId=BTC-USDT`);
    await expect.poll(() => live.page.locator('.book__empty').count()).toBe(1);
    expect(await live.page.locator('.book__row--loading').count()).toBe(0);
    expect(await live.page.locator('.book').getAttribute('aria-busy')).toBe('false');
    await live.context.close();
  });
});
