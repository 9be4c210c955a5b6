import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { type ApiResponse, openEnvelope, sealEnvelope, signPayload } from '@nexa/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ADMIN_SETTINGS } from '../server/src/modules/admin/settings';
import { type Product, SHOTS, startProduct } from './harness';
import { visible, WAIT } from './users';

export const ADMIN_DIST = fileURLToPath(new URL('../admin/dist', import.meta.url));
export const DESKTOP = { width: 1440, height: 900 } as const;

/** The product with the console built and served, and the second factor required of every operator. */
export async function startConsoleProduct(): Promise<Product> {
  const product = await startProduct({ env: { ADMIN_DIST, OPERATOR_2FA: 'required' } });
  // Every operator of the test signs in from this one address, more often than a person would in a minute.
  await product.app.deps.settings.of(ADMIN_SETTINGS).set('admin.login_per_ip_per_minute', 100);
  return product;
}

export async function newDesktop(product: Product): Promise<{ context: BrowserContext; page: Page }> {
  const context = await product.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  const page = await context.newPage();
  return { context, page };
}

/** A picture of the console as the operator sees it, once toasts and drawers have settled. */
export async function consoleShot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/admin-${name}.png` });
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.replace(/=+$/, '').toUpperCase()) {
    const i = ALPHABET.indexOf(ch);
    if (i < 0) throw new Error('not base32');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The RFC 6238 code of a base32 secret for a 30-second step (HMAC-SHA-1, 6 digits). */
export function totpAt(secret: string, step: number): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(msg).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const code =
    (((mac[offset] ?? 0) & 0x7f) << 24) |
    ((mac[offset + 1] ?? 0) << 16) |
    ((mac[offset + 2] ?? 0) << 8) |
    (mac[offset + 3] ?? 0);
  return String(code % 1_000_000).padStart(6, '0');
}

const stepNow = () => Math.floor(Date.now() / 30_000);

/**
 * An authenticator for one secret: each code it gives is for a step after the last one used (the server takes
 * a step once and allows one step of drift), waiting for the clock where it must.
 */
export class Authenticator {
  private last = -1;
  constructor(readonly secret: string) {}
  async code(): Promise<string> {
    let step = Math.max(stepNow(), this.last + 1);
    while (step > stepNow() + 1) {
      await new Promise((r) => setTimeout(r, 1000));
      step = Math.max(stepNow(), this.last + 1);
    }
    this.last = step;
    return totpAt(this.secret, step);
  }
}

/** An operator call over HTTP, as the console makes it (signed, sealed, the answer opened). */
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

export interface EnrolledOperator {
  readonly name: string;
  readonly password: string;
  readonly token: string;
  readonly auth: Authenticator;
  /** One-time codes that sign in in place of the authenticator's. */
  readonly recovery: string[];
}

/** Signs an operator in over the API and enrols their second factor (setup, then a first code). */
export async function enrolByApi(
  product: Product,
  name: string,
  password: string,
): Promise<EnrolledOperator> {
  const login = await operatorCall<{ token: string; second_factor: boolean }>(product, '/admin/auth/login', {
    name,
    password,
  });
  expect(login.code, JSON.stringify(login)).toBe(200);
  expect(login.data.second_factor).toBe(false);
  const token = login.data.token;
  const setup = await operatorCall<{ secret: string }>(product, '/admin/auth/totpSetup', {}, token);
  expect(setup.code, JSON.stringify(setup)).toBe(200);
  const auth = new Authenticator(setup.data.secret);
  const done = await operatorCall<{ recovery_codes: string[] }>(
    product,
    '/admin/auth/totpConfirm',
    { code: await auth.code() },
    token,
  );
  expect(done.code, JSON.stringify(done)).toBe(200);
  expect(done.data.recovery_codes).toHaveLength(10);
  return { name, password, token, auth, recovery: [...done.data.recovery_codes] };
}

/** An admin creates an operator with roles. */
export async function createOperator(
  product: Product,
  adminToken: string,
  name: string,
  password: string,
  roles: readonly string[],
): Promise<void> {
  const made = await operatorCall(product, '/admin/operators/create', { name, password, roles }, adminToken);
  expect(made.code, JSON.stringify(made)).toBe(200);
}

/** Signs in on the console's page with name, password and (when asked) a code of the authenticator. */
export async function signInConsole(
  product: Product,
  page: Page,
  op: { name: string; password: string; auth?: Authenticator | null },
  code?: string,
): Promise<void> {
  await page.goto(`${product.url}/admin/`);
  await page.getByTestId('signin-name').fill(op.name);
  await page.getByTestId('signin-password').fill(op.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (op.auth || code) {
    await page.getByTestId('signin-code').fill(code ?? (await op.auth?.code()) ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect.poll(() => page.getByTestId('operator').isVisible(), WAIT).toBe(true);
}

/** Opens a screen from the side menu (a group opened first where it is inside one). */
export async function openScreen(page: Page, label: string): Promise<void> {
  await page.locator('.ant-layout-sider').getByRole('link', { name: label, exact: true }).click();
  await visible(page, /in all|Nothing here|No .* in this state|Open queues|Programs/);
}

/** Types the reason in the confirmation and confirms; waits for it to close. */
export async function confirmWithReason(page: Page, reason: string): Promise<void> {
  await page.getByTestId('confirm-reason').fill(reason);
  await page.locator('#confirm-ok').click();
  await expect.poll(() => page.locator('#confirm-ok').count(), WAIT).toBe(0);
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

/** A small valid PNG in one colour with a light band, standing for a document's picture. */
export function documentPng(
  width: number,
  height: number,
  [r, g, b]: readonly [number, number, number],
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const band = y > height * 0.6 && x > width * 0.1 && x < width * 0.9;
      row.set(band ? [250, 250, 250] : [r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A signed-in user on a phone submits an identity verification in the app (a German passport). */
export async function submitVerification(product: Product, page: Page, surname: string): Promise<void> {
  await page.goto(`${product.url}/realName1`);
  await expect.poll(() => page.getByTestId('kyc-step').getAttribute('data-step'), WAIT).toBe('1');
  await page.getByRole('button', { name: 'Country' }).click();
  await page.getByRole('option', { name: /Germany/ }).click();
  await page.getByTestId('doc-passport').click();
  await page.getByPlaceholder('Please enter the document number').fill('c01x 00t47');
  await page.getByPlaceholder('Please enter your legal surname').fill(surname);
  await page.getByPlaceholder('Please enter your legal given name').fill('Erika');
  await page.getByTestId('birth-date').fill('1990-05-17');
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
