import { exactText } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, startProduct } from '../harness';
import { btcIndexAt, fund, futuresFunds, signIn, visible, WAIT } from '../users';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product.close());

const INST = 'BTC-USDT-SWAP';

describe('futures in the browser', () => {
  it('opens a 10× long, follows its PnL live, sets a stop-loss, closes half and shows the realized PnL', async () => {
    await btcIndexAt(product, '60000');
    const maker = await product.newPhone();
    const m = await signIn(product, maker.page);
    await futuresFunds(product, m.id, '100000');
    const futures = product.app.modules.futures;
    await futures.submit(m.id, {
      instId: INST,
      side: 'sell',
      type: 'limit',
      px: exactText('60000'),
      sz: exactText('10'),
    });

    const { page } = await product.newPhone();
    const a = await signIn(product, page);
    await futuresFunds(product, a.id, '2000');
    await page.goto(`${product.url}/contract`);
    await visible(page, 'Perpetual');
    await expect.poll(() => page.getByTestId('fut-mark').textContent(), WAIT).toContain('60,000');
    // Leverage 10×, 10 contracts (0.1 BTC, 6,000 USDT): margin 600, fee 3.
    await page.getByTestId('fut-lever').click();
    await page.getByRole('option', { name: /^10×/ }).click();
    await visible(page, 'Leverage set to 10×');
    await page.getByRole('button', { name: 'Open long' }).first().click();
    await visible(page, 'Please enter the number of contracts');
    await page.getByPlaceholder('Contracts', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Open long' }).first().click();
    await visible(page, '600.00 USDT');
    await visible(page, '54,271.4 USDT');
    await product.shot(page, 'futures-confirm');
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Position opened');
    await expect.poll(() => page.getByTestId('fut-position').count(), WAIT).toBe(1);
    await expect.poll(() => page.getByTestId('fut-upl').textContent(), WAIT).toContain('0.00');

    // The mark moves: the PnL follows without a reload.
    await btcIndexAt(product, '61000');
    await expect.poll(() => page.getByTestId('fut-upl').textContent(), WAIT).toContain('+100.00');
    await product.shot(page, 'futures-position-live');

    // A stop-loss below the mark.
    await page.getByRole('button', { name: 'TP/SL' }).click();
    await page.getByLabel('Stop-loss price').fill('59000');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page, 'TP/SL saved');
    await visible(page, 'SL 59,000.00');

    // Close half against a bid at 61,000: 5 contracts realize +50.
    await futures.submit(m.id, {
      instId: INST,
      side: 'buy',
      type: 'limit',
      px: exactText('61000'),
      sz: exactText('5'),
    });
    await page.getByTestId('fut-position').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: '50%' }).click();
    // The preview walks the book: 5 contracts fill at the 61,000 bid, no slippage, +50 realized (an estimate).
    await visible(page, 'Est. fill price');
    await expect.poll(() => page.locator('.sheet__rows:visible').textContent(), WAIT).toContain('61,000.0');
    await visible(page, '0.00%');
    await visible(page, '+50.00 USDT');
    await product.shot(page, 'futures-close-preview');
    await page.getByRole('button', { name: 'Close 5 cont.' }).click();
    await visible(page, 'Position closed, realized +50.00 USDT');
    await expect
      .poll(async () => (await futures.positions(a.id)).map((p) => [p.pos, p.realized_pnl]), WAIT)
      .toEqual([['5', '50']]);
    await visible(page, '+50.00');
    // The orders' history holds the close with its realized PnL.
    await page.getByRole('tab', { name: 'Orders' }).click();
    await page.getByRole('button', { name: 'Order history' }).click();
    await expect.poll(() => page.getByTestId('fut-order').count(), WAIT).toBe(2);
    await visible(page, 'Close long');
    await product.shot(page, 'futures-records');
  });
});

describe('cross margin in the browser', () => {
  it('chooses cross for the contract, shows the liquidation the balance backs, and marks the position cross', async () => {
    await btcIndexAt(product, '60000');
    const maker = await product.newPhone();
    const m = await signIn(product, maker.page);
    await futuresFunds(product, m.id, '100000');
    const futures = product.app.modules.futures;
    await futures.submit(m.id, {
      instId: INST,
      side: 'sell',
      type: 'limit',
      px: exactText('60000'),
      sz: exactText('10'),
    });

    const { page, context } = await product.newPhone();
    const a = await signIn(product, page);
    await futuresFunds(product, a.id, '2000');
    await page.goto(`${product.url}/contract`);
    await visible(page, 'Perpetual');
    await expect.poll(() => page.getByTestId('fut-mark').textContent(), WAIT).toContain('60,000');
    await expect.poll(() => page.getByTestId('fut-mode').textContent(), WAIT).toBe('Isolated');
    await page.getByTestId('fut-mode').click();
    await visible(page, 'your available futures balance backs the position too');
    await product.shot(page, 'futures-margin-mode');
    await page.getByRole('option', { name: 'Cross' }).click();
    await visible(page, 'Margin mode: Cross');
    await expect.poll(() => page.getByTestId('fut-mode').textContent(), WAIT).toBe('Cross');
    await page.getByTestId('fut-lever').click();
    await page.getByRole('option', { name: /^10×/ }).click();
    await visible(page, 'Leverage set to 10×');

    // 10 contracts at 10×: margin 600, fee 3; the 1,397 left available backs it too, so the estimated
    // liquidation is (6,000 − 1,997) ÷ (0.1 × 0.995) ≈ 40,231, far below the isolated 54,271.4.
    await page.getByPlaceholder('Contracts', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Open long' }).first().click();
    await visible(page, 'Open long · Cross 10×');
    await expect
      .poll(() => page.locator('.sheet__rows:visible').textContent(), WAIT)
      .toMatch(/40,23\d\.\d USDT/);
    await product.shot(page, 'futures-cross-confirm');
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Position opened');
    await expect.poll(() => page.getByTestId('fut-pos-mode').textContent(), WAIT).toBe('Cross 10×');
    expect(futures.positions(a.id)[0]).toMatchObject({ mgn_mode: 'cross', pos: '10' });
    await page.getByTestId('fut-position').scrollIntoViewIfNeeded();
    await product.shot(page, 'futures-cross-position');

    // At 360 px in German and Thai: both chips and the position read in the language and fit.
    const state = await context.storageState();
    for (const [lang, word] of [
      ['de', 'Guthaben'],
      ['th', 'ยอด'],
    ] as const) {
      const small = await product.smallPhone(state, lang, 'dark');
      const p = await small.newPage();
      await p.goto(`${product.url}/contract`);
      await expect.poll(() => p.getByTestId('fut-pos-mode').textContent(), WAIT).toMatch(/10×$/);
      await p.getByTestId('fut-position').scrollIntoViewIfNeeded();
      await product.shot(p, `futures-cross-position-360-${lang}`);
      await p.getByTestId('fut-mode').click();
      await expect.poll(() => p.locator('.picker__footer').textContent(), WAIT).toContain(word);
      await product.shot(p, `futures-margin-mode-360-${lang}`);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await small.close();
    }
    // At 57,000 the position's equity (600 − 300) is under its initial margin there (570): a transfer out of the
    // futures account leaves the 270 that would lift it back; 1,127 of the 1,397 available may go.
    await btcIndexAt(product, '57000');
    await page.goto(`${product.url}/internalTransfer`);
    await page.getByRole('button', { name: 'Swap accounts' }).click();
    await visible(page, 'Kept for cross positions');
    await visible(page, '270.00 USDT');
    await visible(page, 'stays in the futures account until they recover or close');
    await page.getByRole('button', { name: 'Max' }).click();
    await expect
      .poll(() => page.getByPlaceholder('Please enter the internal transfer amount').inputValue(), WAIT)
      .toBe('1127');
    await product.shot(page, 'futures-cross-transfer-kept');
    for (const lang of ['de', 'zh'] as const) {
      const small = await product.smallPhone(state, lang, 'light');
      const p = await small.newPage();
      await p.goto(`${product.url}/internalTransfer`);
      await p.locator('.route-card__swap').click();
      await expect.poll(() => p.locator('.note').first().textContent(), WAIT).toMatch(/Cross|全仓/);
      await product.shot(p, `futures-cross-transfer-kept-360-${lang}`);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await small.close();
    }
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Transfer completed');
    await expect.poll(async () => (await futures.account(a.id)).available, WAIT).toBe('270');
    await btcIndexAt(product, '60000');

    // Flat again for the next test: the maker takes the position back.
    await futures.submit(m.id, {
      instId: INST,
      side: 'buy',
      type: 'limit',
      px: exactText('60000'),
      sz: exactText('10'),
    });
    await futures.closeAll(a.id);
    await futures.cancel(m.id, { orderIds: [], instId: INST });
    expect(futures.positions(a.id)).toEqual([]);
  });
});

describe('the futures screen as OKX lays it out', () => {
  it('keeps the tab bar, shows chart and book with the mark row, opens with TP/SL by PnL % and closes part', async () => {
    await btcIndexAt(product, '60000');
    const maker = await product.newPhone();
    const m = await signIn(product, maker.page);
    await futuresFunds(product, m.id, '100000');
    const futures = product.app.modules.futures;
    const rest = (side: 'buy' | 'sell', px: string, sz: string) =>
      futures.submit(m.id, { instId: INST, side, type: 'limit', px: exactText(px), sz: exactText(sz) });
    await rest('sell', '60000', '10');
    await rest('buy', '59900', '5');

    const { page } = await product.newPhone();
    const a = await signIn(product, page);
    await futuresFunds(product, a.id, '2000');
    await page.goto(`${product.url}/contract`);
    await visible(page, 'Perpetual');
    // The tab bar stays, Trade lit; no back arrow.
    await expect.poll(() => page.locator('.tab-bar__item--active').textContent(), WAIT).toContain('Trade');
    // The swap's book with its mark row between asks and bids.
    // (The mark is the index plus the book's smoothed premium: near 60,000, as the head shows it.)
    await expect
      .poll(() => page.getByTestId('book-mark').textContent(), WAIT)
      .toMatch(/Mark\s*(59,9\d\d|60,0\d\d)\.\d/);
    await expect.poll(() => page.locator('.book__row--ask').count(), WAIT).toBeGreaterThan(0);
    // The chart opens with the intervals of spot.
    await page.locator('.chart-panel__toggle').click();
    await expect.poll(() => page.locator('.chart__canvas canvas').count(), WAIT).toBeGreaterThan(0);
    await visible(page, '4H');

    await page.getByTestId('fut-lever').click();
    await page.getByRole('option', { name: /^10×/ }).click();
    await visible(page, 'Leverage set to 10×');
    // A limit buy at the best ask (it fills at once): its TP/SL are counted from its price.
    await page.locator('.fform').getByRole('button', { name: 'Limit' }).click();
    await page.locator('.fform').getByPlaceholder('Price (USDT)').fill('60000');
    await page.getByPlaceholder('Contracts', { exact: true }).fill('4');
    await page.getByTestId('fut-tpsl-on').check();
    await page.locator('.ftpsl').getByRole('button', { name: 'PnL %' }).click();
    await page.getByLabel('TP gain %').fill('50');
    await page.getByLabel('SL loss %').fill('20');
    // Shown both ways: +50 % of a 10× long's margin is 63,000, of a short's 57,000.
    await expect.poll(() => page.getByTestId('fut-tp-hint').textContent(), WAIT).toContain('Long 63000.0');
    await expect.poll(() => page.getByTestId('fut-tp-hint').textContent(), WAIT).toContain('Short 57000.0');
    await expect.poll(() => page.getByTestId('fut-sl-hint').textContent(), WAIT).toContain('Long 58800.0');
    await product.shot(page, 'futures-tpsl-form');
    await page.getByRole('button', { name: 'Open long' }).first().click();
    await visible(page, '63,000.0 (+50.00%)');
    await visible(page, '58,800.0 (-20.00%)');
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Position opened');
    await expect
      .poll(
        async () => (await futures.positions(a.id)).map((p) => [p.pos, p.tp_trigger_px, p.sl_trigger_px]),
        WAIT,
      )
      .toEqual([['4', '63000', '58800']]);
    await visible(page, 'SL 58,800.00');
    await expect.poll(() => page.getByTestId('fut-adl').count(), WAIT).toBe(1);
    await expect.poll(() => page.getByTestId('fut-funding').textContent(), WAIT).toContain('0.00');

    // A partial close by the slider: half of 4 at market into the 59,900 bid.
    await page.getByTestId('fut-position').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('fut-close-slider').fill('50');
    await page.getByRole('button', { name: 'Close 2 cont.' }).click();
    await visible(page, /Position closed, realized/);
    await expect.poll(async () => (await futures.positions(a.id)).map((p) => p.pos), WAIT).toEqual(['2']);
    // The rest at a limit price: a reduce-only order rests.
    await page.getByTestId('fut-position').getByRole('button', { name: 'Close' }).click();
    await page.locator('.sheet:visible').getByRole('button', { name: 'Limit' }).click();
    await page.getByPlaceholder('Price (USDT)').last().fill('60500');
    await product.shot(page, 'futures-close-limit');
    await page.getByRole('button', { name: 'Close 2 cont.' }).click();
    await visible(page, 'Close order placed at 60500');
    const open = await futures.orders(a.id, { open: true, instId: INST }, { page: 1, size: 10 });
    expect(open.list.map((o) => [o.type, o.reduce_only, o.px, o.sz])).toEqual([
      ['limit', true, '60500', '2'],
    ]);

    // The screen at 390 and 360 px, in English and Thai: nothing clipped sideways.
    for (const lang of ['en', 'th']) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      for (const width of [390, 360]) {
        await page.setViewportSize({ width, height: 844 });
        await page.goto(`${product.url}/contract`);
        await expect.poll(() => page.getByTestId('book-mark').count(), WAIT).toBe(1);
        await expect.poll(() => page.getByTestId('fut-position').count(), WAIT).toBe(1);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(wide, `${lang} ${width}`).toBeLessThanOrEqual(width);
        await product.shot(page, `futures-screen-${lang}-${width}`);
        await page.getByTestId('fut-position').scrollIntoViewIfNeeded();
        await product.shot(page, `futures-position-${lang}-${width}`);
      }
    }
  });
});

describe('insurance in the browser', () => {
  it('buys a cover, shows it waiting with its terms, and lists the purchase in the records', async () => {
    const { page } = await product.newPhone();
    const a = await signIn(product, page);
    await fund(product, a.id, 'USDT', '1000');
    await page.goto(`${product.url}/node7`);
    await visible(page, 'No cover in force');
    await page.getByRole('button', { name: 'Buy cover' }).click();
    await visible(page, 'Please enter the amount');
    await page.getByPlaceholder('Please enter the amount').fill('50');
    await page.getByRole('button', { name: 'Buy cover' }).click();
    await visible(page, 'The limit is from 100.00 to 10,000.00 USDT');
    await page.getByPlaceholder('Please enter the amount').fill('2000');
    await visible(page, 'Premium: 100.00 USDT');
    await page.getByRole('button', { name: 'Buy cover' }).click();
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Cover bought');
    await expect.poll(() => page.getByTestId('ins-cover').count(), WAIT).toBe(1);
    await visible(page, 'Waiting');
    await product.shot(page, 'insurance-cover');
    await page.getByText('Insurance records').click();
    await visible(page, 'Cover limit 2,000.00 USDT');
    await page.getByRole('tab', { name: 'Compensations' }).click();
    await visible(page, 'No compensations yet');
    const spot = (await product.app.ledger.balances(a.id)).find(
      (b) => b.asset === 'USDT' && b.kind === 'spot',
    );
    expect(spot?.available).toBe(900_000_000n);
  });
});
