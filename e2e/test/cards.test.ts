import jpeg from 'jpeg-js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, SHOTS_ON, snap, startProduct } from '../harness';
import { documentPng, fillVerificationDetails, operatorCall, signIn, visible, WAIT } from '../users';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product.close());

/** A small JPEG, for the selfie (encoded by jpeg-js, the library the server decodes uploads with). */
function jpg(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([200, 150 + (i % 50), 120, 255], i * 4);
  return Buffer.from(jpeg.encode({ data, width, height }, 80).data);
}

async function operatorToken(): Promise<string> {
  const login = await operatorCall<{ token: string }>(product, '/admin/auth/login', {
    name: 'admin',
    password: 'nexa-admin',
  });
  expect(login.code, JSON.stringify(login)).toBe(200);
  return login.data.token;
}

/** The operator decides the user's pending verification through the admin API. */
async function review(uid: string, decision: 'approve' | 'reject', reason?: string): Promise<void> {
  const token = await operatorToken();
  const queue = await operatorCall<{ list: { id: number; status: string; user: { uid: string } }[] }>(
    product,
    '/admin/kyc/list',
    { status: 'pending', page: 1, size: 50 },
    token,
  );
  expect(queue.code, JSON.stringify(queue)).toBe(200);
  const mine = queue.data.list.find((k) => k.user.uid === uid);
  if (!mine) throw new Error(`no pending verification of ${uid}: ${JSON.stringify(queue.data)}`);
  const done = await operatorCall<{ status: string }>(
    product,
    '/admin/kyc/review',
    { id: mine.id, decision, ...(reason ? { reason } : {}) },
    token,
  );
  expect(done.code, JSON.stringify(done)).toBe(200);
  expect(done.data.status).toBe(decision === 'approve' ? 'approved' : 'failed');
}

/** Nothing on the page is wider than the phone. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** A screenshot of what the user sees, once nothing is wider than the phone. */
async function shot(page: Page, name: string): Promise<void> {
  // Toasts and sheets settle before the picture.
  if (SHOTS_ON) await page.waitForTimeout(350);
  expect(await fitsWidth(page), `${name} fits the phone`).toBe(true);
  await product.shot(page, `cards-${name}`);
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

/** Step 2: the three images, each uploaded as it is chosen. */
async function addImages(page: Page): Promise<void> {
  await page
    .getByTestId('file-kyc_front')
    .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: documentPng(64, 40, [40, 90, 200]) });
  await page
    .getByTestId('file-kyc_back')
    .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: documentPng(64, 40, [90, 60, 160]) });
  await page
    .getByTestId('file-kyc_selfie')
    .setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: jpg(48, 48) });
  for (const slot of ['slot-kyc_front', 'slot-kyc_back', 'slot-kyc_selfie']) {
    await expect.poll(() => page.getByTestId(slot).getAttribute('data-state'), WAIT).toBe('done');
  }
}

describe('cards in the browser', () => {
  it('verifies identity, opens a virtual card, tops it up, pays, reveals its number, sets the PIN and replaces it', async () => {
    const { page } = await product.newPhone();
    const user = await signIn(product, page);
    await claimDemoFunds(page);

    // Prices here come from no simulation (the source is off): About says so, and no price screen is marked.
    await page.goto(`${product.url}/me2`);
    await expect.poll(() => page.getByTestId('about-prices').getAttribute('data-source'), WAIT).toBe('off');
    await page.goto(`${product.url}/home`);
    await expect.poll(() => page.locator('.markets__card').count(), WAIT).toBe(1);
    expect(await page.getByTestId('sim-mark').count()).toBe(0);

    // Cards: no card yet, and a banner that leads to the verification.
    await page.goto(`${product.url}/cardholders`);
    await visible(page, 'No cards yet');
    await expect.poll(() => page.getByTestId('kyc-banner').getAttribute('data-status'), WAIT).toBe('none');
    expect(await text(page, 'card-balance')).toBe('0.00');
    await shot(page, 'list-empty');
    await page.getByTestId('kyc-banner').click();
    await expect.poll(() => page.url(), WAIT).toBe(`${product.url}/realName`);
    await expect.poll(() => page.getByTestId('kyc-status').getAttribute('data-status'), WAIT).toBe('none');
    await visible(page, 'No verifications yet');
    await shot(page, 'kyc-none');

    // The form, step 1: every empty field says what it wants; the document number follows the country's format.
    await page.getByTestId('kyc-start').click();
    await expect.poll(() => page.url(), WAIT).toBe(`${product.url}/realName1`);
    await expect.poll(() => page.getByTestId('kyc-step').getAttribute('data-step'), WAIT).toBe('1');
    await page.getByRole('button', { name: 'Next' }).click();
    for (const prompt of [
      'Please select a country',
      'Please select a document type',
      'Please enter the document number',
      'Please enter your legal surname',
      'Please enter your legal given name',
      'Please enter your date of birth',
    ]) {
      await visible(page, prompt);
    }
    await shot(page, 'kyc-form-empty');
    await fillVerificationDetails(page, 'Mustermann');
    await page.getByPlaceholder('Please enter the document number').fill('AB12');
    await visible(page, 'This does not look like a Passport number of Germany');
    await page.getByPlaceholder('Please enter the document number').fill('c01x 00t47');
    await page.getByTestId('birth-date').fill('2015-03-01');
    await visible(page, 'You must be at least 18 years old to verify');
    await page.getByTestId('birth-date').fill('1990-05-17');
    await expect.poll(() => page.locator('.wf__error').count(), WAIT).toBe(0);
    await shot(page, 'kyc-form-step1');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: a file of the wrong type is refused in place; then the three images go up one by one.
    await expect.poll(() => page.getByTestId('kyc-step').getAttribute('data-step'), WAIT).toBe('2');
    await shot(page, 'kyc-form-step2-empty');
    await page
      .getByTestId('file-kyc_front')
      .setInputFiles({ name: 'front.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await visible(page, 'Choose a JPEG or PNG image');
    await shot(page, 'kyc-form-wrong-type');
    await addImages(page);
    await shot(page, 'kyc-form-step2');
    await page.getByTestId('kyc-submit').click();
    await expect.poll(() => page.url(), WAIT).toBe(`${product.url}/realName`);
    await expect.poll(() => page.getByTestId('kyc-status').getAttribute('data-status'), WAIT).toBe('pending');
    await visible(page, 'Under review');
    // The demo approves by itself (its setting is on here), and the screen says it checks nothing.
    await visible(
      page,
      'Demo: it is approved by itself in about a minute, without any check of your documents.',
    );
    await expect.poll(() => page.getByTestId('kyc-row').count(), WAIT).toBe(1);
    await shot(page, 'kyc-pending');

    // An operator approves it through the admin API.
    await review(user.uid, 'approve');
    await page.reload();
    await expect
      .poll(() => page.getByTestId('kyc-status').getAttribute('data-status'), WAIT)
      .toBe('approved');
    await visible(page, 'Verified');
    await shot(page, 'kyc-approved');

    // Open a virtual card: choose the type, see the fee, confirm; the new card opens.
    await page.goto(`${product.url}/cardholders`);
    await visible(page, 'No cards yet');
    expect(await page.getByTestId('kyc-banner').count()).toBe(0);
    await page.getByTestId('open-virtual').click();
    await expect.poll(() => page.url(), WAIT).toBe(`${product.url}/openCard`);
    await expect.poll(() => page.getByTestId('bin-option').count(), WAIT).toBeGreaterThan(0);
    // A test card of the simulated issuer: free, and said so on the card and beside the fee.
    expect(await text(page, 'open-fee')).toBe('Free (test card)');
    expect(await text(page, 'card-test')).toBe('Test card');
    await visible(
      page,
      'A test card of a simulated issuer: it costs nothing and cannot pay at real merchants.',
    );
    await shot(page, 'open-virtual');
    await page.getByRole('button', { name: 'Open card' }).click();
    await visible(page, 'Confirm new virtual card');
    await shot(page, 'open-virtual-confirm');
    await confirmSheet(page);
    await expect.poll(() => page.url(), WAIT).toMatch(/\/cardholders1\?id=\d+$/);
    const firstId = Number(new URL(page.url()).searchParams.get('id'));
    await expect.poll(() => page.getByTestId('card-detail').getAttribute('data-status'), WAIT).toBe('active');
    const masked = await text(page, 'card-number');
    expect(masked).toMatch(/^Card number\s*\d{4} \d{2}•• •••• \d{4}$/);
    const last4 = masked.slice(-4);
    await shot(page, 'detail-new');

    expect(await text(page, 'card-test')).toBe('Test card');

    // Top up 100 USDT: a test card takes no fee, all 100 arrive.
    await page.getByPlaceholder('Please enter the amount').fill('100');
    expect(await text(page, 'topup-arrives')).toBe('100.00 USDT');
    await page.locator('#card-topup .wsubmit').click();
    await visible(page, 'Confirm top-up');
    await shot(page, 'topup-confirm');
    await confirmSheet(page);
    await visible(page, '100.00 USDT added to your card');
    await expect.poll(() => text(page, 'detail-balance'), WAIT).toBe('100.00 USDT');

    // A demo purchase at a merchant: it shows in the card's spending, settled.
    await page.getByTestId('action-purchase').click();
    await visible(page, 'Demo purchase');
    await page.getByPlaceholder('Please enter the merchant').fill('Coffee Lab');
    await page.locator('.sheet__inner').getByPlaceholder('Please enter the amount').fill('12.5');
    await shot(page, 'purchase-sheet');
    await confirmSheet(page);
    await visible(page, 'Paid 12.50 USDT at Coffee Lab');
    await expect.poll(() => page.getByTestId('spend-row').count(), WAIT).toBe(1);
    await expect
      .poll(() => page.getByTestId('spend-row').first().getAttribute('data-status'), WAIT)
      .toBe('settled');
    await expect.poll(() => text(page, 'detail-balance'), WAIT).toBe('87.50 USDT');
    await page.getByTestId('spend-row').first().scrollIntoViewIfNeeded();
    await shot(page, 'detail-spending');

    // The records: the top-up, the purchase, the application.
    await page.goto(`${product.url}/card`);
    await expect.poll(() => page.getByTestId('recharge-row').count(), WAIT).toBe(1);
    await visible(page, '+100.00 USDT');
    await shot(page, 'records-topups');
    await page.getByRole('tab', { name: 'Spending' }).click();
    await expect.poll(() => page.getByTestId('spend-row').count(), WAIT).toBe(1);
    await visible(page, 'Coffee Lab');
    await shot(page, 'records-spending');
    await page.getByRole('tab', { name: 'Applications' }).click();
    await expect.poll(() => page.getByTestId('application-row').count(), WAIT).toBe(1);
    await shot(page, 'records-applications');

    // Show the number: the wallet signs a fresh sign-in message; number and CVV show, then hide after 30 s.
    await page.goto(`${product.url}/cardholders1?id=${firstId}`);
    await page.getByTestId('show-number').click();
    await expect.poll(() => page.getByTestId('card-number-full').count(), WAIT).toBe(1);
    const full = (await text(page, 'card-number-full')).replace(/^Card number\s*/, '');
    expect(full).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
    expect(full.slice(-4)).toBe(last4);
    expect(await text(page, 'card-cvv')).toMatch(/^\d{3}$/);
    await visible(page, /Hidden again in \d+ s/);
    await shot(page, 'detail-revealed');
    await expect
      .poll(() => page.getByTestId('card-number-full').count(), { timeout: 60_000, interval: 1000 })
      .toBe(0);
    expect(await text(page, 'card-number')).toBe(masked);
    // A second look asks for a second signature (the nonce of the first is spent): it works again.
    await page.getByTestId('show-number').click();
    await expect.poll(() => page.getByTestId('card-number-full').count(), WAIT).toBe(1);
    await page.getByTestId('hide-number').click();
    expect(await page.getByTestId('card-number-full').count()).toBe(0);

    // Set the PIN: an obvious one is refused here, a pattern by the issuer; a good one is set and forgotten.
    await page.getByTestId('action-pin').click();
    await page.getByTestId('pin-new').fill('123456');
    await visible(page, 'Too easy to guess: avoid runs like 123456 or 654321');
    await shot(page, 'pin-weak');
    await page.getByTestId('pin-new').fill('121212');
    await page.getByTestId('pin-again').fill('121212');
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Choose a PIN that is harder to guess');
    expect(await page.getByTestId('pin-new').inputValue()).toBe('');
    expect(await page.getByTestId('pin-again').inputValue()).toBe('');
    await shot(page, 'pin-refused');
    await page.getByTestId('pin-new').fill('482915');
    await page.getByTestId('pin-again').fill('482915');
    await confirmSheet(page);
    await visible(page, 'PIN set');
    await expect.poll(() => page.getByTestId('action-pin').textContent(), WAIT).toContain('Change PIN');
    const kept = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(kept).not.toContain('482915');
    expect(await page.content()).not.toContain('482915');

    // Replace it (damaged): the old card freezes, the new one opens.
    await page.getByTestId('action-replace').click();
    await visible(page, 'Replacement fee');
    await page.getByRole('button', { name: 'Damaged' }).click();
    await shot(page, 'replace-sheet');
    await confirmSheet(page);
    await expect.poll(() => page.url(), WAIT).not.toBe(`${product.url}/cardholders1?id=${firstId}`);
    const secondId = Number(new URL(page.url()).searchParams.get('id'));
    expect(secondId).toBeGreaterThan(firstId);
    await expect.poll(() => page.getByTestId('card-detail').getAttribute('data-status'), WAIT).toBe('active');
    expect(await text(page, 'card-number')).not.toBe(masked);
    await shot(page, 'detail-replacement');
    await page.goto(`${product.url}/cardholders1?id=${firstId}`);
    await expect
      .poll(() => page.getByTestId('card-detail').getAttribute('data-status'), WAIT)
      .toBe('replaced');
    await expect.poll(() => page.getByTestId('to-new-card').count(), WAIT).toBe(1);
    await shot(page, 'detail-replaced');

    // My cards: the new one first, the replaced one greyed; the balance stayed.
    await page.goto(`${product.url}/cardholders`);
    await expect.poll(() => page.getByTestId('card-item').count(), WAIT).toBe(2);
    expect(
      await page
        .getByTestId('card-status')
        .evaluateAll((chips) => chips.map((c) => (c as HTMLElement).dataset.status)),
    ).toEqual(['active', 'replaced']);
    // The replacement fee came from the spot account: the card account keeps its balance.
    expect(await text(page, 'card-balance')).toBe('87.50');
    await shot(page, 'list-two');
    await snap(page, 'cards-list-two-full', { fullPage: true });
    expect(await product.app.ledger.audit()).toEqual([]);
  }, 600_000);

  it('applies for a physical card to a new address, activates it with the letter’s code', async () => {
    const { page } = await product.newPhone();
    const user = await signIn(product, page);
    await claimDemoFunds(page);
    await page.goto(`${product.url}/realName1`);
    await fillVerificationDetails(page, 'Beispiel');
    await page.getByRole('button', { name: 'Next' }).click();
    await addImages(page);
    await page.getByTestId('kyc-submit').click();
    await expect.poll(() => page.url(), WAIT).toBe(`${product.url}/realName`);
    await review(user.uid, 'approve');

    // No address yet: the application leads to the address form and back.
    await page.goto(`${product.url}/openCard1`);
    await visible(page, 'No shipping address yet');
    await shot(page, 'open-physical-no-address');
    await page.getByTestId('add-address').click();
    await expect.poll(() => page.url(), WAIT).toBe(`${product.url}/address1`);
    await page.getByRole('button', { name: 'Save address' }).click();
    await visible(page, "Please enter the recipient's name");
    await shot(page, 'address-form-empty');
    await page.getByPlaceholder("Please enter the recipient's name").fill('Erika Beispiel');
    await page.getByPlaceholder('Please enter the phone number').fill('+49 30 1234567');
    await page.getByRole('button', { name: 'Country' }).click();
    await page.getByRole('option', { name: /Germany/ }).click();
    await page.getByPlaceholder('Please enter the city').fill('Berlin');
    await page.getByPlaceholder('Please enter the street and number').fill('Unter den Linden 1');
    await page.getByPlaceholder('Please enter the postcode').fill('10117');
    await shot(page, 'address-form');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => page.url(), WAIT).toBe(`${product.url}/openCard1`);
    await expect.poll(() => page.getByTestId('address-option').count(), WAIT).toBe(1);
    expect(await page.getByTestId('address-option').getAttribute('aria-pressed')).toBe('true');
    expect(await text(page, 'open-fee')).toBe('Free (test card)');
    await shot(page, 'open-physical');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await visible(page, 'Confirm card application');
    await confirmSheet(page);
    await expect.poll(() => page.url(), WAIT).toMatch(/\/cardholders1\?id=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await expect
      .poll(() => page.getByTestId('card-detail').getAttribute('data-status'), WAIT)
      .toBe('applying');
    await expect.poll(() => page.getByTestId('physical-progress').count(), WAIT).toBe(1);
    await shot(page, 'detail-applying');

    // The addresses list, and editing the one there.
    await page.goto(`${product.url}/address`);
    await expect.poll(() => page.getByTestId('address-row').count(), WAIT).toBe(1);
    await shot(page, 'addresses');
    await page.getByTestId('address-edit').click();
    await expect.poll(() => page.url(), WAIT).toMatch(/\/address1\?id=\d+$/);
    await expect.poll(() => page.getByPlaceholder('Please enter the city').inputValue(), WAIT).toBe('Berlin');
    await page.getByPlaceholder('Apartment, floor, building').fill('3rd floor');
    await shot(page, 'address-edit');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => page.url(), WAIT).toBe(`${product.url}/address`);
    await visible(page, /3rd floor/);

    // The operator ships it; the holder activates it with the code of the letter (the demo shows it).
    const token = await operatorToken();
    const shipped = await operatorCall<{ status: string }>(
      product,
      '/admin/cards/ship',
      { card_id: id, tracking: 'DHL 00340434161234567890' },
      token,
    );
    expect(shipped.code, JSON.stringify(shipped)).toBe(200);
    await page.goto(`${product.url}/cardholders1?id=${id}`);
    await expect
      .poll(() => page.getByTestId('card-detail').getAttribute('data-status'), WAIT)
      .toBe('shipped');
    await visible(page, 'Code from your card letter (demo)');
    const code = (await page.locator('.cdemo-code__value').textContent())?.trim() ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await page
      .getByPlaceholder('Please enter the activation code')
      .fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Activate' }).click();
    await visible(page, 'The activation code is not right');
    await page.getByPlaceholder('Please enter the activation code').fill(code);
    await shot(page, 'detail-shipped');
    await page.getByRole('button', { name: 'Activate' }).click();
    await visible(page, 'Card activated');
    await expect.poll(() => page.getByTestId('card-detail').getAttribute('data-status'), WAIT).toBe('active');
    await shot(page, 'detail-physical-active');
    expect(await product.app.ledger.audit()).toEqual([]);
  }, 480_000);

  it('a rejected verification shows its reason; edited and resubmitted it is pending again', async () => {
    const { page } = await product.newPhone();
    const user = await signIn(product, page);
    await page.goto(`${product.url}/realName1`);
    await fillVerificationDetails(page, 'Probe');
    await page.getByRole('button', { name: 'Next' }).click();
    await addImages(page);
    await page.getByTestId('kyc-submit').click();
    await expect.poll(() => page.url(), WAIT).toBe(`${product.url}/realName`);
    await review(user.uid, 'reject', 'The photo of the back is blurred');
    await page.reload();
    await expect.poll(() => page.getByTestId('kyc-status').getAttribute('data-status'), WAIT).toBe('failed');
    await visible(page, 'The photo of the back is blurred');
    await shot(page, 'kyc-failed');

    // The cards screen says so too, and leads here.
    await page.goto(`${product.url}/cardholders`);
    await expect.poll(() => page.getByTestId('kyc-banner').getAttribute('data-status'), WAIT).toBe('failed');
    await shot(page, 'list-kyc-failed');
    await page.getByTestId('kyc-banner').click();
    await page.getByTestId('kyc-edit').click();
    await expect.poll(() => page.url(), WAIT).toMatch(/\/realName1\?id=\d+$/);
    // What was sent comes back filled in, but the document number and the images.
    await expect
      .poll(() => page.getByPlaceholder('Please enter your legal surname').inputValue(), WAIT)
      .toBe('Probe');
    expect(await page.getByPlaceholder('Please enter the document number').inputValue()).toBe('');
    await shot(page, 'kyc-edit');
    await page.getByPlaceholder('Please enter the document number').fill('C01X00T47');
    await page.getByRole('button', { name: 'Next' }).click();
    await addImages(page);
    await page.getByTestId('kyc-submit').click();
    await expect.poll(() => page.url(), WAIT).toBe(`${product.url}/realName`);
    await expect.poll(() => page.getByTestId('kyc-status').getAttribute('data-status'), WAIT).toBe('pending');
    await expect.poll(() => page.getByTestId('kyc-row').count(), WAIT).toBe(1);
    await shot(page, 'kyc-resubmitted');
  });

  it('fits 360 px in German and Thai, in the light theme too', async () => {
    const { context, page } = await product.newPhone();
    const user = await signIn(product, page);
    await claimDemoFunds(page);
    await page.goto(`${product.url}/realName1`);
    await fillVerificationDetails(page, 'Schmal');
    await page.getByRole('button', { name: 'Next' }).click();
    await addImages(page);
    await page.getByTestId('kyc-submit').click();
    await expect.poll(() => page.url(), WAIT).toBe(`${product.url}/realName`);
    await review(user.uid, 'approve');
    await page.goto(`${product.url}/openCard`);
    await page.getByRole('button', { name: 'Open card' }).click();
    await confirmSheet(page);
    await expect.poll(() => page.url(), WAIT).toMatch(/\/cardholders1\?id=\d+$/);
    const detail = page.url();
    const state = await context.storageState();
    for (const [lang, theme] of [
      ['de', 'dark'],
      ['th', 'light'],
    ] as const) {
      const small = await product.smallPhone(state, lang, theme);
      const p = await small.newPage();
      for (const [name, url, ready] of [
        ['cards', `${product.url}/cardholders`, '[data-testid="card-item"]'],
        ['detail', detail, '[data-testid="card-detail"]'],
        ['open', `${product.url}/openCard`, '[data-testid="bin-option"]'],
        ['kyc', `${product.url}/realName`, '[data-testid="kyc-status"]'],
        ['records', `${product.url}/card`, '[data-testid="recharge-row"], .state'],
      ] as const) {
        await p.goto(url);
        await expect.poll(() => p.locator(ready).count(), WAIT).toBeGreaterThan(0);
        if (SHOTS_ON) await p.waitForTimeout(300);
        expect(await fitsWidth(p), `${lang} ${name} fits 360 px`).toBe(true);
        await product.shot(p, `cards-360-${lang}-${name}`);
      }
      await small.close();
    }
  });
});
