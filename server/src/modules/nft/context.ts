/**
 * What every NFT and liquidity operation is handed: the module's dependencies (the one price source, the
 * on-chain pair's reader), its settings, the shared-emission mechanism, the platform's days, and the reward
 * programs made so far (each pool's, the liquidity pool's). Built once by `createNft`; also the system accounts,
 * the shapes the operations share and the assets they read.
 */
import type { ResponseData } from '@nexa/contract';
import type { AppDeps } from '../../kernel/context';
import type { Settings } from '../../kernel/settings';
import { type Ledger, SYSTEM } from '../../ledger';
import type { PlatformDays } from '../../programs/days';
import type { SharedEmission, SharedEmissions } from '../../programs/shared-emission';
import type { LpChainReader } from './lp-chain';
import type { NFT_SETTINGS } from './settings';
import type { nfts } from './tables';

export const NFT_SYSTEM = {
  /** Casting fees and quota bought. */
  fees: 'system:nft:fees',
  /** What NFT pools pay from. */
  rewards: 'system:nft:rewards',
  /** Liquidity provided inside the platform. */
  liquidity: 'system:lp:liquidity',
  /** What the liquidity pool pays from. */
  lpRewards: 'system:lp:rewards',
  capital: SYSTEM.capital('nft'),
} as const;

export type Rarity = (typeof nfts.$inferSelect)['rarity'];
export type NftRow = typeof nfts.$inferSelect;
export type NftView = ResponseData<'/v1/nft/detail'>;
export type StakeView = ResponseData<'/v1/nft/stake'>;
export type OrderView = ResponseData<'/api/cast/cast'>;
export type LpView = ResponseData<'/v1/lp/add'>;

export interface NftDeps extends AppDeps {
  readonly ledger: Ledger;
  /** The one price source: USDT per whole unit × 10^18, or null when there is none. */
  readonly priceUsdt18: (symbol: string) => Promise<bigint | null>;
  /** Reads positions in the configured on-chain pair; null when none is configured. */
  readonly lpChain: LpChainReader | null;
}

export interface NftCtx {
  readonly store: NftDeps['store'];
  readonly clock: NftDeps['clock'];
  readonly ledger: Ledger;
  readonly log: NftDeps['log'];
  readonly assets: NftDeps['assets'];
  readonly config: NftDeps['config'];
  readonly priceUsdt18: NftDeps['priceUsdt18'];
  readonly lpChain: LpChainReader | null;
  readonly settings: Settings<typeof NFT_SETTINGS>;
  readonly shared: SharedEmissions;
  readonly days: PlatformDays;
  /** Each pool's daily budget program, by pool id, made once. */
  readonly poolPrograms: Map<number, SharedEmission>;
  readonly state: {
    /** The liquidity pool's program, made again when the reward asset changes. */
    lp: SharedEmission | null;
  };
}

export const usdtAsset = (ctx: NftCtx) => ctx.assets.get('USDT');

/** The asset pools and liquidity pay. */
export async function rewardAsset(ctx: NftCtx) {
  return ctx.assets.get(await ctx.settings.get('nft.reward_asset'));
}

/** The base token liquidity pairs with USDT. */
export async function lpBase(ctx: NftCtx) {
  return ctx.assets.get(await ctx.settings.get('lp.base'));
}
