// Cluster mode's parts on their own: the start-up refusal of a partial configuration, a call's checked body
// as it travels to the writers' instance, the load balancer's list of the calls that go to the writers, and
// the rate limits kept in Redis (TEST_REDIS_URL; skipped without
// it), shared by instances and kept across restarts.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { endpoints, exactText } from '@nexa/contract';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { composeConfig } from '../../scripts/haproxy-config.mjs';
import { bodyFromWire, bodyToWire } from '../src/cluster/call-body';
import { leaseOfCall, type SpotRoutes, spotLease, WRITERS_LEASE } from '../src/cluster/keys';
import { planHandOff, planLeases } from '../src/cluster/placement';
import { RedisRateLimiter } from '../src/cluster/rate-limit';
import { booksList, STORE_READS, writesList } from '../src/compose/transport';
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

  it('gives each spot book of the default configuration its backend, and the compose file is the template filled in', () => {
    const read = (name: string) => readFileSync(new URL(`../../deploy/${name}`, import.meta.url), 'utf8');
    expect(read('haproxy-books.lst')).toBe(booksList());
    expect(read('haproxy-books.lst')).toContain('BTC-USDT\n');
    const compose = read('haproxy-compose.cfg');
    expect(compose).toBe(composeConfig(fileURLToPath(new URL('../..', import.meta.url))));
    expect(compose).toContain('option httpchk GET /writerz?group=spot.BTC-USDT');
    expect(compose).not.toMatch(/@[A-Z_]+@/);
  });

  it('sends the spot books’ calls to an instance running books: each a call that changes state, routed to its book', async () => {
    const file = readFileSync(new URL('../../deploy/haproxy-spot.lst', import.meta.url), 'utf8');
    expect(file).toBe(writesList(true));
    const writes = new Set(writesList().trim().split('\n'));
    const spot = file.trim().split('\n');
    expect(spot.filter((p) => !writes.has(p))).toEqual([]);
    // Each goes to its spot book for a spot instrument, and to the writers for a swap.
    const quotes = new Map([['q1', 'ETH-USDT']]);
    const routes: SpotRoutes = {
      has: (id) => ['BTC-USDT', 'ETH-USDT', 'NEU-USDT'].includes(id),
      pairOf: (a, b) =>
        a === 'USDT' && b === 'BTC' ? 'BTC-USDT' : a === 'NEU' || b === 'NEU' ? 'NEU-USDT' : null,
      quoteInstrument: async (id) => quotes.get(id) ?? null,
    };
    // As checked: the amount an exact decimal.
    const body = { instId: 'BTC-USDT', from: 'USDT', to: 'BTC', amount: exactText('10'), quote_id: 'q1' };
    const want: Record<string, string> = {
      '/api/exchange/exchange': spotLease('ETH-USDT'),
      '/api/neu/getNeuExchangeOrder': spotLease('ETH-USDT'),
      '/api/neu/exchangeList': spotLease('NEU-USDT'),
    };
    for (const path of spot)
      expect(await leaseOfCall(path, body, routes), path).toBe(want[path] ?? 'spot.BTC-USDT');
    expect(leaseOfCall('/v1/order/submitTrade', { instId: 'BTC-USDT-SWAP' }, routes)).toBe(WRITERS_LEASE);
    expect(leaseOfCall('/v1/order/batchCancelOrder', { order_ids: ['1'], instType: 'SWAP' }, routes)).toBe(
      WRITERS_LEASE,
    );
    // Needing no book's memory, or refused anyway, a call is answered where it arrived.
    expect(leaseOfCall('/v1/order/batchCancelOrder', { order_ids: ['1'] }, routes)).toBeNull();
    expect(leaseOfCall('/v1/order/submitTrade', { instId: 'FOO-USDT' }, routes)).toBeNull();
    expect(leaseOfCall('/api/exchange/getExchangeInfo', { from: 'USDT', to: 'BTC' }, routes)).toBeNull();
    expect(await leaseOfCall('/api/exchange/exchange', { quote_id: 'gone' }, routes)).toBeNull();
    // Every other call that changes state is the writers'.
    for (const path of writes)
      if (!spot.includes(path)) expect(leaseOfCall(path, {}, routes), path).toBe(WRITERS_LEASE);
  });
});

describe('placement of the writers’ groups', () => {
  const keys = ['writers', ...['A', 'B', 'C', 'D', 'E', 'F'].map((x) => spotLease(`${x}-USDT`))];
  const weight = (k: string) => (k === 'writers' ? 3 : 1);
  const plans = (live: Map<string, string[]>) =>
    new Map([...live.keys()].map((me) => [me, [...planLeases({ me, keys, weight, live })]]));

  it('spreads the free leases over the live instances by weight, each lease to one, the same plan everywhere', () => {
    const out = plans(
      new Map([
        ['a', []],
        ['b', []],
        ['c', []],
      ]),
    );
    const all = [...out.values()].flat();
    expect(all.sort()).toEqual([...keys].sort());
    const loads = [...out.values()].map((l) => l.reduce((n, k) => n + weight(k), 0));
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
  });

  it('gives what a gone instance held to the least loaded, and leaves held leases where they are', () => {
    const live = new Map([
      ['a', ['writers']],
      ['b', [spotLease('A-USDT'), spotLease('B-USDT'), spotLease('C-USDT')]],
    ]);
    const out = plans(live);
    // c (D, E, F) is gone: a (load 3) and b (load 3) share them.
    expect([...(out.get('a') ?? []), ...(out.get('b') ?? [])].sort()).toEqual(
      [spotLease('D-USDT'), spotLease('E-USDT'), spotLease('F-USDT')].sort(),
    );
    expect(out.get('a')?.includes('writers')).toBe(false);
  });

  it('hands books from the most loaded to one that joins, one at a time, until even, never the writers’ work', () => {
    const movable = (k: string) => k !== 'writers';
    const live = new Map<string, string[]>([
      ['a', ['writers', spotLease('A-USDT'), spotLease('B-USDT')]],
      ['b', [spotLease('C-USDT'), spotLease('D-USDT'), spotLease('E-USDT'), spotLease('F-USDT')]],
      ['c', []],
    ]);
    const moves: string[] = [];
    for (let round = 0; round < 10; round++) {
      // Every instance plans from the same view; at most one of them hands a lease over.
      const out = [...live.keys()].flatMap((me) => {
        const key = planHandOff({ me, keys, weight, movable, live });
        return key === null ? [] : [[me, key] as const];
      });
      expect(out.length).toBeLessThanOrEqual(1);
      const [move] = out;
      if (!move) break;
      const [from, key] = move;
      expect(movable(key)).toBe(true);
      live.set(
        from,
        (live.get(from) ?? []).filter((k) => k !== key),
      );
      live.get('c')?.push(key);
      moves.push(`${from}:${key}`);
    }
    // a (load 5) and b (4) against c (0): a gives one; a and b tie at 4 (the first name counts as the
    // heavier), so a gives again, then b; loads end 3, 3 and 3.
    expect(moves).toEqual(['a:spot.B-USDT', 'a:spot.A-USDT', 'b:spot.F-USDT']);
    expect(live.get('a')).toEqual(['writers']);
    const loads = [...live.values()].map((l) => l.reduce((n, k) => n + weight(k), 0));
    expect(loads).toEqual([3, 3, 3]);
    // Even loads, or an instance alone: nothing moves.
    expect(planHandOff({ me: 'a', keys, weight, movable, live: new Map([['a', keys]]) })).toBeNull();
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
