import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../web/src/i18n/locales/en.json';
import { CHROMIUM, CHROMIUM_ARGS, PHONE, type Product, patient, startProduct } from '../harness';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product.close());

/** A PNG's size from its header. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until the page is controlled by the app's worker and the worker kept Home's page. */
async function workerReady(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration('/');
          const kept = await caches.open('nexa-pages').then((c) => c.match('/home'));
          return Boolean(registration?.active && navigator.serviceWorker.controller && kept);
        }),
      { timeout: 60_000 },
    )
    .toBe(true);
}

describe('the installable app', () => {
  it('links a valid manifest whose icons are there at their sizes', async () => {
    const { page, context } = await product.newPhone();
    await page.goto(`${product.url}/home`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const res = await fetch(`${product.url}${href}`);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'NEXA',
      short_name: 'NEXA',
      start_url: '/home',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const wanted = [
      { sizes: '192x192', purpose: 'any' },
      { sizes: '512x512', purpose: 'any' },
      { sizes: '512x512', purpose: 'maskable' },
    ];
    for (const w of wanted) {
      const icon = manifest.icons.find((i) => i.sizes === w.sizes && (i.purpose ?? 'any') === w.purpose);
      expect(icon?.src, `${w.sizes} ${w.purpose}`).toMatch(/^\/.+\.png$/);
      const png = await fetch(`${product.url}${icon?.src}`);
      expect(png.headers.get('content-type')).toBe('image/png');
      const size = pngSize(Buffer.from(await png.arrayBuffer()));
      expect(`${size.width}x${size.height}`).toBe(w.sizes);
    }
    const touch = await fetch(`${product.url}${apple}`);
    expect(pngSize(Buffer.from(await touch.arrayBuffer()))).toEqual({ width: 180, height: 180 });
    const worker = await fetch(`${product.url}/sw.js`);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    await context.close();
  });

  it('passes the browser’s installability checks', async () => {
    // A browser profile of its own on disk: Chromium never offers to install from a throwaway (incognito)
    // profile, which is what every other test's context is.
    const profile = mkdtempSync(join(tmpdir(), 'nexa-pwa-profile-'));
    const context = patient(
      await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM,
        args: CHROMIUM_ARGS,
        viewport: PHONE,
        isMobile: true,
        hasTouch: true,
        reducedMotion: 'reduce',
      }),
    );
    try {
      await context.addInitScript(() => localStorage.setItem('sw', 'on'));
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${product.url}/home`);
      await workerReady(page);
      // Chromium's own installability checks (the ones Lighthouse's installable-manifest audit reported):
      // none fail, and the manifest parses without errors.
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const manifest = await cdp.send('Page.getAppManifest', {});
      expect(manifest.errors).toEqual([]);
      expect(manifest.url).toBe(`${product.url}/manifest.webmanifest`);
      await cdp.detach();
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('registers its worker, then opens offline with the offline state and never answers the API from a cache', async () => {
    const { page, context } = await product.newPhone();
    // Automated browsers register the worker only when asked (web/src/lib/service-worker.ts).
    await context.addInitScript(() => localStorage.setItem('sw', 'on'));
    await page.goto(`${product.url}/home`);
    await workerReady(page);
    await context.setOffline(true);
    await page.goto(`${product.url}/wallet`);
    // The app's own frame and screen, from the worker's copies, and the translated offline state.
    await expect.poll(() => page.locator('.tab-bar').isVisible(), { timeout: 60_000 }).toBe(true);
    const banner = page.getByTestId('offline-banner');
    await expect.poll(() => banner.isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await banner.textContent()).toContain(en.offline.title);
    const api = await page.evaluate(() =>
      fetch('/api/basic/banner', { method: 'POST', body: '{}' }).then(
        (r) => `answered ${r.status}`,
        () => 'failed',
      ),
    );
    expect(api).toBe('failed');
    await product.shot(page, 'offline-wallet');
    // Back online, the state goes.
    await context.setOffline(false);
    await expect.poll(() => banner.isVisible()).toBe(false);
    await context.close();
  });

  it('shows the offline page in the user’s language when it has no copy of any page', async () => {
    const { page, context } = await product.newPhone({ locale: 'de-DE' });
    await context.addInitScript(() => localStorage.setItem('sw', 'on'));
    await page.goto(`${product.url}/home`);
    await workerReady(page);
    await page.evaluate(async () => {
      localStorage.setItem('lang', 'de');
      await caches.delete('nexa-pages');
    });
    await context.setOffline(true);
    await page.goto(`${product.url}/markets`);
    await expect.poll(() => page.getByTestId('offline-page').isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await page.locator('h1').textContent()).toBe('Sie sind offline');
    await context.close();
  });
});
