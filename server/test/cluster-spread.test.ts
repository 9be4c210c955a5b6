// What crosses between cluster mode's two writers' groups, on the machine's NATS and Redis (TEST_NATS_URL,
// TEST_REDIS_URL; skipped without them): the demo maker's calls reach the spot books on another instance, a
// requote's cancel and quotes in one message handed to the books in one turn (so one commit takes them, as on
// one instance), each answer or refusal back to its call; the index the writers' instance tells reaches the
// books' instance.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ExactDecimal, exactText } from '@nexa/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { type ClusterLink, connectCluster } from '../src/cluster';
import { createSpread } from '../src/compose/spread';
import type { MakerVenue, VenueBook } from '../src/modules/market/reference';

const NATS = process.env.TEST_NATS_URL;
const REDIS = process.env.TEST_REDIS_URL;
const PREFIX = `s${randomBytes(4).toString('hex')}`;
const quiet = { info() {}, warn() {}, error() {} };

const book: VenueBook = {
  instId: 'BTC-USDT',
  enabled: true,
  bestBid: '59990',
  bestAsk: '60010',
  bidLevels: 3,
  askLevels: 3,
  bidOrders: 3,
  askOrders: 3,
  userOrders: 6,
};

const text = (d: ExactDecimal) => `${d.units}/${d.decimals}`;

/** The spot books as the maker sees them, recording each call and the turn of the event loop it came in. */
function booksHere() {
  const calls: Array<{ what: string; turn: number }> = [];
  let turn = 0;
  let open = false;
  const note = (what: string) => {
    if (!open) {
      open = true;
      setImmediate(() => {
        open = false;
        turn++;
      });
    }
    calls.push({ what, turn });
  };
  const venue: MakerVenue = {
    instruments: async () => [{ instId: 'BTC-USDT', tick_size: '0.1', lot_size: '0.0001' }],
    cancel: async (userId, q) => {
      note(`cancel ${userId} ${q.instId}`);
      return { canceled: 2 };
    },
    submit: async (userId, o) => {
      note(`submit ${userId} ${o.side} ${text(o.px)}`);
      // The exact decimals arrive as they left: bigint units.
      if (typeof o.px.units !== 'bigint') throw new Error('not an exact decimal');
      if (text(o.px) === '1/0') throw new Error('PostOnlyWouldTake');
      return { ordId: text(o.px), units: o.px.units };
    },
    books: async (userId) => {
      note(`books ${userId}`);
      return [book];
    },
  };
  return { venue, calls };
}

describe.skipIf(!(NATS && REDIS))('between the writers’ groups', () => {
  const links: ClusterLink[] = [];
  afterAll(async () => {
    for (const l of links) await l.close();
  });
  const link = async (instance: string) => {
    const l = await connectCluster(
      { natsUrl: NATS ?? '', redisUrl: REDIS ?? '', prefix: PREFIX, instance, leaseMs: 1_000, spreadMs: 0 },
      quiet,
    );
    links.push(l);
    return l;
  };

  it('hands the maker’s calls to the books’ instance, a requote in one turn, each answer to its call', async () => {
    const writers = createSpread(await link('w'));
    const spot = createSpread(await link('s'));
    const here = booksHere();
    spot.here.spot.add('BTC-USDT');
    const stop = spot.serveMaker(here.venue, 'BTC-USDT');
    await sleep(100);
    const local = booksHere();
    const venue = writers.makerVenue(local.venue);
    const quote = (px: string) =>
      venue.submit(7, {
        instId: 'BTC-USDT',
        side: 'buy',
        type: 'limit',
        px: exactText(px),
        sz: exactText('0.01'),
        tif: 'post_only',
      });
    // A requote: the cancel and the quotes called together, as the maker does.
    const answers = await Promise.allSettled([
      venue.cancel(7, { instId: 'BTC-USDT' }),
      quote('59990'),
      quote('1'),
      quote('59985.5'),
    ]);
    expect(answers).toEqual([
      { status: 'fulfilled', value: { canceled: 2 } },
      { status: 'fulfilled', value: { ordId: '59990/0', units: 59990n } },
      { status: 'rejected', reason: expect.objectContaining({ message: 'PostOnlyWouldTake' }) },
      { status: 'fulfilled', value: { ordId: '599855/1', units: 599855n } },
    ]);
    expect(here.calls).toEqual([
      { what: 'cancel 7 BTC-USDT', turn: 0 },
      { what: 'submit 7 buy 59990/0', turn: 0 },
      { what: 'submit 7 buy 1/0', turn: 0 },
      { what: 'submit 7 buy 599855/1', turn: 0 },
    ]);
    // The operators' view of the books comes from their instance too; the instruments are read here.
    expect(await venue.books?.(7)).toEqual([book]);
    expect((await venue.instruments()).map((i) => i.instId)).toEqual(['BTC-USDT']);
    expect(local.calls).toEqual([]);
    // Where the books run here, the calls stay in this process.
    writers.here.spot.add('BTC-USDT');
    await venue.cancel(7, { instId: 'BTC-USDT' });
    expect(local.calls.map((c) => c.what)).toEqual(['cancel 7 BTC-USDT']);
    writers.here.spot.delete('BTC-USDT');
    // No books' instance (a failover): the call fails, and the maker tries again at its next requote.
    stop();
    await sleep(100);
    await expect(venue.cancel(7, { instId: 'BTC-USDT' })).rejects.toThrow(/did not answer/);
    writers.close();
    spot.close();
  });

  it('tells the books’ instance the index every second', async () => {
    const writers = createSpread(await link('w2'));
    const spot = createSpread(await link('s2'));
    await sleep(100);
    expect(spot.index('BTC-USDT')).toBeNull();
    let px = '60000.5';
    const stop = writers.tellIndex(
      () => ['BTC-USDT', 'ETH-USDT'],
      (id) => (id === 'BTC-USDT' ? px : null),
    );
    for (let i = 0; i < 50 && spot.index('BTC-USDT') === null; i++) await sleep(20);
    expect(spot.index('BTC-USDT')).toBe('60000.5');
    expect(spot.index('ETH-USDT')).toBeNull();
    px = '60100';
    for (let i = 0; i < 100 && spot.index('BTC-USDT') === '60000.5'; i++) await sleep(20);
    expect(spot.index('BTC-USDT')).toBe('60100');
    stop();
    writers.close();
    spot.close();
  });
});
