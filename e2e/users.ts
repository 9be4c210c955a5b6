import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import {
  type ApiResponse,
  confirmTypedData,
  exactText,
  openEnvelope,
  sealEnvelope,
  signPayload,
} from '@nexa/contract';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import { schema } from '../server/src/store';
import { type Product, TOASTS_KEY } from './harness';

/**
 * How long the browser may take to show what is expected: a poll ends as soon as it is shown, so this bounds
 * only a page waiting its turn on a loaded machine (five browser files share two cores in the full run).
 */
export const WAIT = { timeout: 60_000 } as const;

/** Waits until `text` shows on the page. */
export async function visible(page: Page, text: string | RegExp): Promise<void> {
  await expect
    .poll(async () => {
      const onScreen = await page.getByText(text).first().isVisible();
      // A toast seen (on screen now, or kept) is taken off the kept list: a later look wants a new one.
      const toast = await toastShown(page, text);
      return onScreen || toast;
    }, WAIT)
    .toBe(true);
}

/**
 * Whether the page has shown a toast with `text` since it was last asked (kept by the harness: a toast lasts
 * two seconds, which a loaded machine can miss between two looks); the toasts matched are taken off the list.
 */
async function toastShown(page: Page, text: string | RegExp): Promise<boolean> {
  const want =
    typeof text === 'string' ? { source: text, flags: null } : { source: text.source, flags: text.flags };
  return page
    .evaluate(
      ({ key, want }) => {
        const shown = (window as unknown as Record<string, string[] | undefined>)[key] ?? [];
        const matches = (t: string) =>
          want.flags === null ? t.includes(want.source) : new RegExp(want.source, want.flags).test(t);
        const before = shown.length;
        const rest = shown.filter((t) => !matches(t));
        shown.splice(0, shown.length, ...rest);
        return rest.length < before;
      },
      { key: TOASTS_KEY, want },
    )
    .catch(() => false);
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
    amount: exactText(amount),
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
    amount: exactText(usdt),
  });
}

/** Pins BTC's index (the mark follows at the next tick, run at once). */
export async function btcIndexAt(product: Product, price: string): Promise<void> {
  product.app.modules.futures.pinIndex('BTC-USDT', price);
  await product.app.modules.futures.tick();
}

/** An operator call over HTTP, as the console and the admin tool make it (signed, sealed, the answer opened). */
export async function operatorCall<T>(
  product: Product,
  path: string,
  body: Record<string, unknown>,
  token?: string,
): Promise<ApiResponse<T>> {
  const config = product.app.deps.config;
  const payload = await sealEnvelope(
    JSON.stringify(signPayload(body, config.signSecret, Math.floor(Date.now() / 1000))),
    config.envelopeKey,
  );
  const res = await fetch(`${product.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify({ payload }),
  });
  const json = (await res.json()) as { payload?: string };
  const opened =
    typeof json.payload === 'string' ? await openEnvelope(json.payload, config.envelopeKey) : null;
  return JSON.parse(opened ?? JSON.stringify(json)) as ApiResponse<T>;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  let c = 0xffffffff;
  for (const b of body) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE((c ^ 0xffffffff) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A valid PNG (8-bit RGB) of the given size, each pixel's colour from `paint`. */
export function pngOf(
  width: number,
  height: number,
  paint: (x: number, y: number) => readonly [number, number, number],
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set(paint(x, y), 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small PNG in one colour with a light band, standing for a document's picture. */
export function documentPng(
  width: number,
  height: number,
  colour: readonly [number, number, number],
): Buffer {
  return pngOf(width, height, (x, y) =>
    y > height * 0.6 && x > width * 0.1 && x < width * 0.9 ? [250, 250, 250] : colour,
  );
}

/** Step 1 of the identity verification form in the app, filled as a German passport holder. */
export async function fillVerificationDetails(page: Page, surname: string): Promise<void> {
  await page.getByRole('button', { name: 'Country' }).click();
  await page.getByRole('option', { name: /Germany/ }).click();
  await page.getByTestId('doc-passport').click();
  await page.getByPlaceholder('Please enter the document number').fill('c01x 00t47');
  await page.getByPlaceholder('Please enter your legal surname').fill(surname);
  await page.getByPlaceholder('Please enter your legal given name').fill('Erika');
  await page.getByTestId('birth-date').fill('1990-05-17');
}

/** A signed-in user on a phone submits an identity verification in the app (a German passport). */
export async function submitVerification(product: Product, page: Page, surname: string): Promise<void> {
  await page.goto(`${product.url}/realName1`);
  await expect.poll(() => page.getByTestId('kyc-step').getAttribute('data-step'), WAIT).toBe('1');
  await fillVerificationDetails(page, surname);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => page.getByTestId('kyc-step').getAttribute('data-step'), WAIT).toBe('2');
  const sides = [
    ['kyc_front', [40, 90, 200]],
    ['kyc_back', [90, 60, 160]],
    ['kyc_selfie', [200, 150, 120]],
  ] as const;
  for (const [slot, colour] of sides) {
    await page
      .getByTestId(`file-${slot}`)
      .setInputFiles({ name: `${slot}.png`, mimeType: 'image/png', buffer: documentPng(64, 40, colour) });
  }
  for (const [slot] of sides) {
    await expect.poll(() => page.getByTestId(`slot-${slot}`).getAttribute('data-state'), WAIT).toBe('done');
  }
  await page.getByTestId('kyc-submit').click();
  await expect.poll(() => page.getByTestId('kyc-status').getAttribute('data-status'), WAIT).toBe('pending');
}

/** The local wallet's key this page's browser keeps (the account's signer). */
export async function localWalletKey(page: Page): Promise<`0x${string}`> {
  const key = await page.evaluate(() => localStorage.getItem('localWalletKey'));
  if (!key) throw new Error('no local wallet in this browser');
  return key as `0x${string}`;
}

/**
 * A money move's confirmation made as the app makes it, for a test that moves money through a module's call:
 * a nonce the server issues, the EIP-712 message signed by the account's local wallet.
 */
export async function confirmationBy(
  product: Product,
  key: `0x${string}`,
  userId: number,
  fields: { action: 'withdraw' | 'transfer'; asset: string; amount: string; destination: string },
) {
  const issued = await product.app.modules.auth.security.issueNonce(userId, fields.action);
  const message = { ...fields, nonce: issued.nonce };
  const signature = await privateKeyToAccount(key).signTypedData(
    confirmTypedData(issued.domain.chainId, message),
  );
  return { ...message, signature };
}
