/**
 * The screenshot set: every screen of the app at phone sizes and in the languages asked for, written to
 * e2e/screenshots/<width>-<lang>-<screen>.png. Run after `npm run build`:
 *
 *   npx tsx e2e/shots.ts [--widths 360,390] [--langs en,zh,th] [--screens trade,wallet] [--out dir] [--scale 2]
 *
 * A signed-in user with funds and some history (a market buy, a limit order, a transfer) is made first, on
 * the simulated market, so the screens show what a user sees. The set kept in the repository is written with
 * `--out e2e/screenshots/set --scale 1`.
 */
import { mkdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { exactText } from '@nexa/contract';
import { eq, sql } from 'drizzle-orm';
import { DEMO_ROOT_ADDRESS } from '../server/src/seed';
import { schema } from '../server/src/store';
import { startProduct } from './harness';
import { fund } from './users';

const HEIGHT: Record<number, number> = { 360: 740, 390: 844 };
const SCREENS = [
  'home',
  'index1',
  'trade',
  'contract',
  'node7',
  'node8',
  'copy',
  'copy?tab=mine',
  'copy?tab=lead',
  'copyTrader',
  'me5',
  'node2',
  'node21',
  'node22',
  'node3',
  'node4',
  'node',
  'node1',
  'miner',
  'miner1',
  'miner2',
  'nft6',
  'nft7',
  'wallet',
  'deposit',
  'withdraw',
  'transfer',
  'internalTransfer',
  'exchange',
  'records',
  'tokenMarket',
  'tokenSell',
  'me',
  'me3',
  'login',
];

const { values } = parseArgs({
  options: {
    widths: { type: 'string', default: '360,390' },
    langs: { type: 'string', default: 'en,zh,th' },
    screens: { type: 'string', default: SCREENS.join(',') },
    out: { type: 'string', default: 'e2e/screenshots' },
    scale: { type: 'string', default: '2' },
  },
});
const out = values.out;
const scale = Number(values.scale);
mkdirSync(out, { recursive: true });
const widths = values.widths.split(',').map(Number);
const langs = values.langs.split(',');
const screens = values.screens.split(',');

const product = await startProduct({ env: { MARKET_SOURCE: 'sim', MARKET_SIM_STEP_MS: '500' } });
try {
  const { context, page } = await product.newPhone();
  // Signs in as users.ts does, without the test runner's polling.
  await page.goto(`${product.url}/login`);
  await page.getByText('Local wallet — key stored in this browser').click();
  await page.getByPlaceholder('Needed on your first sign-in').fill('NEXA2026');
  await page.locator('button[type="submit"], button:has-text("Sign in")').last().click();
  await page.waitForFunction(() => localStorage.getItem('walletAddress') !== null);
  const address = (await page.evaluate(() => localStorage.getItem('walletAddress'))) ?? '';
  const [user] = await product.app.deps.store.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.address, address.toLowerCase()));
  if (!user) throw new Error('user not found');
  await fund(product, user.id, 'USDT', '5000');
  // Some history: a market buy, a resting limit order, a transfer to another user.
  const market = product.app.modules.spot;
  await sleep(3000);
  await market
    .submit(user.id, {
      instId: 'BTC-USDT',
      side: 'buy',
      type: 'market',
      sz: exactText('100'),
      tgtCcy: 'quote_ccy',
    })
    .catch(() => undefined);
  await market
    .submit(user.id, {
      instId: 'ETH-USDT',
      side: 'buy',
      type: 'limit',
      px: exactText('1000'),
      sz: exactText('0.05'),
    })
    .catch(() => undefined);
  await product.app.modules.wallet
    .transfer(user.id, { to: DEMO_ROOT_ADDRESS, asset: 'USDT', amount: exactText('25'), remark: '' })
    .catch(() => undefined);
  // A futures position: margin moved across, a 10× long of 3 contracts.
  await product.app.modules.wallet
    .internalTransfer(user.id, { asset: 'USDT', from: 'spot', to: 'futures', amount: exactText('1000') })
    .catch(() => undefined);
  await product.app.modules.futures
    .submit(user.id, { instId: 'BTC-USDT-SWAP', side: 'buy', type: 'market', sz: exactText('3') })
    .catch(() => undefined);
  // A copy of the demo's first lead trader, who then opens a position (copied at once).
  const copy = product.app.modules.copy;
  const [leadTrader] = (await copy.traders({ sort: 'rate14', page: 1, size: 1 })).list;
  if (leadTrader) {
    await copy
      .follow(user.id, {
        trader_id: leadTrader.id,
        mode: 'amount',
        amount: 100_000_000n,
        budget: 500_000_000n,
        venue: 'platform',
      })
      .catch(() => undefined);
    if (product.app.modules.futures.positions(leadTrader.id).length === 0) {
      await product.app.modules.futures
        .submit(leadTrader.id, { instId: 'BTC-USDT-SWAP', side: 'buy', type: 'market', sz: exactText('5') })
        .catch(() => undefined);
    }
  }
  // A staking order and a burn.
  const staked = await product.app.modules.earn
    .stake(user.id, { amount: exactText('500'), days: 90, auto_renew: false })
    .catch(() => null);
  await product.app.modules.earn.burn(user.id, { amount: exactText('100') }).catch(() => undefined);
  // Machines: two S1 Lite bought a term ago (expired, a month of output) and an S3 Pro two days ago.
  const mining = product.app.modules.mining;
  const catalogue = (await mining.machines({ page: 1, size: 10 })).list;
  const bought = [];
  for (const [name, quantity] of [
    ['S1 Lite', 2],
    ['S3 Pro', 1],
  ] as const) {
    const m = catalogue.find((x) => x.name === name);
    if (m) bought.push(await mining.buy(user.id, { machine_id: m.id, quantity }).catch(() => null));
  }
  const [older, newer] = bought;
  const db = product.app.deps.store.db;
  if (older) {
    await db.execute(
      sql`update mining_orders set first_day = first_day - 31, end_day = end_day - 31 where id = ${older.id}`,
    );
  }
  if (newer) {
    await db.execute(
      sql`update mining_orders set first_day = first_day - 2, end_day = end_day - 2 where id = ${newer.id}`,
    );
  }
  await mining.settleDue().catch(() => undefined);
  const state = await context.storageState();
  await context.close();
  for (const width of widths) {
    for (const lang of langs) {
      const ctx = await product.browser.newContext({
        viewport: { width, height: HEIGHT[width] ?? 844 },
        deviceScaleFactor: scale,
        isMobile: true,
        hasTouch: true,
        storageState: state,
      });
      await ctx.addInitScript((l) => localStorage.setItem('lang', l), lang);
      const p = await ctx.newPage();
      for (const screen of screens) {
        const path =
          screen === 'copyTrader'
            ? `copyTrader?id=${leadTrader?.id ?? 0}`
            : screen === 'node22'
              ? `node22?id=${staked?.id ?? 0}`
              : screen;
        await p.goto(`${product.url}/${path}`);
        await p.waitForLoadState('networkidle').catch(() => undefined);
        await sleep(800);
        await p.screenshot({ path: `${out}/${width}-${lang}-${screen.replace(/[?=]/g, '-')}.png` });
        process.stdout.write(`${width}-${lang}-${screen} `);
      }
      await ctx.close();
    }
  }
  process.stdout.write('\n');
} finally {
  await product.close();
}
