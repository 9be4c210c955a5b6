import { randomBytes } from 'node:crypto';
import { exactText } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletDeposits, walletWithdrawals } from '../../server/src/modules/wallet/tables';
import { type Product, startProduct } from '../harness';
import { confirmationBy, financeOperator, fund, localWalletKey, operatorId, signIn, visible } from '../users';

let product: Product;
let financeId: number;

beforeAll(async () => {
  product = await startProduct();
  financeId = await financeOperator(product);
});
afterAll(() => product.close());

describe('a user moves money through the wallet', () => {
  let a: { context: BrowserContext; page: Page };
  let b: { context: BrowserContext; page: Page };

  it('deposits (an operator confirms), withdraws (pending, then completed), transfers and exchanges', async () => {
    a = await product.newPhone();
    b = await product.newPhone();
    const page = a.page;
    const userA = await signIn(product, page);
    const userB = await signIn(product, b.page);

    // Deposit: report the transaction; an operator confirms it.
    await page.goto(`${product.url}/deposit`);
    await page.getByRole('button', { name: /Report a deposit/ }).click();
    await page
      .getByPlaceholder('Please enter the transaction hash')
      .fill(`0x${randomBytes(32).toString('hex')}`);
    await page.getByPlaceholder('Please enter the deposit amount').fill('500');
    await page.getByRole('button', { name: 'Report deposit' }).click();
    await visible(page, 'Pending approval');
    await product.shot(page, 'wallet-deposit-pending');
    const [dep] = await product.app.deps.store.db
      .select()
      .from(walletDeposits)
      .where(eq(walletDeposits.userId, userA.id));
    await product.app.modules.wallet.deposits.confirm(financeId, { deposit_id: dep?.id });

    await page.goto(`${product.url}/wallet`);
    await visible(page, /500\.00/);
    await product.shot(page, 'wallet-funded');

    // Withdrawal: pending approval, then approved by an operator.
    await page.goto(`${product.url}/withdraw`);
    await page.getByPlaceholder('Please enter the receiving address').fill(`0x${'ab'.repeat(20)}`);
    await page.getByPlaceholder('Please enter the withdrawal amount').fill('100');
    await page.locator('.wsubmit').click();
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Pending approval');
    await product.shot(page, 'wallet-withdraw-pending');
    const [wd] = await product.app.deps.store.db
      .select()
      .from(walletWithdrawals)
      .where(eq(walletWithdrawals.userId, userA.id));
    // Another operator than the one who credited the deposit pays it out.
    const sentHash = `0x${'5e'.repeat(32)}`;
    await product.app.modules.wallet.withdrawals.approve(
      await operatorId(product, 'admin'),
      wd?.id ?? 0,
      sentHash,
    );
    await page.reload();
    await visible(page, 'Completed');
    // The sent transaction, linked to the network's explorer.
    await expect
      .poll(() => page.getByRole('link', { name: 'Explorer' }).first().getAttribute('href'))
      .toBe(`https://etherscan.io/tx/${sentHash}`);
    await product.shot(page, 'wallet-withdraw-approved');

    // Transfer to the second user by UID.
    await page.goto(`${product.url}/transfer`);
    // The recipient is looked up as it is typed: nobody, then user B (masked address), before any confirm.
    await page.getByPlaceholder('Wallet address or UID').fill('99999999');
    await visible(page, 'No user has this address or UID');
    await page.getByPlaceholder('Wallet address or UID').fill(userB.uid);
    const bAddress = userB.address.toLowerCase();
    await visible(page, `UID ${userB.uid} · ${bAddress.slice(0, 6)}…${bAddress.slice(-4)}`);
    await product.shot(page, 'wallet-transfer-recipient');
    await page.getByPlaceholder('Please enter the amount').fill('25');
    await page.locator('.wsubmit').click();
    await page.locator('.sheet__confirm:visible').click();
    await expect
      .poll(
        async () => (await product.app.ledger.balances(userB.id)).find((x) => x.asset === 'USDT')?.available,
      )
      .toBe(25_000_000n);
    await b.page.goto(`${product.url}/wallet`);
    await visible(b.page, /25\.00/);
    await product.shot(b.page, 'wallet-received');

    // Exchange USDT for BTC at a live quote: the exchange buys on the BTC-USDT book, where B sells.
    await fund(product, userB.id, 'BTC', '0.01');
    await product.app.modules.spot.submit(userB.id, {
      instId: 'BTC-USDT',
      side: 'sell',
      type: 'limit',
      px: exactText('65000'),
      sz: exactText('0.01'),
    });
    await page.goto(`${product.url}/exchange`);
    await page.locator('.cv__asset').nth(1).click();
    await page.getByRole('option', { name: /BTC/ }).first().click();
    await page.locator('.cv__asset').first().locator('xpath=..').locator('input').first().fill('65.325');
    // The quote arrives and renews by itself; tap Exchange once it stands, until the sheet opens.
    await visible(page, /Quote renews in/);
    await expect
      .poll(
        async () => {
          if (await page.locator('.sheet__confirm').isVisible()) return true;
          if (await page.locator('.wsubmit').isEnabled()) await page.locator('.wsubmit').click();
          return page.locator('.sheet__confirm').isVisible();
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe(true);
    await page.locator('.sheet__confirm:visible').click();
    await expect
      .poll(
        async () => (await product.app.ledger.balances(userA.id)).find((x) => x.asset === 'BTC')?.available,
      )
      .toBe(100_000n);
    await product.shot(page, 'wallet-exchanged');
    // More than the book holds is refused with the reason, before any confirmation.
    await page.locator('.cv__asset').first().locator('xpath=..').locator('input').first().fill('5000');
    await visible(page, 'The market cannot take this amount right now');
    await product.shot(page, 'wallet-exchange-too-large');

    // 500 in, 101 out (with fee), 25 to B, 65.325 exchanged: 0.001 BTC at 65,000 plus the 0.5% fee.
    const usdt = (await product.app.ledger.balances(userA.id)).find(
      (x) => x.asset === 'USDT' && x.kind === 'spot',
    );
    expect(usdt).toMatchObject({ available: 308_675_000n, frozen: 0n });
    expect(await product.app.ledger.audit()).toEqual([]);
    await page.goto(`${product.url}/records`);
    await visible(page, 'Exchange');
    await product.shot(page, 'wallet-records');
    // B's rest of 0.009 BTC leaves the book, so the next test's market buy meets only its own maker.
    await product.app.modules.spot.cancel(userB.id, { instId: 'BTC-USDT' });
    await a.context.close();
    await b.context.close();
  });
});

describe('a new user funds the account alone', () => {
  it('sees their own address and QR per network, claims demo funds from the empty wallet', async () => {
    const { context, page } = await product.newPhone();
    const user = await signIn(product, page);
    await page.goto(`${product.url}/wallet`);
    // The empty wallet leads to demo funds.
    await page.getByText('New here? Get 10,000.00 demo USDT and start trading').click();
    await expect.poll(() => page.url()).toContain('/deposit');

    // The user's own address with its QR code, per network, named as users know them.
    await expect.poll(() => page.getByAltText('QR code of the deposit address').isVisible()).toBe(true);
    const address = page.getByTestId('deposit-address');
    await expect.poll(() => address.textContent()).toMatch(/^0x[0-9a-f]{40}$/);
    await visible(page, 'Demo address');
    await visible(page, 'Minimum deposit');
    await product.shot(page, 'deposit-erc20');
    await page.getByRole('button', { name: 'USDT · TRC20' }).click();
    await expect.poll(() => address.textContent()).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await page.getByRole('button', { name: 'BTC', exact: true }).click();
    await expect.poll(() => address.textContent()).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    await product.shot(page, 'deposit-bitcoin');

    // Demo funds: one tap credits 10,000 USDT, and the card then says when the next claim opens.
    await page.getByRole('button', { name: 'Get 10,000.00 USDT' }).click();
    await expect
      .poll(
        async () => (await product.app.ledger.balances(user.id)).find((x) => x.asset === 'USDT')?.available,
      )
      .toBe(10_000_000_000n);
    await visible(page, /Claimed today/);
    await product.shot(page, 'deposit-faucet-claimed');
    await page.goto(`${product.url}/wallet`);
    await visible(page, '10,000.00');
    expect(await page.getByText('New here?').count()).toBe(0);
    expect(await product.app.ledger.audit()).toEqual([]);
    await context.close();
  });
});

describe('records in the user language', () => {
  it('names a market buy, what came back of it and a transfer in Chinese, with no raw key or English', async () => {
    const { context, page } = await product.newPhone();
    const user = await signIn(product, page);
    await page.evaluate(() => localStorage.setItem('lang', 'zh'));
    const maker = await signIn(product, (await product.newPhone()).page);
    await fund(product, user.id, 'USDT', '1000');
    await fund(product, maker.id, 'BTC', '1');
    const market = product.app.modules.spot;
    await market.submit(maker.id, {
      instId: 'BTC-USDT',
      side: 'sell',
      type: 'limit',
      px: exactText('60000'),
      sz: exactText('0.001'),
    });
    // 100 USDT at market: the one 60 USDT level fills, the book has no more, and the rest comes back.
    await market.submit(user.id, { instId: 'BTC-USDT', side: 'buy', type: 'market', sz: exactText('100') });
    await product.app.modules.wallet.transfer(user.id, {
      to: maker.uid,
      asset: 'USDT',
      amount: exactText('5'),
      remark: '',
      confirm: await confirmationBy(product, await localWalletKey(page), user.id, {
        action: 'transfer',
        asset: 'USDT',
        amount: '5',
        destination: maker.uid,
      }),
    });

    await page.goto(`${product.url}/records?symbol=USDT`);
    await visible(page, '现货交易');
    await visible(page, '市价买入 · BTC/USDT');
    await visible(page, '退回');
    // What came back says the order partly filled, and why (the book had no more), as the order list does.
    await visible(page, '部分成交：订单簿已无更多挂单，剩余部分已退回您的余额。');
    await visible(page, '转账');
    const text = (await page.locator('main, #root').first().textContent()) ?? '';
    for (const raw of ['spot.order', 'buy market', 'BTC-USDT buy', 'Spot trade', 'Returned', 'Transfer']) {
      expect(text).not.toContain(raw);
    }
    await product.shot(page, 'records-zh');
    await context.close();
  });
});
