import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmNonces } from '../../server/src/modules/auth/tables';
import { type Product, SHOTS_ON, startProduct } from '../harness';
import { operatorCall, pngOf, signIn, visible, WAIT } from '../users';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
  // The demo approves merchants and goods by itself after a minute; here an operator does, through the API.
  await product.app.settings.set('demo.shop_approve_after_s', 86_400);
});
afterAll(() => product.close());

/** A tiny valid PNG (8-bit RGB): a teacup-ish picture, a warm disc on a pale ground. */
function png(size: number): Buffer {
  const c = size / 2;
  return pngOf(size, size, (x, y) =>
    (x - c) ** 2 + (y - c) ** 2 < (size * 0.32) ** 2 ? [196, 98, 45] : [238, 232, 220],
  );
}

async function operatorToken(): Promise<string> {
  const login = await operatorCall<{ token: string }>(product, '/admin/auth/login', {
    name: 'admin',
    password: 'nexa-admin',
  });
  expect(login.code, JSON.stringify(login)).toBe(200);
  return login.data.token;
}

/** The operator approves the pending merchant application of this name through the admin API. */
async function approveMerchant(name: string): Promise<void> {
  const token = await operatorToken();
  const queue = await operatorCall<{ list: { id: number; name: string; status: string }[] }>(
    product,
    '/admin/shop/merchants',
    { status: 'pending', page: 1, size: 50 },
    token,
  );
  expect(queue.code, JSON.stringify(queue)).toBe(200);
  const mine = queue.data.list.find((m) => m.name === name);
  if (!mine) throw new Error(`no pending merchant ${name}: ${JSON.stringify(queue.data)}`);
  const done = await operatorCall<{ status: string }>(
    product,
    '/admin/shop/reviewMerchant',
    { id: mine.id, decision: 'approve' },
    token,
  );
  expect(done.code, JSON.stringify(done)).toBe(200);
  expect(done.data.status).toBe('approved');
}

/** The operator approves the goods waiting for review with this title. */
async function approveProduct(title: string): Promise<number> {
  const token = await operatorToken();
  const queue = await operatorCall<{ list: { id: number; title: string; status: string }[] }>(
    product,
    '/admin/shop/products',
    { status: 'pending', page: 1, size: 50 },
    token,
  );
  expect(queue.code, JSON.stringify(queue)).toBe(200);
  const goods = queue.data.list.find((p) => p.title === title);
  if (!goods) throw new Error(`no pending goods ${title}: ${JSON.stringify(queue.data)}`);
  const done = await operatorCall<{ status: string }>(
    product,
    '/admin/shop/reviewProduct',
    { id: goods.id, decision: 'approve' },
    token,
  );
  expect(done.code, JSON.stringify(done)).toBe(200);
  expect(done.data.status).toBe('on_sale');
  return goods.id;
}

/** Nothing on the page is wider than the phone. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** A screenshot of what the user sees, once nothing is wider than the phone. */
async function shot(page: Page, name: string): Promise<void> {
  // Toasts leave, sheets and lazy images settle before the picture.
  await expect.poll(() => page.locator('.adm-toast-main').count(), WAIT).toBe(0);
  if (SHOTS_ON) await page.waitForTimeout(400);
  expect(await fitsWidth(page), `${name} fits the phone`).toBe(true);
  await product.shot(page, `shop-${name}`);
}

const text = async (page: Page, id: string) =>
  (await page.getByTestId(id).first().textContent())?.trim() ?? '';

/** Taps the confirm button of the sheet on screen and waits for the sheet to leave. */
async function confirmSheet(page: Page): Promise<void> {
  await page.locator('.sheet__confirm:visible').click();
  await expect.poll(() => page.locator('.sheet__confirm:visible').count(), WAIT).toBe(0);
}

async function claimDemoFunds(page: Page): Promise<void> {
  await page.goto(`${product.url}/deposit`);
  await page.getByRole('button', { name: 'Get 10,000.00 USDT' }).click();
  await visible(page, /Claimed today/);
}

/** Moves USDT into the shop wallet on /order2 and waits for the new balance. */
async function recharge(page: Page, amount: string, balance: string, returns = false): Promise<void> {
  if (!page.url().includes('/order2')) await page.goto(`${product.url}/order2`);
  await expect.poll(() => page.getByTestId('shop-balance').isVisible(), WAIT).toBe(true);
  await page.getByTestId('form-recharge').getByPlaceholder('Please enter the amount').fill(amount);
  await page.getByTestId('form-recharge').locator('.wsubmit').click();
  await visible(page, 'Confirm recharge');
  await confirmSheet(page);
  if (!returns) await expect.poll(() => text(page, 'shop-balance'), WAIT).toBe(balance);
}

describe('the merchant shop in the browser', () => {
  it('a merchant opens a shop and lists goods; a buyer pays, the merchant ships, the buyer signs; settlement and dividend follow', async () => {
    // ---- The merchant: demo funds, the shop wallet, the merchant application.
    const m = await product.newPhone();
    const mp = m.page;
    await signIn(product, mp);
    await claimDemoFunds(mp);

    await mp.goto(`${product.url}/store`);
    await expect.poll(() => mp.getByTestId('category').count(), WAIT).toBe(6);
    // The demo's own merchants have goods on sale from the start.
    await expect.poll(() => mp.getByTestId('product-tile').count(), WAIT).toBeGreaterThan(0);

    await mp.goto(`${product.url}/order2`);
    await expect.poll(() => text(mp, 'shop-balance'), WAIT).toBe('0.00');
    await shot(mp, 'wallet-empty');
    await recharge(mp, '500', '500.00');
    await shot(mp, 'wallet-recharged');

    await mp.goto(`${product.url}/store1`);
    await expect.poll(() => mp.getByTestId('merchant-center').getAttribute('data-stage'), WAIT).toBe('none');
    await visible(mp, 'Open a merchant account');
    await mp.getByTestId('apply-merchant').click();
    await visible(mp, 'Please enter the store name');
    await mp.getByPlaceholder('Please enter the store name').fill('Nexa Tea House');
    await mp.getByPlaceholder('Tell buyers about your store').fill('Hand-made cups and loose-leaf tea.');
    await shot(mp, 'merchant-apply');
    await mp.getByTestId('apply-merchant').click();
    await visible(mp, 'Confirm application');
    await shot(mp, 'merchant-apply-confirm');
    await confirmSheet(mp);
    await expect
      .poll(() => mp.getByTestId('merchant-center').getAttribute('data-stage'), WAIT)
      .toBe('pending');
    await visible(mp, 'Your application is being reviewed');
    await shot(mp, 'merchant-pending');

    // ---- An operator approves the application; the merchant opens the shop.
    await approveMerchant('Nexa Tea House');
    await mp.reload();
    await expect
      .poll(() => mp.getByTestId('merchant-center').getAttribute('data-stage'), WAIT)
      .toBe('approved');
    await shot(mp, 'merchant-approved');
    await mp.getByTestId('activate').click();
    await expect
      .poll(() => mp.getByTestId('merchant-center').getAttribute('data-stage'), WAIT)
      .toBe('active');
    await expect.poll(() => mp.getByTestId('to-goods').isVisible(), WAIT).toBe(true);
    await shot(mp, 'merchant-active');

    // ---- Goods with an image: every empty field says what it wants; the image goes up as it is chosen.
    await mp.getByTestId('add-goods').click();
    await expect.poll(() => mp.url(), WAIT).toBe(`${product.url}/storeMyItem2`);
    await visible(mp, 'New goods are reviewed by operators before they go on sale.');
    await mp.getByTestId('goods-save').click();
    for (const prompt of [
      'Please add at least one image',
      'Please choose a category',
      'Please enter a title',
      'Please enter the price',
      'Please enter the stock',
    ]) {
      await visible(mp, prompt);
    }
    await shot(mp, 'goods-form-empty');
    await mp
      .getByTestId('goods-file')
      .setInputFiles({ name: 'cup.png', mimeType: 'image/png', buffer: png(96) });
    await expect.poll(() => mp.getByTestId('image-slot').getAttribute('data-state'), WAIT).toBe('done');
    await mp.getByRole('button', { name: 'Category' }).click();
    await mp.getByRole('option', { name: 'Home' }).click();
    await mp.getByPlaceholder('Please enter a title').fill('Hand-thrown tea cup');
    await mp
      .getByPlaceholder('Material, size, what is in the box…')
      .fill('Stoneware, 180 ml. One cup per box.');
    await mp.getByPlaceholder('0.00').fill('12.5');
    await mp.getByPlaceholder('0', { exact: true }).fill('20');
    await expect.poll(() => mp.locator('.wf__error').count(), WAIT).toBe(0);
    await shot(mp, 'goods-form');
    await mp.getByTestId('goods-save').click();
    await expect.poll(() => mp.url(), WAIT).toBe(`${product.url}/storeMyItem1`);
    await expect.poll(() => mp.getByTestId('goods-row').count(), WAIT).toBe(1);
    expect(await mp.getByTestId('goods-row').getAttribute('data-status')).toBe('pending');
    await shot(mp, 'goods-pending');

    // ---- The operator approves the goods: on sale.
    const productId = await approveProduct('Hand-thrown tea cup');
    await mp.reload();
    await expect.poll(() => mp.getByTestId('goods-row').getAttribute('data-status'), WAIT).toBe('on_sale');
    await shot(mp, 'goods-on-sale');

    // ---- The buyer, on a second phone: an address first, then the goods.
    const b = await product.newPhone();
    const bp = b.page;
    await signIn(product, bp);
    await claimDemoFunds(bp);
    await bp.goto(`${product.url}/address2`);
    await visible(bp, 'No addresses yet');
    await shot(bp, 'addresses-empty');
    await bp.getByTestId('address-add').click();
    await expect.poll(() => bp.url(), WAIT).toBe(`${product.url}/address3`);
    await bp.getByTestId('address-save').click();
    await visible(bp, "Please enter the recipient's name");
    await bp.getByPlaceholder("Please enter the recipient's name").fill('Mai Tran');
    await bp.getByPlaceholder('Please enter a phone number').fill('12ab');
    await visible(bp, 'Enter a phone number of 6 to 20 digits');
    await bp.getByPlaceholder('Please enter a phone number').fill('+84 912 345 678');
    await bp.getByPlaceholder('Please enter the country, province and city').fill('Vietnam, Hanoi');
    await bp.getByPlaceholder('Please enter the street, number and flat').fill('12 Hang Bac, flat 3');
    await bp.getByRole('switch').click();
    await shot(bp, 'address-form');
    await bp.getByTestId('address-save').click();
    await expect.poll(() => bp.url(), WAIT).toBe(`${product.url}/address2`);
    await expect.poll(() => bp.getByTestId('address-row').count(), WAIT).toBe(1);
    await visible(bp, 'Default');
    await shot(bp, 'addresses');

    // The shop shows the goods with their cover (lazy, square, cropped), sorted and searchable.
    await bp.goto(`${product.url}/store`);
    const cup = bp.getByTestId('product-tile').filter({ hasText: 'Hand-thrown tea cup' });
    await expect.poll(() => cup.count(), WAIT).toBe(1);
    const img = cup.locator('img');
    expect(await img.getAttribute('loading')).toBe('lazy');
    expect(await img.evaluate((e) => getComputedStyle(e).objectFit)).toBe('cover');
    await expect
      .poll(() => img.evaluate((e) => (e as HTMLImageElement).naturalWidth), WAIT)
      .toBeGreaterThan(0);
    const box = await cup.locator('.simg').boundingBox();
    expect(box && Math.abs(box.width - box.height) < 1).toBe(true);
    await shot(bp, 'store');
    await bp.getByTestId('shop-search').fill('cup');
    await expect.poll(() => bp.getByText('Results for “cup”').isVisible(), WAIT).toBe(true);
    await expect.poll(() => bp.getByTestId('product-tile').count(), WAIT).toBe(1);
    await bp.getByTestId('shop-search').fill('sofa');
    await visible(bp, 'No goods match “sofa”');
    await shot(bp, 'store-search-none');
    await bp.getByTestId('shop-search').fill('');
    await bp.getByTestId('category').filter({ hasText: 'Home' }).click();
    await expect.poll(() => bp.url(), WAIT).toMatch(/\/productList\?category_id=\d+$/);
    await expect.poll(() => cup.count(), WAIT).toBe(1);
    await shot(bp, 'product-list');

    await cup.click();
    await expect.poll(() => bp.url(), WAIT).toBe(`${product.url}/productDetail?id=${productId}`);
    await expect.poll(() => text(bp, 'detail-price'), WAIT).toBe('12.50 USDT');
    await expect.poll(() => text(bp, 'detail-stock'), WAIT).toBe('20');
    await bp.getByTestId('qty-more').click();
    await expect.poll(() => text(bp, 'detail-total'), WAIT).toBe('25.00 USDT');
    await shot(bp, 'product-detail');

    // Confirm: the address chosen, the total against an empty shop wallet: recharge first.
    await bp.getByTestId('buy-now').click();
    await expect.poll(() => bp.url(), WAIT).toBe(`${product.url}/confirmOrder?id=${productId}&qty=2`);
    await expect.poll(() => text(bp, 'confirm-total'), WAIT).toBe('25.00 USDT');
    await visible(bp, 'Mai Tran');
    // The spot account covers it, so it is offered first; this buyer pays from the shop wallet instead.
    await expect.poll(() => bp.getByTestId('pay-from-spot').getAttribute('aria-pressed'), WAIT).toBe('true');
    await bp.getByTestId('pay-from-shop').click();
    await expect.poll(() => bp.getByTestId('short-note').isVisible(), WAIT).toBe(true);
    expect(await text(bp, 'short-note')).toBe(
      '25.00 USDT more is needed: recharge the shop wallet first. Recharge and come back',
    );
    await shot(bp, 'confirm-short');
    await bp.getByTestId('recharge-to-pay').click();
    await expect.poll(() => bp.url(), WAIT).toMatch(/\/order2\?back=/);
    await recharge(bp, '100', '100.00', true);
    // The recharge made for the order goes back to it.
    await expect.poll(() => bp.url(), WAIT).toBe(`${product.url}/confirmOrder?id=${productId}&qty=2`);
    await expect.poll(() => text(bp, 'confirm-balance'), WAIT).toBe('Available 100.00 USDT');

    // Meanwhile the merchant raises the price (price and stock alone need no new review).
    await mp.goto(`${product.url}/storeMyItem2?id=${productId}`);
    await expect.poll(() => mp.getByPlaceholder('0.00').inputValue(), WAIT).toBe('12.5');
    await mp.getByPlaceholder('0.00').fill('13');
    await shot(mp, 'goods-edit');
    await mp.getByTestId('goods-save').click();
    await expect.poll(() => mp.url(), WAIT).toBe(`${product.url}/storeMyItem1`);
    await expect.poll(() => mp.getByTestId('goods-row').getAttribute('data-status'), WAIT).toBe('on_sale');

    // The buyer pays the price seen: refused, said in place, the new price shown; then paid.
    await bp.getByTestId('pay').click();
    await visible(bp, 'Confirm payment');
    await expect.poll(() => text(bp, 'sheet-total'), WAIT).toBe('25.00 USDT');
    await shot(bp, 'confirm-sheet');
    await bp.locator('.sheet__confirm:visible').click();
    await expect.poll(() => bp.getByTestId('purchase-problem').getAttribute('data-kind'), WAIT).toBe('price');
    await visible(bp, 'The price changed to 13 USDT; check it and buy again');
    await expect.poll(() => text(bp, 'confirm-total'), WAIT).toBe('26.00 USDT');
    await shot(bp, 'confirm-price-changed');
    await bp.getByTestId('pay').click();
    await visible(bp, 'Confirm payment');
    await confirmSheet(bp);
    await expect.poll(() => bp.url(), WAIT).toMatch(/\/orderDetail\?id=\d+$/);
    const orderId = Number(new URL(bp.url()).searchParams.get('id'));
    await expect.poll(() => bp.getByTestId('order-detail').getAttribute('data-status'), WAIT).toBe('paid');
    await expect.poll(() => text(bp, 'detail-amount'), WAIT).toBe('26.00 USDT');
    await shot(bp, 'order-paid');
    await bp.goto(`${product.url}/order`);
    await expect.poll(() => bp.getByTestId('order-row').count(), WAIT).toBe(1);
    await shot(bp, 'orders-open');

    // ---- The merchant ships it: company and tracking number.
    await mp.goto(`${product.url}/store1`);
    await expect.poll(() => mp.getByTestId('to-merchant-orders').isVisible(), WAIT).toBe(true);
    await visible(mp, '1 to ship');
    await shot(mp, 'merchant-to-ship');
    await mp.getByTestId('to-merchant-orders').click();
    await expect.poll(() => mp.getByTestId('order-row').count(), WAIT).toBe(1);
    await shot(mp, 'merchant-orders');
    await mp.getByTestId('ship-row').click();
    await expect.poll(() => mp.url(), WAIT).toBe(`${product.url}/shipOrder?id=${orderId}`);
    await visible(mp, 'Mai Tran');
    await mp.getByTestId('ship-submit').click();
    await visible(mp, 'Please choose a logistics company');
    await mp.getByRole('button', { name: 'Logistics company' }).click();
    await mp.getByRole('option', { name: /SF Express/ }).click();
    await mp.getByPlaceholder('Please enter the tracking number').fill('sf1234567890');
    await shot(mp, 'ship-form');
    await mp.getByTestId('ship-submit').click();
    await visible(mp, 'Confirm shipping');
    await confirmSheet(mp);
    await expect.poll(() => mp.url(), WAIT).toBe(`${product.url}/orderDetail?id=${orderId}`);
    await expect.poll(() => mp.getByTestId('order-detail').getAttribute('data-status'), WAIT).toBe('shipped');
    expect(await mp.getByTestId('order-detail').getAttribute('data-role')).toBe('merchant');
    await expect.poll(() => text(mp, 'order-company'), WAIT).toBe('SF Express');
    await expect.poll(() => text(mp, 'order-tracking'), WAIT).toBe('SF1234567890');
    await shot(mp, 'order-shipped-merchant');
    await mp.goto(`${product.url}/orderList`);
    await expect.poll(() => mp.getByTestId('release-row').count(), WAIT).toBe(1);
    await visible(mp, 'you receive 24.70 USDT');
    await shot(mp, 'release-orders');

    // ---- The buyer signs for it: the escrow is released.
    await bp.goto(`${product.url}/orderDetail?id=${orderId}`);
    await expect.poll(() => bp.getByTestId('order-detail').getAttribute('data-status'), WAIT).toBe('shipped');
    await expect.poll(() => text(bp, 'order-company'), WAIT).toBe('SF Express');
    await expect.poll(() => text(bp, 'auto-left'), WAIT).toMatch(/^Completes by itself in (9|10) d \d+ h$/);
    await shot(bp, 'order-shipped');
    await bp.getByTestId('sign-for').click();
    await visible(bp, 'Sign for this order?');
    await shot(bp, 'sign-sheet');
    await confirmSheet(bp);
    await expect
      .poll(() => bp.getByTestId('order-detail').getAttribute('data-status'), WAIT)
      .toBe('completed');
    await expect
      .poll(() => bp.getByTestId('timeline-step').evaluateAll((s) => s.map((e) => e.dataset.done)), WAIT)
      .toEqual(['true', 'true', 'true']);
    await shot(bp, 'order-completed');
    await bp.goto(`${product.url}/order`);
    await bp.getByRole('tab', { name: /Finished/ }).click();
    await expect
      .poll(() => bp.getByTestId('order-row').first().getAttribute('data-status'), WAIT)
      .toBe('completed');
    await shot(bp, 'orders-finished');

    // ---- The merchant's settlement: 26 less the 5 % fee.
    await mp.goto(`${product.url}/storeMyItem5`);
    await expect.poll(() => text(mp, 'settle-total-net'), WAIT).toBe('24.70');
    await expect.poll(() => text(mp, 'settle-total-fee'), WAIT).toBe('1.30');
    await expect.poll(() => text(mp, 'settle-count'), WAIT).toBe('1');
    await expect.poll(() => mp.getByTestId('settle-row').count(), WAIT).toBe(1);
    await shot(mp, 'settlements');
    await mp.goto(`${product.url}/storeMyItem4`);
    await expect.poll(() => mp.getByTestId('sale-row').count(), WAIT).toBe(1);
    await expect.poll(() => text(mp, 'sale-amount'), WAIT).toBe('26.00');
    await shot(mp, 'sales');
    await mp.goto(`${product.url}/storeMyItem3`);
    await expect.poll(() => mp.getByTestId('stock-row').count(), WAIT).toBe(1);
    await mp.getByTestId('stock-input').fill('30');
    await mp.getByTestId('stock-save').click();
    await visible(mp, 'Stock of Hand-thrown tea cup set to 30');
    await shot(mp, 'stock');
    await mp.goto(`${product.url}/storeInfo`);
    await expect.poll(() => text(mp, 'merchant-name'), WAIT).toBe('Nexa Tea House');
    await expect.poll(() => text(mp, 'merchant-sales'), WAIT).toBe('1');
    await expect.poll(() => text(mp, 'merchant-turnover'), WAIT).toBe('26.00 USDT');
    await shot(mp, 'store-info');
    await mp.goto(`${product.url}/order2`);
    await expect.poll(() => text(mp, 'shop-balance'), WAIT).toBe('424.70');

    // The shop wallet back to USDT: a withdrawal (fee, then held) and a flash (at once, for its fee).
    await mp.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await mp.getByPlaceholder('Please enter the withdrawal amount').fill('10');
    await expect.poll(() => text(mp, 'move-receive'), WAIT).toBe('9.90 USDT');
    await visible(mp, 'Fee (1%)');
    await shot(mp, 'wallet-withdraw');
    await mp.getByTestId('form-withdraw').locator('.wsubmit').click();
    await visible(mp, 'Confirm withdrawal');
    await shot(mp, 'wallet-withdraw-confirm');
    await confirmSheet(mp);
    await expect.poll(() => text(mp, 'shop-held'), WAIT).toBe('10.00');
    await mp.getByRole('button', { name: 'Flash USDT', exact: true }).click();
    await mp.getByTestId('form-flash').getByPlaceholder('Please enter the amount').fill('5');
    await expect.poll(() => text(mp, 'move-receive'), WAIT).toBe('4.90 USDT');
    await mp.getByTestId('form-flash').locator('.wsubmit').click();
    await visible(mp, 'Confirm flash USDT');
    await confirmSheet(mp);
    await expect.poll(() => text(mp, 'shop-balance'), WAIT).toBe('409.70');
    await shot(mp, 'wallet-after');
    await mp.getByTestId('to-wallet-records').click();
    await expect.poll(() => mp.getByTestId('move-row').count(), WAIT).toBe(1);
    await shot(mp, 'wallet-records-recharges');
    await mp.getByRole('tab', { name: 'Withdrawals' }).click();
    await expect.poll(() => mp.getByTestId('move-row').count(), WAIT).toBe(2);
    expect(
      await mp
        .getByTestId('move-row')
        .evaluateAll((rows) => rows.map((r) => `${r.dataset.kind}:${r.dataset.status}`)),
    ).toEqual(['flash:done', 'withdrawal:pending']);
    await shot(mp, 'wallet-records-withdrawals');

    // ---- The storefront and the merchant ranking.
    await bp.goto(`${product.url}/storeHome`);
    // The demo's merchants rank below it: they have sold nothing yet.
    await expect.poll(() => bp.getByTestId('merchant-rank-row').count(), WAIT).toBe(4);
    await shot(bp, 'merchant-ranking');
    await bp.getByTestId('merchant-rank-row').first().click();
    await expect.poll(() => text(bp, 'merchant-name'), WAIT).toBe('Nexa Tea House');
    await expect.poll(() => bp.getByTestId('product-tile').count(), WAIT).toBe(1);
    await shot(bp, 'storefront');

    // ---- VIP for the buyer, then the dividend pool of the day: half of the 1.30 fee.
    await bp.goto(`${product.url}/store1`);
    await expect.poll(() => bp.getByTestId('vip-card').getAttribute('data-active'), WAIT).toBe('false');
    await bp.getByTestId('open-vip').click();
    await visible(bp, 'VIP runs 365 days from today');
    await confirmSheet(bp);
    await expect.poll(() => bp.getByTestId('vip-card').getAttribute('data-active'), WAIT).toBe('true');
    await shot(bp, 'vip');
    await bp.goto(`${product.url}/consumerDividendRanking`);
    await expect.poll(() => text(bp, 'dividend-pool'), WAIT).toBe('0.65');
    await expect.poll(() => text(bp, 'dividend-estimate'), WAIT).toBe('0.65');
    expect(await text(bp, 'dividend-weight')).toMatch(/\(100%\)$/);
    await expect.poll(() => bp.getByTestId('dividend-vip').isVisible(), WAIT).toBe(true);
    await visible(bp, 'No dividends paid yet');
    await shot(bp, 'dividend-pool');

    // The day's dividend is paid once the platform day ends. The day boundary is operator configuration:
    // moving it a day ahead ends the day of the purchase as midnight would, and the payout runs.
    const offset = await product.app.settings.get('platform.day_offset_min');
    await product.app.settings.set('platform.day_offset_min', offset + 24 * 60);
    await product.app.modules.shop.settleDividends();
    await bp.reload();
    await expect.poll(() => text(bp, 'dividend-rank'), WAIT).toBe('#1');
    await expect.poll(() => text(bp, 'dividend-received'), WAIT).toBe('0.65');
    await expect.poll(() => bp.getByTestId('dividend-rank-row').count(), WAIT).toBe(1);
    await shot(bp, 'dividend-ranking');
    // Back to the real day boundary: the paid day reads as the day it was (paid once, not again).
    await product.app.settings.set('platform.day_offset_min', offset);
    await product.app.modules.shop.settleDividends();
    await bp.getByTestId('to-dividend-log').click();
    await expect.poll(() => bp.getByTestId('dividend-row').count(), WAIT).toBe(1);
    await expect.poll(() => text(bp, 'dividend-amount'), WAIT).toBe('+0.65 USDT');
    await expect.poll(() => text(bp, 'log-received'), WAIT).toBe('0.65');
    await shot(bp, 'dividend-log');

    // ---- A second order canceled before it ships: the payment returns at once.
    await bp.goto(`${product.url}/confirmOrder?id=${productId}&qty=1`);
    await expect.poll(() => text(bp, 'confirm-total'), WAIT).toBe('13.00 USDT');
    await bp.getByTestId('pay').click();
    await confirmSheet(bp);
    await expect.poll(() => bp.url(), WAIT).toMatch(/\/orderDetail\?id=\d+$/);
    await expect.poll(() => bp.getByTestId('order-detail').getAttribute('data-status'), WAIT).toBe('paid');
    await bp.getByTestId('cancel-order').click();
    await visible(bp, 'Cancel this order?');
    await shot(bp, 'cancel-sheet');
    await confirmSheet(bp);
    await expect
      .poll(() => bp.getByTestId('order-detail').getAttribute('data-status'), WAIT)
      .toBe('canceled');
    await shot(bp, 'order-canceled');
    await bp.goto(`${product.url}/order2`);
    // 100 − 26 − 50 (VIP) = 24, the 13 back.
    await expect.poll(() => text(bp, 'shop-balance'), WAIT).toBe('24.00');

    // ---- The address deleted, confirmed in a sheet.
    await bp.goto(`${product.url}/address2`);
    await expect.poll(() => bp.getByTestId('address-row').count(), WAIT).toBe(1);
    await bp.getByTestId('address-delete').click();
    await visible(bp, 'Delete this address?');
    await shot(bp, 'address-delete');
    await confirmSheet(bp);
    await visible(bp, 'No addresses yet');

    expect(await product.app.ledger.audit()).toEqual([]);

    // At 360 px in long languages, in the light theme too, nothing scrolls sideways.
    const buyerScreens = [
      'store',
      `productDetail?id=${productId}`,
      `confirmOrder?id=${productId}&qty=1`,
      'order',
      `orderDetail?id=${orderId}`,
      'order2',
      'store1',
      'consumerDividendRanking',
      'address3',
    ];
    const merchantScreens = [
      'store1',
      'storeMyItem1',
      `storeMyItem2?id=${productId}`,
      'order1',
      'storeMyItem5',
      'orderList',
    ];
    for (const [who, phone, screens] of [
      ['buyer', b, buyerScreens],
      ['merchant', m, merchantScreens],
    ] as const) {
      const state = await phone.context.storageState();
      for (const [lang, theme] of [
        ['de', 'dark'],
        ['th', 'light'],
      ] as const) {
        const small = await product.smallPhone(state, lang, theme);
        const p = await small.newPage();
        for (const screen of screens) {
          await p.goto(`${product.url}/${screen}`);
          await p.waitForLoadState('networkidle');
          await expect
            .poll(() => p.locator('.screen__body .adm-skeleton, .list-skeleton').count(), WAIT)
            .toBe(0);
          if (SHOTS_ON) await p.waitForTimeout(300);
          const name = screen.replace(/\?.*$/, '');
          expect(await fitsWidth(p), `${who} ${lang} ${name} fits 360 px`).toBe(true);
          await product.shot(p, `shop-360-${lang}-${who}-${name}`);
        }
        await small.close();
      }
    }
    await m.context.close();
    await b.context.close();
  }, 420_000);

  it('a new user alone buys a demo good: paid from spot in one step, shipped by the demo merchant, signed for', async () => {
    const b = await product.newPhone();
    const bp = b.page;
    await signIn(product, bp);
    await bp.goto(`${product.url}/store`);
    const mug = bp.getByTestId('product-tile').filter({ hasText: 'Ceramic mug' });
    await expect.poll(() => mug.count(), WAIT).toBe(1);
    await expect
      .poll(() => mug.locator('img').evaluate((e) => (e as HTMLImageElement).naturalWidth), WAIT)
      .toBeGreaterThan(0);
    await shot(bp, 'demo-store-home');
    await mug.click();
    await expect.poll(() => bp.getByTestId('demo-chip').count(), WAIT).toBe(1);
    await visible(bp, 'A demo shop ships your order by itself about a minute after you pay.');
    const confirmUrl = bp.url().replace('/productDetail?id=', '/confirmOrder?id=');
    await bp.getByTestId('buy-now').click();
    // No address yet: the address card asks for one; the payment panel has no button of its own for it.
    await expect.poll(() => bp.getByTestId('add-address').count(), WAIT).toBe(1);
    expect(await bp.getByRole('button', { name: 'Add address' }).count()).toBe(0);
    await shot(bp, 'demo-confirm-no-address');
    await bp.getByTestId('add-address').click();
    await bp.getByPlaceholder("Please enter the recipient's name").fill('Lena Vogel');
    await bp.getByPlaceholder('Please enter a phone number').fill('+49 30 1234567');
    await bp.getByPlaceholder('Please enter the country, province and city').fill('Germany, Berlin');
    await bp.getByPlaceholder('Please enter the street, number and flat').fill('Torstrasse 1');
    await bp.getByTestId('address-save').click();
    await expect.poll(() => bp.url(), WAIT).not.toContain('/address3');
    await bp.goto(`${confirmUrl}&qty=1`);
    // No money yet: the spot account's top-up (demo funds on Deposit) comes back to the order.
    await bp.getByTestId('pay-from-spot').click();
    await bp.getByTestId('to-recharge').click();
    await expect.poll(() => bp.url(), WAIT).toContain('/deposit?back=');
    await bp.getByRole('button', { name: 'Get 10,000.00 USDT' }).click();
    await expect.poll(() => bp.url(), WAIT).toContain('/confirmOrder?id=');
    // The shop wallet is empty and the spot account covers it: paid from spot, in one step.
    await expect.poll(() => bp.getByTestId('pay-from-spot').getAttribute('aria-pressed'), WAIT).toBe('true');
    await visible(bp, 'Lena Vogel');
    await bp.getByTestId('pay').click();
    await visible(bp, 'Confirm payment');
    await expect
      .poll(() => bp.locator('.sheet__inner:visible').textContent(), WAIT)
      .toContain('Spot account (USDT)');
    await shot(bp, 'demo-confirm-sheet');
    await confirmSheet(bp);
    await expect.poll(() => bp.url(), WAIT).toMatch(/\/orderDetail\?id=\d+$/);
    await expect.poll(() => bp.getByTestId('order-detail').getAttribute('data-status'), WAIT).toBe('paid');

    // The demo merchant ships by itself (here at once, through the sweep), then the buyer signs for it.
    await product.app.settings.set('demo.shop_ship_after_s', 0);
    await product.app.modules.shop.sweep();
    await bp.reload();
    await expect.poll(() => bp.getByTestId('order-detail').getAttribute('data-status'), WAIT).toBe('shipped');
    await bp.getByTestId('sign-for').click();
    await visible(bp, 'Sign for this order?');
    await confirmSheet(bp);
    await expect
      .poll(() => bp.getByTestId('order-detail').getAttribute('data-status'), WAIT)
      .toBe('completed');
    expect(await product.app.ledger.audit()).toEqual([]);

    // The same screens in German, 390 px wide.
    await b.context.addInitScript(() => localStorage.setItem('lang', 'de'));
    const de = await b.context.newPage();
    await de.goto(`${product.url}/store`);
    // The demo goods in German: the mug is a "Keramikbecher" on the list and its page.
    const deMug = de.getByTestId('product-tile').filter({ hasText: 'Keramikbecher' });
    await expect.poll(() => deMug.count(), WAIT).toBe(1);
    expect(await de.getByTestId('product-tile').filter({ hasText: 'Ceramic mug' }).count()).toBe(0);
    await shot(de, 'demo-store-home-de');
    await deMug.click();
    await visible(de, 'Ein glasierter Steingutbecher mit 350 ml, spülmaschinenfest.');
    await shot(de, 'demo-product-de');
    await de.goto(`${confirmUrl}&qty=1`);
    await expect.poll(() => de.getByTestId('pay-from-spot').getAttribute('aria-pressed'), WAIT).toBe('true');
    await de.getByTestId('pay').click();
    await expect.poll(() => de.locator('.sheet__confirm:visible').count(), WAIT).toBe(1);
    await expect
      .poll(() => de.locator('.sheet__inner:visible').textContent(), WAIT)
      .toContain('Spot-Konto (USDT)');
    await shot(de, 'demo-confirm-sheet-de');

    // A large purchase (here from 10 USDT: two mugs) is signed by the wallet before it is paid.
    await product.app.settings.set('shop.confirm_purchase_from', '10');
    await de.goto(`${confirmUrl}&qty=2`);
    await expect.poll(() => de.getByTestId('pay-from-spot').getAttribute('aria-pressed'), WAIT).toBe('true');
    await de.getByTestId('pay').click();
    await expect
      .poll(() => de.locator('.sheet__inner:visible').textContent(), WAIT)
      .toContain('Ihre Wallet signiert diese Zahlung');
    await shot(de, 'demo-confirm-signed-de');
    await confirmSheet(de);
    await expect.poll(() => de.url(), WAIT).toMatch(/\/orderDetail\?id=\d+$/);
    await expect.poll(() => de.getByTestId('order-detail').getAttribute('data-status'), WAIT).toBe('paid');
    const nonces = await product.app.deps.store.db.select().from(confirmNonces);
    expect(nonces.filter((n) => n.action === 'purchase' && n.usedAt !== null)).toHaveLength(1);
    expect(await product.app.ledger.audit()).toEqual([]);
    await b.context.close();
  }, 480_000);
});
