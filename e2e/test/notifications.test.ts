import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, startProduct } from '../harness';
import { fund, signIn, visible, WAIT } from '../users';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product.close());

describe('notifications reach the user while the app is open', () => {
  it('a deposit credited by an operator raises the bell at once; the list shows it; a tap marks it read', async () => {
    const { context, page } = await product.newPhone();
    const user = await signIn(product, page);
    await page.goto(`${product.url}/home`);
    const bell = page.getByRole('link', { name: /^Notifications/ });
    await bell.waitFor(WAIT);
    expect(await page.getByTestId('notice-badge').count()).toBe(0);

    // An operator credits a deposit; the page is not reloaded: the count comes over the live feed.
    await fund(product, user.id, 'USDT', '250');
    await expect.poll(() => page.getByTestId('notice-badge').textContent(), WAIT).toBe('1');
    await product.shot(page, 'notices-bell');

    await bell.click();
    await visible(page, 'Deposit credited');
    await visible(page, '250.00 USDT has arrived in your spot account.');
    const row = page.getByTestId('notice-row').first();
    expect(await row.getAttribute('class')).toContain('notice--unread');
    await product.shot(page, 'notices-list');
    await row.click();
    await expect.poll(() => row.getAttribute('class'), WAIT).not.toContain('notice--unread');
    await page.getByRole('tab', { name: 'Unread' }).click();
    await visible(page, 'Nothing unread');
    await page.goto(`${product.url}/home`);
    await bell.waitFor(WAIT);
    expect(await page.getByTestId('notice-badge').count()).toBe(0);

    // Devices: this phone's session, marked as this device.
    await page.goto(`${product.url}/devices`);
    await visible(page, 'This device');
    expect(await page.getByTestId('device-row').count()).toBe(1);
    await product.shot(page, 'devices');

    // At 360 px, in German and Thai: the list and the devices screen keep their lines.
    const state = await context.storageState();
    for (const lang of ['de', 'th'] as const) {
      const small = await product.smallPhone(state, lang, 'dark');
      const p = await small.newPage();
      await p.goto(`${product.url}/notices`);
      await p.getByTestId('notice-row').first().waitFor(WAIT);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await product.shot(p, `notices-360-${lang}`);
      await p.goto(`${product.url}/devices`);
      await p.getByTestId('device-row').first().waitFor(WAIT);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await product.shot(p, `devices-360-${lang}`);
      await p.goto(`${product.url}/home`);
      await p.locator('.top-bar__bell').waitFor(WAIT);
      await product.shot(p, `home-bell-360-${lang}`);
      await small.close();
    }
    await context.close();
  });
});
