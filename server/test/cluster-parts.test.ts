// Cluster mode's parts on their own: the start-up refusal of a partial configuration, a call's checked body
// as it travels to the writers' instance, the load balancer's list of the calls that go to the writers, and
// the rate limits kept in Redis (TEST_REDIS_URL; skipped without
// it), shared by instances and kept across restarts.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { endpoints, exactText } from '@nexa/contract';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { bodyFromWire, bodyToWire } from '../src/cluster/call-body';
import { leaseOfCall, SPOT_LEASE, WRITERS_LEASE } from '../src/cluster/keys';
import { RedisRateLimiter } from '../src/cluster/rate-limit';
import { STORE_READS, writesList } from '../src/compose/transport';
import { loadConfig } from '../src/config';

describe('the load balancer’s lists', () => {
  it('is current (npm run docs:api writes it): every call but the store’s lists, nothing else', () => {
    const file = readFileSync(new URL('../../deploy/haproxy-writes.lst', import.meta.url), 'utf8');
    expect(file).toBe(writesList());
    const paths = file.trim().split('\n');
    expect(paths).toContain('/v1/order/submitTrade');
    expect(paths).toContain('/v1/order/placeAlgo');
    expect(paths).toContain('/v1/copy/traders');
    expect(paths.filter((p) => STORE_READS.has(p))).toEqual([]);
    expect(paths.length + STORE_READS.size).toBe(Object.keys(endpoints).length);
  });

  it('sends the spot books’ calls to their holder: each a call that changes state, routed to `spot`', () => {
    const file = readFileSync(new URL('../../deploy/haproxy-spot.lst', import.meta.url), 'utf8');
    expect(file).toBe(writesList(true));
    const writes = new Set(writesList().trim().split('\n'));
    const spot = file.trim().split('\n');
    expect(spot.filter((p) => !writes.has(p))).toEqual([]);
    // Each goes to the spot books for a spot instrument, and to the writers for a swap.
    for (const path of spot)
      expect(leaseOfCall(path, { instId: 'BTC-USDT', from: 'USDT', to: 'BTC' }), path).toBe(SPOT_LEASE);
    expect(leaseOfCall('/v1/order/submitTrade', { instId: 'BTC-USDT-SWAP' })).toBe(WRITERS_LEASE);
    expect(leaseOfCall('/v1/order/batchCancelOrder', { order_ids: ['1'], instType: 'SWAP' })).toBe(
      WRITERS_LEASE,
    );
    expect(leaseOfCall('/v1/order/batchCancelOrder', { order_ids: ['1'] })).toBe(SPOT_LEASE);
    // Every other call that changes state is the writers'.
    for (const path of writes)
      if (!spot.includes(path)) expect(leaseOfCall(path, {}), path).toBe(WRITERS_LEASE);
  });
});

describe('cluster configuration', () => {
  it('is off without NATS and Redis, and refuses to start with a part of it', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).cluster).toBeNull();
    expect(() => loadConfig({ NODE_ENV: 'test', NATS_URL: 'nats://127.0.0.1:4222' })).toThrow(
      /cluster mode needs DATABASE_URL, NATS_URL and REDIS_URL together; missing: DATABASE_URL, REDIS_URL/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: 'postgres://127.0.0.1/x',
        REDIS_URL: 'redis://127.0.0.1:6379',
      }),
    ).toThrow(/missing: NATS_URL/);
    const on = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: 'postgres://127.0.0.1/x',
      NATS_URL: 'nats://a:4222, nats://b:4222',
      REDIS_URL: 'redis://127.0.0.1:6379',
      INSTANCE_NAME: 'n1',
    }).cluster;
    expect(on).toMatchObject({ prefix: 'nexa', instance: 'n1', leaseMs: 3000 });
    expect(() => loadConfig({ NODE_ENV: 'test', NATS_URL: 'not a url', REDIS_URL: 'redis://x' })).toThrow();
  });
});

describe('a forwarded call body', () => {
  it('arrives as the transport checked it: bigints and exact decimals included', () => {
    const order = endpoints['/v1/order/submitTrade'].request.parse({
      instId: 'BTC-USDT',
      side: 'buy',
      type: 'limit',
      px: '65000.10',
      sz: '0.0001',
      request_id: 'req-000001',
    });
    const copy = endpoints['/v1/copy/follow'].request.parse({
      trader_id: 7,
      mode: 'ratio',
      ratio: '0.5',
      budget: '100',
    });
    for (const body of [order, copy, { list: [1n, { a: [2n] }], at: 'x' }, 5n, null, {}]) {
      const sent = JSON.parse(JSON.stringify(bodyToWire(body)));
      expect(bodyFromWire(sent)).toEqual(body);
    }
    expect(order.px).toEqual(exactText('65000.1'));
    expect(copy.budget).toBe(100_000_000n);
  });
});

const REDIS = process.env.TEST_REDIS_URL;
describe.skipIf(!REDIS)('rate limits in Redis', () => {
  const clients: Redis[] = [];
  const client = () => {
    const r = new Redis(REDIS ?? '', { maxRetriesPerRequest: 1 });
    clients.push(r);
    return r;
  };
  afterAll(() => {
    for (const c of clients) c.disconnect();
  });

  it('counts one window for every instance, and a restart forgets nothing', async () => {
    const prefix = `t${randomBytes(4).toString('hex')}`;
    const a = new RedisRateLimiter(client(), prefix);
    const b = new RedisRateLimiter(client(), prefix);
    const now = 1_800_000_000_000;
    const hits: boolean[] = [];
    for (let i = 0; i < 6; i++)
      hits.push(await (i % 2 === 0 ? a : b).hit('faucet-ip:1.2.3.4', 5, 60_000, now));
    expect(hits).toEqual([true, true, true, true, true, false]);
    // A new instance (a restart) sees the same window.
    const c = new RedisRateLimiter(client(), prefix);
    expect(await c.hit('faucet-ip:1.2.3.4', 5, 60_000, now + 1_000)).toBe(false);
    // The next window starts afresh; another deployment's prefix counts apart.
    expect(await c.hit('faucet-ip:1.2.3.4', 5, 60_000, now + 60_000)).toBe(true);
    expect(await new RedisRateLimiter(client(), `${prefix}x`).hit('faucet-ip:1.2.3.4', 5, 60_000, now)).toBe(
      true,
    );
  });

  it('refuses as retryable, never lets a call through, when Redis does not answer', async () => {
    const dead = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    clients.push(dead);
    dead.on('error', () => {});
    await dead.connect().catch(() => {});
    const limiter = new RedisRateLimiter(dead, 'x');
    await expect(limiter.hit('k', 5, 60_000, Date.now())).rejects.toMatchObject({
      name: 'StoreUnavailableError',
    });
  });
});
