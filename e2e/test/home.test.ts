import { exactText } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, startProduct } from '../harness';
import { btcIndexAt, fund, futuresFunds, signIn, visible, WAIT } from '../users';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product.close());

const INST = 'BTC-USDT-SWAP';

describe('Home, Mine and the node centre for a signed-in user', () => {
  it('shows the total balance and today’s PnL on Home, and leads to NFT from Mine and the node centre', async () => {
    const { page } = await product.newPhone();
    // A guest sees no balance card.
    await page.goto(`${product.url}/home`);
    await visible(page, 'News');
    expect(await page.getByTestId('home-balance').count()).toBe(0);

    await btcIndexAt(product, '60000');
    const futures = product.app.modules.futures;
    const maker = await product.newPhone();
    const m = await signIn(product, maker.page);
    await futuresFunds(product, m.id, '200000');
    await futures.submit(m.id, {
      instId: INST,
      side: 'sell',
      type: 'limit',
      px: exactText('60000'),
      sz: exactText('40'),
    });

    const me = await signIn(product, page);
    await fund(product, me.id, 'USDT', '1500');
    await futuresFunds(product, me.id, '500');
    await page.goto(`${product.url}/home`);
    await expect.poll(() => page.getByTestId('home-balance-total').textContent(), WAIT).toBe('2,000.00 USDT');
    await expect.poll(() => page.getByTestId('home-balance-pnl').textContent(), WAIT).toBe('0.00');

    // A long opened at 60,000 gains when the index rises: today's PnL turns positive.
    await futures.submit(me.id, { instId: INST, side: 'buy', type: 'market', sz: exactText('1') });
    await btcIndexAt(product, '61000');
    await page.reload();
    await expect.poll(() => page.getByTestId('home-balance-pnl').textContent(), WAIT).toMatch(/^\+\d/);
    // The total counts the position's margin and its gain: more than the 2,000 paid in, fee and all.
    const total = async () =>
      Number(((await page.getByTestId('home-balance-total').textContent()) ?? '').replace(/[^\d.]/g, ''));
    await expect.poll(total, WAIT).toBeGreaterThan(2_000);
    await product.shot(page, 'home-balance');
    await page.getByTestId('home-balance').click();
    await page.waitForURL(/\/wallet$/);

    // NFT from Mine, and from the node centre.
    await page.goto(`${product.url}/me`);
    await page.locator('.adm-list-item').filter({ hasText: /^NFT$/ }).click();
    await page.waitForURL(/\/nft$/);
    await page.goto(`${product.url}/node`);
    await page.getByTestId('node-entry-nft').click();
    await page.waitForURL(/\/nft$/);

    const state = await page.context().storageState();
    for (const [lang, width] of [
      ['en', 360],
      ['de', 360],
      ['de', 390],
      ['th', 360],
    ] as const) {
      const phone = await product.browser.newContext({
        viewport: { width, height: 780 },
        storageState: state,
      });
      await phone.addInitScript((l) => localStorage.setItem('lang', l), lang);
      const p = await phone.newPage();
      await p.goto(`${product.url}/home`);
      await expect.poll(() => p.getByTestId('home-balance-pnl').textContent(), WAIT).toMatch(/^\+\d/);
      // The card fits the phone: nothing wider than the screen.
      const box = await p.getByTestId('home-balance').boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      await product.shot(p, `home-balance-${width}-${lang}`);
      await p.goto(`${product.url}/me`);
      await expect.poll(() => p.locator('.adm-list-item').filter({ hasText: /^NFT$/ }).count(), WAIT).toBe(1);
      await p.locator('.adm-list-item').filter({ hasText: /^NFT$/ }).scrollIntoViewIfNeeded();
      await product.shot(p, `mine-nft-${width}-${lang}`);
      await p.goto(`${product.url}/node`);
      await expect.poll(() => p.getByTestId('node-entry-nft').isVisible(), WAIT).toBe(true);
      await product.shot(p, `node-nft-${width}-${lang}`);
      await phone.close();
    }
  });
});
