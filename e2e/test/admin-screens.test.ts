import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyLeadApplications } from '../../server/src/modules/copy/tables';
import {
  confirmWithReason,
  consoleShot,
  createOperator,
  type EnrolledOperator,
  enrolByApi,
  newDesktop,
  operatorCall,
  signInConsole,
  startConsoleProduct,
} from '../admin-harness';
import type { Product } from '../harness';
import { fund, signIn, visible, WAIT } from '../users';

let product: Product;
let admin: EnrolledOperator;
let support: EnrolledOperator;

beforeAll(async () => {
  product = await startConsoleProduct();
  admin = await enrolByApi(product, 'admin', 'nexa-admin');
  await createOperator(product, admin.token, 'care.desk', 'care-desk-password-1', ['support']);
  support = await enrolByApi(product, 'care.desk', 'care-desk-password-1');
});
afterAll(() => product.close());

/** Opens a screen from the side menu and waits for a text of it. */
async function open(page: Page, label: string, text: string | RegExp): Promise<void> {
  await page.locator('.ant-layout-sider').getByRole('link', { name: label, exact: true }).click();
  await visible(page, text);
}

/** The settings row of a key. */
const settingRow = (page: Page, key: string) =>
  page.locator('tr', { has: page.getByTestId(`setting-${key}`) });

describe('the console screens', () => {
  it('an admin changes a setting on the Settings screen and finds it in the Audit log with before and after', async () => {
    const { page } = await newDesktop(product);
    await signInConsole(product, page, admin);
    await visible(page, 'Open queues');
    await visible(page, 'Solvency per asset');
    await expect.poll(() => page.getByTestId('queue-deposits').isVisible(), WAIT).toBe(true);
    await consoleShot(page, 'dashboard-v2');

    await open(page, 'Settings', 'futures.default_lever');
    await consoleShot(page, 'settings');
    await settingRow(page, 'futures.default_lever').getByTestId('setting-edit').click();
    const drawer = page.locator('.ant-drawer-open');
    await expect.poll(() => drawer.getByRole('spinbutton').isVisible(), WAIT).toBe(true);
    await drawer.getByRole('spinbutton').fill('20');
    // The reason is required: saving without one is refused on the form.
    await drawer.getByTestId('setting-save').click();
    await visible(page, 'Say why');
    await drawer.getByTestId('setting-reason').fill('Fewer liquidations at first');
    await consoleShot(page, 'setting-edit');
    await drawer.getByTestId('setting-save').click();
    await visible(page, 'futures.default_lever saved');
    await expect.poll(() => page.locator('.ant-drawer-open').count(), WAIT).toBe(0);
    await expect
      .poll(() => settingRow(page, 'futures.default_lever').textContent(), WAIT)
      .toMatch(/20.*changed.*admin/);
    const list = await operatorCall<{ key: string; value: unknown }[]>(
      product,
      '/admin/settings/list',
      {},
      admin.token,
    );
    expect(list.data.find((s) => s.key === 'futures.default_lever')?.value).toBe(20);

    // A text setting with a pattern is checked on the form before it is sent.
    await settingRow(page, 'transfer.min').getByTestId('setting-edit').click();
    await drawer.getByTestId('setting-text').fill('1.5.0');
    await drawer.getByTestId('setting-reason').fill('Testing the pattern');
    await drawer.getByTestId('setting-save').click();
    await visible(page, /Must match/);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-drawer-open').count(), WAIT).toBe(0);

    // History: the audit log filtered to the setting, its row expanded to the before and after.
    await settingRow(page, 'futures.default_lever').getByRole('button', { name: 'History' }).click();
    await expect
      .poll(() => page.getByTestId('audit-subject').inputValue(), WAIT)
      .toBe('setting:futures.default_lever');
    const row = page.getByTestId('row-audit').first();
    await expect.poll(() => row.textContent(), WAIT).toContain('setting.set');
    expect(await page.getByTestId('row-audit').count()).toBe(1);
    await row.locator('.ant-table-row-expand-icon').click();
    const diff = page.getByTestId('json-diff');
    await expect.poll(() => diff.isVisible(), WAIT).toBe(true);
    const changed = diff.locator('tr.json-diff__changed', { hasText: /^value/ });
    await expect.poll(() => changed.textContent(), WAIT).toBe('value1020');
    await expect.poll(() => diff.textContent(), WAIT).toContain('Fewer liquidations at first');
    await consoleShot(page, 'audit');
    // The export fetches every page of the filter into one CSV.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('audit-export').click(),
    ]);
    const csv = await readFile((await file.path()) ?? '', 'utf8');
    expect(csv.split('\r\n')).toHaveLength(2);
    expect(csv).toContain('setting:futures.default_lever');
    expect(csv).toContain('Fewer liquidations at first');

    // The other screens an admin opens.
    await open(page, 'Instruments', 'Perpetual swaps (USDT-margined)');
    await visible(page, 'apply when the market restarts');
    await expect
      .poll(() => page.getByTestId('spot-instruments').getByRole('row').count(), WAIT)
      .toBeGreaterThan(2);
    await consoleShot(page, 'instruments');
    await open(page, 'Market state', 'Market maker');
    await expect
      .poll(() => page.getByTestId('market-table').getByRole('row').count(), WAIT)
      .toBeGreaterThan(2);
    await consoleShot(page, 'market-state');
    await open(page, 'Operators', 'care.desk');
    await consoleShot(page, 'operators');
  });

  it('a support operator finds a user by UID, freezes the account with a reason, adds a note and unfreezes', async () => {
    const { page: phone, context } = await product.newPhone();
    const user = await signIn(product, phone);
    await fund(product, user.id, 'USDT', '500');
    const token = (await phone.evaluate(() => localStorage.getItem('token'))) ?? '';
    expect(token).not.toBe('');
    const before = await operatorCall(product, '/api/user/info', {}, token);
    expect(before.code).toBe(200);

    const { page } = await newDesktop(product);
    await signInConsole(product, page, support);
    // Settings are read only for support: no edit buttons.
    await open(page, 'Settings', 'futures.default_lever');
    await visible(page, 'read only');
    expect(await page.getByTestId('setting-edit').count()).toBe(0);
    await open(page, 'Users', /in all/);
    await page.getByTestId('user-search').locator('input').fill(user.uid);
    await page.getByTestId('user-search').locator('input').press('Enter');
    const row = page.getByTestId('row-users').filter({ hasText: user.uid });
    await expect.poll(() => page.getByTestId('row-users').count(), WAIT).toBe(1);
    await consoleShot(page, 'users');
    await row.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('user-uid').textContent(), WAIT).toBe(user.uid);
    await expect.poll(() => page.getByTestId('row-user-balances').count(), WAIT).toBeGreaterThan(0);
    await visible(page, '500');
    await consoleShot(page, 'user');

    // Freeze with a reason: the user's session ends at once.
    await page.getByTestId('user-freeze').click();
    await visible(page, 'sign-in is refused until the account is unfrozen');
    await confirmWithReason(page, 'Chargeback under review');
    await visible(page, 'Account frozen');
    await expect.poll(() => page.getByTestId('user-state').textContent(), WAIT).toBe('frozen');
    await visible(page, 'Reason: Chargeback under review');
    await consoleShot(page, 'user-frozen');
    const after = await operatorCall(product, '/api/user/info', {}, token);
    expect(after.code).toBe(406);
    // Signing in again with the same wallet (the ended session dropped) is refused while frozen.
    await phone.evaluate(() => localStorage.removeItem('token'));
    await phone.goto(`${product.url}/login`);
    await phone.getByText('Local wallet — key stored in this browser').click();
    await phone.locator('button[type="submit"], button:has-text("Sign in")').last().click();
    await visible(phone, 'This account is frozen');
    await context.close();

    // The journal shows the deposit with the balance it left.
    await page.getByRole('tab', { name: 'Journal' }).click();
    await expect.poll(() => page.getByTestId('row-user-journal').count(), WAIT).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('row-user-journal').first().textContent(), WAIT)
      .toContain('500');
    await consoleShot(page, 'user-journal');
    await page.getByRole('tab', { name: 'Sessions' }).click();
    await expect.poll(() => page.getByTestId('row-user-sessions').count(), WAIT).toBeGreaterThan(0);
    await visible(page, 'revoked');
    await page.getByRole('tab', { name: 'Team' }).click();
    await visible(page, 'Headcount');
    await consoleShot(page, 'user-team');

    // A note, kept as written.
    await page.getByRole('tab', { name: 'Notes' }).click();
    await page
      .getByTestId('note-text')
      .fill('Called the user: card chargeback from their bank, documents asked.');
    await page.getByTestId('note-add').click();
    await visible(page, 'Note added');
    await expect.poll(() => page.getByTestId('note').count(), WAIT).toBe(1);
    await visible(page, 'Called the user: card chargeback');
    await consoleShot(page, 'user-notes');

    await page.getByTestId('user-unfreeze').click();
    await confirmWithReason(page, 'Bank withdrew the chargeback');
    await visible(page, 'Account unfrozen');
    await expect.poll(() => page.getByTestId('user-state').textContent(), WAIT).toBe('active');
    expect(await page.getByTestId('user-frozen').count()).toBe(0);

    // The same operator reviews a lead-trader application of this user.
    await product.app.deps.store.db.insert(copyLeadApplications).values({
      userId: user.id,
      status: 'pending',
      delayMin: 5,
      closedPositions: 12,
      equity: 1_250_000_000n,
      createdAt: new Date(),
    });
    await open(page, 'Lead traders', user.uid);
    await consoleShot(page, 'lead-traders');
    await page
      .getByTestId('row-lead-applications')
      .filter({ hasText: user.uid })
      .getByTestId('lead-approve')
      .click();
    await confirmWithReason(page, 'Steady record, checked positions');
    await visible(page, 'Application approved');

    // The audit log, as support reads it, holds the freeze and the unfreeze.
    await open(page, 'Audit log', /in all/);
    await page.getByTestId('audit-subject').fill(`user:${user.id}`);
    await page.getByTestId('audit-apply').click();
    await expect.poll(() => page.getByTestId('row-audit').count(), WAIT).toBeGreaterThanOrEqual(2);
  });

  it('a content item scheduled for later is saved in two languages and shows as scheduled', async () => {
    const { page } = await newDesktop(product);
    await signInConsole(product, page, support);
    await open(page, 'Content', /in all|Nothing here|No content/);
    await page.getByTestId('content-new').click();
    const drawer = page.locator('.ant-drawer-open');
    await expect.poll(() => drawer.getByTestId('content-title-en').isVisible(), WAIT).toBe(true);
    const later = new Date(Date.now() + 3 * 86_400_000);
    const p = (n: number) => String(n).padStart(2, '0');
    const local = `${later.getFullYear()}-${p(later.getMonth() + 1)}-${p(later.getDate())}T10:00`;
    await drawer.getByTestId('content-publish').fill(local);
    await drawer.getByTestId('content-title-en').fill('Futures fees halved for a week');
    await drawer
      .getByTestId('content-summary-en')
      .fill('Maker and taker fees on every swap are cut in half.');
    await drawer
      .getByTestId('content-body-en')
      .fill('From Monday, every perpetual swap trades at half the usual fees.');
    await drawer.getByTestId('content-lang-de').click();
    await drawer.getByTestId('content-title-de').fill('Futures-Gebühren eine Woche lang halbiert');
    await drawer.getByTestId('content-summary-de').fill('Maker- und Taker-Gebühren werden halbiert.');
    await drawer
      .getByTestId('content-body-de')
      .fill('Ab Montag handeln alle Perpetual Swaps zur halben Gebühr.');
    await expect.poll(() => drawer.getByTestId('content-preview').textContent(), WAIT).toContain('halbiert');
    await visible(page, 'will be scheduled');
    await consoleShot(page, 'content-editor');
    await drawer.getByTestId('content-save').click();
    await visible(page, /Saved: scheduled for/);
    const row = page.getByTestId('row-content').filter({ hasText: 'Futures fees halved for a week' });
    await expect.poll(() => row.getByTestId('content-state').textContent(), WAIT).toBe('scheduled');
    await consoleShot(page, 'content');

    const list = await operatorCall<{ list: { title: string; langs: string[]; state: string }[] }>(
      product,
      '/admin/content/list',
      { state: 'scheduled', page: 1, size: 50 },
      support.token,
    );
    const item = list.data.list.find((i) => i.title === 'Futures fees halved for a week');
    expect(item?.state).toBe('scheduled');
    expect([...(item?.langs ?? [])].sort()).toEqual(['de', 'en']);
  });
});
