import { parseAmount } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { p2pListings } from '../../server/src/modules/token-market/tables';
import { type Product, startProduct } from '../harness';
import { fund as fundUser, signIn as signInAs, visible, WAIT } from '../users';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product.close());

const signIn = async (page: Page) => (await signInAs(product, page)).id;
const fund = (userId: number, asset: string, amount: string) => fundUser(product, userId, asset, amount);

/** A spot balance in minor units. */
async function spot(userId: number, asset: string): Promise<{ available: bigint; frozen: bigint }> {
  const b = (await product.app.ledger.balances(userId)).find((x) => x.asset === asset && x.kind === 'spot');
  return { available: b?.available ?? 0n, frozen: b?.frozen ?? 0n };
}

/** Minor units of a decimal amount: USDT has 6 decimals, the platform tokens 8. */
const minor = (text: string, scale: number): bigint => {
  const v = parseAmount(text, scale);
  if (v === null) throw new Error(`not an amount: ${text}`);
  return v;
};
/** The text of the newest row in My listings. */
const myListing = async (page: Page): Promise<string> =>
  (await page.locator('.tm-row--mine').first().textContent()) ?? '';
const USDT = (text: string) => minor(text, 6);
const TOKEN = (text: string) => minor(text, 8);

describe('token market in the browser', () => {
  it('lists tokens; another user buys part; both balances move exactly; the seller withdraws the rest', async () => {
    const a = await product.newPhone();
    const b = await product.newPhone();
    const sellerUser = await signInAs(product, a.page);
    const seller = sellerUser.id;
    const buyer = await signIn(b.page);
    await fund(seller, 'BWC', '1000');
    await fund(buyer, 'USDT', '1000');

    // The seller finds the token market from the Trade screen and lists 1,000 BWC at 0.5 USDT.
    const page = a.page;
    await page.goto(`${product.url}/trade?instId=BTC-USDT`);
    await visible(page, 'Token market');
    await product.shot(page, 'token-market-trade-entry');
    await page.getByRole('link', { name: 'Token market' }).click();
    await visible(page, 'No listings');
    await product.shot(page, 'token-market-empty');
    await page.getByRole('link', { name: 'Sell', exact: true }).click();
    await expect.poll(() => page.url(), WAIT).toContain('/tokenSell');
    await visible(page, /1,000.0000 BWC/); // available balance, BWC picked as the token held
    await page.getByPlaceholder('Please enter the amount').fill('1000');
    // The form shows the market price and suggests it (no listings yet): one tap fills the price.
    await visible(page, 'Market price');
    await page.locator('.tm-guide__use').click();
    await expect.poll(() => page.getByPlaceholder('Please enter the price').inputValue(), WAIT).not.toBe('');
    await visible(page, 'At the market price');
    await page.getByPlaceholder('Please enter the price').fill('0.5');
    // 1,000 × 0.5 = 500 USDT; the 0.2 % fee is 1 USDT; the seller would receive 499.
    await visible(page, '499.00 USDT');
    await product.shot(page, 'token-sell-form');
    await page.locator('.wsubmit').click();
    await visible(page, 'Confirm listing');
    await product.shot(page, 'token-sell-confirm');
    await page.locator('.sheet__confirm:visible').click();
    await expect.poll(() => page.url(), WAIT).toContain('tab=mine');
    await expect
      .poll(() => myListing(page), WAIT)
      .toMatch(/Open[\s\S]*Sold \(BWC\)\s*0\.0000\s*Remaining \(BWC\)\s*1,000\.0000$/);
    await product.shot(page, 'token-market-my-listings');
    expect(await spot(seller, 'BWC')).toEqual({ available: 0n, frozen: TOKEN('1000') });

    // The buyer sees it in the market and buys 400 of it.
    await b.page.goto(`${product.url}/tokenMarket`);
    await visible(b.page, 'Total value');
    // Sellers show as their masked address with their completed sales.
    const sellerAddress = sellerUser.address.toLowerCase();
    await visible(b.page, `${sellerAddress.slice(0, 6)}…${sellerAddress.slice(-4)} · Sales 0`);
    await product.shot(b.page, 'token-market-market');
    await b.page.locator('.tm-row--market').first().click();
    await visible(b.page, 'Buy BWC');
    await b.page.getByPlaceholder('Please enter the amount').fill('400');
    // 400 × 0.5 = 200 USDT paid; the seller's fee on it is 0.4 USDT.
    await visible(b.page, '200.00 USDT');
    await visible(b.page, '0.40 USDT');
    await product.shot(b.page, 'token-market-buy-sheet');
    await b.page.locator('.sheet__confirm:visible').click();
    await expect.poll(async () => (await spot(buyer, 'BWC')).available, WAIT).toBe(TOKEN('400'));
    expect(await spot(buyer, 'USDT')).toEqual({ available: USDT('800'), frozen: 0n });
    expect(await spot(seller, 'USDT')).toEqual({ available: USDT('199.6'), frozen: 0n });
    expect(await spot(seller, 'BWC')).toEqual({ available: 0n, frozen: TOKEN('600') });
    await visible(b.page, '600.0000 BWC'); // the listing's rest, refreshed in the market

    // The seller sees the sale on the listing's page and withdraws the rest.
    await page.reload();
    await expect
      .poll(() => myListing(page), WAIT)
      .toMatch(/Sold \(BWC\)\s*400\.0000\s*Remaining \(BWC\)\s*600\.0000$/);
    await page.locator('.tm-row__stretch').first().click();
    await expect.poll(() => page.url(), WAIT).toContain('/tokenListing?id=');
    await visible(page, 'Sold 400.0000 BWC');
    await visible(page, '+199.60 USDT');
    await product.shot(page, 'token-listing-sold-part');
    await page.locator('.tm-listing__withdraw').click();
    await visible(page, 'Withdraw this listing?');
    await product.shot(page, 'token-listing-withdraw-confirm');
    await page.locator('.sheet__confirm:visible').click();
    await expect.poll(async () => spot(seller, 'BWC'), WAIT).toEqual({ available: TOKEN('600'), frozen: 0n });
    await expect.poll(() => page.locator('.tm-listing .tm-tag--withdrawn').isVisible(), WAIT).toBe(true);
    await expect.poll(() => page.locator('.tm-listing__withdraw').count(), WAIT).toBe(0);
    await expect.poll(() => page.locator('.sheet__confirm').count(), WAIT).toBe(0);
    await product.shot(page, 'token-listing-withdrawn');

    // The buyer's purchase is in My purchases; the market is empty again.
    await b.page.getByRole('tab', { name: 'My purchases' }).click();
    await visible(b.page, 'Bought BWC');
    await visible(b.page, '+400.0000 BWC');
    await product.shot(b.page, 'token-market-purchases');
    await b.page.getByRole('tab', { name: 'Market' }).click();
    await visible(b.page, 'No listings');

    expect(await product.app.ledger.audit()).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it('leads from Mine to the market; refuses beyond the balance before asking; shows the server’s refusal localized', async () => {
    const a = await product.newPhone();
    const b = await product.newPhone();
    const seller = await signIn(a.page);
    const buyer = await signIn(b.page);
    await fund(seller, 'NEU', '100');
    await fund(buyer, 'USDT', '10');
    await a.page.goto(`${product.url}/tokenSell?symbol=NEU`);
    await a.page.getByPlaceholder('Please enter the amount').fill('2');
    await a.page.getByPlaceholder('Please enter the price').fill('2');
    await a.page.locator('.wsubmit').click();
    // 2 × 2 = 4 USDT is under the market's smallest listing of 5 USDT.
    await visible(a.page, 'The total must be at least 5.00 USDT');
    await a.page.getByPlaceholder('Please enter the amount').fill('50');
    await a.page.locator('.wsubmit').click();
    await a.page.locator('.sheet__confirm:visible').click();
    await expect.poll(async () => (await spot(seller, 'NEU')).frozen, WAIT).toBe(TOKEN('50'));

    await b.page.goto(`${product.url}/me`);
    await visible(b.page, 'Token market');
    await product.shot(b.page, 'token-market-mine-entry');
    await b.page.getByText('Token market').click();
    await b.page.getByRole('button', { name: 'All tokens' }).click();
    await b.page.getByRole('option', { name: 'NEU' }).click();
    await b.page.locator('.tm-row--market').first().click();
    await b.page.getByRole('button', { name: 'All', exact: true }).click();
    await visible(b.page, 'Insufficient balance: you can buy up to 5.0000 NEU');
    await product.shot(b.page, 'token-market-buy-insufficient');
    await b.page.locator('.sheet__confirm:visible').click();
    await visible(b.page, 'Insufficient balance: you can buy up to 5.0000 NEU');
    expect(await spot(buyer, 'USDT')).toEqual({ available: USDT('10'), frozen: 0n });
    await b.page.getByPlaceholder('Please enter the amount').fill('5');
    await b.page.locator('.sheet__confirm:visible').click();
    await expect.poll(async () => (await spot(buyer, 'NEU')).available, WAIT).toBe(TOKEN('5'));
    expect(await spot(buyer, 'USDT')).toEqual({ available: 0n, frozen: 0n });
    // 10 USDT to the seller less the 0.2 % fee (0.02).
    expect(await spot(seller, 'USDT')).toEqual({ available: USDT('9.98'), frozen: 0n });

    // The seller withdraws while the buyer (now in German) has the sheet open: the server's refusal shows
    // in the buyer's language and nothing moves.
    await fund(buyer, 'USDT', '10');
    await b.page.evaluate(() => localStorage.setItem('lang', 'de'));
    await b.page.reload();
    await visible(b.page, 'Kaufen');
    await b.page.locator('.tm-row--market').first().click();
    await b.page.locator('.tm-buy__field input').fill('3');
    const [listing] = await product.app.deps.store.db
      .select()
      .from(p2pListings)
      .where(eq(p2pListings.userId, seller));
    await product.app.modules.tokenMarket.withdraw(seller, listing?.id ?? 0);
    await b.page.locator('.sheet__confirm:visible').click();
    await visible(b.page, 'Dieser Eintrag kann nicht mehr geändert werden');
    await product.shot(b.page, 'token-market-buy-refused-de');
    await expect.poll(() => b.page.locator('.sheet__confirm').count(), WAIT).toBe(0);
    await visible(b.page, 'Keine Angebote');
    expect(await spot(buyer, 'USDT')).toEqual({ available: USDT('10'), frozen: 0n });
    expect(await product.app.ledger.audit()).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
