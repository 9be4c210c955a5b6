import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ADMIN_SETTINGS } from '../server/src/modules/admin/settings';
import { type Product, SHOTS_ON, snap, startProduct } from './harness';
import { operatorCall, visible, WAIT } from './users';

// The console's tests reach these through this file, beside the console's own helpers.
export { operatorCall, submitVerification } from './users';

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
  if (!SHOTS_ON) return;
  await page.waitForTimeout(400);
  await snap(page, `admin-${name}`);
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
  const { pending, request_id } = made.data as { pending?: boolean; request_id?: number | null };
  if (!pending) return;
  // A money role waits for a second admin (four eyes on operators): the demo admin makes one through the
  // single-admin exception, and the tests drop the new-operator cooldown so both act at once.
  const second = await secondAdmin(product, adminToken);
  const decided = await operatorCall(
    product,
    '/admin/operators/decide',
    { request_id, approve: true, reason: 'e2e second admin' },
    second,
  );
  expect(decided.code, JSON.stringify(decided)).toBe(200);
}

let secondAdminToken: Promise<string> | null = null;
/** A second admin for approvals (once per product), with the cooldown of new operators set to none. */
function secondAdmin(product: Product, adminToken: string): Promise<string> {
  secondAdminToken ??= (async () => {
    const set = await operatorCall(
      product,
      '/admin/settings/set',
      { key: 'admin.new_operator_cooldown_hours', value: 0, reason: 'e2e: no cooldown' },
      adminToken,
    );
    expect(set.code, JSON.stringify(set)).toBe(200);
    const made = await operatorCall(
      product,
      '/admin/operators/create',
      { name: 'e2e.admin', password: 'e2e-admin-password-1', roles: ['admin'] },
      adminToken,
    );
    expect(made.code, JSON.stringify(made)).toBe(200);
    return (await enrolByApi(product, 'e2e.admin', 'e2e-admin-password-1')).token;
  })();
  return secondAdminToken;
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
