import { exactText } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, startProduct } from '../harness';
import { fund, signIn, visible } from '../users';

// The app at app.localhost, its API and live feed at web.app.localhost (API_BASE=web-prefix): one server
// answers both names, so every call the page makes crosses origins and goes through CORS. Chromium
// resolves every *.localhost name to this machine, and treats the page as a secure context.
let product: Product;

beforeAll(async () => {
  // The app's origin (PUBLIC_URL, set by the harness from the host) is the one CORS answers for.
  product = await startProduct({ host: 'app.localhost', env: { API_BASE: 'web-prefix' } });
});
afterAll(() => product.close());

describe('the API and live feed on the app’s web. host', () => {
  it('signs in, trades and follows the live feed, every call and the socket going to web.<host>', async () => {
    const appOrigin = product.url;
    const apiOrigin = appOrigin.replace('://app.', '://web.app.');
    expect(apiOrigin).toMatch(/^http:\/\/web\.app\.localhost:\d+$/);
    const { context, page } = await product.newPhone();
    const calls: string[] = [];
    const allowOrigin: (string | undefined)[] = [];
    const sockets: string[] = [];
    const hints = new Map<string, string | undefined>();
    page.on('request', (r) => {
      if (r.method() !== 'POST') return;
      calls.push(r.url());
      hints.set(new URL(r.url()).pathname, r.headers()['x-nexa-book']);
    });
    page.on('response', (r) => {
      if (r.request().method() === 'POST') allowOrigin.push(r.headers()['access-control-allow-origin']);
    });
    page.on('websocket', (ws) => sockets.push(ws.url()));

    const buyer = await signIn(product, page);
    const other = await product.newPhone();
    const seller = await signIn(product, other.page);
    await other.context.close();
    await fund(product, buyer.id, 'USDT', '1000');
    await fund(product, seller.id, 'BTC', '1');

    await page.goto(`${appOrigin}/trade?instId=BTC-USDT`);
    await expect.poll(() => page.locator('.oform__submit').isVisible()).toBe(true);
    // Pushed over the socket: an ask placed after the page opened shows in its book.
    await expect.poll(() => sockets.length).toBeGreaterThan(0);
    await product.app.modules.spot.submit(seller.id, {
      instId: 'BTC-USDT',
      side: 'sell',
      type: 'limit',
      px: exactText('65000'),
      sz: exactText('0.01'),
    });
    await expect.poll(() => page.locator('.book__row--ask').count()).toBe(1);
    await visible(page, '65,000.0');

    // A market buy from the page takes it; the fill moves the ticker, live.
    await page.getByRole('tab', { name: 'Market' }).first().click();
    await page.getByPlaceholder('Total').first().fill('700');
    await page.getByRole('button', { name: 'Buy BTC' }).click();
    await page.locator('.sheet__confirm:visible').click();
    await expect
      .poll(
        async () => (await product.app.ledger.balances(buyer.id)).find((x) => x.asset === 'BTC')?.available,
      )
      .toBe(1_000_000n);
    await expect.poll(() => page.locator('.book__row--ask').count()).toBe(0);
    await expect.poll(() => page.locator('.phead__price').textContent()).toContain('65,000.0');
    await product.shot(page, 'api-host-trade');

    // The page stayed on the app's host; its calls and its feed went to the web. host, answered for its origin.
    expect(new URL(page.url()).origin).toBe(appOrigin);
    expect(calls.length).toBeGreaterThan(3);
    expect(calls.filter((u) => !u.startsWith(`${apiOrigin}/`))).toEqual([]);
    expect(calls).toContain(`${apiOrigin}/v1/order/submitTrade`);
    // The order named its book in the clear (the load balancer's hint), allowed across origins.
    expect(hints.get('/v1/order/submitTrade')).toBe('BTC-USDT');
    // Calls whose body names no instrument send none.
    expect([...hints.values()].filter((h) => h === undefined).length).toBeGreaterThan(0);
    expect(new Set(allowOrigin)).toEqual(new Set([appOrigin]));
    const wsOrigin = apiOrigin.replace('http:', 'ws:');
    expect(sockets.filter((u) => !u.startsWith(`${wsOrigin}/ws`))).toEqual([]);
    expect(await product.app.ledger.audit()).toEqual([]);

    // Images the API names (banners under /static/) load from the API's host too, and load.
    const images: { url: string; status: number }[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'image') images.push({ url: r.url(), status: r.status() });
    });
    await page.goto(`${appOrigin}/home`);
    await expect.poll(() => images.filter((i) => i.url.includes('/static/')).length).toBeGreaterThan(0);
    const served = images.filter((i) => i.url.includes('/static/') || i.url.includes('/uploads/'));
    expect(served.filter((i) => !i.url.startsWith(`${apiOrigin}/`))).toEqual([]);
    expect(served.filter((i) => i.status !== 200)).toEqual([]);
    await context.close();
  });
});
