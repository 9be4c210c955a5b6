import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, startProduct } from '../harness';
import { fund, signIn, visible, WAIT } from '../users';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product.close());

/** As if the user's orders had started two platform days earlier; then the day's settlement runs. */
async function twoDaysLater(userId: number) {
  const db = product.app.deps.store.db;
  await db.execute(
    sql`update pledge_orders set first_day = first_day - 2, end_day = end_day - 2 where user_id = ${userId}`,
  );
  await db.execute(sql`update burn_orders set first_day = first_day - 2 where user_id = ${userId}`);
  await product.app.modules.earn.settleDue();
}

describe('earn in the browser', () => {
  it('stakes 500 USDT for 90 days, sees the first day of profit, redeems early, then burns and sees the release', async () => {
    const { page } = await product.newPhone();
    const u = await signIn(product, page);
    await fund(product, u.id, 'USDT', '1000');

    await page.goto(`${product.url}/node2`);
    await visible(page, 'Choose a plan');
    // Background music: off until tapped, and the choice is remembered.
    const music = page.getByTestId('music-toggle');
    expect(await music.getAttribute('aria-pressed')).toBe('false');
    await music.click();
    expect(await music.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    expect(await page.getByTestId('music-toggle').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('music-toggle').click();
    await visible(page, 'Choose a plan');
    await page.getByRole('button', { name: /90 days/ }).click();
    await page.getByTestId('stake-btn').click();
    await visible(page, 'Please enter the amount');
    await page.getByPlaceholder('Please enter the amount').fill('50');
    await page.getByTestId('stake-btn').click();
    await visible(page, 'Minimum 100.00 USDT');
    await page.getByPlaceholder('Please enter the amount').fill('500');
    await visible(page, '9.863013 USDT'); // 500 × 8 % × 90 / 365
    await product.shot(page, 'earn-stake');
    await page.getByTestId('stake-btn').click();
    await visible(page, 'Confirm staking');
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Staking success');
    await expect.poll(() => page.url(), WAIT).toContain('/node22?id=');
    await visible(page, '0 of 90 days paid');

    // A day later (as if staked two days ago): one day of profit, 500 × 8 % ÷ 365 = 0.109589.
    await twoDaysLater(u.id);
    await page.reload();
    await expect.poll(() => page.getByTestId('detail-received').textContent(), WAIT).toBe('0.109589');
    await visible(page, '1 of 90 days paid');
    await product.shot(page, 'earn-order');

    // The day's profit is in the staking income.
    await page.goto(`${product.url}/node23`);
    await expect.poll(() => page.getByTestId('income-row').count(), WAIT).toBe(1);
    await expect.poll(() => page.getByTestId('income-total').textContent(), WAIT).toContain('0.109589');
    await page.goBack();

    // A loan against the order (up to half of it) blocks its redemption until repaid.
    await page.getByPlaceholder('Please enter the amount').fill('300');
    await page.getByTestId('borrow-btn').click();
    await visible(page, 'Up to 250.00 USDT');
    await page.getByPlaceholder('Please enter the amount').fill('200');
    await page.getByTestId('borrow-btn').click();
    await page.locator('.sheet__confirm:visible').click();
    await expect.poll(() => page.getByTestId('loan-open').count(), WAIT).toBe(1);
    await page.goto(`${product.url}/node9`);
    await expect.poll(() => page.getByTestId('loan-row').count(), WAIT).toBe(1);
    await page.getByTestId('repay-btn').click();
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Loan repaid');
    await page.goBack();
    await expect.poll(() => page.getByTestId('loan-open').count(), WAIT).toBe(0);

    // Redeemed early: the principal less what was received beyond the flexible 1 % a year.
    await page.getByTestId('redeem-btn').click();
    await visible(page, 'You get back');
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Redeemed');
    await page.goto(`${product.url}/node21`);
    await expect.poll(() => page.getByTestId('pledge-row').count(), WAIT).toBe(1);
    await visible(page, 'Redeemed');

    // Burn 100: 200 comes back, 1 a day.
    await page.goto(`${product.url}/node3`);
    await visible(page, 'Release multiple');
    await page.getByPlaceholder('Please enter the amount').fill('100');
    await visible(page, '200.00 USDT');
    await page.getByTestId('burn-btn').click();
    await visible(page, 'Confirm burn');
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Submit success');
    await twoDaysLater(u.id);
    await page.goto(`${product.url}/node4`);
    await expect.poll(() => page.getByTestId('burn-released').textContent(), WAIT).toBe('1.00');
    await product.shot(page, 'earn-burn-records');
  });
});
