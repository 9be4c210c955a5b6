import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  toHex,
} from 'viem';
import { HDKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletWithdrawals } from '../../server/src/modules/wallet/tables';
import { compileTestUsdt } from '../../server/test/chain/contracts';
import { type LocalNode, startLocalNode } from '../../server/test/chain/node';
import { ADMIN_DIST, consoleShot, enrolByApi, newDesktop, openScreen, signInConsole } from '../admin-harness';
import { type Product, startProduct } from '../harness';
import { operatorId, signIn, visible } from '../users';

// The deposit screen on a deployment that watches Ethereum (a local chain, id 1): USDT and ETH say they are
// credited by themselves, locked from the first confirmation and usable at the third; the networks nothing
// watches say an operator checks them. A USDT deposit shows up credited and locked, then final. A withdrawal
// the hot wallet pays shows its hash and explorer link once sent, then completed at its confirmations.
let node: LocalNode;
let product: Product;
let abi: Abi;
let token: Address;
const funder = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`);
const hotKey = `0x${randomBytes(32).toString('hex')}` as const;

function clients() {
  const chain = defineChain({
    id: 1,
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
  });
  return {
    pub: createPublicClient({ chain, transport: http(node.url), cacheTime: 0 }),
    wallet: createWalletClient({ account: funder, chain, transport: http(node.url), cacheTime: 0 }),
  };
}

beforeAll(async () => {
  const compiled = compileTestUsdt();
  abi = compiled.abi;
  node = await startLocalNode({ chainId: 1 });
  await node.request({ method: 'hardhat_setBalance', params: [funder.address, toHex(10n ** 21n)] });
  const { pub, wallet } = clients();
  const hash = await wallet.deployContract({
    abi,
    bytecode: compiled.bytecode,
    args: ['Test USD', 'TUSD', 6, 1_000_000n * 1_000_000n],
  });
  token = (await pub.waitForTransactionReceipt({ hash })).contractAddress as Address;
  // The hot wallet: gas and 1,000 USDT to pay withdrawals with.
  const hot = privateKeyToAccount(hotKey).address;
  await node.request({ method: 'hardhat_setBalance', params: [hot, toHex(10n ** 19n)] });
  const funded = await wallet.writeContract({
    address: token,
    abi,
    functionName: 'transfer',
    args: [hot, 1_000_000_000n],
  });
  await pub.waitForTransactionReceipt({ hash: funded });
  product = await startProduct({
    env: {
      CHAIN_NETWORKS: JSON.stringify([
        {
          chain: 'evm',
          rpc_url: node.url,
          chain_id: 1,
          confirmations: 3,
          credit_after: 1,
          tokens: [{ asset: 'USDT', address: token, decimals: 6 }],
          native: 'ETH',
        },
      ]),
      DEPOSIT_XPUB: HDKey.fromMasterSeed(randomBytes(32)).publicExtendedKey,
      HOT_WALLET_KEY: hotKey,
      ADMIN_DIST,
      CHAIN_POLL_MS: '3600000',
    },
  });
});

afterAll(async () => {
  await product?.close();
  await node?.close();
});

const poll = () => Promise.all(product.app.chains.map((c) => c.poll()));

describe('deposits on a watched network', () => {
  it('says which networks credit by themselves, shows a deposit locked then final, and a withdrawal sent then completed', async () => {
    await poll();
    const { context, page } = await product.newPhone();
    await signIn(product, page);
    await page.goto(`${product.url}/deposit`);
    await visible(page, /Shown locked at 1\/3 network confirmations, usable at 3\/3\./);
    await visible(page, 'Automatically');
    await page.getByText(/Shown locked at/).scrollIntoViewIfNeeded();
    await product.shot(page, 'deposit-watched-erc20');
    const address = (await page.getByTestId('deposit-address').textContent()) ?? '';
    expect(address).toMatch(/^0x[0-9a-f]{40}$/);

    // A network nothing watches says so.
    await page.getByRole('button', { name: 'USDT · TRC20' }).click();
    await visible(page, 'After an operator checks it');

    // 25 USDT sent: one confirmation credits it, locked; the record says until when.
    const { pub, wallet } = clients();
    const sent = await wallet.writeContract({
      address: token,
      abi,
      functionName: 'transfer',
      args: [address as Address, 25_000_000n],
    });
    await pub.waitForTransactionReceipt({ hash: sent });
    await poll();
    await page.getByRole('button', { name: 'USDT · ERC20' }).click();
    await page.reload();
    await visible(page, 'Credited, locked until 3 confirmations');
    await visible(page, '1 of 3');
    await page.getByText('Credited, locked until 3 confirmations').scrollIntoViewIfNeeded();
    await product.shot(page, 'deposit-watched-locked');
    for (const [lang, text] of [
      ['de', 'Gutgeschrieben, gesperrt bis 3 Bestätigungen'],
      ['th', 'เข้าบัญชีแล้ว ล็อกจนครบการยืนยัน 3 ครั้ง'],
    ] as const) {
      const small = await product.smallPhone(await context.storageState(), lang, 'light');
      const p = await small.newPage();
      await p.goto(`${product.url}/deposit`);
      await visible(p, text);
      await p.getByText(text).scrollIntoViewIfNeeded();
      const width = await p.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
      await product.shot(p, `deposit-watched-locked-360-${lang}`);
      await small.close();
    }

    for (let i = 0; i < 2; i++) await node.request({ method: 'evm_mine', params: [] });
    await poll();
    await page.reload();
    await visible(page, 'Approved');
    expect(await page.getByText('Credited, locked until 3 confirmations').count()).toBe(0);
    await page.getByText('Approved').first().scrollIntoViewIfNeeded();
    await product.shot(page, 'deposit-watched-final');
    expect(await product.app.ledger.audit()).toEqual([]);

    // 20 USDT out to a fresh address; an operator approves and the hot wallet pays it on chain.
    const to = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address;
    await page.goto(`${product.url}/withdraw`);
    await page.getByPlaceholder('Please enter the receiving address').fill(to);
    await page.getByPlaceholder('Please enter the withdrawal amount').fill('20');
    await page.locator('.wsubmit').click();
    await page.locator('.sheet__confirm:visible').click();
    await visible(page, 'Pending approval');
    const db = product.app.deps.store.db;
    const [wd] = await db
      .select()
      .from(walletWithdrawals)
      .where(eq(walletWithdrawals.address, to.toLowerCase()));
    if (!wd) throw new Error('no withdrawal');
    await product.app.modules.wallet.withdrawals.approve(await operatorId(product, 'finance'), wd.id);
    const [sentRow] = await db.select().from(walletWithdrawals).where(eq(walletWithdrawals.id, wd.id));
    const txHash = sentRow?.txHash ?? '';
    expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(sentRow?.stage).toBe('sent');
    await page.reload();
    await visible(page, 'Sent, waiting for confirmations');
    // Past its approval: the tag says it is being sent, not waiting for an operator.
    expect(await page.getByText('Pending approval').count()).toBe(0);
    await visible(page, 'Sending');
    await expect
      .poll(() => page.getByRole('link', { name: 'Explorer' }).first().getAttribute('href'))
      .toBe(`https://etherscan.io/tx/${txHash}`);
    await page.getByText('Sent, waiting for confirmations').scrollIntoViewIfNeeded();
    await product.shot(page, 'withdraw-chain-sent');
    const small = await product.smallPhone(await context.storageState(), 'de', 'dark');
    const de = await small.newPage();
    await de.goto(`${product.url}/withdraw`);
    await visible(de, 'Gesendet, wartet auf Bestätigungen');
    expect(await de.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await de.getByText('Gesendet, wartet auf Bestätigungen').scrollIntoViewIfNeeded();
    await product.shot(de, 'withdraw-chain-sent-360-de');
    await small.close();

    // Final at its confirmations: the record says completed, its hash and link stay.
    for (let i = 0; i < 2; i++) await node.request({ method: 'evm_mine', params: [] });
    await product.app.modules.wallet.withdrawals.follow();
    const [done] = await db.select().from(walletWithdrawals).where(eq(walletWithdrawals.id, wd.id));
    expect(done).toMatchObject({ stage: 'completed', status: 'approved', txHash });
    await page.reload();
    await visible(page, 'Completed');
    expect(await page.getByText('Sent, waiting for confirmations').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Explorer' }).first().getAttribute('href')).toBe(
      `https://etherscan.io/tx/${txHash}`,
    );
    await page.getByText('Completed').first().scrollIntoViewIfNeeded();
    await product.shot(page, 'withdraw-chain-completed');
    expect(await product.app.ledger.audit()).toEqual([]);

    // The console shows the payment's signed version: its nonce, hash and fee caps.
    const finance = await enrolByApi(product, 'finance', 'nexa-finance');
    const desk = await newDesktop(product);
    await signInConsole(product, desk.page, finance);
    // The dashboard shows the hot wallet that paid it: its address, what it holds after paying 20, its floor.
    await openScreen(desk.page, 'Dashboard');
    const hotAddress = privateKeyToAccount(hotKey).address.toLowerCase();
    const hot = desk.page.getByTestId('hot-wallets');
    await expect.poll(() => hot.isVisible()).toBe(true);
    const hotText = (await hot.textContent()) ?? '';
    expect(hotText).toContain(hotAddress);
    expect(hotText).toContain('980 USDT');
    // The gas coin's balance says which coin it is.
    expect(hotText).toMatch(/\d ETH/);
    await hot.scrollIntoViewIfNeeded();
    await consoleShot(desk.page, 'dashboard-hot-wallets');
    await openScreen(desk.page, 'Withdrawals');
    await desk.page.locator('.ant-segmented').getByText('Paid', { exact: true }).click();
    const row = desk.page.getByTestId('row-withdrawals').filter({ hasText: '20' }).first();
    await expect.poll(() => row.isVisible()).toBe(true);
    await row.focus();
    await desk.page.keyboard.press('Enter');
    const versions = desk.page.getByTestId('withdrawal-sends');
    await expect.poll(() => versions.isVisible()).toBe(true);
    expect(await versions.textContent()).toContain('Signed versions of the payment');
    expect(await versions.locator('tbody tr').count()).toBe(1);
    expect(await versions.textContent()).toMatch(/[\d.]+ \/ [\d.]+ gwei/);
    await versions.scrollIntoViewIfNeeded();
    await consoleShot(desk.page, 'withdrawal-signed-versions');
    await desk.context.close();
    await context.close();
  });
});
