import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, startProduct } from '../harness';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product.close());

const PASSWORD = 'Backup-Pass-2026';

describe('the local wallet’s keystore backup (390×844)', () => {
  it('backs up the key, survives cleared storage and restores the same address', async () => {
    const { page, context } = await product.newPhone();
    await page.goto(`${product.url}/login`);
    await page.getByText('Local wallet — key stored in this browser').click();
    await page.getByPlaceholder('Needed on your first sign-in').fill('NEXA2026');
    await page.locator('button:has-text("Sign in")').last().click();
    await page.waitForURL(/\/me$/, { timeout: 60_000 });
    const address = await page.evaluate(() => localStorage.getItem('walletAddress'));
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    await page.goto(`${product.url}/security`);
    await expect
      .poll(() => page.getByTestId('key-backup-reminder').isVisible(), { timeout: 60_000 })
      .toBe(true);
    await page.getByRole('button', { name: 'Back up' }).click();
    const sheet = page.getByTestId('key-backup-sheet');
    await sheet.locator('input').nth(0).fill('short');
    await sheet.locator('input').nth(1).fill('short');
    await sheet.getByRole('button', { name: 'Save the backup file' }).click();
    await expect.poll(() => sheet.getByText('The password is too short').isVisible()).toBe(true);
    await sheet.locator('input').nth(0).fill(PASSWORD);
    await sheet.locator('input').nth(1).fill(PASSWORD);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      sheet.getByRole('button', { name: 'Save the backup file' }).click(),
    ]);
    const file = await download.path();
    const keystore = JSON.parse(readFileSync(file, 'utf8')) as { version: number; crypto: { kdf: string } };
    expect(keystore.version).toBe(3);
    expect(keystore.crypto.kdf).toBe('scrypt');
    await expect.poll(() => page.getByTestId('key-backup-reminder').count()).toBe(0);

    // Everything this browser kept is gone; the file brings the wallet back.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${product.url}/login`);
    await page.getByTestId('restore-open').click();
    const restore = page.getByTestId('restore-sheet');
    await restore.locator('input[type="file"]').setInputFiles(file);
    await restore.locator('input[type="password"]').fill('wrong-password-1A');
    await restore.getByRole('button', { name: 'Restore' }).click();
    await expect
      .poll(() => restore.getByText('Wrong password for this file').isVisible(), { timeout: 60_000 })
      .toBe(true);
    await restore.locator('input[type="password"]').fill(PASSWORD);
    await restore.getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => restore.count(), { timeout: 60_000 }).toBe(0);
    await product.shot(page, 'keystore-restored');
    await page.getByPlaceholder('Needed on your first sign-in').fill('NEXA2026');
    await page.locator('button:has-text("Sign in")').last().click();
    await page.waitForURL(/\/me$/, { timeout: 60_000 });
    expect(await page.evaluate(() => localStorage.getItem('walletAddress'))).toBe(address);
    await context.close();
  });
});
