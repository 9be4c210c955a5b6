/** At start: settings read once; the demo lists its collections and pools and funds the rewards, once. */
import { exactText, USDT_SCALE } from '@nexa/contract';
import { amountSetting } from '../../kernel/settings';
import { fund, saveCollection, savePool } from './admin';
import type { NftCtx } from './context';
import { lpProgram } from './programs';
import { NFT_SETTINGS } from './settings';
import { nftCollections } from './tables';

export async function start(ctx: NftCtx): Promise<void> {
  const { store, settings, days, config } = ctx;
  for (const key of Object.keys(NFT_SETTINGS) as (keyof typeof NFT_SETTINGS)[]) await settings.get(key);
  await days.offsetMs();
  await lpProgram(ctx);
  if (!config.seedDemo) return;
  const [any] = await store.db.select({ id: nftCollections.id }).from(nftCollections).limit(1);
  if (any) return;
  for (const c of await settings.get('nft.demo_collections')) {
    const made = await saveCollection(ctx, null, {
      name: c.name,
      symbol: c.symbol,
      kind: c.kind,
      fee: amountSetting('nft.demo_collections', c.fee, USDT_SCALE),
      cap: c.cap,
    });
    await savePool(ctx, null, {
      collection_id: made.id,
      name: c.pool.name,
      daily_budget: exactText(c.pool.daily_budget),
      status: 'active',
    });
  }
  const amount = exactText(await settings.get('nft.demo_fund'));
  await fund(ctx, null, { account: 'nft', amount });
  await fund(ctx, null, { account: 'lp', amount });
}
