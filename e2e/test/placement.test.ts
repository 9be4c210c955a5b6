import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, startProduct } from '../harness';
import { fund, signIn, visible, WAIT } from '../users';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product.close());

describe('private placement in the browser', () => {
  it('subscribes to the demo round after a confirmation, sees it locked, then its first part unlocked', async () => {
    const { page } = await product.newPhone();
    const u = await signIn(product, page);
    await fund(product, u.id, 'USDT', '1000');

    await page.goto(`${product.url}/privatePlacement`);
    await visible(page, 'RRT seed round');
    await page.getByTestId('pp-buy').click();
    await visible(page, 'Please enter the amount');
    await page.getByPlaceholder('Please enter the amount').fill('500');
    await page.getByTestId('pp-buy').click();
    await visible(page, 'Minimum 1,000.0000 RRT');
    await page.getByPlaceholder('Please enter the amount').fill('30000');
    await page.getByTestId('pp-buy').click();
    await visible(page, 'Insufficient balance');
    await page.getByPlaceholder('Please enter the amount').fill('12000');
    await visible(page, '600.00 USDT'); // 12,000 × 0.05
    await product.shot(page, 'placement-form');
    await page.getByTestId('pp-buy').click();
    await visible(page, 'Confirm subscription');
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Purchase success');
    await expect.poll(() => page.getByTestId('pp-bought').textContent(), WAIT).toContain('12,000.00');

    await page.goto(`${product.url}/privateEquity`);
    await expect.poll(() => page.getByTestId('pp-row').count(), WAIT).toBe(1);
    await visible(page, 'Vesting');
    // As if subscribed yesterday: today's sweep unlocks the first of six parts.
    await product.app.deps.store.db.execute(
      sql`update placement_subscriptions set first_day = first_day - 1 where user_id = ${u.id}`,
    );
    await product.app.modules.placement.settleDue();
    await page.reload();
    await expect.poll(() => page.getByTestId('pp-released').textContent(), WAIT).toBe('2,000.0000');
    await product.shot(page, 'placement-mine');
  });
});
