import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellDictionary } from '../scripts/dictionaries';
import { routeModules } from '../scripts/route-modules';
import { type RouteDef, routePath, TABS } from '../src/paths';
import { ROUTES } from '../src/routes';

const web = join(import.meta.dirname, '..');

/** Every path of ROUTES.md (spec paths and our italic ones), copied by hand on purpose. */
const ROUTES_MD = [
  '/home',
  '/index1',
  '/login',
  '/trade',
  '/contract',
  '/copy',
  '/copyTrader',
  '/wallet',
  '/deposit',
  '/withdraw',
  '/transfer',
  '/internalTransfer',
  '/exchange',
  '/records',
  '/me',
  '/me1',
  '/me2',
  '/me3',
  '/me4',
  '/me5',
  '/invite',
  '/invite1',
  '/invite2',
  '/node',
  '/node1',
  '/node2',
  '/node21',
  '/node22',
  '/node23',
  '/node3',
  '/node4',
  '/node5',
  '/node6',
  '/node7',
  '/node8',
  '/node9',
  '/miner',
  '/miner1',
  '/miner2',
  '/nft',
  '/nft1',
  '/nft2',
  '/nft3',
  '/nft4',
  '/nft41',
  '/nft5',
  '/nft6',
  '/nft7',
  '/game',
  '/game1',
  '/cardholders',
  '/cardholders1',
  '/openCard',
  '/openCard1',
  '/realName',
  '/realName1',
  '/card',
  '/address',
  '/address1',
  '/address2',
  '/address3',
  '/store',
  '/store1',
  '/storeInfo',
  '/storeHome',
  '/storeMyItem1',
  '/storeMyItem2',
  '/storeMyItem3',
  '/storeMyItem4',
  '/storeMyItem5',
  '/order',
  '/order1',
  '/order2',
  '/order3',
  '/orderList',
  '/orderDetail',
  '/confirmOrder',
  '/productList',
  '/productDetail',
  '/shipOrder',
  '/consumerDividendRanking',
  '/consumerDividendRanking1',
  '/privatePlacement',
  '/privateEquity',
  '/neuRecharge',
  '/neuRecharge1',
  '/neuRecharge2',
  '/neuRecharge3',
  '/neuRecharge4',
];

/** Ours beyond ROUTES.md: each says so, with its reason, in its feature's route entry. */
const OURS = ROUTES.filter((r) => r.beyondDesign !== undefined).map((r) => routePath(r.name));

describe('route table', () => {
  const paths = ROUTES.map((r) => routePath(r.name));

  it('registers every path of ROUTES.md with its exact spelling, and only ours besides', () => {
    expect(ROUTES_MD).toHaveLength(89);
    expect([...paths].sort()).toEqual([...ROUTES_MD, ...OURS].sort());
    for (const r of ROUTES) if (r.beyondDesign !== undefined) expect(r.beyondDesign, r.name).toMatch(/\S{3}/);
    for (const p of OURS) expect(ROUTES_MD, p).not.toContain(p);
  });

  it('registers each path once', () => {
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every screen a title in the dictionary', () => {
    const titles = shellDictionary(web, 'en').dictionary.screens as Record<string, string>;
    for (const r of ROUTES) expect(titles[r.name], r.name).toMatch(/\S/);
    expect(Object.keys(titles).sort()).toEqual(ROUTES.map((r) => r.name).sort());
  });

  it('takes each screen’s title from the dictionary of the feature that routes to it', async () => {
    const features = join(web, 'src/features');
    for (const feature of readdirSync(features)) {
      const index: Record<string, unknown> = await import(`../src/features/${feature}/index.ts`);
      const routed = Object.values(index)
        .filter((v): v is readonly RouteDef[] => Array.isArray(v))
        .flat()
        .map((r) => r.name);
      const file = join(features, feature, 'locales/en.json');
      const own = existsSync(file)
        ? Object.keys((JSON.parse(readFileSync(file, 'utf8')) as { screens?: object }).screens ?? {})
        : [];
      expect(own.sort(), feature).toEqual(routed.sort());
    }
  });

  it('marks exactly the five bottom tabs as tab roots', () => {
    expect(TABS).toEqual(['home', 'trade', 'copy', 'wallet', 'me']);
    expect(
      ROUTES.filter((r) => r.tab)
        .map((r) => r.name)
        .sort(),
    ).toEqual([...TABS].sort());
  });

  it('is read the same from the source by the build and the browser tests, each route to its screen', () => {
    const read = routeModules(web);
    expect([...read.keys()].sort()).toEqual(ROUTES.map((r) => r.name).sort());
    for (const file of read.values()) expect(file).toMatch(/[\\/]src[\\/]features[\\/].+\.tsx?$/);
  });

  it('has no path parameters', () => {
    for (const p of paths) expect(p).toMatch(/^\/[A-Za-z0-9]+$/);
  });
});
