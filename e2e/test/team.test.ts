import { exactText } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../server/src/store';
import { type Product, snap, startProduct } from '../harness';
import { fund, signIn, visible, WAIT } from '../users';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product.close());

const text = async (page: Page, id: string) => (await page.getByTestId(id).first().textContent())?.trim();

/**
 * A friend opens the invitation link on a phone of their own and signs up with a new local wallet: the
 * sign-in shows the code from the link already filled in.
 */
async function signUpByLink(link: string, code: string): Promise<{ page: Page; id: number }> {
  const { page } = await product.newPhone();
  await page.goto(link);
  const field = page.getByPlaceholder('Needed on your first sign-in');
  await expect.poll(() => field.inputValue(), WAIT).toBe(code);
  await page.getByText('Local wallet — key stored in this browser').click();
  await page.locator('button[type="submit"], button:has-text("Sign in")').last().click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('walletAddress')), WAIT).not.toBeNull();
  const address = (await page.evaluate(() => localStorage.getItem('walletAddress'))) ?? '';
  const [u] = await product.app.deps.store.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.address, address.toLowerCase()));
  if (!u) throw new Error('friend not found');
  return { page, id: u.id };
}

/** Nothing on the page is wider than the phone. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe('the referral team in the browser', () => {
  it('invites two friends by link; once they stake, both show as valid referrals and the team figures grow', async () => {
    const a = await product.newPhone();
    await a.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    const page = a.page;
    await signIn(product, page);

    // My code, my link (the sign-in with the code), its QR code; copying each toasts and fills the clipboard.
    await page.goto(`${product.url}/invite`);
    await expect.poll(() => page.getByTestId('invite-code').isVisible(), WAIT).toBe(true);
    const code = (await text(page, 'invite-code')) ?? '';
    expect(code).toMatch(/^[A-Z0-9]{4,16}$/);
    const link = (await text(page, 'invite-link')) ?? '';
    expect(link).toBe(`${product.url}/login?code=${code}`);
    await expect.poll(() => page.getByTestId('invite-qr').isVisible(), WAIT).toBe(true);
    expect(await text(page, 'sum-headcount')).toBe('0');
    expect(await text(page, 'sum-level')).toBe('V0');
    await product.shot(page, 'team-invite');
    await page.getByTestId('copy-link').click();
    await visible(page, 'Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await page.getByTestId('copy-code').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), WAIT).toBe(code);

    // No referrals yet.
    await page.getByTestId('to-referrals').click();
    await expect.poll(() => page.url(), WAIT).toBe(`${product.url}/invite1`);
    await visible(page, 'No referrals yet');
    await product.shot(page, 'team-referrals-empty');

    // Two friends sign up through the link. B stakes 200 USDT on the staking screen, C 300 through the API.
    const b = await signUpByLink(link, code);
    await fund(product, b.id, 'USDT', '1000');
    await b.page.goto(`${product.url}/node2`);
    await visible(b.page, 'Choose a plan');
    await b.page.getByRole('button', { name: /90 days/ }).click();
    await b.page.getByPlaceholder('Please enter the amount').fill('200');
    await b.page.getByTestId('stake-btn').click();
    await visible(b.page, 'Confirm staking');
    await b.page.locator('.sheet__confirm:visible').click();
    await visible(b.page, 'Staking success');
    await b.page.context().close();

    const c = await signUpByLink(link, code);
    await fund(product, c.id, 'USDT', '500');
    await product.app.modules.earn.stake(c.id, { amount: exactText('300'), days: 90, auto_renew: false });
    await c.page.context().close();

    // Both are my direct referrals, valid, with their volumes, newest first.
    await page.reload();
    await expect.poll(() => page.getByTestId('referral-row').count(), WAIT).toBe(2);
    expect(await page.getByTestId('referral-volume').allTextContents()).toEqual(['300.00', '200.00']);
    expect(
      await page.getByTestId('valid-tag').evaluateAll((tags) => tags.map((t) => t.dataset.valid)),
    ).toEqual(['true', 'true']);
    expect(await text(page, 'strip-direct')).toBe('2');
    expect(await text(page, 'strip-valid')).toBe('2');
    await product.shot(page, 'team-referrals');

    // The team: two members of the first generation, 500 staked and held, all of it node performance today.
    await page.goto(`${product.url}/invite2`);
    await expect.poll(() => text(page, 'team-headcount'), WAIT).toBe('2');
    expect(await text(page, 'team-direct')).toBe('2 / 2');
    // Amounts show '--' until the asset registry has loaded.
    await expect.poll(() => text(page, 'team-volume'), WAIT).toBe('500.00');
    expect(await text(page, 'team-performance')).toBe('500.00');
    expect(await text(page, 'node-today')).toBe('500.00');
    expect(await text(page, 'node-total')).toBe('500.00');
    expect(await text(page, 'personal-volume')).toBe('0.00');
    expect(await text(page, 'team-level')).toBe('V0');
    // V1 needs 10,000 of team performance and two legs: the legs are there, 9,500 is missing.
    expect(await text(page, 'next-missing')).toBe('9,500.00 USDT');
    expect(await text(page, 'next-legs')).toBe('2 / 2');
    await expect.poll(() => page.getByTestId('member-row').count(), WAIT).toBe(2);
    expect(await page.getByTestId('member-generation').allTextContents()).toEqual([
      'Generation 1',
      'Generation 1',
    ]);
    await product.shot(page, 'team-team');
    await page.getByTestId('member-row').last().scrollIntoViewIfNeeded();
    await product.shot(page, 'team-team-list');

    // C stakes 10,000 more: 10,500 of team performance and two legs make me V1; V2 needs legs holding V1.
    await fund(product, c.id, 'USDT', '10000');
    await product.app.modules.earn.stake(c.id, { amount: exactText('10000'), days: 90, auto_renew: false });
    await page.reload();
    await expect.poll(() => text(page, 'team-level'), WAIT).toBe('V1');
    // The level and the figures come from two queries: wait for the figures too.
    await expect.poll(() => text(page, 'team-performance'), WAIT).toBe('10,500.00');
    expect(
      await page.getByTestId('level-row').evaluateAll((rows) => rows.map((r) => r.dataset.state)),
    ).toEqual(['current', 'next', 'locked', 'locked', 'locked']);
    expect(await text(page, 'next-missing')).toBe('39,500.00 USDT');
    expect(await text(page, 'next-legs')).toBe('0 / 2');
    await page.getByTestId('next-level').scrollIntoViewIfNeeded();
    await product.shot(page, 'team-team-v1');

    // The invitation's summary says the same.
    await page.goto(`${product.url}/invite`);
    await expect.poll(() => text(page, 'sum-headcount'), WAIT).toBe('2');
    expect(await text(page, 'sum-direct')).toBe('2');
    expect(await text(page, 'sum-valid')).toBe('2');
    await page.getByTestId('to-team').scrollIntoViewIfNeeded();
    await product.shot(page, 'team-invite-summary');

    // At 360 px in long languages, in the light theme too, nothing scrolls sideways.
    const state = await a.context.storageState();
    for (const [lang, theme] of [
      ['de', 'dark'],
      ['th', 'light'],
    ] as const) {
      const small = await product.smallPhone(state, lang, theme);
      const p = await small.newPage();
      for (const screen of ['invite', 'invite1', 'invite2']) {
        await p.goto(`${product.url}/${screen}`);
        await expect
          .poll(
            () =>
              p
                .locator(
                  '[data-testid="invite-code"], [data-testid="referral-row"], [data-testid="member-row"]',
                )
                .count(),
            WAIT,
          )
          .toBeGreaterThan(0);
        expect(await fitsWidth(p), `${lang} ${screen} fits 360 px`).toBe(true);
        await product.shot(p, `team-360-${lang}-${screen}`);
        if (screen === 'invite2') await snap(p, `team-360-${lang}-${screen}-full`, { fullPage: true });
      }
      await small.close();
    }
  });
});
