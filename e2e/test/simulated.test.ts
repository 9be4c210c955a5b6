/**
 * What is simulated says so, in the browser: with the built-in simulated market every price screen carries a
 * small "Simulated market" badge and About says where prices come from; the demo's lead traders carry a
 * "Demo" tag; a card of the simulated issuer is a free "Test card"; a verification the demo approves by itself
 * says it was not checked. Home, Trade and the card screens are pictured at 360 and 390 px in English and German.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PhoneState, type Product, SCALE, SHOTS_ON, startProduct } from '../harness';
import { fund, signIn, submitVerification, visible, WAIT } from '../users';

let product: Product;

beforeAll(async () => {
  product = await startProduct({ env: { MARKET_SOURCE: 'sim', MARKET_SIM_STEP_MS: '2000' } });
});
afterAll(() => product.close());

/** Nothing on the page is wider than the phone. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A phone of the given width in a language, signed in as the state says. */
async function phone(state: PhoneState, lang: string, width: 360 | 390): Promise<BrowserContext> {
  if (width === 360) return product.smallPhone(state, lang, 'dark');
  const context = await product.browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: SCALE,
    isMobile: true,
    hasTouch: true,
    storageState: state,
  });
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  return context;
}

describe('simulated things say so', () => {
  it('marks every price screen and says on About where prices come from', async () => {
    const { page } = await product.newPhone();
    await page.goto(`${product.url}/home`);
    await expect.poll(() => page.getByTestId('sim-mark').first().isVisible(), WAIT).toBe(true);
    expect(await page.getByTestId('sim-mark').first().textContent()).toBe('Simulated market');
    for (const path of ['/index1', '/trade?instId=BTC-USDT', '/contract']) {
      await page.goto(`${product.url}${path}`);
      await expect.poll(() => page.getByTestId('sim-mark').first().isVisible(), WAIT).toBe(true);
      expect(await fitsWidth(page), path).toBe(true);
      // Small: one line of a badge, not a banner.
      const box = await page.getByTestId('sim-mark').first().boundingBox();
      expect(box?.height ?? 99).toBeLessThanOrEqual(20);
    }
    await page.goto(`${product.url}/me2`);
    await expect.poll(() => page.getByTestId('about-prices').getAttribute('data-source'), WAIT).toBe('sim');
    await visible(page, /come from a simulated market: a seeded random walk/);
    await product.shot(page, 'sim-about');
  });

  it('tags the demo’s lead traders as demo on the list and their page', async () => {
    const { page } = await product.newPhone();
    await signIn(product, page);
    await page.goto(`${product.url}/copy`);
    await expect.poll(() => page.getByTestId('copy-trader').count(), WAIT).toBeGreaterThan(0);
    const first = page.getByTestId('copy-trader').first();
    await expect.poll(() => first.getByTestId('demo-tag').count(), WAIT).toBe(1);
    expect(await first.getByTestId('demo-tag').textContent()).toBe('Demo');
    await product.shot(page, 'sim-copy-list');
    await first.click();
    await expect.poll(() => page.getByTestId('demo-tag').first().isVisible(), WAIT).toBe(true);
    await product.shot(page, 'sim-copy-trader');
  });

  it('shows a free test card and a demo approval; Home, Trade and cards at 360 and 390 px in en and de', async () => {
    const { context, page } = await product.newPhone();
    const user = await signIn(product, page);
    await fund(product, user.id, 'USDT', '100');
    await submitVerification(product, page, 'Muster');
    await visible(
      page,
      'Demo: it is approved by itself in about a minute, without any check of your documents.',
    );
    // The demo's approval by itself, as its sweep gives it after the minute.
    await product.app.settings.set('demo.kyc_approve_after_s', 0);
    await product.app.modules.cards.sweep();
    await page.reload();
    await expect
      .poll(() => page.getByTestId('kyc-status').getAttribute('data-status'), WAIT)
      .toBe('approved');
    await visible(page, 'Demo approval: approved by itself, without any check of your documents.');
    await product.shot(page, 'sim-kyc-demo-approved');

    await page.goto(`${product.url}/openCard`);
    await expect.poll(() => page.getByTestId('bin-option').count(), WAIT).toBeGreaterThan(0);
    expect((await page.getByTestId('open-fee').textContent())?.trim()).toBe('Free (test card)');
    await page.getByRole('button', { name: 'Open card' }).click();
    await page.locator('.sheet__confirm:visible').click();
    await expect.poll(() => page.url(), WAIT).toMatch(/\/cardholders1\?id=\d+$/);
    const detail = new URL(page.url());
    await expect.poll(() => page.getByTestId('card-test').first().textContent(), WAIT).toBe('Test card');
    // Nothing was charged for the test card.
    const spot = (await product.app.ledger.balances(user.id)).find(
      (b) => b.asset === 'USDT' && b.kind === 'spot',
    );
    expect(spot?.available).toBe(100_000_000n);

    const state = await context.storageState();
    const screens = [
      { name: 'home', path: '/home', mark: 'sim-mark' },
      { name: 'trade', path: '/trade?instId=BTC-USDT', mark: 'sim-mark' },
      { name: 'card-open', path: '/openCard', mark: 'card-test' },
      { name: 'card-detail', path: `${detail.pathname}${detail.search}`, mark: 'card-test' },
    ];
    const words: Record<string, { sim: string; test: string }> = {
      en: { sim: 'Simulated market', test: 'Test card' },
      de: { sim: 'Simulierter Markt', test: 'Testkarte' },
    };
    for (const lang of ['en', 'de'] as const) {
      for (const width of [390, 360] as const) {
        const ctx = await phone(state, lang, width);
        const p = await ctx.newPage();
        for (const s of screens) {
          await p.goto(`${product.url}${s.path}`);
          const mark = p.getByTestId(s.mark).first();
          await expect.poll(() => mark.isVisible(), WAIT).toBe(true);
          expect(await mark.textContent()).toBe(s.mark === 'sim-mark' ? words[lang]?.sim : words[lang]?.test);
          expect(await fitsWidth(p), `${s.name} ${lang} ${width}`).toBe(true);
          if (SHOTS_ON) await p.waitForTimeout(400);
          await product.shot(p, `sim-${s.name}-${lang}-${width}`);
        }
        await ctx.close();
      }
    }
  }, 600_000);
});
