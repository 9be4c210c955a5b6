import { exactText, formatAmount, formatNumber } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../server/src/store';
import { type Product, SCALE, SHOTS_ON, startProduct } from '../harness';
import { fund, signIn, visible, WAIT } from '../users';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product.close());

const text = async (page: Page, id: string) => (await page.getByTestId(id).first().textContent())?.trim();

/** Nothing on the page is wider than the phone. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/**
 * A screenshot of what is on screen, once nothing on it is wider than the phone: after the last toast has gone
 * and an opening sheet has slid in.
 */
async function shot(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.locator('.adm-toast-main:visible').count(), { timeout: 60_000 }).toBe(0);
  if (SHOTS_ON && (await page.locator('.sheet__confirm:visible').count()) > 0) await page.waitForTimeout(500);
  expect(await fitsWidth(page), `${name} fits the phone`).toBe(true);
  await product.shot(page, name);
}

/** Confirms the visible confirmation sheet and waits for it to leave. */
async function confirmSheet(page: Page): Promise<void> {
  await page.locator('.sheet__confirm:visible').click();
  await expect.poll(() => page.locator('.sheet__confirm:visible').count(), WAIT).toBe(0);
}

/** A NEU/USDT book around 2 USDT: a maker's asks and bids, five levels of 500 NEU a side. */
async function neuBook(makerId: number): Promise<void> {
  await fund(product, makerId, 'USDT', '20000');
  await fund(product, makerId, 'NEU', '5000');
  for (let k = 1; k <= 5; k++) {
    await product.app.modules.spot.submit(makerId, {
      instId: 'NEU-USDT',
      side: 'sell',
      type: 'limit',
      px: exactText((2 + k * 0.002).toFixed(4)),
      sz: exactText('500'),
    });
    await product.app.modules.spot.submit(makerId, {
      instId: 'NEU-USDT',
      side: 'buy',
      type: 'limit',
      px: exactText((2 - k * 0.002).toFixed(4)),
      sz: exactText('500'),
    });
  }
}

/** A spot balance as the NEU home shows it: cut down to `decimals`, grouped. */
async function shownBalance(userId: number, asset: string, decimals: number): Promise<string> {
  const scale = asset === 'USDT' ? 6 : 8;
  const b = (await product.app.ledger.balances(userId)).find((x) => x.asset === asset && x.kind === 'spot');
  const step = 10n ** BigInt(scale - decimals);
  return formatNumber(formatAmount(((b?.available ?? 0n) / step) * step, scale), decimals);
}

describe('the NEU line in the browser', () => {
  it('exchanges USDT for NEU, stakes it, buys a machine and its SPA quota, exchanges and gives SPA; the home shows it', async () => {
    // A maker quotes the NEU/USDT book (the demo's market is off in tests).
    const maker = await product.newPhone();
    const m = await signIn(product, maker.page);
    await maker.context.close();
    await neuBook(m.id);

    // A signs in, takes the demo funds (10,000 USDT) and opens the NEU home.
    const a = await product.newPhone();
    const page = a.page;
    // Signed out, the home shows the line's own figures and asks to sign in for mine.
    await page.goto(`${product.url}/neuRecharge`);
    await visible(page, 'Sign in to the NEU line');
    await expect.poll(() => text(page, 'neu-price'), WAIT).toMatch(/^1 NEU ≈ 2\.\d{4} USDT$/);
    await shot(page, 'neu-home-signed-out');
    const u = await signIn(product, page);
    await page.goto(`${product.url}/deposit`);
    await page.getByRole('button', { name: 'Get 10,000.00 USDT' }).click();
    await visible(page, /Claimed today/);
    await page.goto(`${product.url}/neuRecharge`);
    await expect.poll(() => text(page, 'neu-usdt'), WAIT).toBe('10,000.00 USDT');
    expect(await text(page, 'neu-balance')).toBe('0.0000 NEU');
    expect(await text(page, 'neu-spa')).toBe('0.00 SPA');
    await expect.poll(() => text(page, 'neu-epoch'), WAIT).toMatch(/^Epoch \d+$/);
    await expect.poll(() => text(page, 'neu-price'), WAIT).toMatch(/^1 NEU ≈ 2\.\d{4} USDT$/);
    expect(await page.getByTestId('music-toggle').count()).toBe(1);
    await shot(page, 'neu-home');

    // Exchange 1,000 USDT for NEU at a quote that counts down.
    await page.getByTestId('neu-entry-neuRecharge4').click();
    await expect.poll(() => page.url(), WAIT).toBe(`${product.url}/neuRecharge4`);
    await page.getByPlaceholder('Please enter the amount').fill('1000');
    await expect.poll(() => page.getByTestId('neu-quote-receive').isVisible(), WAIT).toBe(true);
    expect(await text(page, 'neu-quote-receive')).toMatch(/^4\d\d\.\d+ NEU$/);
    await visible(page, /Quote refreshes in \d+ s/);
    await shot(page, 'neu-exchange-quote');
    await page.getByRole('button', { name: 'Exchange USDT for NEU' }).click();
    await visible(page, 'Confirm exchange');
    await visible(page, /Confirm \(\d+ s\)/);
    await shot(page, 'neu-exchange-confirm');
    await confirmSheet(page);
    await visible(page, /Exchanged: 4\d\d\.\d+ NEU received/);
    await expect.poll(() => page.getByTestId('neu-exchange-row').count(), WAIT).toBe(1);
    await shot(page, 'neu-exchange-records');

    // Deposit: my address with its QR code, the same on every EVM network; withdraw 10 NEU.
    await page.goto(`${product.url}/neuRecharge1`);
    await expect.poll(() => page.getByTestId('neu-deposit-qr').isVisible(), WAIT).toBe(true);
    const address = page.getByTestId('neu-deposit-address');
    await expect.poll(() => address.textContent(), WAIT).toMatch(/^0x[0-9a-f]{40}$/);
    const erc20 = await address.textContent();
    await shot(page, 'neu-deposit');
    await page.getByRole('button', { name: 'BEP20' }).click();
    await expect.poll(() => address.textContent(), WAIT).toBe(erc20);
    await page.getByRole('button', { name: 'TRC20' }).click();
    await expect.poll(() => address.textContent(), WAIT).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await page.getByRole('tab', { name: 'Withdraw' }).click();
    await expect.poll(() => page.url(), WAIT).toContain('tab=withdraw');
    await visible(page, '0.5000 NEU'); // the wallet's fee for NEU
    await page.getByRole('button', { name: 'Withdraw NEU' }).click();
    await visible(page, 'Please enter the receiving address');
    await page.getByPlaceholder('Please enter the receiving address').fill(`0x${'ab'.repeat(20)}`);
    await page.getByPlaceholder('Please enter the withdrawal amount').fill('2');
    await page.getByRole('button', { name: 'Withdraw NEU' }).click();
    await visible(page, 'The minimum is 5.0000 NEU');
    await page.getByPlaceholder('Please enter the withdrawal amount').fill('10');
    await visible(page, '10.5000 NEU'); // deducted: amount and fee
    await shot(page, 'neu-withdraw');
    await page.getByRole('button', { name: 'Withdraw NEU' }).click();
    await visible(page, 'Confirm NEU withdrawal');
    await confirmSheet(page);
    await expect.poll(() => page.getByTestId('neu-withdrawal-row').count(), WAIT).toBe(1);
    await visible(page, 'Pending approval');
    await shot(page, 'neu-withdraw-records');

    // Stake 100 NEU for 90 days: the order opens, renewal switches on, early redemption shows what comes back.
    await page.goto(`${product.url}/neuRecharge2`);
    await visible(page, 'Choose a plan');
    await page.getByRole('button', { name: /90 days/ }).click();
    await page.getByPlaceholder('Please enter the amount').fill('5');
    await page.getByRole('button', { name: 'Stake NEU' }).click();
    await visible(page, 'The minimum is 10.0000 NEU');
    await page.getByPlaceholder('Please enter the amount').fill('100');
    await visible(page, '2.9589 NEU'); // 100 × 12 % × 90 ÷ 365
    await shot(page, 'neu-staking');
    await page.getByRole('button', { name: 'Stake NEU' }).click();
    await visible(page, 'Confirm NEU staking');
    await confirmSheet(page);
    await visible(page, 'Staked successfully');
    await expect.poll(() => page.url(), WAIT).toContain('/neuRecharge2?id=');
    await visible(page, '0 of 90 days paid');
    const renew = page.getByTestId('neu-renew-switch');
    expect(await renew.isChecked()).toBe(false);
    await renew.click();
    await visible(page, 'Turn on renewal');
    await confirmSheet(page);
    await expect.poll(() => renew.isChecked(), WAIT).toBe(true);
    await shot(page, 'neu-staking-order');
    await page.getByTestId('neu-redeem-btn').click();
    await visible(page, 'You get back');
    await shot(page, 'neu-staking-redeem');
    await page.locator('.sheet__close:visible').click();
    await expect.poll(() => page.locator('.sheet__confirm:visible').count(), WAIT).toBe(0);
    await page.goBack();
    await expect.poll(() => page.getByTestId('neu-pledge-row').count(), WAIT).toBe(1);
    await expect.poll(() => text(page, 'neu-staked-total'), WAIT).toBe('100.0000 NEU');
    await page.getByTestId('neu-pledge-row').scrollIntoViewIfNeeded();
    await shot(page, 'neu-staking-orders');

    // Buy two N1 Nodes: the sheet shows the price and the SPA quota they grant, and so does the order.
    await page.goto(`${product.url}/neuRecharge3`);
    const card = page.getByTestId('neu-machine').filter({ hasText: 'N1 Node' });
    await card.getByTestId('neu-machine-buy').click();
    await card.getByTestId('neu-machine-quantity').fill('2');
    await visible(page, '200.00 SPA');
    await shot(page, 'neu-machines');
    await card.getByTestId('neu-machine-buy-submit').click();
    await visible(page, 'Confirm purchase');
    expect(await text(page, 'neu-confirm-quota')).toBe('200.00 SPA');
    await shot(page, 'neu-machines-confirm');
    await confirmSheet(page);
    await visible(page, 'Bought: +200.00 SPA');
    await expect.poll(() => page.getByTestId('neu-machine-order').count(), WAIT).toBe(1);
    expect(await text(page, 'neu-order-quota')).toBe('200.00 SPA');
    await expect.poll(() => text(page, 'neu-my-power'), WAIT).toBe('20.00 T');
    await shot(page, 'neu-machines-mine');
    await page.getByRole('tab', { name: 'Epochs' }).click();
    await expect
      .poll(() => page.locator('[data-testid="neu-period"][data-status="current"]').count(), WAIT)
      .toBe(1);
    await shot(page, 'neu-machines-periods');
    await page.getByRole('tab', { name: 'Income' }).click();
    await visible(page, 'No income yet');
    await shot(page, 'neu-machines-income');

    // B signs up with A's invitation code: A's team, and the one A gives SPA quota to.
    const [row] = await product.app.deps.store.db
      .select({ code: schema.users.inviteCode })
      .from(schema.users)
      .where(eq(schema.users.id, u.id));
    const b = await product.newPhone();
    await b.page.goto(`${product.url}/login?code=${row?.code ?? ''}`);
    await b.page.getByText('Local wallet — key stored in this browser').click();
    await b.page.locator('button[type="submit"], button:has-text("Sign in")').last().click();
    await expect
      .poll(() => b.page.evaluate(() => localStorage.getItem('walletAddress')), WAIT)
      .not.toBeNull();
    const bAddress = (await b.page.evaluate(() => localStorage.getItem('walletAddress'))) ?? '';
    const [bUser] = await product.app.deps.store.db
      .select({ uid: schema.users.uid })
      .from(schema.users)
      .where(eq(schema.users.address, bAddress.toLowerCase()));

    // Exchange 50 SPA for NEU at 0.1 NEU each.
    await page.goto(`${product.url}/neuRecharge4?tab=spa`);
    await expect.poll(() => text(page, 'neu-spa-balance'), WAIT).toBe('200.00 SPA');
    await page.getByRole('button', { name: 'Exchange', exact: true }).click();
    await page.getByPlaceholder('Please enter the amount').fill('50');
    await expect.poll(() => text(page, 'neu-spa-out'), WAIT).toBe('5.0000 NEU');
    await shot(page, 'neu-spa-exchange');
    await page.getByRole('button', { name: 'Exchange for NEU' }).click();
    await visible(page, 'Confirm SPA exchange');
    await confirmSheet(page);
    await visible(page, 'Exchanged: 5.0000 NEU received');
    await expect.poll(() => page.getByTestId('neu-spa-exchange-row').count(), WAIT).toBe(1);

    // Give 30 SPA to B by UID: the recipient is looked up before anything moves.
    await page.getByRole('button', { name: 'Give', exact: true }).click();
    await page.getByPlaceholder('Wallet address or UID').fill(bUser?.uid ?? '');
    await expect.poll(() => page.getByTestId('neu-recipient-found').isVisible(), WAIT).toBe(true);
    await page.getByPlaceholder('Please enter the amount').fill('30');
    await shot(page, 'neu-spa-transfer');
    await page.getByRole('button', { name: 'Give SPA quota' }).click();
    await visible(page, 'Confirm giving SPA quota');
    await confirmSheet(page);
    await visible(page, 'SPA quota sent');
    await expect.poll(() => page.getByTestId('neu-spa-transfer-row').count(), WAIT).toBe(1);
    await expect.poll(() => text(page, 'neu-spa-balance'), WAIT).toBe('120.00 SPA');
    await shot(page, 'neu-spa-records');

    // My team (B) and the NEU ranking with my place.
    await page.getByRole('tab', { name: 'Team' }).click();
    await expect.poll(() => text(page, 'neu-team-headcount'), WAIT).toBe('1');
    await expect.poll(() => page.getByTestId('neu-member').count(), WAIT).toBe(1);
    await shot(page, 'neu-team');
    await page.getByRole('tab', { name: 'Ranking' }).click();
    await expect.poll(() => page.getByTestId('neu-rank-row').count(), WAIT).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Today' }).click();
    await expect.poll(() => page.getByTestId('neu-rank-place').isVisible(), WAIT).toBe(true);
    await shot(page, 'neu-ranking');

    // The home: what is left of each, my stake and my power.
    await page.goto(`${product.url}/neuRecharge`);
    await expect.poll(() => text(page, 'neu-spa'), WAIT).toBe('120.00 SPA');
    // 10,000 less 200 for the machines and the USDT the exchange spent (the book fills whole lots of NEU).
    expect(await text(page, 'neu-usdt')).toBe(`${await shownBalance(u.id, 'USDT', 2)} USDT`);
    expect(await text(page, 'neu-usdt')).toMatch(/^8,80\d\.\d\d USDT$/);
    expect(await text(page, 'neu-balance')).toBe(`${await shownBalance(u.id, 'NEU', 4)} NEU`);
    expect(await text(page, 'neu-staked')).toBe('100.0000');
    expect(await text(page, 'neu-power')).toBe('20.00 T');
    await shot(page, 'neu-home-after');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shot(page, 'neu-home-after-bottom');

    // B has the quota A gave.
    await b.page.goto(`${product.url}/neuRecharge`);
    await expect.poll(() => text(b.page, 'neu-spa'), WAIT).toBe('30.00 SPA');
    await shot(b.page, 'neu-home-b');
    await b.context.close();

    // In long languages too, nothing is wider than the phone.
    const state = await a.context.storageState();
    await a.context.close();
    for (const lang of ['de', 'th']) {
      const ctx = await product.browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: SCALE,
        isMobile: true,
        hasTouch: true,
        storageState: state,
      });
      await ctx.addInitScript((l) => localStorage.setItem('lang', l), lang);
      const p = await ctx.newPage();
      for (const [screen, ready] of [
        ['neuRecharge', 'neu-balance'],
        ['neuRecharge1', 'neu-deposit-address'],
        ['neuRecharge2', 'neu-pledge-row'],
        ['neuRecharge3', 'neu-machine'],
        ['neuRecharge4', 'neu-exchange-row'],
      ] as const) {
        await p.goto(`${product.url}/${screen}`);
        await expect.poll(() => p.getByTestId(ready).first().isVisible(), WAIT).toBe(true);
        await shot(p, `neu-${lang}-${screen}`);
      }
      await ctx.close();
    }
    expect(await product.app.ledger.audit()).toEqual([]);
  }, 600_000);
});
