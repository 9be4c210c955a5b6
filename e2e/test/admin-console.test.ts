import { randomBytes } from 'node:crypto';
import { exactText } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletDeposits, walletWithdrawals } from '../../server/src/modules/wallet/tables';
import {
  Authenticator,
  confirmWithReason,
  consoleShot,
  createOperator,
  type EnrolledOperator,
  enrolByApi,
  newDesktop,
  openScreen,
  operatorCall,
  signInConsole,
  startConsoleProduct,
  submitVerification,
} from '../admin-harness';
import type { Product } from '../harness';
import { confirmationBy, fund, localWalletKey, signIn, visible, WAIT } from '../users';

let product: Product;
let admin: EnrolledOperator;
let fin2: EnrolledOperator;
let support: EnrolledOperator;
/** The first finance operator, enrolled through the console. */
const fin1 = { name: 'fin.one', password: 'fin-one-password-1', auth: null as Authenticator | null };

beforeAll(async () => {
  product = await startConsoleProduct();
  admin = await enrolByApi(product, 'admin', 'nexa-admin');
  await createOperator(product, admin.token, fin1.name, fin1.password, ['finance']);
  await createOperator(product, admin.token, 'fin.two', 'fin-two-password-2', ['finance']);
  await createOperator(product, admin.token, 'help.desk', 'help-desk-password-3', ['support']);
  fin2 = await enrolByApi(product, 'fin.two', 'fin-two-password-2');
  support = await enrolByApi(product, 'help.desk', 'help-desk-password-3');
});
afterAll(() => product.close());

/** A user on a phone reports a deposit in the app; the claim waits for an operator. */
async function reportDeposit(amount: string): Promise<{ userId: number; uid: string; depositId: number }> {
  const { page, context } = await product.newPhone();
  const user = await signIn(product, page);
  await context.close();
  const claim = await product.app.modules.wallet.deposits.report(user.id, {
    asset: 'USDT',
    chain: 'manual',
    tx_hash: `0x${randomBytes(32).toString('hex')}`,
    amount: exactText(amount),
  });
  const id = claim.list[0]?.id;
  if (id === undefined) throw new Error('no claim');
  return { userId: user.id, uid: user.uid, depositId: id };
}

/** A funded user asks to withdraw `amount` USDT; answers the withdrawal's id. */
async function requestWithdrawal(amount: string): Promise<number> {
  const { page, context } = await product.newPhone();
  const user = await signIn(product, page);
  const key = await localWalletKey(page);
  await context.close();
  await fund(product, user.id, 'USDT', '15000');
  const address = `0x${randomBytes(20).toString('hex')}`;
  const w = await product.app.modules.wallet.withdrawals.request(user.id, {
    asset: 'USDT',
    chain: 'evm',
    address,
    amount: exactText(amount),
    confirm: await confirmationBy(product, key, user.id, {
      action: 'withdraw',
      asset: 'USDT',
      amount,
      destination: address,
    }),
  });
  return w.id;
}

async function openRow(page: Page, table: string, text: string): Promise<void> {
  const row = page.getByTestId(`row-${table}`).filter({ hasText: text }).first();
  await expect.poll(() => row.isVisible(), WAIT).toBe(true);
  // Keyboard: the row takes focus and Enter opens its drawer.
  await row.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('.ant-drawer-open').count(), WAIT).toBe(1);
}

describe('the operator console', () => {
  let fin1Page: Page;

  it('serves the console under /admin with the client configuration, and its calls still answer', async () => {
    const res = await fetch(`${product.url}/admin/deposits`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    const html = await res.text();
    expect(html).toContain('__NEXA_CONFIG__');
    const asset = /src="(\/admin\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toMatch(/^\/admin\/assets\/[\w.-]+\.js$/);
    const js = await fetch(`${product.url}${asset}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toContain('immutable');
    const login = await operatorCall(product, '/admin/auth/login', {
      name: 'admin',
      password: 'wrong-password',
    });
    expect(login.error).toBe('OperatorLoginFailed');
  });

  it('a finance operator enrols the second factor in the console, then signs in with TOTP', async () => {
    const { page } = await newDesktop(product);
    fin1Page = page;
    await signInConsole(product, page, fin1);
    await visible(page, 'Your account has no second factor yet');
    await consoleShot(page, 'enrol-banner');
    await page.getByTestId('enrol-banner').click();
    await page.getByTestId('totp-start').click();
    const secretEl = page.getByTestId('totp-secret');
    await expect.poll(() => secretEl.isVisible(), WAIT).toBe(true);
    const secret = ((await secretEl.textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    fin1.auth = new Authenticator(secret);
    await consoleShot(page, 'enrol-secret');
    await page.getByTestId('totp-code').fill(await fin1.auth.code());
    await page.getByTestId('totp-confirm').click();
    await expect.poll(() => page.getByTestId('recovery-codes').locator('span').count(), WAIT).toBe(10);
    await consoleShot(page, 'recovery-codes');
    await page.getByTestId('codes-saved').click();

    // Signed out, the next sign-in asks for a code.
    await page.getByTestId('sign-out').click();
    await page.getByTestId('signin-name').fill(fin1.name);
    await page.getByTestId('signin-password').fill(fin1.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByTestId('signin-code').isVisible(), WAIT).toBe(true);
    await consoleShot(page, 'signin-code');
    await page.getByTestId('signin-code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await visible(page, /sign-in failed|incorrect|wrong/i);
    await page.getByTestId('signin-code').fill(await fin1.auth.code());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByTestId('operator').isVisible(), WAIT).toBe(true);
    expect(await page.getByText('Your account has no second factor yet').count()).toBe(0);
    await visible(page, 'Solvency per asset');
    await consoleShot(page, 'dashboard');
  });

  it('the finance operator confirms a reported deposit from the queue', async () => {
    const page = fin1Page;
    const claim = await reportDeposit('250');
    await openScreen(page, 'Deposits');
    await openRow(page, 'deposits', claim.uid);
    await consoleShot(page, 'deposit-drawer');
    await page.getByTestId('deposit-confirm').click();
    await visible(page, `250 USDT is credited to user ${claim.uid}`);
    await consoleShot(page, 'deposit-confirm');
    await confirmWithReason(page, 'Seen on chain, amount matches');
    await visible(page, 'Deposit confirmed');
    const [row] = await product.app.deps.store.db
      .select()
      .from(walletDeposits)
      .where(eq(walletDeposits.id, claim.depositId));
    expect(row?.status).toBe('approved');
    await page.keyboard.press('Escape');
    await consoleShot(page, 'deposits');
  });

  it('a large withdrawal takes two finance operators: the first approves, a second one pays it', async () => {
    const id = await requestWithdrawal('11000');
    const page = fin1Page;
    await openScreen(page, 'Withdrawals');
    await openRow(page, 'withdrawals', '11000');
    await page.getByTestId('withdrawal-approve').click();
    await visible(page, 'First of 2 approvals');
    await confirmWithReason(page, 'Address checked, user known');
    await visible(page, 'Withdrawal approved');
    // The same operator cannot give the second approval.
    await expect.poll(() => page.getByTestId('withdrawal-approve').isDisabled(), WAIT).toBe(true);
    await visible(page, 'You gave an approval');
    await consoleShot(page, 'withdrawal-first-approved');
    let [w] = await product.app.deps.store.db
      .select()
      .from(walletWithdrawals)
      .where(eq(walletWithdrawals.id, id));
    expect(w?.stage).toBe('first_approved');

    // The second finance operator signs in with their code and pays it, recording the payment's hash.
    const { page: second } = await newDesktop(product);
    await signInConsole(product, second, fin2);
    await openScreen(second, 'Withdrawals');
    await openRow(second, 'withdrawals', '11000');
    await visible(second, "The user's history");
    await visible(second, "The address's past use");
    const hash = `0x${'7a'.repeat(32)}`;
    await second.getByTestId('withdrawal-txhash').fill(hash);
    await second.getByTestId('withdrawal-approve').click();
    await visible(second, 'Approve and pay');
    await confirmWithReason(second, 'Second pair of eyes: paid from the hot wallet');
    await visible(second, 'Withdrawal approved');
    [w] = await product.app.deps.store.db
      .select()
      .from(walletWithdrawals)
      .where(eq(walletWithdrawals.id, id));
    expect(w?.status).toBe('approved');
    expect(w?.txHash).toBe(hash);
    await consoleShot(second, 'withdrawal-paid');
    await second.keyboard.press('Escape');
    await second.getByText('All', { exact: true }).click();
    await consoleShot(second, 'withdrawals');
  });

  it('a support operator sees the queues without the buttons, and the server refuses them too', async () => {
    const claim = await reportDeposit('40');
    const withdrawal = await requestWithdrawal('20');
    const { page } = await newDesktop(product);
    await signInConsole(product, page, support);
    // Menu: support reads queues and reviews; programs' money moves are not theirs.
    await openScreen(page, 'Deposits');
    await openRow(page, 'deposits', claim.uid);
    expect(await page.getByTestId('deposit-confirm').count()).toBe(0);
    expect(await page.getByTestId('deposit-reject').count()).toBe(0);
    await consoleShot(page, 'support-deposit');
    await page.keyboard.press('Escape');
    await openScreen(page, 'Withdrawals');
    await openRow(page, 'withdrawals', `${withdrawal}`);
    expect(await page.getByTestId('withdrawal-approve').count()).toBe(0);
    expect(await page.getByTestId('withdrawal-reject').count()).toBe(0);

    // Straight to the API with the support operator's session: Forbidden.
    const token = support.token;
    const confirm = await operatorCall(
      product,
      '/admin/deposits/confirm',
      { deposit_id: claim.depositId },
      token,
    );
    expect(confirm.error).toBe('Forbidden');
    const approve = await operatorCall(
      product,
      '/admin/withdrawals/approve',
      { withdrawal_id: withdrawal },
      token,
    );
    expect(approve.error).toBe('Forbidden');
  });

  it('an identity verification is approved from the review queue, its images for viewing only', async () => {
    const { page: phone, context } = await product.newPhone();
    const user = await signIn(product, phone);
    await submitVerification(product, phone, 'Reviewer');
    await context.close();

    const { page } = await newDesktop(product);
    // A recovery code signs in once in place of the authenticator's code.
    await signInConsole(product, page, support, support.recovery.pop());
    await openScreen(page, 'Identity');
    await consoleShot(page, 'kyc');
    await openRow(page, 'kyc', user.uid);
    await expect.poll(() => page.getByTestId('kyc-image').count(), WAIT).toBe(3);
    for (const img of await page.getByTestId('kyc-image').all()) {
      expect(await img.getAttribute('draggable')).toBe('false');
      await expect
        .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), WAIT)
        .toBeGreaterThan(0);
    }
    expect(await page.locator('.ant-drawer a[download]').count()).toBe(0);
    await consoleShot(page, 'kyc-drawer');
    await page.getByTestId('kyc-approve').click();
    await visible(page, 'Verification approved');
    const list = await operatorCall<{ list: { status: string; user: { uid: string } }[] }>(
      product,
      '/admin/kyc/list',
      { status: 'approved', page: 1, size: 50 },
      admin.token,
    );
    expect(list.data.list.some((k) => k.user.uid === user.uid)).toBe(true);
  });

  it('the admin sees every screen: reviews, programs', async () => {
    const { page } = await newDesktop(product);
    await signInConsole(product, page, admin);
    await openScreen(page, 'Merchants');
    await consoleShot(page, 'merchants');
    await openScreen(page, 'Products');
    await consoleShot(page, 'products');
    await openScreen(page, 'Programs');
    await visible(page, 'Staking plans');
    await consoleShot(page, 'programs');
    for (const [tab, text] of [
      ['Mining', 'Lines: output pools'],
      ['NFT pools', 'Rewards accounts'],
      ['Placement', 'Placement rounds'],
      ['Games', 'Game fund'],
      ['Insurance claims', 'Insurance pool'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await visible(page, text);
      await consoleShot(page, `programs-${tab.toLowerCase().replace(/ /g, '-')}`);
    }
  });
});
