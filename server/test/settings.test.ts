// Settings are declared by the modules that read them and parsed once at start: money and rates become
// bigint there, and a value that does not parse stops the start instead of becoming a zero fee.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSettings } from '../src/kernel/settings';
import { SETTINGS } from '../src/modules';
import { TOKEN_MARKET_SETTINGS } from '../src/modules/token-market/settings';
import { type Store, schema } from '../src/store';
import { testStore } from './harness';

let store: Store;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ store, drop } = await testStore({ pglite: true }));
});
afterAll(() => drop());

describe('settings', () => {
  it('parses money and rates to bigint once, from the defaults or the stored text', async () => {
    const settings = createSettings(store, SETTINGS);
    await settings.preload();
    const tm = settings.of(TOKEN_MARKET_SETTINGS);
    expect(await tm.get('p2p.fee_rate')).toEqual({ text: '0.002', units: 200_000n });
    expect(await tm.get('p2p.min_usdt')).toEqual({ text: '5', units: 5_000_000n });
    await tm.set('p2p.min_usdt', '12.5');
    const again = createSettings(store, SETTINGS);
    await again.preload();
    expect((await again.of(TOKEN_MARKET_SETTINGS).get('p2p.min_usdt')).units).toBe(12_500_000n);
  });

  it('refuses a rate of 1 or more, and a USDT amount finer than a millionth, when set', async () => {
    const tm = createSettings(store, SETTINGS).of(TOKEN_MARKET_SETTINGS);
    await expect(tm.set('p2p.fee_rate', '1.5')).rejects.toThrow(/p2p.fee_rate/);
    await expect(tm.set('p2p.min_usdt', '0.0000001')).rejects.toThrow(/p2p.min_usdt/);
  });

  it('stops the start on a stored value that does not parse, naming the setting', async () => {
    await store.db
      .insert(schema.settings)
      .values({ key: 'market.taker_fee_rate', value: 'free' })
      .onConflictDoUpdate({ target: schema.settings.key, set: { value: 'free' } });
    await expect(createSettings(store, SETTINGS).preload()).rejects.toThrow(/market.taker_fee_rate/);
    await store.db.delete(schema.settings);
  });

  it('knows only declared settings', () => {
    const settings = createSettings(store, SETTINGS);
    expect(() => settings.of({ 'nobody.declares': TOKEN_MARKET_SETTINGS['p2p.fee_rate'] })).toThrow(
      /not declared/,
    );
  });
});
