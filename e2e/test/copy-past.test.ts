/**
 * The demo's lead traders' history is true: on a first start of the demo with the simulated market, each
 * demo lead's strategy has run over the market's walked past, so the Copy tab shows profit days and a lead's
 * page a PnL chart and closed positions marked "Simulated past". Pictured at 390 px in English and German.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, SCALE, startProduct } from '../harness';
import { signIn, WAIT } from '../users';

let product: Product;

beforeAll(async () => {
  product = await startProduct({
    env: { MARKET_SOURCE: 'sim', MARKET_SIM_STEP_MS: '1000', MARKET_SIM_SEED: '20261129' },
  });
});
afterAll(() => product.close());

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("the demo leads' past", () => {
  it('gives the Copy tab profit days and a lead page closed positions of the simulated past', async () => {
    const { page } = await product.newPhone();
    await signIn(product, page);
    const state = await page.context().storageState();
    const en = { days: 'Profit days', history: 'History', past: 'Simulated past' };
    const de = { days: 'Gewinntage', history: 'Verlauf', past: 'Simulierte Vergangenheit' };
    for (const [lang, width, words] of [
      ['en', 390, en],
      ['de', 390, de],
      ['de', 360, de],
    ] as const) {
      const context =
        width === 360
          ? await product.smallPhone(state, lang, 'dark')
          : await product.browser.newContext({
              viewport: { width, height: 844 },
              deviceScaleFactor: SCALE,
              isMobile: true,
              hasTouch: true,
              storageState: state,
            });
      if (width !== 360) await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
      const p = await context.newPage();
      await p.goto(`${product.url}/copy`);
      const card = p.getByTestId('copy-trader').filter({ hasText: 'Aurora Quant' });
      await expect.poll(() => card.count(), WAIT).toBe(1);
      // Profit days read from the lead's stored past: more than none.
      const days = card.locator('div', { has: p.getByText(words.days, { exact: true }) }).locator('dd');
      await expect.poll(async () => Number(await days.first().textContent()), WAIT).toBeGreaterThan(0);
      expect(await fitsWidth(p)).toBe(true);
      await product.shot(p, `copy-past-list-${width}-${lang}`);

      await card.click();
      await expect.poll(() => p.getByTestId('copy-demo-history').isVisible(), WAIT).toBe(true);
      await product.shot(p, `copy-past-trader-${width}-${lang}`);
      await p.getByText(words.history, { exact: true }).click();
      const past = p.getByTestId('simulated-past');
      await expect.poll(() => past.count(), WAIT).toBeGreaterThan(0);
      expect(await past.first().textContent()).toBe(words.past);
      await past.first().scrollIntoViewIfNeeded();
      expect(await fitsWidth(p)).toBe(true);
      await product.shot(p, `copy-past-history-${width}-${lang}`);
      await context.close();
    }
  });
});
