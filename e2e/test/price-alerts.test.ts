/**
 * Price alerts in the browser at 390 px: reached from Trade, one set on BTC/USDT, refused with a clear error
 * for a value that is no number, fired by the first ticker that meets it (a notice in the bell's list), then
 * shown as fired. Pictured at 360 px in German.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, SCALE, startProduct } from '../harness';
import { signIn, visible, WAIT } from '../users';

let product: Product;

beforeAll(async () => {
  // No price source of its own: the test moves the price with tickers on the bus.
  product = await startProduct({ env: { MARKET_SOURCE: 'off' } });
});
afterAll(() => product.close());

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function phone(lang: string, width: 360 | 390): Promise<BrowserContext> {
  const context = await product.browser.newContext({
    viewport: { width, height: width === 360 ? 740 : 844 },
    deviceScaleFactor: SCALE,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript((l) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', l);
  }, lang);
  return context;
}

function ticker(last: string) {
  return {
    instId: 'BTC-USDT',
    last,
    open24h: last,
    high24h: last,
    low24h: last,
    vol24h: '1',
    changePercent: '0.00',
    ts: Date.now(),
  };
}

describe('price alerts', () => {
  it('are set from Trade, refused for a bad value, fired once by the price and shown in the notices', async () => {
    const context = await phone('en', 390);
    const page = await context.newPage();
    await signIn(product, page);
    product.app.bus.publish('ticker', ticker('65000'));

    await page.goto(`${product.url}/trade`);
    await page.locator('a.entry-link', { hasText: 'Price alerts' }).click();
    await page.waitForURL(/\/alerts$/);
    await visible(page, 'No price alerts');

    const value = page.locator('.alerts__form input');
    await value.fill('70.000.1');
    await page.getByRole('button', { name: 'Set alert' }).click();
    await visible(page, 'Enter a number above zero');
    await value.fill('70000');
    await page.getByRole('button', { name: 'Set alert' }).click();
    await visible(page, '≥ 70,000 USDT');
    await visible(page, 'Cancel');
    expect(await fitsWidth(page)).toBe(true);
    await product.shot(page, 'price-alerts-set');

    // The price reaches it: fired once, a notice in the list, the alert shown as fired.
    product.app.bus.publish('ticker', ticker('70000.5'));
    product.app.bus.publish('ticker', ticker('70100'));
    await expect
      .poll(async () => {
        await product.app.deps.outbox.drain();
        await page.reload();
        return page
          .getByText('Fired')
          .first()
          .waitFor({ timeout: 3_000 })
          .then(
            () => true,
            () => false,
          );
      }, WAIT)
      .toBe(true);
    await visible(page, /at 70,000\.5 USDT/);
    await page.goto(`${product.url}/notices`);
    await visible(page, 'Price alert: BTC-USDT');
    expect(await page.getByText('Price alert: BTC-USDT').count()).toBe(1);
    await context.close();
  });

  it('fits a 360 px phone in German', async () => {
    const context = await phone('en', 360);
    const page = await context.newPage();
    await signIn(product, page);
    await page.evaluate(() => localStorage.setItem('lang', 'de'));
    await page.goto(`${product.url}/alerts`);
    await visible(page, 'Keine Preisalarme');
    await page.getByText('24h-Rückgang').click();
    await page.locator('.alerts__form input').fill('5');
    await page.getByRole('button', { name: 'Alarm setzen' }).click();
    await visible(page, '24h ≤ −5 %');
    expect(await fitsWidth(page)).toBe(true);
    await product.shot(page, 'price-alerts-de-360');
    await context.close();
  });
});
