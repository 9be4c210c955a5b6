/** The terms a listing or a purchase is checked against: a listable token and a positive amount. */
import { parseAmount } from '@nexa/contract';
import { ValidationError } from '../../kernel/errors';
import type { AssetScale } from '../../kernel/units';
import type { TokenMarketCtx } from './context';

/** The token's scale, when it may be listed (`p2p.assets`). */
export async function listedAsset(ctx: TokenMarketCtx, symbol: string): Promise<AssetScale> {
  if (!(await ctx.settings.get('p2p.assets')).includes(symbol))
    throw new ValidationError('symbol', 'invalid_value');
  return ctx.scaleOf(symbol);
}

/** A positive amount of the asset, from its text. */
export function amountIn(a: AssetScale, text: string, field: string): bigint {
  const v = parseAmount(text, a.scale);
  if (v === null) throw new ValidationError(field, 'invalid_format');
  if (v <= 0n) throw new ValidationError(field, 'too_small');
  return v;
}
