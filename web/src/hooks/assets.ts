import { useMemo } from 'react';
import { NO_BODY, useApiQuery } from '../api/hooks';
import { type AssetBook, assetBook } from '../lib/amounts';

export type { AssetBook } from '../lib/amounts';

/**
 * Every asset's scale and display precision, from the server's registry (one call, cached for the
 * session and across languages: the registry changes only with a release). The one source of how many
 * decimals an asset has.
 */
export function useAssets(): AssetBook {
  const { data } = useApiQuery('/v1/basic/currencyList', NO_BODY, {
    stale_ms: Number.POSITIVE_INFINITY,
    anyLanguage: true,
  });
  return useMemo(() => assetBook(data), [data]);
}
