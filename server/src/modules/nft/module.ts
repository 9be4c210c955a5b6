import { causeNames, NFT_CAUSES } from '@nexa/contract';
import { defineEntry, defineModule, type ModuleOwnership } from '../../kernel/module';
import { createLpChainReader } from './lp-chain';
import { createNft, NFT_SYSTEM, type NftDeps } from './service';
import { NFT_SETTINGS } from './settings';

/** What the module may touch beyond its tables. */
export const NFT_OWNS: ModuleOwnership = {
  causes: causeNames(NFT_CAUSES),
  systemAccounts: [
    NFT_SYSTEM.fees,
    NFT_SYSTEM.rewards,
    NFT_SYSTEM.liquidity,
    NFT_SYSTEM.lpRewards,
    NFT_SYSTEM.capital,
  ],
  publishes: [],
};

/** NFTs (casting, pools) and liquidity (inside the platform and on chain). */
function buildNft(deps: Omit<NftDeps, 'lpChain'>) {
  const lp = deps.config.lpChain;
  const nft = createNft({ ...deps, lpChain: lp ? createLpChainReader(lp) : null });
  return {
    api: nft,
    module: defineModule({
      domains: ['nft'],
      handlers: {
        '/v1/nft/collections': () => nft.collections(),
        '/api/assets/getNum': (ctx) => nft.getQuota(ctx.me().id),
        '/api/assets/addNum': (ctx) => nft.addQuota(ctx.me().id, ctx.body),
        '/api/cast/cast': (ctx) => nft.cast(ctx.me().id, ctx.body),
        '/api/nameplate/getOrderDetail': (ctx) => nft.order(ctx.me().id, ctx.body.id),
        '/v1/nft/orders': (ctx) => nft.orders(ctx.me().id, ctx.body),
        '/api/assets/nftRecord': (ctx) => nft.myNfts(ctx.me().id, ctx.body),
        '/v1/nft/detail': (ctx) => nft.detail(ctx.me().id, ctx.body.id),
        '/api/assets/nftPoolRecord': (ctx) => nft.stakes(ctx.me().id, ctx.body),
        '/v1/nft/stake': (ctx) => nft.stake(ctx.me().id, ctx.body),
        '/v1/nft/unstake': (ctx) => nft.unstake(ctx.me().id, ctx.body),
        '/api/lp/inner': (ctx) => nft.lpInner(ctx.me().id),
        '/v1/lp/add': (ctx) => nft.lpAdd(ctx.me().id, ctx.body),
        '/v1/lp/remove': (ctx) => nft.lpRemove(ctx.me().id, ctx.body),
        '/v1/lp/records': (ctx) => nft.lpRecords(ctx.me().id, ctx.body),
        '/api/lp/chain': (ctx) => nft.lpChain(ctx.me().id),
        '/admin/nft/pools': () => nft.adminPools(),
        '/admin/nft/saveCollection': (ctx) => nft.saveCollection(ctx.op().id, ctx.body),
        '/admin/nft/savePool': (ctx) => nft.savePool(ctx.op().id, ctx.body),
        '/admin/nft/fund': (ctx) => nft.fund(ctx.op().id, ctx.body),
      },
      programs: () => nft.programReports(),
      start: () => nft.start(),
      // Each pool's and the liquidity pool's ended days are paid once.
      sweep: () => nft.settleDue(),
    }),
  };
}

export const nftModule = defineEntry({
  name: 'nft',
  settings: NFT_SETTINGS,
  owns: NFT_OWNS,
  build: buildNft,
});
