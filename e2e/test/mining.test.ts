import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, startProduct } from '../harness';
import { fund, signIn, visible, WAIT } from '../users';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
  // The test reads "yesterday" after settling the day before today; a platform day ending between the two
  // (16:00 UTC by default) would read an empty day. The day boundary is operator configuration: put it half
  // a day away from now.
  const day = 86_400_000;
  await product.app.settings.set(
    'platform.day_offset_min',
    Math.round((day / 2 - (Date.now() % day)) / 60_000),
  );
});
afterAll(() => product.close());

/** As if the user's machines had been bought two platform days earlier; then the day's settlement runs. */
async function twoDaysLater(userId: number) {
  const db = product.app.deps.store.db;
  await db.execute(
    sql`update mining_orders set first_day = first_day - 2, end_day = end_day - 2 where user_id = ${userId}`,
  );
  await product.app.modules.mining.settleDue();
}

/** A shown amount ("10,000.0000 BWC") as a number. */
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

describe('mining in the browser', () => {
  it('buys an S1 Lite after a confirmation, sees it run, and sees its output and power two days later', async () => {
    const { page } = await product.newPhone();

    // The catalogue shows without a session; buying asks to sign in.
    await page.goto(`${product.url}/miner`);
    await visible(page, 'S1 Lite');
    await expect.poll(() => page.getByTestId('machine-card').count(), WAIT).toBe(3);
    await visible(page, '+5.00 T bonus'); // S3 Pro
    await page.getByTestId('machine-card').filter({ hasText: 'S1 Lite' }).getByTestId('machine-buy').click();
    await visible(page, 'Sign in to buy machines');

    const u = await signIn(product, page);
    await fund(product, u.id, 'USDT', '150');

    await page.goto(`${product.url}/miner`);
    await visible(page, 'S1 Lite');
    // The music switch sits in the top bar of the mining screens.
    await expect.poll(() => page.getByTestId('music-toggle').count(), WAIT).toBe(1);
    const card = page.getByTestId('machine-card').filter({ hasText: 'S1 Lite' });
    await card.getByTestId('machine-buy').click();
    await visible(page, 'Earns from tomorrow for 30 days');
    await visible(page, 'Available 150.00 USDT');

    // Validation: empty, not a whole number, more than the balance pays for.
    const qty = card.getByTestId('machine-quantity');
    await qty.fill('');
    await card.getByTestId('machine-buy-submit').click();
    await visible(page, 'Please enter the quantity');
    await qty.fill('1.5');
    await visible(page, 'Enter a whole number from 1 to 1000');
    await qty.fill('2');
    await visible(page, 'Insufficient balance');
    await visible(page, '200.00 USDT');
    await card.getByRole('button', { name: 'One less' }).click();
    expect(await qty.inputValue()).toBe('1');
    await visible(page, '100.00 USDT');
    await visible(page, '10.00 T');
    await product.shot(page, 'mining-buy');

    await card.getByTestId('machine-buy-submit').click();
    await visible(page, 'Confirm purchase');
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Purchase success');

    // My machines: the order runs.
    await page.goto(`${product.url}/miner1`);
    await expect.poll(() => page.getByTestId('machine-order-row').count(), WAIT).toBe(1);
    const row = page.getByTestId('machine-order-row').first();
    await expect.poll(() => row.textContent(), WAIT).toContain('S1 Lite');
    await expect.poll(() => row.textContent(), WAIT).toContain('Running');
    await expect.poll(() => row.getByTestId('machine-order-output').textContent(), WAIT).toBe('0.0000 BWC');

    // Two platform days on: one day of output, paid.
    await twoDaysLater(u.id);
    await page.goto(`${product.url}/miner2`);
    await expect.poll(() => page.getByTestId('purchase-row').count(), WAIT).toBe(1);
    await page.getByRole('tab', { name: 'Earnings' }).click();
    await expect.poll(() => page.getByTestId('mine-row').count(), WAIT).toBe(1);
    await expect
      .poll(async () => amountOf(await page.getByTestId('mine-amount').first().textContent()), WAIT)
      .toBeGreaterThan(0);
    await expect
      .poll(async () => amountOf(await page.getByTestId('mine-total').textContent()), WAIT)
      .toBeGreaterThan(0);
    await visible(page, 'Paid');
    await product.shot(page, 'mining-records');

    // The node center: my power and what it earned.
    await page.goto(`${product.url}/node`);
    await expect.poll(() => page.getByTestId('power-personal').textContent(), WAIT).toBe('10.00 T');
    expect(await page.getByTestId('power-base').textContent()).toBe('10.00 T');
    expect(await page.getByTestId('power-effective').textContent()).toBe('10.00 T');
    expect(amountOf(await page.getByTestId('output-total').textContent())).toBeGreaterThan(0);
    expect(amountOf(await page.getByTestId('output-yesterday').textContent())).toBeGreaterThan(0);
    expect(await page.getByTestId('team-level').textContent()).toBe('V0');
    await product.shot(page, 'mining-node');

    // The order's output so far, and the hash-power record of the purchase.
    await page.goto(`${product.url}/miner1`);
    await expect
      .poll(async () => amountOf(await page.getByTestId('machine-order-output').first().textContent()), WAIT)
      .toBeGreaterThan(0);
    await page.goto(`${product.url}/node1`);
    await expect.poll(() => page.getByTestId('power-row').count(), WAIT).toBe(1);
    expect(await page.getByTestId('power-change').first().textContent()).toBe('+10.00 T');
    await expect.poll(() => page.getByTestId('cate-personal').textContent(), WAIT).toBe('10.00 T');
  });
});
