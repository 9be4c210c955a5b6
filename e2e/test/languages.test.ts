import { exactText } from '@nexa/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, SCALE, startProduct } from '../harness';
import { btcIndexAt, fund, futuresFunds, signIn, WAIT } from '../users';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product.close());

const LANGS = ['en', 'zh', 'ko', 'th', 'vi', 'ja', 'de'] as const;
/** Words that were left in English in other languages; none may show outside English. */
const ENGLISH_ONLY = ['Perpetual', 'Funding'];

/** The screens, with what shows once each has its content. */
const SCREENS = [
  { name: 'trade', path: '/trade?instId=BTC-USDT', ready: '.oform__submit' },
  { name: 'futures', path: '/contract?instId=BTC-USDT-SWAP', ready: '[data-testid="fut-position"]' },
  { name: 'wallet', path: '/wallet', ready: '.tab-bar' },
  { name: 'copy', path: '/copy', ready: '.tab-bar' },
] as const;

/**
 * Visible elements holding text of their own whose content is wider than their box (clipped or cut with an
 * ellipsis), or that end beyond the screen's right edge outside a box made to scroll sideways.
 */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const own = Array.from(el.childNodes).some(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
      );
      if (!own || el.clientWidth === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.overflowX === 'auto' || style.overflowX === 'scroll')
        continue;
      // Screen-reader texts (a 1 px clipped box) are meant to be clipped.
      if (el.clientWidth <= 1) continue;
      const right = el.getBoundingClientRect().right;
      let scroller = el.parentElement;
      while (scroller && !/auto|scroll/.test(getComputedStyle(scroller).overflowX))
        scroller = scroller.parentElement;
      if (!scroller && right > window.innerWidth + 1) {
        out.push(`${el.className || el.tagName}: "${el.textContent?.trim().slice(0, 40)}" ends at ${right}`);
      }
      if (el.scrollWidth > el.clientWidth + 1) {
        out.push(
          `${el.className || el.tagName}: "${el.textContent?.trim().slice(0, 40)}" ${el.scrollWidth}>${el.clientWidth}`,
        );
      }
    }
    return out;
  });
}

describe('every language fits a 360 px phone', () => {
  it('trade, futures, wallet and copy: no text wider than its box, no English left in the other six', async () => {
    await btcIndexAt(product, '60000');
    const maker = await product.newPhone();
    const m = await signIn(product, maker.page);
    await futuresFunds(product, m.id, '100000');
    await fund(product, m.id, 'BTC', '1');
    await product.app.modules.futures.submit(m.id, {
      instId: 'BTC-USDT-SWAP',
      side: 'sell',
      type: 'limit',
      px: exactText('60000'),
      sz: exactText('10'),
    });
    const { context, page } = await product.newPhone();
    const a = await signIn(product, page);
    await futuresFunds(product, a.id, '2000');
    await fund(product, a.id, 'USDT', '1234.5');
    await product.app.modules.futures.submit(a.id, {
      instId: 'BTC-USDT-SWAP',
      side: 'buy',
      type: 'market',
      sz: exactText('2'),
    });
    const state = await context.storageState();
    await context.close();

    const problems: string[] = [];
    for (const lang of LANGS) {
      const small = await product.browser.newContext({
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: SCALE,
        isMobile: true,
        hasTouch: true,
        storageState: state,
      });
      await small.addInitScript((l) => localStorage.setItem('lang', l), lang);
      const p = await small.newPage();
      for (const screen of SCREENS) {
        await p.goto(`${product.url}${screen.path}`);
        await expect.poll(() => p.locator(screen.ready).first().isVisible(), WAIT).toBe(true);
        // Lists and balances arrive after the frame: wait until no skeleton is left.
        await expect.poll(() => p.locator('[aria-busy="true"]').count(), WAIT).toBe(0);
        for (const o of await overflowing(p)) problems.push(`${lang} ${screen.name}: ${o}`);
        if (lang !== 'en') {
          // biome-ignore lint/performance/useDomNodeTextContent: the words a reader sees, not hidden ones
          const text = await p.locator('body').innerText();
          for (const word of ENGLISH_ONLY) {
            if (new RegExp(`\\b${word}\\b`).test(text))
              problems.push(`${lang} ${screen.name}: "${word}" in English`);
          }
        }
        if (lang === 'en' || lang === 'de' || lang === 'th')
          await product.shot(p, `lang-360-${screen.name}-${lang}`);
      }
      await small.close();
    }
    expect(problems).toEqual([]);
  });
});
