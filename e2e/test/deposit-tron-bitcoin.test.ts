import { randomBytes } from 'node:crypto';
import { HDKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BitcoinFake, startBitcoinFake } from '../../server/test/chain/bitcoin-fake';
import { startTronFake, TRON_USDT, type TronFake } from '../../server/test/chain/tron-fake';
import { type Product, startProduct } from '../harness';
import { signIn, visible } from '../users';

// The deposit screen on a deployment that watches Tron (USDT TRC20, locked at 2 blocks, usable at 4) and
// Bitcoin (final at 2), each through a fake node: both say they are credited by themselves and show the
// user's own T… and bc1 addresses; a TRC20 deposit shows up locked, then approved.
let tron: TronFake;
let btc: BitcoinFake;
let product: Product;

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
        { kind: 'bitcoin', rpc_url: btc.url, confirmations: 2 },
      ]),
      DEPOSIT_XPUB: HDKey.fromMasterSeed(randomBytes(32)).publicExtendedKey,
      CHAIN_POLL_MS: '3600000',
    },
  });
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
      ['zh_CN', null],
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
});
