import { CARDS_CAUSES } from './domains/cards/causes';
import { COPY_CAUSES } from './domains/copy/causes';
import { EARN_CAUSES } from './domains/earn/causes';
import { FUTURES_CAUSES } from './domains/futures/causes';
import { GAMES_CAUSES } from './domains/games/causes';
import { INSURANCE_CAUSES } from './domains/insurance/causes';
import { MARKET_CAUSES } from './domains/market/causes';
import { MINING_CAUSES } from './domains/mining/causes';
import { NEU_CAUSES } from './domains/neu/causes';
import { NFT_CAUSES } from './domains/nft/causes';
import { PLACEMENT_CAUSES } from './domains/placement/causes';
import { SHOP_CAUSES } from './domains/shop/causes';
import { SPOT_CAUSES } from './domains/spot/causes';
import { TOKEN_MARKET_CAUSES } from './domains/token-market/causes';
import { WALLET_CAUSES } from './domains/wallet/causes';
import type { Lang } from './lang';

/** Every cause the ledger may record, from every domain's folder: the ledger refuses any other. */
export const CAUSES = {
  ...WALLET_CAUSES,
  ...SPOT_CAUSES,
  ...FUTURES_CAUSES,
  ...INSURANCE_CAUSES,
  ...COPY_CAUSES,
  ...EARN_CAUSES,
  ...MINING_CAUSES,
  ...PLACEMENT_CAUSES,
  ...GAMES_CAUSES,
  ...CARDS_CAUSES,
  ...SHOP_CAUSES,
  ...NFT_CAUSES,
  ...NEU_CAUSES,
  ...TOKEN_MARKET_CAUSES,
  ...MARKET_CAUSES,
} as const;

export type Cause = keyof typeof CAUSES;

export function isCause(text: string): text is Cause {
  return Object.hasOwn(CAUSES, text);
}

/** The name of a record's cause in a language; one the app does not know shows as written. */
export function causeLabel(cause: string, lang: Lang): string {
  return isCause(cause) ? CAUSES[cause][lang] : cause;
}

export {
  CARDS_CAUSES,
  COPY_CAUSES,
  EARN_CAUSES,
  FUTURES_CAUSES,
  GAMES_CAUSES,
  INSURANCE_CAUSES,
  MARKET_CAUSES,
  MINING_CAUSES,
  NEU_CAUSES,
  NFT_CAUSES,
  PLACEMENT_CAUSES,
  SHOP_CAUSES,
  SPOT_CAUSES,
  TOKEN_MARKET_CAUSES,
  WALLET_CAUSES,
};

/** The causes one domain's folder declares, by name (what its server module may post). */
export function causeNames<M extends { readonly [C in Cause]?: unknown }>(map: M): (keyof M & Cause)[] {
  return Object.keys(map) as (keyof M & Cause)[];
}
