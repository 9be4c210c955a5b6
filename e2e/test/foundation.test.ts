import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BANNERS, DEMO_NEWS } from '../../server/src/seed/content-data';
import koAccount from '../../web/src/features/account/locales/ko.json';
import koHome from '../../web/src/features/home/locales/ko.json';
import { type Product, startProduct } from '../harness';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product.close());

async function signInWithLocalWallet(page: Page, code: string | null): Promise<void> {
  await page.goto(`${product.url}/login`);
  await page.getByText('Local wallet — key stored in this browser').click();
  if (code !== null) await page.getByPlaceholder('Needed on your first sign-in').fill(code);
  await page.locator('button[type="submit"], button:has-text("Sign in")').last().click();
}

describe('a newcomer on a phone', () => {
  it('opens the app and sees banners, the bulletin and news from the server', async () => {
    const { page, context } = await product.newPhone();
    await page.goto(product.url);
    await page.waitForURL(/\/home$/);
    await expect.poll(() => page.title()).toBe('Home');
    await expect
      .poll(() =>
        page
          .getByText(DEMO_NEWS[0]?.title.en ?? '-')
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect
      .poll(() =>
        page
          .getByText(DEMO_BANNERS[0]?.title.en ?? '-')
          .first()
          .isVisible(),
      )
      .toBe(true);
    const banner = page.locator('img[src^="/static/banners/"]').first();
    await expect
      .poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The page held Home's code back until its frame had painted; by now every held file is asked for.
    const links = await page.evaluate(() => ({
      held: document.querySelectorAll('link[data-after-paint]').length,
      preloads: Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')).map(
        (l) => l.href,
      ),
    }));
    expect(links.held).toBe(0);
    expect(links.preloads.some((href) => /\/assets\/home-screen-[\w-]+\.js$/.test(href))).toBe(true);
    await product.shot(page, 'home');
    await context.close();
  });

  it('shows a block that could not load in its place, with a retry that brings it', async () => {
    const { page, context } = await product.newPhone();
    await page.route('**/api/basic/banner', (r) => r.abort());
    await page.route('**/api/basic/bulletin', (r) => r.abort());
    await page.goto(`${product.url}/home`);
    // After the reads' own retries on a lost network, each block says so in its place.
    const errors = page.locator('.inline-error');
    await expect.poll(() => errors.count(), { timeout: 60_000 }).toBe(2);
    await product.shot(page, 'home-blocks-failed');
    await page.unroute('**/api/basic/banner');
    await page.locator('.banners .inline-error__retry').click();
    await expect
      .poll(() =>
        page
          .getByText(DEMO_BANNERS[0]?.title.en ?? '-')
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await errors.count()).toBe(1);
    await context.close();
  });

  it('is asked for an invitation code on a first sign-in without one', async () => {
    const { page, context } = await product.newPhone();
    await signInWithLocalWallet(page, null);
    await expect
      .poll(() => page.getByText('Please enter the invitation code').first().isVisible())
      .toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('is told under the field, not in a toast, that an invitation code does not exist', async () => {
    const { page, context } = await product.newPhone();
    await signInWithLocalWallet(page, 'NOSUCHCODE');
    const error = page.locator('.login__error');
    await expect.poll(() => error.textContent()).toBe('The invitation code does not exist');
    expect(await page.locator('.adm-toast-main').count()).toBe(0);
    await product.shot(page, 'login-unknown-code');
    // Typing again clears it.
    await page.getByPlaceholder('Needed on your first sign-in').fill('NEXA2026');
    await expect.poll(() => error.count()).toBe(0);
    await context.close();
  });

  it('signs in from Home and comes back to Home', async () => {
    const { page, context } = await product.newPhone();
    await page.goto(`${product.url}/home`);
    await page.locator('.top-bar__pill').click();
    await page.waitForURL(/\/login$/);
    await page.getByText('Local wallet — key stored in this browser').click();
    await page.getByPlaceholder('Needed on your first sign-in').fill('NEXA2026');
    await page.locator('button[type="submit"], button:has-text("Sign in")').last().click();
    await page.waitForURL(/\/home$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    await context.close();
  });

  it('signs in with the local wallet, sees Mine, switches to Korean, and is signed out by a 406', async () => {
    const { page, context } = await product.newPhone();
    await signInWithLocalWallet(page, 'NEXA2026');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    const address = (await page.evaluate(() => localStorage.getItem('walletAddress'))) ?? '';
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    await page.goto(`${product.url}/me`);
    await expect.poll(() => page.title()).toBe('Mine');
    await expect.poll(() => page.getByText('Invitation code').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText(address.slice(0, 6)).first().isVisible()).toBe(true);
    await product.shot(page, 'mine');

    await page.goto(`${product.url}/me1`);
    await page.getByText('한국어').click();
    await expect.poll(() => page.title()).toBe(koAccount.screens.me1);
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ko');
    await page.goto(`${product.url}/home`);
    await expect.poll(() => page.title()).toBe(koHome.screens.home);
    await product.shot(page, 'home-ko');

    // The server ends every session: the next call answers 406, the app forgets the token.
    await product.app.modules.auth.revokeSessions();
    // A call the open page makes in the background may meet the 406 first and reload the page,
    // which aborts this navigation; the test then goes to Mine once more.
    await expect
      .poll(
        async () => {
          await page.goto(`${product.url}/me`).catch((error: unknown) => {
            if (!String(error).includes('ERR_ABORTED')) throw error;
          });
          return new URL(page.url()).pathname;
        },
        { timeout: 60_000 },
      )
      .toBe('/me');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('token')), { timeout: 60_000 })
      .toBeNull();
    await expect
      .poll(() => page.getByText(koAccount.mine.guestTitle).first().isVisible(), { timeout: 60_000 })
      .toBe(true);
    await product.shot(page, 'signed-out-ko');
    await context.close();
  });

  it('shows announcements and Q&A from the server', async () => {
    const { page, context } = await product.newPhone();
    await page.goto(`${product.url}/me3`);
    await expect.poll(() => page.title()).toBe('Announcements');
    await expect.poll(() => page.locator('text=/./').count()).toBeGreaterThan(5);
    await page.goto(`${product.url}/me4`);
    await expect.poll(() => page.title()).toBe('Q&A');
    await product.shot(page, 'questions');
    await context.close();
  });

  it('says what is missing on a record screen opened without its id, and leads back to the list', async () => {
    const { page, context } = await product.newPhone();
    await signInWithLocalWallet(page, 'NEXA2026');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    const screens: readonly [string, string][] = [
      ['/node22', '/node21'],
      ['/nft2', '/nft'],
      ['/nft5?id=999999', '/nft5'],
      ['/cardholders1', '/cardholders'],
      ['/orderDetail', '/order'],
      ['/shipOrder', '/order1'],
      ['/neuRecharge2?id=abc', '/neuRecharge2'],
      ['/copyTrader', '/copy'],
    ];
    for (const [route, back] of screens) {
      await page.goto(`${product.url}${route}`);
      const missing = page.getByTestId('missing-state');
      await expect.poll(() => missing.isVisible(), { timeout: 60_000, message: route }).toBe(true);
      const body = (await missing.textContent()) ?? '';
      expect(body, route).toContain(
        route.includes('?id=9')
          ? 'It may have been removed, or the link is out of date.'
          : 'This page shows one record, and its link does not say which.',
      );
      expect(body, route).not.toContain('New entries will show up here');
      if (route === '/copyTrader') await product.shot(page, 'missing-id-copy-trader');
      await missing.getByRole('button', { name: 'Back' }).click();
      await page.waitForURL((u) => u.pathname === back, { timeout: 60_000 });
    }
    await context.close();
  });
});
