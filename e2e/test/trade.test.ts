import { exactText } from '@nexa/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, SCALE, snap, startProduct } from '../harness';
import { fund as fundUser, signIn as signInAs, visible } from '../users';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product.close());

const signIn = async (page: Page) => (await signInAs(product, page)).id;
const fund = (userId: number, asset: string, amount: string) => fundUser(product, userId, asset, amount);

describe('spot trading in the browser', () => {
  it('rests a limit sell in the book and open orders; a market buy from another user fills it', async () => {
    const a = await product.newPhone();
    const b = await product.newPhone();
    const seller = await signIn(a.page);
    const buyer = await signIn(b.page);
    await fund(seller, 'BTC', '1');
    await fund(buyer, 'USDT', '1000');

    const page = a.page;
    await page.goto(`${product.url}/trade?instId=BTC-USDT`);
    await page.getByRole('tab', { name: 'Sell' }).first().click();
    await page.getByPlaceholder('Price (USDT)').fill('65000');
    await page.getByPlaceholder('Amount').first().fill('0.01');
    await page.getByRole('button', { name: 'Sell BTC' }).click();
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Open orders (1)');
    await visible(page, '65,000.0');
    await product.shot(page, 'trade-resting-sell');

    await b.page.goto(`${product.url}/trade?instId=BTC-USDT`);
    await visible(b.page, '65,000.0');
    await b.page.getByRole('tab', { name: 'Market' }).first().click();
    await b.page.getByPlaceholder('Total').first().fill('700');
    await b.page.getByRole('button', { name: 'Buy BTC' }).click();
    await b.page.locator('.sheet__confirm:visible').click();
    await expect
      .poll(
        async () => (await product.app.ledger.balances(buyer)).find((x) => x.asset === 'BTC')?.available,
        {
          timeout: 60_000,
        },
      )
      .toBe(1_000_000n);
    await visible(page, 'Open orders (0)');
    // The fill moved the seller's ticker and drew the first candle, live.
    await expect
      .poll(() => page.locator('.phead__price').textContent(), { timeout: 60_000 })
      .toContain('65,000.0');
    await expect.poll(() => page.locator('.chart__empty').count(), { timeout: 60_000 }).toBe(0);
    await page.locator('.phead').scrollIntoViewIfNeeded();
    await product.shot(page, 'trade-filled');
    // A fresh load takes the same candle from the server.
    await b.page.goto(`${product.url}/trade?instId=BTC-USDT`);
    await expect.poll(() => b.page.locator('.chart__empty').count(), { timeout: 60_000 }).toBe(0);
    expect(product.app.modules.candles.bars('BTC-USDT', '1m').at(-1)?.close).toBe('65000');
    await b.page.goto(`${product.url}/index1`);
    await visible(b.page, '65,000.0');
    await product.shot(b.page, 'markets-after-trade');
    expect(await product.app.ledger.audit()).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});

describe('the trade screen on a small phone', () => {
  it('shows the order form, its button, the available balance and the top of the book in the first screen, in every language', async () => {
    const { context, page } = await product.newPhone();
    const id = await signIn(page);
    await fund(id, 'USDT', '1000');
    const maker = await product.newPhone();
    const makerId = await signIn(maker.page);
    await fund(makerId, 'BTC', '1');
    // Two asks and one bid: the book shows these three levels and no placeholder rows.
    const market = product.app.modules.spot;
    await market.submit(makerId, {
      instId: 'BTC-USDT',
      side: 'sell',
      type: 'limit',
      px: exactText('66000'),
      sz: exactText('0.01'),
    });
    await market.submit(makerId, {
      instId: 'BTC-USDT',
      side: 'sell',
      type: 'limit',
      px: exactText('66500'),
      sz: exactText('0.02'),
    });
    await fund(makerId, 'USDT', '1000');
    await market.submit(makerId, {
      instId: 'BTC-USDT',
      side: 'buy',
      type: 'limit',
      px: exactText('65000'),
      sz: exactText('0.01'),
    });
    const state = await context.storageState();
    for (const lang of ['en', 'zh', 'ko', 'th', 'vi', 'ja', 'de']) {
      const small = await product.browser.newContext({
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: SCALE,
        isMobile: true,
        hasTouch: true,
        storageState: state,
      });
      await small.addInitScript((l) => localStorage.setItem('lang', l), lang);
      const p = await small.newPage();
      await p.goto(`${product.url}/trade?instId=BTC-USDT`);
      const submit = p.locator('.oform__submit');
      await expect.poll(() => submit.isVisible()).toBe(true);
      await expect.poll(() => p.locator('.book__row--ask').count()).toBe(2);
      const tabBar = await p.locator('.tab-bar').boundingBox();
      const button = await submit.boundingBox();
      const available = await p.locator('.oform__available').boundingBox();
      const bestAsk = await p.locator('.book__row--ask').last().boundingBox();
      const fold = tabBar?.y ?? 740;
      expect(button && button.y + button.height <= fold, `${lang}: the button is above the tab bar`).toBe(
        true,
      );
      expect(available && available.y + available.height <= fold, `${lang}: the balance shows`).toBe(true);
      expect(bestAsk && bestAsk.y + bestAsk.height <= fold, `${lang}: the best ask shows`).toBe(true);
      // As many levels as exist; no row pretends to be one.
      expect(await p.locator('.book__row--bid').count()).toBe(1);
      expect(await p.locator('.book').textContent()).not.toContain('--');
      if (lang === 'en' || lang === 'de') await snap(p, `trade-360-${lang}`);
      await small.close();
    }

    // A market buy the book cannot fill in full says what came back, and why.
    await fund(makerId, 'ETH', '1');
    await market.submit(makerId, {
      instId: 'ETH-USDT',
      side: 'sell',
      type: 'limit',
      px: exactText('3000'),
      sz: exactText('0.01'),
    });
    await market.submit(id, { instId: 'ETH-USDT', side: 'buy', type: 'market', sz: exactText('100') });
    await page.goto(`${product.url}/trade?instId=ETH-USDT`);
    await page.getByRole('tab', { name: 'Order history' }).click();
    await visible(page, /Partially filled — 70\.00 USDT returned/);
    await visible(page, /The order book had nothing more to sell; the rest came back to your balance/);
    await product.shot(page, 'trade-market-buy-short');
    await context.close();
    await maker.context.close();
  }); // seven languages, each a phone of its own
});

describe('the chart when its data cannot load', () => {
  it('says so in its place with a retry, instead of drawing one candle', async () => {
    const { context, page } = await product.newPhone();
    await page.route('**/v1/market/candles', (r) => r.abort());
    await page.goto(`${product.url}/trade?instId=BTC-USDT`);
    await page.getByRole('button', { name: /Chart/ }).click();
    await expect.poll(() => page.locator('.chart .inline-error').isVisible(), { timeout: 60_000 }).toBe(true);
    await product.shot(page, 'trade-chart-failed');
    await page.unroute('**/v1/market/candles');
    await page.locator('.chart .inline-error__retry').click();
    await expect.poll(() => page.locator('.chart .inline-error').count(), { timeout: 60_000 }).toBe(0);
    await context.close();
  });
});
