/**
 * Markets and Trade with the demo's full list of instruments, in the browser at 390 px: search by pair and by
 * coin name, a star per row kept in this browser while signed out and moved to the account at sign-in, the
 * Favorites tab with its empty state; on Trade, the other markets' strip, live, a tap switching the pair.
 * Pictured at 360 and 390 px in English and Thai.
 */
import { asc, eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketFavorites } from '../../server/src/modules/market/tables';
import { type Product, SCALE, startProduct } from '../harness';
import { signIn, visible, WAIT } from '../users';

let product: Product;

beforeAll(async () => {
  product = await startProduct({ env: { MARKET_SOURCE: 'sim', MARKET_SIM_STEP_MS: '1000' } });
});
afterAll(() => product.close());

/** Nothing on the page is wider than the phone. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const pairs = (page: Page) => page.locator('.mlist .mrow .pair__base').allTextContents();

/** A phone of 360 or 390 px in a language, signed out. */
async function phone(lang: string, width: 360 | 390): Promise<BrowserContext> {
  const context = await product.browser.newContext({
    viewport: { width, height: width === 360 ? 740 : 844 },
    deviceScaleFactor: SCALE,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  return context;
}

describe('markets: favourites and search', () => {
  it('finds markets by pair and by name, stars them signed out, and moves the stars to the account at sign-in', async () => {
    const { context, page } = await product.newPhone();
    await page.goto(`${product.url}/index1`);
    await expect.poll(() => page.locator('.mlist .mrow').count(), WAIT).toBeGreaterThanOrEqual(10);
    expect(await fitsWidth(page)).toBe(true);

    const search = page.getByRole('searchbox');
    await search.fill('sol');
    await expect.poll(() => pairs(page), WAIT).toEqual(['SOL']);
    await search.fill('Dogecoin');
    await expect.poll(() => pairs(page), WAIT).toEqual(['DOGE']);
    await search.fill('nothing-like-it');
    await visible(page, 'No coin matches “nothing-like-it”');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(async () => (await pairs(page)).length, WAIT).toBeGreaterThanOrEqual(10);

    await page.getByRole('tab', { name: 'Favorites' }).click();
    await visible(page, 'No favorites yet');
    await product.shot(page, 'markets-favorites-empty');
    await page.getByRole('tab', { name: 'All' }).click();
    await page.getByRole('button', { name: 'Add SOL/USDT to favorites' }).click();
    await page.getByRole('button', { name: 'Add DOGE/USDT to favorites' }).click();
    await page.getByRole('tab', { name: 'Favorites' }).click();
    await expect.poll(() => pairs(page), WAIT).toEqual(['SOL', 'DOGE']);
    // Kept by this browser: a reload shows them again.
    await page.reload();
    await page.getByRole('tab', { name: 'Favorites' }).click();
    await expect.poll(() => pairs(page), WAIT).toEqual(['SOL', 'DOGE']);
    await product.shot(page, 'markets-favorites');

    // Signed in, the account keeps them.
    const user = await signIn(product, page);
    await page.goto(`${product.url}/index1`);
    await expect
      .poll(async () => {
        const rows = await product.app.deps.store.db
          .select({ instId: marketFavorites.instId })
          .from(marketFavorites)
          .where(eq(marketFavorites.userId, user.id))
          .orderBy(asc(marketFavorites.seq));
        return rows.map((r) => r.instId);
      }, WAIT)
      .toEqual(['SOL-USDT', 'DOGE-USDT']);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('favorites')), WAIT).toBeNull();
    await page.getByRole('button', { name: 'Remove SOL/USDT from favorites' }).click();
    await page.getByRole('tab', { name: 'Favorites' }).click();
    await expect.poll(() => pairs(page), WAIT).toEqual(['DOGE']);
    await context.close();
  });
});

describe('trade: the mini-ticker strip', () => {
  it('shows the other markets live and switches the pair on a tap', async () => {
    const { context, page } = await product.newPhone();
    await page.goto(`${product.url}/trade?instId=BTC-USDT`);
    const chips = page.locator('.mtick__chip');
    await expect.poll(() => chips.count(), WAIT).toBeGreaterThanOrEqual(9);
    expect(await page.locator('.mtick__chip[data-inst="BTC-USDT"]').count()).toBe(0);
    // One line, scrolled sideways inside itself: the page keeps the phone's width.
    const strip = await page.locator('.mtick').boundingBox();
    expect(strip?.height ?? 99).toBeLessThanOrEqual(40);
    expect(await fitsWidth(page)).toBe(true);
    // Live: the walk moves the prices the chips show.
    const texts = () => chips.allTextContents();
    const before = (await texts()).join('|');
    await expect.poll(async () => (await texts()).join('|'), WAIT).not.toBe(before);
    await product.shot(page, 'trade-mini-ticker');
    await page.locator('.mtick__chip[data-inst="SOL-USDT"]').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('instId'), WAIT).toBe('SOL-USDT');
    await expect.poll(() => page.locator('.phead .pair__base').textContent(), WAIT).toBe('SOL');
    await expect.poll(() => page.locator('.mtick__chip[data-inst="BTC-USDT"]').count(), WAIT).toBe(1);
    await context.close();
  });

  it('pictures Markets and Trade at 360 and 390 px in English and Thai', async () => {
    for (const lang of ['en', 'th'])
      for (const width of [360, 390] as const) {
        const context = await phone(lang, width);
        const page = await context.newPage();
        await page.goto(`${product.url}/index1`);
        await expect.poll(() => page.locator('.mlist .mrow').count(), WAIT).toBeGreaterThanOrEqual(10);
        await page.locator('.mfrow__star').nth(2).click();
        expect(await fitsWidth(page), `markets ${lang} ${width}`).toBe(true);
        await product.shot(page, `markets-${lang}-${width}`);
        await page.locator('.mtabs .tabs__tab').nth(1).click();
        await expect.poll(() => page.locator('.mlist .mrow').count(), WAIT).toBe(1);
        await product.shot(page, `markets-favorites-${lang}-${width}`);
        await page.goto(`${product.url}/trade?instId=ETH-USDT`);
        await expect.poll(() => page.locator('.mtick__chip').count(), WAIT).toBeGreaterThanOrEqual(9);
        expect(await fitsWidth(page), `trade ${lang} ${width}`).toBe(true);
        await product.shot(page, `trade-strip-${lang}-${width}`);
        await context.close();
      }
  });
});
