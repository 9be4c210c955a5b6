import { exactText } from '@nexa/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, startProduct } from '../harness';
import { btcIndexAt, fund, futuresFunds, signIn, visible, WAIT } from '../users';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product.close());

/** Fills the conditional form's fields by their labels. */
async function fill(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields))
    await page.getByLabel(label, { exact: false }).first().fill(value);
}

describe('conditional orders in the browser (390×844)', () => {
  it('places a stop-limit, a stop-market, an OCO and a trailing stop on spot, and sees each fire in the history', async () => {
    const spot = product.app.modules.spot;
    const mm = await product.newPhone();
    const maker = (await signIn(product, mm.page)).id;
    await fund(product, maker, 'BTC', '1');
    await fund(product, maker, 'USDT', '100000');
    const rest = (side: 'buy' | 'sell', px: string, sz: string) =>
      spot.submit(maker, { instId: 'BTC-USDT', side, type: 'limit', px: exactText(px), sz: exactText(sz) });
    // A first print at 60,000 (the maker trades with itself through a second account).
    const tk = await product.newPhone();
    const taker = (await signIn(product, tk.page)).id;
    await fund(product, taker, 'USDT', '100000');
    await fund(product, taker, 'BTC', '1');
    await rest('sell', '60000', '0.001');
    await spot.submit(taker, {
      instId: 'BTC-USDT',
      side: 'buy',
      type: 'limit',
      px: exactText('60000'),
      sz: exactText('0.001'),
      tif: 'IOC',
    });

    const { page, context } = await product.newPhone();
    const u = (await signIn(product, page)).id;
    await fund(product, u, 'BTC', '1');
    await page.goto(`${product.url}/trade?instId=BTC-USDT`);
    await page.getByRole('tab', { name: 'Sell' }).first().click();
    const place = async (kind: string, fields: Record<string, string>, shot?: string) => {
      await page.getByRole('tab', { name: kind, exact: true }).first().click();
      await fill(page, fields);
      await page.getByRole('button', { name: `Sell · ${kind}` }).click();
      if (shot) await product.shot(page, shot);
      await page.locator('.sheet__confirm:visible').click();
      // The store has it (the toast saying so is there for two seconds only: a loaded machine can miss it).
      placed += 1;
      await expect.poll(async () => (await pending(u)).total, WAIT).toBe(placed);
    };
    let placed = 0;
    const pending = (id: number) => spot.algoOrders(id, { pending: true }, { page: 1, size: 10 }, 'en');
    await page.getByRole('tab', { name: 'Stop-limit', exact: true }).first().click();
    // A trigger at the last price is refused in the form, before any call.
    await fill(page, { 'Trigger price': '60000', 'Limit price': '58900', Amount: '0.01' });
    await page.getByRole('button', { name: 'Sell · Stop-limit' }).click();
    await visible(page, 'cannot be the current price');
    await product.shot(page, 'algo-spot-stop-limit-error');
    await place('Stop-limit', { 'Trigger price': '59000', 'Limit price': '58900', Amount: '0.01' });
    await place('Stop-market', { 'Trigger price': '59500', Amount: '0.01' });
    await place(
      'OCO',
      { 'Take-profit trigger': '62000', 'Stop-loss trigger': '58000', Amount: '0.01' },
      'algo-spot-oco-confirm',
    );
    await place('Trailing stop', { 'Callback rate': '5', Amount: '0.01' });
    await page.getByRole('tab', { name: 'Conditional', exact: true }).click();
    await expect.poll(() => page.locator('.arow').count(), WAIT).toBe(4);
    await product.shot(page, 'algo-spot-pending');

    // The price falls through 59,500 and 59,000: the stop-market sells at market, the stop-limit rests its
    // limit; the OCO's stop-loss and the trailing stop (57,000) wait.
    await rest('buy', '59400', '0.02');
    await spot.submit(taker, {
      instId: 'BTC-USDT',
      side: 'sell',
      type: 'market',
      tgtCcy: 'base_ccy',
      sz: exactText('0.001'),
    });
    await rest('buy', '58950', '0.001');
    await spot.submit(taker, {
      instId: 'BTC-USDT',
      side: 'sell',
      type: 'market',
      tgtCcy: 'base_ccy',
      sz: exactText('0.021'),
    });
    await page.getByRole('tab', { name: 'Conditional history' }).click();
    await expect.poll(() => page.locator('.arow[data-state="effective"]').count(), WAIT).toBe(2);
    await visible(page, 'Triggered at 59,400');
    await product.shot(page, 'algo-spot-history');
    // At 360 px in Thai and German: the form and the history fit and read in the language.
    const state = await context.storageState();
    for (const lang of ['th', 'de'] as const) {
      const small = await product.smallPhone(state, lang, 'dark');
      const p = await small.newPage();
      await p.goto(`${product.url}/trade?instId=BTC-USDT`);
      await p.locator('.oform__type').nth(4).click();
      await expect.poll(() => p.locator('.aform input').count(), WAIT).toBe(5);
      await product.shot(p, `algo-spot-oco-360-${lang}`);
      await p.locator('.orders__tabs .tabs__tab').nth(3).click();
      await expect.poll(() => p.locator('.arow').count(), WAIT).toBe(2);
      await p.locator('.orders__tabs').scrollIntoViewIfNeeded();
      await product.shot(p, `algo-spot-history-360-${lang}`);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await small.close();
    }
  });

  it('places each kind on a swap (mark and last), and the mark firing a stop shows its order in the history', async () => {
    await btcIndexAt(product, '60000');
    const futures = product.app.modules.futures;
    const mm = await product.newPhone();
    const m = (await signIn(product, mm.page)).id;
    await futuresFunds(product, m, '100000');
    const rest = (side: 'buy' | 'sell', px: string, sz: string) =>
      futures.submit(m, {
        instId: 'BTC-USDT-SWAP',
        side,
        type: 'limit',
        px: exactText(px),
        sz: exactText(sz),
      });
    await rest('sell', '60000', '1');
    const tk = await product.newPhone();
    const t = (await signIn(product, tk.page)).id;
    await futuresFunds(product, t, '10000');
    await futures.submit(t, { instId: 'BTC-USDT-SWAP', side: 'buy', type: 'market', sz: exactText('1') });
    await rest('sell', '60600', '5');

    const { page, context } = await product.newPhone();
    const a = (await signIn(product, page)).id;
    await futuresFunds(product, a, '5000');
    await page.goto(`${product.url}/contract`);
    await visible(page, 'Perpetual');
    const place = async (
      kind: string,
      fields: Record<string, string>,
      side: 'Open long' | 'Open short',
      onLast = false,
    ) => {
      await page.getByRole('tab', { name: kind, exact: true }).first().click();
      if (onLast) await page.getByRole('tab', { name: 'Last', exact: true }).click();
      await fill(page, fields);
      await page.locator('.faform').getByRole('button', { name: side }).click();
      await page.locator('.sheet__confirm:visible').click();
      placed += 1;
      await expect.poll(async () => (await pending(a)).total, WAIT).toBe(placed);
    };
    let placed = 0;
    const pending = (id: number) => futures.algoOrders(id, { pending: true }, { page: 1, size: 10 }, 'en');
    await place('Stop-market', { 'Trigger price': '60500', 'Amount (contracts)': '1' }, 'Open long');
    await place(
      'Stop-limit',
      { 'Trigger price': '59000', 'Limit price': '58900', 'Amount (contracts)': '1' },
      'Open short',
    );
    await place(
      'OCO',
      { 'Take-profit trigger': '62000', 'Stop-loss trigger': '58000', 'Amount (contracts)': '1' },
      'Open short',
    );
    await place('Trailing stop', { 'Callback rate': '2', 'Amount (contracts)': '1' }, 'Open short', true);
    await product.shot(page, 'algo-swap-form');
    await page.getByRole('tab', { name: 'Orders' }).click();
    await page.getByRole('button', { name: 'Conditional', exact: true }).click();
    await expect.poll(() => page.locator('.arow').count(), WAIT).toBe(4);
    await product.shot(page, 'algo-swap-pending');

    // The mark reaches 60,500: the stop-market opens a long at market against the 60,600 ask.
    await btcIndexAt(product, '60550');
    await futures.idle();
    await page.getByRole('button', { name: 'Conditional history' }).click();
    await expect.poll(() => page.locator('.arow[data-state="effective"]').count(), WAIT).toBe(1);
    await visible(page, 'Triggered at 60,550');
    await expect.poll(async () => (await futures.positions(a)).map((p) => p.pos), WAIT).toEqual(['1']);
    await product.shot(page, 'algo-swap-history');
    expect(
      (await futures.algoOrders(a, { pending: true }, { page: 1, size: 10 }, 'en')).list
        .map((x) => x.triggerPxType)
        .sort(),
    ).toEqual(['last', 'mark', 'mark']);
    const state = await context.storageState();
    for (const lang of ['de', 'th'] as const) {
      const small = await product.smallPhone(state, lang, 'dark');
      const p = await small.newPage();
      await p.goto(`${product.url}/contract`);
      await p.locator('.faform__kinds .faform__chip').nth(2).click();
      await expect.poll(() => p.locator('.faform input[inputmode="decimal"]').count(), WAIT).toBe(5);
      await product.shot(p, `algo-swap-oco-360-${lang}`);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await small.close();
    }
  });
});
