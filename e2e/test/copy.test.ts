import { exactText } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLeadAddress } from '../../server/src/modules/copy/demo-leads';
import { schema } from '../../server/src/store';
import { type Product, startProduct } from '../harness';
import { btcIndexAt, futuresFunds, signIn, visible, WAIT } from '../users';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product.close());

const INST = 'BTC-USDT-SWAP';

describe('copy trading in the browser', () => {
  it('B copies A from the Copy tab, sees the copied long live, its realized PnL and profit share, and cancels', async () => {
    await btcIndexAt(product, '60000');
    const futures = product.app.modules.futures;
    const copy = product.app.modules.copy;
    // A market maker's book, and A, a lead trader at 10×.
    const maker = await product.newPhone();
    const m = await signIn(product, maker.page);
    await futuresFunds(product, m.id, '200000');
    await futures.submit(m.id, {
      instId: INST,
      side: 'sell',
      type: 'limit',
      px: exactText('60000'),
      sz: exactText('40'),
    });
    const lead = await product.newPhone();
    const a = await signIn(product, lead.page);
    await futuresFunds(product, a.id, '20000');
    await futures.setLeverage(a.id, INST, 10);
    await copy.makeLead(a.id, 0);
    const [aUser] = (await copy.traders({ sort: 'rate14', page: 1, size: 10 })).list.filter(
      (t) => t.id === a.id,
    );
    if (!aUser) throw new Error('lead not listed');

    // B finds A on the Copy tab and copies with 350 USDT per position.
    const { page } = await product.newPhone();
    const b = await signIn(product, page);
    await futuresFunds(product, b.id, '2000');
    await page.goto(`${product.url}/copy`);
    await visible(page, 'Junior copy-trader');
    await product.shot(page, 'copy-traders');
    await page.getByTestId('copy-trader').filter({ hasText: aUser.name }).click();
    await visible(page, '14-day rate');
    await page.getByTestId('copy-follow').click();
    await page.getByRole('button', { name: 'Next' }).click();
    await visible(page, 'Enter the margin per position');
    await page.getByPlaceholder('≥ 10').fill('350');
    await page.getByPlaceholder('≥ 50').fill('1500');
    await product.shot(page, 'copy-follow-sheet');
    await page.getByRole('button', { name: 'Next' }).click();
    await visible(page, '1,500.00 USDT');
    await page.getByRole('button', { name: 'Confirm copy' }).click();
    await visible(page, 'Copy success');
    await expect.poll(() => page.getByTestId('copy-active').count(), WAIT).toBe(1);

    // A opens a 10-contract long: B's copy (350 × 10 ÷ 600 = 5.8, 5 whole contracts) shows with its live PnL.
    await futures.submit(a.id, { instId: INST, side: 'buy', type: 'market', sz: exactText('10') });
    // (The trader's own position shows below it, as the trader page lists it.)
    const mine = page.getByTestId('copy-active').getByTestId('copy-position');
    await expect.poll(() => mine.count(), WAIT).toBe(1);
    await expect.poll(() => page.getByTestId('copy-position').count(), WAIT).toBe(2);
    await expect.poll(() => mine.locator('dd').first().textContent(), WAIT).toBe('5');
    await btcIndexAt(product, '61000');
    await expect.poll(() => mine.getByTestId('copy-upl').textContent(), WAIT).toMatch(/^\+/);
    await product.shot(page, 'copy-position-live');

    // A closes against a bid at 61,000: B's copy closes with it and shows the realized profit.
    await futures.cancel(m.id, { orderIds: [], instId: INST });
    await futures.submit(m.id, {
      instId: INST,
      side: 'buy',
      type: 'limit',
      px: exactText('61000'),
      sz: exactText('40'),
    });
    await futures.submit(a.id, {
      instId: INST,
      side: 'sell',
      type: 'market',
      sz: exactText('10'),
      reduceOnly: true,
    });
    await expect.poll(() => futures.positions(b.id).length, WAIT).toBe(0);
    // The week's settlement: B pays A 8 % of the realized profit.
    const [follow] = (await copy.myFollows(b.id, { status: 'active', page: 1, size: 1 })).list;
    if (!follow) throw new Error('no copy');
    await copy.settleOne(follow.id, (await copy.period()).index);

    await page.goto(`${product.url}/copy?tab=mine`);
    await expect.poll(() => page.getByTestId('copy-trade').count(), WAIT).toBe(2);
    await expect.poll(() => page.getByTestId('copy-trade-pnl').first().textContent(), WAIT).toMatch(/^\+/);
    // The opening copy says what margin it opened of the 350 asked, and why (5 contracts at 60 USDT).
    await expect
      .poll(() => page.getByTestId('copy-trade-margin').textContent(), WAIT)
      .toMatch(/^Margin 300\.\d\d of 350 USDT — rounded down to whole contracts$/);
    await product.shot(page, 'copy-records');
    await page.getByRole('tab', { name: 'Profit share' }).click();
    await expect.poll(() => page.getByTestId('copy-settlement').count(), WAIT).toBe(1);
    await visible(page, /-\d+\.\d+ USDT/);

    // B cancels the copy.
    await page.getByRole('button', { name: 'Cancel copy' }).click();
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Copy canceled');
    await expect.poll(() => page.getByTestId('copy-active').count(), WAIT).toBe(0);
    await visible(page, 'You are not copying anyone');
  });

  it('shows a demo lead by nickname and avatar, and says why Apply to lead is off while copying', async () => {
    const copy = product.app.modules.copy;
    // The demo's first lead trader, as the demo creates it (its wallet address marks it as demo).
    const [row] = await product.app.deps.store.db
      .insert(schema.users)
      .values({ uid: '10000101', address: demoLeadAddress(1), inviteCode: 'NEXACPY1', createdAt: new Date() })
      .returning({ id: schema.users.id });
    if (!row) throw new Error('no demo lead');
    await futuresFunds(product, row.id, '20000');
    await copy.makeLead(row.id, 0);

    const { page } = await product.newPhone();
    const b = await signIn(product, page);
    await futuresFunds(product, b.id, '2000');
    await page.goto(`${product.url}/copy`);
    const card = page.getByTestId('copy-trader').filter({ hasText: 'Aurora Quant' });
    await expect.poll(() => card.count(), WAIT).toBe(1);
    expect(await card.getByTestId('copy-avatar').textContent()).toBe('AQ');
    expect(await card.getByTestId('demo-tag').count()).toBe(1);
    await expect.poll(() => page.getByText('10000101').count()).toBe(0);
    await product.shot(page, 'copy-demo-lead');

    await card.click();
    await visible(page, '14-day rate');
    await expect.poll(() => page.getByTestId('copy-avatar').first().textContent(), WAIT).toBe('AQ');
    // Its figures are its own trades since the demo started, and the page says so.
    await expect
      .poll(() => page.getByTestId('copy-demo-history').textContent(), WAIT)
      .toContain('when the demo first started');
    await product.shot(page, 'copy-demo-trader');

    // B copies the demo lead: My copies names it with its avatar, and leading is off, saying why.
    await copy.follow(b.id, {
      trader_id: row.id,
      mode: 'amount',
      amount: 100_000_000n,
      budget: 500_000_000n,
      venue: 'platform',
    });
    await page.goto(`${product.url}/copy?tab=mine`);
    const active = page.getByTestId('copy-active');
    await expect.poll(() => active.getByText('Aurora Quant').count(), WAIT).toBe(1);
    expect(await active.getByTestId('copy-avatar').textContent()).toBe('AQ');
    await page.goto(`${product.url}/copy?tab=lead`);
    await expect.poll(() => page.getByTestId('lead-apply-btn').isDisabled(), WAIT).toBe(true);
    await expect
      .poll(() => page.getByTestId('lead-apply-why').textContent(), WAIT)
      .toContain('one cannot lead while copying');
    await product.shot(page, 'copy-lead-why');
    const state = await page.context().storageState();
    for (const [lang, width] of [
      ['en', 360],
      ['de', 360],
      ['de', 390],
    ] as const) {
      const small = await product.browser.newContext({
        viewport: { width, height: 780 },
        storageState: state,
      });
      await small.addInitScript((l) => localStorage.setItem('lang', l), lang);
      const p = await small.newPage();
      await p.goto(`${product.url}/copy`);
      await expect.poll(() => p.getByTestId('copy-avatar').count(), WAIT).toBeGreaterThan(0);
      await product.shot(p, `copy-demo-lead-${width}-${lang}`);
      await p.goto(`${product.url}/copy?tab=lead`);
      await expect.poll(() => p.getByTestId('lead-apply-why').isVisible(), WAIT).toBe(true);
      await product.shot(p, `copy-lead-why-${width}-${lang}`);
      await small.close();
    }
  });
});
