import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, startProduct } from '../harness';
import { fund, signIn, visible, WAIT } from '../users';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
  await product.app.settings.set('exchange.prices_usdt', { BWC: '0.5' });
});
afterAll(() => product.close());

describe('NFTs and liquidity in the browser', () => {
  it('casts an NFT, stakes it and sees it earn, casts a nameplate, adds and removes liquidity', async () => {
    const { page } = await product.newPhone();
    const u = await signIn(product, page);
    await fund(product, u.id, 'USDT', '1000');
    await fund(product, u.id, 'BWC', '1000');

    // Cast a Nexa Genesis from the free quota, after a confirmation.
    await page.goto(`${product.url}/nft3`);
    await expect.poll(() => page.getByTestId('quota-left').textContent(), WAIT).toBe('3');
    await page.getByTestId('cast-btn').click();
    await visible(page, 'Confirm casting');
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Cast success');
    await expect.poll(() => page.getByTestId('cast-result').count(), WAIT).toBe(1);
    await expect.poll(() => page.getByTestId('quota-left').textContent(), WAIT).toBe('2');
    await product.shot(page, 'nft-cast');

    // It is on /nft; open it and stake it in the Genesis pool.
    await page.goto(`${product.url}/nft`);
    await expect.poll(() => page.getByTestId('nft-card').count(), WAIT).toBe(1);
    await product.shot(page, 'nft-mine');
    await page.getByTestId('nft-card').first().click();
    await page.getByTestId('stake-btn').click();
    await visible(page, 'Confirm staking');
    await page.locator('.sheet__confirm:visible').click();
    await expect.poll(() => page.getByTestId('unstake-btn').count(), WAIT).toBe(1);

    // As if staked two platform days ago: the day's budget is paid.
    await product.app.deps.store.db.execute(
      sql`update nft_stakes set start_day = start_day - 2 where user_id = ${u.id}`,
    );
    await product.app.modules.nft.settleDue();
    await page.goto(`${product.url}/nft1`);
    await page.getByRole('tab', { name: 'My stakes' }).click();
    await expect.poll(() => page.getByTestId('stake-row').count(), WAIT).toBe(1);
    await expect
      .poll(
        async () =>
          Number(
            (await page.getByTestId('stake-earned').first().textContent())?.split(' ')[0]?.replace(/,/g, ''),
          ),
        WAIT,
      )
      .toBeGreaterThan(0);
    await product.shot(page, 'nft-pools');

    // A nameplate needs a name, then carries it.
    await page.goto(`${product.url}/nft3`);
    await page.getByRole('button', { name: /Nexa Nameplate/ }).click();
    await page.getByTestId('cast-btn').click();
    await visible(page, 'Please enter a name');
    await page.getByPlaceholder('Please enter a name').fill('Satoshi');
    await page.getByTestId('cast-btn').click();
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Cast success');
    await page.goto(`${product.url}/nft5`);
    await page.getByRole('tab', { name: 'Nameplates' }).click();
    await expect.poll(() => page.getByTestId('order-row').count(), WAIT).toBe(1);
    await page.getByTestId('order-row').first().click();
    await expect.poll(() => page.getByTestId('order-detail').textContent(), WAIT).toContain('Satoshi');

    // Liquidity: 100 USDT and 200 BWC in, then out again.
    await page.goto(`${product.url}/nft4`);
    await page.getByPlaceholder('Please enter the amount').fill('100');
    await visible(page, 'It also takes 200.0000 BWC of the same value.');
    await page.getByTestId('lp-add-btn').click();
    await visible(page, 'Confirm adding liquidity');
    await page.locator('.sheet__confirm:visible').click();
    await expect.poll(() => page.getByTestId('lp-row').count(), WAIT).toBe(1);
    await expect.poll(() => page.getByTestId('lp-my-value').textContent(), WAIT).toBe('200.00 USDT');
    await product.shot(page, 'nft-liquidity');
    await expect.poll(() => page.locator('.sheet__confirm:visible').count(), WAIT).toBe(0);
    await page.getByTestId('lp-remove-btn').click();
    await page.locator('.sheet__confirm:visible').click();
    await expect.poll(() => page.getByTestId('lp-my-value').textContent(), WAIT).toBe('0.00 USDT');
    await page.getByRole('tab', { name: 'On chain' }).click();
    await visible(page, 'On-chain liquidity is not connected');
  });
});
