import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { HDKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { segwitV0Address, tronBase58 } from '../../server/src/modules/wallet/chain/addresses';
import { walletWithdrawals } from '../../server/src/modules/wallet/tables';
import { type BitcoinFake, startBitcoinFake } from '../../server/test/chain/bitcoin-fake';
import { startTronFake, TRON_USDT, type TronFake } from '../../server/test/chain/tron-fake';
import { type Product, startProduct } from '../harness';
import { fund, operatorId, signIn, visible } from '../users';

// The deposit screen on a deployment that watches Tron (USDT TRC20, locked at 2 blocks, usable at 4) and
// Bitcoin (final at 2), each through a fake node: both say they are credited by themselves and show the
// user's own T… and bc1 addresses; a TRC20 deposit shows up locked, then approved.
let tron: TronFake;
let btc: BitcoinFake;
let product: Product;
// The Tron hot wallet's key (local, as in the demo): it pays TRC20 withdrawals.
const hotKey = `0x${randomBytes(32).toString('hex')}` as const;

beforeAll(async () => {
  tron = await startTronFake();
  btc = await startBitcoinFake();
  tron.mine(2);
  btc.mine(2);
  product = await startProduct({
    env: {
      CHAIN_NETWORKS: JSON.stringify([
        {
          kind: 'tron',
          url: tron.url,
          confirmations: 4,
          credit_after: 2,
          tokens: [{ asset: 'USDT', address: TRON_USDT, decimals: 6 }],
        },
        // The node's wallet `hot` pays BTC withdrawals (it holds the key; the server holds none).
        { kind: 'bitcoin', rpc_url: btc.url, confirmations: 2, wallet: 'hot' },
      ]),
      DEPOSIT_XPUB: HDKey.fromMasterSeed(randomBytes(32)).publicExtendedKey,
      HOT_WALLET_KEY_TRON: hotKey,
      CHAIN_POLL_MS: '3600000',
    },
  });
  tron.fund(tronBase58(privateKeyToAccount(hotKey).address.slice(2).toLowerCase()), 1_000_000_000n);
  btc.fundWallet('3');
});

afterAll(async () => {
  await product?.close();
  await tron?.close();
  await btc?.close();
});

const poll = () => Promise.all(product.app.chains.map((c) => c.poll()));

describe('deposits on Tron and Bitcoin', () => {
  it('says both credit by themselves, with the user’s own addresses; a TRC20 deposit is locked, then final', async () => {
    await poll();
    const { context, page } = await product.newPhone();
    await signIn(product, page);
    await page.goto(`${product.url}/deposit`);
    await page.getByRole('button', { name: 'USDT · TRC20' }).click();
    await visible(page, 'Automatically');
    await visible(page, /Shown locked at 2\/4 network confirmations, usable at 4\/4\./);
    const address = (await page.getByTestId('deposit-address').textContent()) ?? '';
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await page.getByText('Automatically').scrollIntoViewIfNeeded();
    await product.shot(page, 'deposit-watched-trc20');

    await page.getByRole('button', { name: /^(BTC )?BTC$/ }).click();
    await visible(page, 'BTC · Bitcoin');
    await visible(page, 'Automatically');
    await page.getByText('Automatically').scrollIntoViewIfNeeded();
    expect((await page.getByTestId('deposit-address').textContent()) ?? '').toMatch(/^bc1q/);
    await product.shot(page, 'deposit-watched-bitcoin');

    tron.transfer(address, 30_000_000n);
    tron.mine(1);
    await poll();
    await page.reload();
    await page.getByRole('button', { name: /^(USDT )?USDT$/ }).click();
    await page.getByRole('button', { name: 'USDT · TRC20' }).click();
    await visible(page, 'Credited, locked until 4 confirmations');
    for (const [lang, text] of [
      ['de', 'Gutgeschrieben, gesperrt bis 4 Bestätigungen'],
      ['zh', '已入账，4 个确认前锁定'],
    ] as const) {
      const small = await product.smallPhone(await context.storageState(), lang, 'light');
      const p = await small.newPage();
      await p.goto(`${product.url}/deposit`);
      await p.getByRole('button', { name: 'USDT · TRC20' }).click();
      if (text) {
        await visible(p, text);
        await p.getByText(text).scrollIntoViewIfNeeded();
      }
      const width = await p.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
      await product.shot(p, `deposit-watched-trc20-360-${lang}`);
      await small.close();
    }

    tron.mine(2);
    await poll();
    await page.reload();
    await visible(page, 'Approved');
    expect(await product.app.ledger.audit()).toEqual([]);
    await context.close();
  });

  it('withdraws USDT on TRC20: the hot wallet pays it on Tron, with its hash and link, then Completed', async () => {
    const { context, page } = await product.newPhone();
    const u = await signIn(product, page);
    await fund(product, u.id, 'USDT', '100');
    const to = tronBase58(randomBytes(20).toString('hex'));
    await page.goto(`${product.url}/withdraw`);
    // The network a hot wallet pays USDT on here: TRC20 only.
    await visible(page, 'TRC20');
    await page
      .getByPlaceholder('Please enter the receiving address')
      .fill('0x52908400098527886E0F7030069857D2E4169EE7');
    await page.getByPlaceholder('Please enter the withdrawal amount').fill('20');
    await page.locator('.wsubmit').click();
    await visible(page, 'Enter a valid TRC20 address: T followed by 33 letters and digits');
    expect(await page.locator('.sheet__confirm:visible').count()).toBe(0);
    await page.getByPlaceholder('Please enter the receiving address').fill(to);
    await page.locator('.wsubmit').click();
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Pending approval');
    const db = product.app.deps.store.db;
    const [wd] = await db.select().from(walletWithdrawals).where(eq(walletWithdrawals.address, to));
    if (!wd) throw new Error('no withdrawal');
    expect(wd.chain).toBe('tron');
    // Funded by the finance operator, so another one approves (no one approves money they put in).
    await product.app.modules.wallet.withdrawals.approve(await operatorId(product, 'admin'), wd.id);
    const [sent] = await db.select().from(walletWithdrawals).where(eq(walletWithdrawals.id, wd.id));
    const txHash = sent?.txHash ?? '';
    expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(tron.pool()).toEqual([txHash.slice(2)]);
    await page.reload();
    await visible(page, 'Sent, waiting for confirmations');
    await expect
      .poll(() => page.getByRole('link', { name: 'Explorer' }).first().getAttribute('href'))
      .toBe(`https://tronscan.org/#/transaction/${txHash.slice(2)}`);
    await page.getByText('Sent, waiting for confirmations').scrollIntoViewIfNeeded();
    await product.shot(page, 'withdraw-trc20-sent');
    tron.mine(4);
    await product.app.modules.wallet.withdrawals.follow();
    await page.reload();
    await visible(page, 'Completed');
    expect(tron.paid.filter((p) => tronBase58(p.to.slice(2)) === to).map((p) => p.units)).toEqual([
      20_000_000n,
    ]);
    const small = await product.smallPhone(await context.storageState(), 'zh', 'dark');
    const zh = await small.newPage();
    await zh.goto(`${product.url}/withdraw`);
    await visible(zh, 'TRC20');
    await visible(zh, '已完成');
    expect(await zh.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await product.shot(zh, 'withdraw-trc20-360-zh');
    await small.close();
    expect(await product.app.ledger.audit()).toEqual([]);
    await context.close();
  });

  it('withdraws BTC: picked among the assets, paid by the node’s wallet on Bitcoin, then Completed', async () => {
    const { context, page } = await product.newPhone();
    const u = await signIn(product, page);
    await fund(product, u.id, 'BTC', '0.4');
    const to = segwitV0Address('bc', randomBytes(20));
    await page.goto(`${product.url}/withdraw`);
    await page.getByRole('tab', { name: 'BTC' }).click();
    await visible(page, 'Bitcoin');
    await visible(page, 'Available 0.4');
    await page.getByPlaceholder('Please enter the receiving address').fill(to);
    await page.getByPlaceholder('Please enter the withdrawal amount').fill('0.1');
    await page.locator('.wsubmit').click();
    await visible(page, /0\.1002(00)? BTC/);
    await product.shot(page, 'withdraw-btc-confirm');
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Pending approval');
    const db = product.app.deps.store.db;
    const [wd] = await db.select().from(walletWithdrawals).where(eq(walletWithdrawals.address, to));
    if (!wd) throw new Error('no withdrawal');
    expect(wd).toMatchObject({ chain: 'bitcoin', asset: 'BTC' });
    await product.app.modules.wallet.withdrawals.approve(await operatorId(product, 'admin'), wd.id);
    const [sent] = await db.select().from(walletWithdrawals).where(eq(walletWithdrawals.id, wd.id));
    expect(sent?.stage).toBe('sent');
    expect(btc.pool()).toEqual([(sent?.txHash ?? '').slice(2)]);
    btc.mine(2);
    await product.app.modules.wallet.withdrawals.follow();
    await page.reload();
    await visible(page, 'Completed');
    await expect
      .poll(() => page.getByRole('link', { name: 'Explorer' }).first().getAttribute('href'))
      .toBe(`https://mempool.space/tx/${(sent?.txHash ?? '').slice(2)}`);
    expect(btc.paid.filter((p) => p.address === to).map((p) => p.sats)).toEqual([10_000_000n]);
    await page.getByText('Completed').first().scrollIntoViewIfNeeded();
    await product.shot(page, 'withdraw-btc-completed');
    const small = await product.smallPhone(await context.storageState(), 'ja', 'light');
    const ja = await small.newPage();
    await ja.goto(`${product.url}/withdraw`);
    await ja.getByRole('tab', { name: 'BTC' }).click();
    await visible(ja, 'Bitcoin');
    expect(await ja.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await product.shot(ja, 'withdraw-btc-360-ja');
    await small.close();
    expect(await product.app.ledger.audit()).toEqual([]);
    await context.close();
  });
});
