import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, call, signedInUser, startServer, type TestServer } from './harness';

// Favourites on Markets: kept per user, only instruments the platform lists, idempotent both ways.
let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

describe('favourite instruments', () => {
  it('are starred and unstarred per user, in the order starred, and a repeat changes nothing', async () => {
    const a = await signedInUser(srv);
    const b = await signedInUser(srv);
    const empty = await api(srv, '/v1/market/favorites', {}, { token: a.token });
    expect(empty.body.data.list).toEqual([]);

    await api(srv, '/v1/market/setFavorite', { instId: 'sol-usdt', on: true }, { token: a.token });
    await api(srv, '/v1/market/setFavorite', { instId: 'BTC-USDT', on: true }, { token: a.token });
    const twice = await api(
      srv,
      '/v1/market/setFavorite',
      { instId: 'SOL-USDT', on: true },
      { token: a.token },
    );
    expect(twice.body.data.list).toEqual(['SOL-USDT', 'BTC-USDT']);
    // A swap can be starred too.
    const swap = await api(
      srv,
      '/v1/market/setFavorite',
      { instId: 'ETH-USDT-SWAP', on: true },
      { token: a.token },
    );
    expect(swap.body.data.list).toEqual(['SOL-USDT', 'BTC-USDT', 'ETH-USDT-SWAP']);

    // Another user's list is their own, and unstarring what the other starred touches nothing of it.
    await api(srv, '/v1/market/setFavorite', { instId: 'SOL-USDT', on: false }, { token: b.token });
    expect((await api(srv, '/v1/market/favorites', {}, { token: b.token })).body.data.list).toEqual([]);
    expect((await api(srv, '/v1/market/favorites', {}, { token: a.token })).body.data.list).toHaveLength(3);

    const off = await api(
      srv,
      '/v1/market/setFavorite',
      { instId: 'SOL-USDT', on: false },
      { token: a.token },
    );
    expect(off.body.data.list).toEqual(['BTC-USDT', 'ETH-USDT-SWAP']);
    const offAgain = await api(
      srv,
      '/v1/market/setFavorite',
      { instId: 'SOL-USDT', on: false },
      { token: a.token },
    );
    expect(offAgain.body.data.list).toEqual(['BTC-USDT', 'ETH-USDT-SWAP']);
  });

  it('refuses an instrument the platform does not list, bad input, and a caller not signed in', async () => {
    const a = await signedInUser(srv);
    const unknown = await api(
      srv,
      '/v1/market/setFavorite',
      { instId: 'FAKE-USDT', on: true },
      { token: a.token },
    );
    expect(unknown.body.error).toBe('NotFound');
    const bad = await call(
      srv,
      '/v1/market/setFavorite',
      { instId: "x'; drop table", on: true },
      { token: a.token },
    );
    expect(bad.body.error).toBe('ValidationFailed');
    const notBool = await call(
      srv,
      '/v1/market/setFavorite',
      { instId: 'BTC-USDT', on: 'yes' },
      { token: a.token },
    );
    expect(notBool.body.error).toBe('ValidationFailed');
    const anonymous = await call(srv, '/v1/market/favorites', {});
    expect(anonymous.body.code).not.toBe(200);
    expect((await api(srv, '/v1/market/favorites', {}, { token: a.token })).body.data.list).toEqual([]);
  });
});
