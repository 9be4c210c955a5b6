import { type AddressInfo, createServer } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, startProduct } from '../harness';
import { signIn, visible, WAIT } from '../users';

/*
 * Binding an email at 390×844, as a user meets it on the Security screen: the address typed, a code asked for,
 * read from the mail this test's SMTP server received, and entered; the bound address shows. Then the notices'
 * delivery settings: a kind's email turned off, a security kind fixed on. At 360 px in Chinese and German both
 * screens fit, and the app in each language tells the server, which writes the user's emails in it.
 */

let product: Product;
let smtp: SMTPServer;
const inbox: Array<{ to: string; text: string }> = [];

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(',');
        void simpleParser(Buffer.concat(chunks)).then((m) => inbox.push({ to, text: m.text ?? '' }));
        cb();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((r) => smtp.listen(port, '127.0.0.1', r));
  product = await startProduct({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await product.close();
  await new Promise<void>((r) => smtp.close(r));
});

async function codeFor(to: string): Promise<string> {
  await expect.poll(() => inbox.filter((m) => m.to === to).length, WAIT).toBeGreaterThan(0);
  const mail = inbox.filter((m) => m.to === to).at(-1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error('no code in the mail');
  return code;
}

describe('email binding', () => {
  it('binds an address with the code the mail carried, and chooses the channels of notices', async () => {
    const { context, page } = await product.newPhone();
    const me = await signIn(product, page);
    const serverLang = async () => (await product.app.modules.notifications.settings(me.id)).lang;
    const email = `phone.${Date.now()}@example.test`;

    await page.goto(`${product.url}/security`);
    await expect.poll(() => page.getByTestId('email-state').textContent(), WAIT).toBe('Not bound');
    await page.getByTestId('email-open').click();
    await page.getByTestId('email-sheet').waitFor(WAIT);
    await page.getByPlaceholder('name@example.com').fill(email);
    await page.getByTestId('email-new-send').click();
    await visible(page, `Code sent to ${email}`);
    const code = await codeFor(email);
    await page.getByPlaceholder('000000').fill(code);
    await product.shot(page, 'email-bind-sheet');
    await page.getByTestId('email-sheet').getByRole('button', { name: 'Bind', exact: true }).click();
    await expect.poll(() => page.getByTestId('email-state').textContent(), WAIT).toBe(email);
    await product.shot(page, 'email-bound');

    // The notices' delivery settings: deposits not by email; a security kind stays on everywhere.
    await page.goto(`${product.url}/notices`);
    await page.getByTestId('channels-open').click();
    await visible(page, `Emails go to ${email}`);
    const depositEmail = page.getByRole('switch', { name: 'Deposit credited: Email' });
    await expect.poll(() => depositEmail.getAttribute('aria-checked'), WAIT).toBe('true');
    await depositEmail.click();
    await expect.poll(() => depositEmail.getAttribute('aria-checked'), WAIT).toBe('false');
    expect(await page.getByRole('switch', { name: 'New sign-in: Email' }).isDisabled()).toBe(true);
    await product.shot(page, 'notice-channels');

    const state = await context.storageState();
    for (const lang of ['zh', 'de'] as const) {
      const small = await product.smallPhone(state, lang, 'light');
      const p = await small.newPage();
      await p.goto(`${product.url}/security`);
      await expect.poll(() => p.getByTestId('email-state').textContent(), WAIT).toBe(email);
      await p.getByTestId('email-open').click();
      await p.getByTestId('email-sheet').waitFor(WAIT);
      await product.shot(p, `email-change-360-${lang}`);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await p.goto(`${product.url}/notices`);
      await p.getByTestId('channels-open').click();
      await p.getByTestId('channels-deposit_credited').waitFor(WAIT);
      await product.shot(p, `notice-channels-360-${lang}`);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      // The app opened in another language tells the server, whose emails and pushes then use it.
      await expect.poll(serverLang, WAIT).toBe(lang);
      await small.close();
    }
    // Back on the English phone, with the language chosen on the Language screen.
    await page.goto(`${product.url}/me1`);
    await expect.poll(serverLang, WAIT).toBe('en');
    await page.getByText('日本語', { exact: true }).click();
    await expect.poll(serverLang, WAIT).toBe('ja');
    await context.close();
  });
});
