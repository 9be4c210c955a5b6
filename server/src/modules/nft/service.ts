/**
 * NFTs and liquidity.
 *
 * Casting: each user has a base quota of casts (more can be bought); a cast pays the collection's fee from the
 * spot account, takes one cast of the quota and makes the collection's next NFT, whose rarity is drawn at
 * random (chances and weights are settings). A nameplate collection's NFT carries the name its caster chose.
 *
 * Pools: an NFT staked in one of its collection's pools weighs from the next platform day until the day it is
 * taken out; each pool's daily budget is shared by weight through the shared-emission mechanism of the rewards
 * engine, paid from the NFT rewards account.
 *
 * Liquidity inside the platform: a position puts USDT and the base token (BWC) of the same value, at the
 * market price the wallet reads everywhere, into the liquidity account; it weighs by that value from the next
 * platform day, sharing the liquidity budget the same way; removing it returns the same amounts. Liquidity on
 * chain is read from the configured pair for the user's own address.
 *
 * This file assembles the module's context once (context.ts) and hands it to the operations, one file each:
 * `cast.ts` (the quota and a cast), `queries.ts` (collections, cast orders, NFTs), `stake.ts` (pools: stake,
 * unstake, a user's stakes), `liquidity.ts` (inside the platform, and the on-chain pair through `lp-chain.ts`),
 * `programs.ts` (the shared-emission programs and the sweep), `admin.ts` (operators), `reports.ts` (the
 * solvency report) and `start.ts`; `views.ts` answers, `math.ts` holds the arithmetic.
 */
import { platformDays } from '../../programs/days';
import { createRewards } from '../../programs/rewards';
import { createSharedEmission } from '../../programs/shared-emission';
import { adminPools, fund, saveCollection, savePool } from './admin';
import { addQuota, cast, getQuota } from './cast';
import type { NftCtx, NftDeps } from './context';
import { lpAdd, lpChain, lpInner, lpRecords, lpRemove } from './liquidity';
import { settleDue } from './programs';
import { collections, detail, myNfts, order, orders } from './queries';
import { programReports } from './reports';
import { NFT_SETTINGS } from './settings';
import { stake, stakes, unstake } from './stake';
import { start } from './start';

export { NFT_SYSTEM, type NftDeps } from './context';
export { baseFor, rarityOf } from './math';

export function createNft(deps: NftDeps) {
  const { store, clock, ledger, log } = deps;
  const rewards = createRewards({ store, clock, ledger, log });
  const ctx: NftCtx = {
    store,
    clock,
    ledger,
    log,
    assets: deps.assets,
    config: deps.config,
    priceUsdt18: deps.priceUsdt18,
    lpChain: deps.lpChain,
    settings: deps.settings.of(NFT_SETTINGS),
    shared: createSharedEmission({ store, clock, rewards }),
    days: platformDays(deps),
    poolPrograms: new Map(),
    state: { lp: null },
  };
  /** An operation with the module's context bound: the same call the handlers and the app make. */
  const op =
    <A extends unknown[], R>(fn: (c: NftCtx, ...args: A) => R) =>
    (...args: A): R =>
      fn(ctx, ...args);

  return {
    collections: op(collections),
    getQuota: op(getQuota),
    addQuota: op(addQuota),
    cast: op(cast),
    order: op(order),
    orders: op(orders),
    myNfts: op(myNfts),
    detail: op(detail),
    stake: op(stake),
    unstake: op(unstake),
    stakes: op(stakes),
    lpInner: op(lpInner),
    lpAdd: op(lpAdd),
    lpRemove: op(lpRemove),
    lpRecords: op(lpRecords),
    lpChain: op(lpChain),
    settleDue: op(settleDue),
    adminPools: op(adminPools),
    programReports: op(programReports),
    saveCollection: op(saveCollection),
    savePool: op(savePool),
    fund: op(fund),
    start: op(start),
  };
}

export type Nft = ReturnType<typeof createNft>;
