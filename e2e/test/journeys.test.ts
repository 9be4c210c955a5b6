/**
 * The eleven journeys of a first-time user, walked at 390×844 by one stranger alone on the demo as it runs
 * (the simulated market and its makers, the demo's merchants, lead traders and racers): sign-in and demo
 * funds, spot, futures and insurance, copy, earn, NEU and an invitation, identity and a card, a shop purchase,
 * a race and a quiz question, three languages, and the operator console. Every step is a tap or a field in
 * the app; the only help from outside is the clock of the demo's own timers (their sweeps run at once here).
 * With JOURNEY_SHOTS=1 the pictures are written to e2e/screenshots/set/journeys/ (the repository's set); with
 * E2E_SHOTS=1 to e2e/screenshots like every other browser test.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_DIST, enrolByApi, newDesktop, signInConsole } from '../admin-harness';
import { PHONE, type Product, SHOTS, SHOTS_ON, startProduct } from '../harness';
import { documentPng, fillVerificationDetails, signIn, visible, WAIT } from '../users';

const JOURNEYS = fileURLToPath(new URL('../screenshots/set/journeys', import.meta.url));
const KEEP = process.env.JOURNEY_SHOTS === '1';
/** Long enough for a group to fill and a short race to run and settle on a loaded machine. */
const RACE = { timeout: 60_000 } as const;

let product: Product;
let phone: BrowserContext;
let page: Page;
let me: { id: number; uid: string };

beforeAll(async () => {
  product = await startProduct({ env: { ADMIN_DIST, MARKET_SOURCE: 'sim', MARKET_SIM_STEP_MS: '1000' } });
  // The demo's timers, short: a race of four seats filled by demo racers, shipping at once.
  await product.app.settings.set('games.group_size', 4);
  await product.app.settings.set('games.demo_join_s', 0.5);
  await product.app.settings.set('games.race_seconds', 6);
  await product.app.settings.set('demo.shop_ship_after_s', 0);
  if (KEEP) mkdirSync(JOURNEYS, { recursive: true });
  // The stranger's phone: 390×844 at 1×, so the kept pictures stay small.
  phone = await product.browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  page = await phone.newPage();
});
afterAll(async () => {
  await phone?.close();
  await product?.close();
});

/** Nothing on the page is wider than the phone. */
const fitsWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Keeps a picture of the journey's step (the repository's set with JOURNEY_SHOTS=1), after checking it fits. */
async function keep(p: Page, name: string): Promise<void> {
  expect(await fitsWidth(p), `${name} fits the phone`).toBe(true);
  if (KEEP) await p.screenshot({ path: `${JOURNEYS}/${name}.png` });
  if (SHOTS_ON) await p.screenshot({ path: `${SHOTS}/journey-${name}.png` });
}

/** Confirms the visible confirmation sheet and waits for it to leave. */
async function confirmSheet(p: Page): Promise<void> {
  await p.locator('.sheet__confirm:visible').click();
  await expect.poll(() => p.locator('.sheet__confirm:visible').count(), WAIT).toBe(0);
}

/**
 * Confirms an exchange at its standing quote. The simulated market moves every half second, so the server may
 * refuse a quote that moved on before the tap arrived; the sheet then offers the fresh one, and the user
 * confirms again, as a person would.
 */
async function confirmQuote(p: Page): Promise<void> {
  for (let tries = 0; ; tries++) {
    await p.locator('.sheet__confirm:visible').click();
    const closed = await expect
      .poll(() => p.locator('.sheet__confirm:visible').count(), { timeout: 8_000 })
      .toBe(0)
      .then(
        () => true,
        () => false,
      );
    if (closed) return;
    if (tries === 3) throw new Error('the exchange sheet stayed open after four confirmations');
  }
}

const testText = async (p: Page, id: string) => (await p.getByTestId(id).first().textContent()) ?? '';

/** The stranger's available balance of an asset in an account, in minor units. */
async function available(asset: string, kind = 'spot'): Promise<bigint> {
  const b = (await product.app.ledger.balances(me.id)).find((x) => x.asset === asset && x.kind === kind);
  return b?.available ?? 0n;
}

describe('eleven journeys of a stranger alone, at 390×844', { timeout: 360_000 }, () => {
  it('1. signs in with a new local wallet and takes the demo funds from the empty wallet', async () => {
    await page.goto(`${product.url}/home`);
    await expect.poll(() => page.locator('.adm-skeleton').count(), { timeout: 60_000 }).toBe(0);
    await keep(page, '01-home-signed-out');
    const u = await signIn(product, page);
    me = { id: u.id, uid: u.uid };
    await page.goto(`${product.url}/wallet`);
    await page.getByText('New here? Get 10,000.00 demo USDT and start trading').click();
    await expect.poll(() => page.url(), WAIT).toContain('/deposit');
    await page.getByRole('button', { name: 'Get 10,000.00 USDT' }).click();
    await visible(page, /Claimed today/);
    await keep(page, '01-demo-funds');
    await page.goto(`${product.url}/wallet`);
    await visible(page, '10,000.00');
    expect(await available('USDT')).toBe(10_000_000_000n);
  });

  it('2. buys BTC at market from the demo makers’ book', async () => {
    await page.goto(`${product.url}/trade?instId=BTC-USDT`);
    await expect.poll(() => page.locator('.book__row--ask').count(), WAIT).toBeGreaterThan(0);
    await page.getByRole('tab', { name: 'Market' }).first().click();
    await page.getByPlaceholder('Total').first().fill('200');
    await page.getByRole('button', { name: 'Buy BTC' }).click();
    await confirmSheet(page);
    await expect.poll(() => available('BTC'), WAIT).toBeGreaterThan(0n);
    await keep(page, '02-spot-bought');
  });

  it('3. moves USDT to futures, opens a long and buys a cover', async () => {
    await page.goto(`${product.url}/internalTransfer`);
    await page.getByPlaceholder('Please enter the internal transfer amount').fill('2000');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await confirmSheet(page);
    await expect.poll(() => available('USDT', 'futures'), WAIT).toBe(2_000_000_000n);

    await page.goto(`${product.url}/contract`);
    await visible(page, 'Perpetual');
    await page.getByRole('button', { name: 'Open long' }).first().click();
    await page.getByPlaceholder('Contracts', { exact: true }).fill('1');
    await page.getByRole('button', { name: 'Open long' }).first().click();
    await confirmSheet(page);
    await expect.poll(() => page.getByTestId('fut-position').count(), WAIT).toBe(1);
    await keep(page, '03-futures-position');

    await page.goto(`${product.url}/node7`);
    await page.getByPlaceholder('Please enter the amount').fill('1000');
    await page.getByRole('button', { name: 'Buy cover' }).click();
    await confirmSheet(page);
    await expect.poll(() => page.getByTestId('ins-cover').count(), WAIT).toBe(1);
    await keep(page, '03-insurance-cover');
  });

  it('4. copies a demo lead trader, tagged as demo', async () => {
    await page.goto(`${product.url}/copy`);
    const lead = page.getByTestId('copy-trader').first();
    await expect.poll(() => lead.getByTestId('demo-tag').count(), WAIT).toBe(1);
    await keep(page, '04-copy-leads');
    await lead.click();
    await visible(page, '14-day rate');
    await page.getByTestId('copy-follow').click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByPlaceholder('≥ 10').fill('100');
    await page.getByPlaceholder('≥ 50').fill('500');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Confirm copy' }).click();
    // What the copy made, not its two-second toast (a loaded machine can miss it).
    await expect.poll(() => page.getByTestId('copy-active').count(), WAIT).toBe(1);
    await keep(page, '04-copy-mine');
  });

  it('5. stakes USDT for 90 days', async () => {
    await page.goto(`${product.url}/node2`);
    await visible(page, 'Choose a plan');
    await page.getByRole('button', { name: /90 days/ }).click();
    await page.getByPlaceholder('Please enter the amount').fill('500');
    await page.getByTestId('stake-btn').click();
    await confirmSheet(page);
    await expect.poll(() => page.url(), WAIT).toContain('/node22?id=');
    await visible(page, '0 of 90 days paid');
    await keep(page, '05-earn-stake');
  });

  it('6. exchanges USDT for NEU, and a friend signs up through the invitation link', async () => {
    await page.goto(`${product.url}/neuRecharge4`);
    await page.getByPlaceholder('Please enter the amount').fill('200');
    await expect.poll(() => page.getByTestId('neu-quote-receive').isVisible(), WAIT).toBe(true);
    await page.getByRole('button', { name: 'Exchange USDT for NEU' }).click();
    await confirmQuote(page);
    // The wallet has it (the toast saying so shows for two seconds only: a loaded machine can miss it).
    await expect.poll(() => available('NEU'), WAIT).toBeGreaterThan(0n);
    await keep(page, '06-neu-exchanged');

    await page.goto(`${product.url}/invite`);
    await expect.poll(() => page.getByTestId('invite-link').isVisible(), WAIT).toBe(true);
    const link = await testText(page, 'invite-link');
    const friend = await product.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const fp = await friend.newPage();
    await fp.goto(link);
    await expect
      .poll(() => fp.getByPlaceholder('Needed on your first sign-in').inputValue(), WAIT)
      .not.toBe('');
    await fp.getByText('Local wallet — key stored in this browser').click();
    await fp.locator('button[type="submit"], button:has-text("Sign in")').last().click();
    await expect.poll(() => fp.evaluate(() => localStorage.getItem('walletAddress')), WAIT).not.toBeNull();
    await friend.close();
    await page.goto(`${product.url}/invite`);
    await expect.poll(() => testText(page, 'sum-headcount'), WAIT).toBe('1');
    await keep(page, '06-invite');
  });

  it('7. verifies identity (the demo approves it, saying it checked nothing) and opens a test card', async () => {
    await page.goto(`${product.url}/realName1`);
    await expect.poll(() => page.getByTestId('kyc-step').getAttribute('data-step'), WAIT).toBe('1');
    await fillVerificationDetails(page, 'Fremd');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByTestId('kyc-step').getAttribute('data-step'), WAIT).toBe('2');
    const sides = [
      ['kyc_front', [40, 90, 200]],
      ['kyc_back', [90, 60, 160]],
      ['kyc_selfie', [200, 150, 120]],
    ] as const;
    for (const [slot, colour] of sides)
      await page
        .getByTestId(`file-${slot}`)
        .setInputFiles({ name: `${slot}.png`, mimeType: 'image/png', buffer: documentPng(64, 40, colour) });
    for (const [slot] of sides)
      await expect.poll(() => page.getByTestId(`slot-${slot}`).getAttribute('data-state'), WAIT).toBe('done');
    await page.getByTestId('kyc-submit').click();
    await expect.poll(() => page.getByTestId('kyc-status').getAttribute('data-status'), WAIT).toBe('pending');
    await visible(page, /without any check of your documents/);
    await keep(page, '07-kyc-pending');
    // The demo's sweep (every minute in the running product) approves it; its wait is cut to nothing only now,
    // so the product's own minute sweep cannot approve it before the pending screen is seen.
    await product.app.settings.set('demo.kyc_approve_after_s', 0);
    await product.app.modules.cards.sweep();
    await page.reload();
    await expect
      .poll(() => page.getByTestId('kyc-status').getAttribute('data-status'), WAIT)
      .toBe('approved');

    await page.goto(`${product.url}/cardholders`);
    await page.getByTestId('open-virtual').click();
    await expect.poll(() => page.getByTestId('bin-option').count(), WAIT).toBeGreaterThan(0);
    expect(await testText(page, 'open-fee')).toBe('Free (test card)');
    await page.getByRole('button', { name: 'Open card' }).click();
    await confirmSheet(page);
    await expect.poll(() => page.url(), WAIT).toMatch(/\/cardholders1\?id=\d+$/);
    await expect.poll(() => page.getByTestId('card-detail').getAttribute('data-status'), WAIT).toBe('active');
    await keep(page, '07-card');
  });

  it('8. buys a demo good paid from spot, the demo merchant ships it, and signs for it', async () => {
    await page.goto(`${product.url}/store`);
    const tile = page.getByTestId('product-tile').first();
    await expect.poll(() => tile.count(), WAIT).toBe(1);
    await keep(page, '08-shop');
    await tile.click();
    await expect.poll(() => page.getByTestId('demo-chip').count(), WAIT).toBe(1);
    await page.getByTestId('buy-now').click();
    await page.getByTestId('add-address').click();
    await page.getByPlaceholder("Please enter the recipient's name").fill('Ana Fremd');
    await page.getByPlaceholder('Please enter a phone number').fill('+49 30 7654321');
    await page.getByPlaceholder('Please enter the country, province and city').fill('Germany, Berlin');
    await page.getByPlaceholder('Please enter the street, number and flat').fill('Torstrasse 2');
    await page.getByTestId('address-save').click();
    await expect.poll(() => page.url(), WAIT).toContain('/confirmOrder');
    await page.getByTestId('pay-from-spot').click();
    await page.getByTestId('pay').click();
    await confirmSheet(page);
    await expect.poll(() => page.url(), WAIT).toMatch(/\/orderDetail\?id=\d+$/);
    // Paid; the demo merchant's round may already have shipped it.
    await expect
      .poll(() => page.getByTestId('order-detail').getAttribute('data-status'), WAIT)
      .toMatch(/^(paid|shipped)$/);
    await product.app.modules.shop.sweep();
    await page.reload();
    await expect
      .poll(() => page.getByTestId('order-detail').getAttribute('data-status'), WAIT)
      .toBe('shipped');
    await page.getByTestId('sign-for').click();
    await confirmSheet(page);
    await expect
      .poll(() => page.getByTestId('order-detail').getAttribute('data-status'), WAIT)
      .toBe('completed');
    await keep(page, '08-shop-order');
  });

  it('9. buys tickets, races against demo racers (tagged), and answers a quiz question', async () => {
    await page.goto(`${product.url}/game`);
    await page.getByRole('button', { name: 'Buy tickets' }).click();
    await page.getByPlaceholder('Please enter the number of tickets').fill('2');
    await page.getByRole('button', { name: 'Buy tickets' }).click();
    await confirmSheet(page);
    await expect.poll(() => testText(page, 'ticket-balance'), WAIT).toBe('2');
    await page.getByTestId('open-group').getByRole('button', { name: 'Join race' }).click();
    await page.locator('.sheet').getByPlaceholder('Please enter the number of tickets').fill('1');
    await page.locator('.sheet__confirm:visible').click();
    // The demo racers fill the group, each tagged; the race runs and settles.
    const mine = page.getByTestId('my-race');
    const stage = mine.getByTestId('race-stage');
    await expect.poll(() => mine.getByTestId('demo-tag').count(), RACE).toBeGreaterThan(0);
    await expect
      .poll(async () => ((await stage.count()) > 0 ? stage.getAttribute('data-stage') : null), RACE)
      .toMatch(/^(formed|settled)$/);
    await mine.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await keep(page, '09-race');
    await expect.poll(() => stage.getAttribute('data-stage'), RACE).toBe('settled');
    await keep(page, '09-race-settled');

    // A quiz question: the answer is taken, and judged when the question closes for everyone.
    await page.goto(`${product.url}/game?tab=quiz`);
    await expect.poll(() => page.getByTestId('quiz-row').count(), WAIT).toBeGreaterThan(0);
    await page.getByTestId('quiz-row').first().click();
    await expect.poll(() => page.getByTestId('quiz-sheet').isVisible(), WAIT).toBe(true);
    await page.getByTestId('quiz-sheet').locator('.gask__choice').first().click();
    await page.locator('.sheet__confirm:visible').click();
    await expect.poll(() => testText(page, 'quiz-result'), WAIT).toContain('Your answer is in');
    await keep(page, '09-quiz');
  });

  it('10. reads Home, Trade and the wallet in German, Thai and Chinese, nothing wider than the phone', async () => {
    const state = await phone.storageState();
    for (const lang of ['de', 'th', 'zh'] as const) {
      const ctx = await product.browser.newContext({
        viewport: PHONE,
        isMobile: true,
        hasTouch: true,
        storageState: state,
      });
      await ctx.addInitScript((l) => localStorage.setItem('lang', l), lang);
      const p = await ctx.newPage();
      for (const [path, name] of [
        ['/home', 'home'],
        ['/trade?instId=BTC-USDT', 'trade'],
        ['/wallet', 'wallet'],
      ] as const) {
        await p.goto(`${product.url}${path}`);
        await expect
          .poll(() => p.evaluate(() => document.documentElement.lang), WAIT)
          .toMatch(new RegExp(`^${lang}`));
        // Loaded: nothing busy on the page (no skeleton, no spinner).
        await expect.poll(() => p.locator('[aria-busy="true"], .adm-skeleton').count(), WAIT).toBe(0);
        await keep(p, `10-${name}-${lang}`);
      }
      await ctx.close();
    }
  });

  it('11. an operator signs in to the console and finds the stranger with their balances', async () => {
    const admin = await enrolByApi(product, 'admin', 'nexa-admin');
    const { context, page: desk } = await newDesktop(product);
    await signInConsole(product, desk, admin);
    await desk.locator('.ant-layout-sider').getByRole('link', { name: 'Users', exact: true }).click();
    await desk.getByTestId('user-search').locator('input').fill(me.uid);
    await desk.getByTestId('user-search').locator('input').press('Enter');
    await expect.poll(() => desk.getByTestId('row-users').count(), WAIT).toBe(1);
    await desk.getByTestId('row-users').first().focus();
    await desk.keyboard.press('Enter');
    await expect.poll(() => desk.getByTestId('user-uid').textContent(), WAIT).toBe(me.uid);
    await expect.poll(() => desk.getByTestId('row-user-balances').count(), WAIT).toBeGreaterThan(0);
    if (KEEP) await desk.screenshot({ path: `${JOURNEYS}/11-console-user.png` });
    await context.close();
    expect(await product.app.ledger.audit()).toEqual([]);
  });
});
