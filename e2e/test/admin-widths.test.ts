// The console from 1280 to 1920 px wide: every screen of the menu opens, shows its content, and nothing
// spills past the window (no sideways scrolling of the page; wide tables scroll inside themselves).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consoleShot,
  type EnrolledOperator,
  enrolByApi,
  signInConsole,
  startConsoleProduct,
} from '../admin-harness';
import type { Product } from '../harness';
import { visible } from '../users';

let product: Product;
let admin: EnrolledOperator;

beforeAll(async () => {
  product = await startConsoleProduct();
  admin = await enrolByApi(product, 'admin', 'nexa-admin');
});
afterAll(() => product.close());

/** Every screen the menu opens, by its label and a text it shows once loaded. */
const SCREENS: readonly (readonly [string, RegExp])[] = [
  ['Dashboard', /Open queues/],
  ['Users', /in all|Nothing here/],
  ['Deposits', /in all|Nothing here|No .* in this state/],
  ['Withdrawals', /in all|Nothing here|No .* in this state/],
  ['Identity', /in all|Nothing here|No .* in this state/],
  ['Merchants', /in all|Nothing here|No .* in this state/],
  ['Products', /in all|Nothing here|No .* in this state/],
  ['Lead traders', /in all|Nothing here|No .* in this state/],
  ['Instruments', /BTC-USDT/],
  ['Market state', /BTC-USDT/],
  ['Programs', /Programs/],
  ['Content', /in all|Nothing here/],
  ['Settings', /futures\.default_lever/],
  ['Audit log', /in all|Nothing here/],
  ['Operators', /finance/],
];

describe('the console at desktop widths', () => {
  for (const width of [1280, 1920]) {
    it(`shows every screen at ${width} px without sideways scrolling`, async () => {
      const context = await product.browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
      const page = await context.newPage();
      try {
        await signInConsole(product, page, admin);
        for (const [label, text] of SCREENS) {
          await page.locator('.ant-layout-sider').getByRole('link', { name: label, exact: true }).click();
          await visible(page, text);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${label} at ${width} px`).toBeLessThanOrEqual(0);
        }
        await consoleShot(page, `width-${width}-operators`);
      } finally {
        await context.close();
      }
    });
  }
});
