/** The terms a listing or a purchase is checked against: a listable token. */
import { ValidationError } from '../../kernel/errors';
import type { AssetScale } from '../../kernel/units';
import type { TokenMarketCtx } from './context';

/** The token's scale, when it may be listed (`p2p.assets`). */
export async function listedAsset(ctx: TokenMarketCtx, symbol: string): Promise<AssetScale> {
  if (!(await ctx.settings.get('p2p.assets')).includes(symbol))
    throw new ValidationError('symbol', 'invalid_value');
  return ctx.scaleOf(symbol);
}
