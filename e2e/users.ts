import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { schema } from '../server/src/store';
import type { Product } from './harness';

/** How long the browser may take to show what is expected. */
export const WAIT = { timeout: 15_000 } as const;

/** Waits until `text` shows on the page. */
export async function visible(page: Page, text: string | RegExp): Promise<void> {
  await expect.poll(() => page.getByText(text).first().isVisible(), WAIT).toBe(true);
}

/** Signs in on the page with a new local wallet and the demo invitation code: the account's address, id and UID. */
export async function signIn(
  product: Product,
  page: Page,
): Promise<{ address: string; id: number; uid: string }> {
  await page.goto(`${product.url}/login`);
  await page.getByText('Local wallet — key stored in this browser').click();
  await page.getByPlaceholder('Needed on your first sign-in').fill('NEXA2026');
  await page.locator('button[type="submit"], button:has-text("Sign in")').last().click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('walletAddress')), WAIT).not.toBeNull();
  const address = (await page.evaluate(() => localStorage.getItem('walletAddress'))) ?? '';
  const [u] = await product.app.deps.store.db
    .select({ id: schema.users.id, uid: schema.users.uid })
    .from(schema.users)
    .where(eq(schema.users.address, address.toLowerCase()));
  if (!u) throw new Error('user not found');
  return { address, id: u.id, uid: u.uid };
}

/** The demo's finance operator. */
export async function financeOperator(product: Product): Promise<number> {
  return operatorId(product, 'finance');
}

/** A demo operator's id (admin, finance). */
export async function operatorId(product: Product, name: string): Promise<number> {
  const ops = await product.app.deps.store.db.select().from(schema.operators);
  const id = ops.find((o) => o.name === name)?.id;
  if (id === undefined) throw new Error(`no ${name} operator`);
  return id;
}

/**
 * Money in as the product does it: a deposit the finance operator records; one worth the second-approval
 * threshold or more is then approved by the admin (two operators).
 */
export async function fund(product: Product, userId: number, asset: string, amount: string): Promise<void> {
  const [u] = await product.app.deps.store.db.select().from(schema.users).where(eq(schema.users.id, userId));
  if (!u) throw new Error('user not found');
  const deposits = product.app.modules.wallet.deposits;
  const first = await deposits.confirm(await financeOperator(product), {
    user: u.uid,
    asset,
    amount,
    tx_hash: `0x${randomBytes(32).toString('hex')}`,
  });
  if (first.status === 'pending') {
    await deposits.confirm(await operatorId(product, 'admin'), { deposit_id: first.id });
  }
}

/** Deposits `usdt` for a user and moves it into the futures account. */
export async function futuresFunds(product: Product, userId: number, usdt: string): Promise<void> {
  await fund(product, userId, 'USDT', usdt);
  await product.app.modules.wallet.internalTransfer(userId, {
    asset: 'USDT',
    from: 'spot',
    to: 'futures',
    amount: usdt,
  });
}

/** Pins BTC's index (the mark follows at the next tick, run at once). */
export async function btcIndexAt(product: Product, price: string): Promise<void> {
  product.app.modules.futures.pinIndex('BTC-USDT', price);
  await product.app.modules.futures.tick();
}
