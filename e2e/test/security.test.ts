import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, startProduct } from '../harness';
import { fund, signIn, visible, WAIT } from '../users';

/*
 * Confirming what moves money, as a user meets it at 390×844: enable the authenticator (QR, first code,
 * recovery codes shown once), save a withdrawal address and turn the whitelist on, then — once the lock and
 * the new address's wait are over (the settings moved to zero, as an operator could) — withdraw to it: the
 * local wallet signs the confirmation and the form asks for the code. The notices of each change arrive.
 */

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product.close());

const codeOf = (secret: string, at: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: at });

describe('security settings and a confirmed withdrawal', () => {
  it('enables TOTP, saves an address, withdraws to it after the lock, and tells each change', async () => {
    const { context, page } = await product.newPhone();
    const user = await signIn(product, page);
    await fund(product, user.id, 'USDT', '500');

    // The authenticator: the QR code and key, its first code, the recovery codes once.
    await page.goto(`${product.url}/security`);
    await visible(page, 'Authenticator app');
    await page.getByRole('button', { name: 'Enable' }).click();
    const secretBox = page.getByTestId('totp-secret');
    await expect.poll(() => secretBox.textContent(), WAIT).toMatch(/^[A-Z2-7]{16,}$/);
    const secret = (await secretBox.textContent()) ?? '';
    await product.shot(page, 'security-totp-setup');
    await page.getByPlaceholder('6-digit code from the app').fill(codeOf(secret, Date.now()));
    await page.getByRole('button', { name: 'Confirm and enable' }).click();
    await page.getByTestId('recovery-codes').waitFor(WAIT);
    expect(await page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    await product.shot(page, 'security-recovery-codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect.poll(() => page.getByTestId('totp-state').textContent(), WAIT).toBe('Enabled');
    await page.getByTestId('security-lock').waitFor(WAIT);

    // An address saved; whitelist mode on.
    const to = `0x${'4d'.repeat(20)}`;
    await page.goto(`${product.url}/addressBook`);
    await page.getByPlaceholder('A name for this address').fill('Cold wallet');
    await page.getByPlaceholder('Paste the withdrawal address').fill(to);
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByTestId('saved-address').first().waitFor(WAIT);
    await visible(page, /Usable from/);
    await product.shot(page, 'address-book');
    await page.goto(`${product.url}/security`);
    await page.getByRole('switch', { name: 'Withdrawal whitelist' }).click();
    await expect
      .poll(
        () => page.getByRole('switch', { name: 'Withdrawal whitelist' }).getAttribute('aria-checked'),
        WAIT,
      )
      .toBe('true');
    await product.shot(page, 'security-settings');

    // The lock and the address's wait end (settings moved to zero).
    await product.app.settings.set('auth.security_lock_h', 0);
    await product.app.settings.set('withdraw.new_address_delay_h', 0);
    await product.app.deps.store.db.execute(
      "update wallet_address_book set usable_at = now() - interval '1 minute'" as never,
    );

    await page.goto(`${product.url}/withdraw`);
    await page.getByRole('button', { name: 'Choose a saved address' }).click();
    await page.getByRole('option', { name: /Cold wallet/ }).click();
    await page.getByPlaceholder('Please enter the withdrawal amount').fill('20');
    await page
      .getByPlaceholder('6-digit code from your authenticator app')
      .fill(codeOf(secret, Date.now() + 30_000));
    await product.shot(page, 'withdraw-saved-totp');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await visible(page, /You will sign this with your wallet/);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(
        async () =>
          (await product.app.modules.wallet.withdrawals.list(user.id, {}, { page: 1, size: 5 })).total,
        WAIT,
      )
      .toBe(1);

    // The notices of each change.
    await page.goto(`${product.url}/notices`);
    await visible(page, 'Security settings changed');
    await visible(page, 'Withdrawal address added');
    await product.shot(page, 'security-notices');

    // At 360 px in German and Thai: the security screen and the address book keep their lines.
    const state = await context.storageState();
    for (const lang of ['de', 'th'] as const) {
      const small = await product.smallPhone(state, lang, 'dark');
      const p = await small.newPage();
      for (const screen of ['security', 'addressBook', 'withdraw'] as const) {
        await p.goto(`${product.url}/${screen}`);
        await p.locator('.sec, .abook, .wform').first().waitFor(WAIT);
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await product.shot(p, `${screen}-360-${lang}`);
      }
      await small.close();
    }
    await context.close();
  });
});
