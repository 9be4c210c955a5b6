import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyBooksPush,
  bookChecksum,
  bookChecksumText,
  bookView,
  canonicalDecimal,
  comparePriceText,
  crc32,
  LiveBook,
  type LiveBookLevel,
  type LiveBooksPush,
  parseLiveMessage,
} from '../src/index';

const lvl = (px: string, sz: string): LiveBookLevel => [px, sz, '0', '1'];

describe('crc32 / OKX book checksum', () => {
  it.each([
    ['3366.1:7:3366.8:9:3366:6:3368:8', -1881014294],
    ['3366.1:7:3366.8:9:3368:8:3372:8', 831078360],
    ['', 0],
    ['123456789', -873187034], // the CRC-32 check value 0xCBF43926, signed
  ])('crc32(%j) = %d', (text, expected) => {
    expect(crc32(text)).toBe(expected);
  });

  it('interleaves bid:ask from equal sides', () => {
    const asks = [lvl('3366.8', '9'), lvl('3368', '8')];
    const bids = [lvl('3366.1', '7'), lvl('3366', '6')];
    expect(bookChecksumText(asks, bids)).toBe('3366.1:7:3366.8:9:3366:6:3368:8');
    expect(bookChecksum(asks, bids)).toBe(-1881014294);
  });

  it('appends the longer side alone when the sides are unequal', () => {
    const asks = [lvl('3366.8', '9'), lvl('3368', '8'), lvl('3372', '8')];
    const bids = [lvl('3366.1', '7')];
    expect(bookChecksumText(asks, bids)).toBe('3366.1:7:3366.8:9:3368:8:3372:8');
    expect(bookChecksum(asks, bids)).toBe(831078360);
    expect(bookChecksumText([], [lvl('1', '2'), lvl('0.5', '3')])).toBe('1:2:0.5:3');
    expect(bookChecksumText([], [])).toBe('');
  });

  it('covers only the top 25 levels of each side', () => {
    const asks = Array.from({ length: 30 }, (_, i) => lvl(String(101 + i), '1'));
    const bids = Array.from({ length: 30 }, (_, i) => lvl(String(99 - i), '1'));
    const text = bookChecksumText(asks, bids);
    expect(text.split(':')).toHaveLength(25 * 2 * 2);
    expect(text.endsWith('75:1:125:1')).toBe(true);
    expect(bookChecksum(asks, bids)).toBe(bookChecksum(asks.slice(0, 25), bids.slice(0, 25)));
  });
});

describe('prices as text', () => {
  it('compares exactly', () => {
    expect(comparePriceText('3366.1', '3366.10')).toBe(0);
    expect(comparePriceText('9.99', '10')).toBeLessThan(0);
    expect(comparePriceText('0.00000003', '0.000000029')).toBeGreaterThan(0);
    expect(comparePriceText('12345678901234567.1', '12345678901234567.2')).toBeLessThan(0);
    expect(canonicalDecimal('065.100')).toBe('65.1');
    expect(canonicalDecimal('0.0')).toBe('0');
    expect(canonicalDecimal('abc')).toBeNull();
  });

  it('agrees with bigint comparison on random decimals', () => {
    const dec = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 12 }))
      .map(([n, scale]) => {
        const s = n.toString().padStart(scale + 1, '0');
        return scale ? `${s.slice(0, -scale)}.${s.slice(-scale)}` : s;
      });
    fc.assert(
      fc.property(dec, dec, (a, b) => {
        const scale = 12;
        const toBig = (x: string) => {
          const [w = '0', f = ''] = x.split('.');
          return BigInt(w) * 10n ** BigInt(scale) + BigInt(f.padEnd(scale, '0') || '0');
        };
        const expected = Math.sign(Number(toBig(a) - toBig(b)));
        expect(Math.sign(comparePriceText(a, b))).toBe(expected);
      }),
    );
  });
});

describe('LiveBook (snapshot replaces, update merges by price)', () => {
  it('keeps asks ascending and bids descending, replaces same price, removes size 0', () => {
    const book = new LiveBook();
    book.reset([lvl('101', '1'), lvl('100.5', '2')], [lvl('99', '3'), lvl('99.5', '4')], 10);
    expect(book.asks.top(10).map((l) => l[0])).toEqual(['100.5', '101']);
    expect(book.bids.top(10).map((l) => l[0])).toEqual(['99.5', '99']);
    book.apply([lvl('100.50', '7'), lvl('101', '0'), lvl('102', '1')], [lvl('99.25', '1')], 11);
    expect(book.asks.top(10)).toEqual([lvl('100.50', '7'), lvl('102', '1')]);
    expect(book.bids.top(10).map((l) => l[0])).toEqual(['99.5', '99.25', '99']);
    expect(book.seqId).toBe(11);
    expect(book.checksum()).toBe(bookChecksum(book.asks.top(25), book.bids.top(25)));
    book.reset([], [lvl('1', '1')], 12);
    expect(book.asks.length).toBe(0);
    expect(book.bids.top(1)).toEqual([lvl('1', '1')]);
  });

  it('matches a sorted reference model under random updates', () => {
    const price = fc.integer({ min: 1, max: 60 }).map((n) => (n / 4).toString());
    const size = fc.integer({ min: 0, max: 3 }).map(String);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), price, size), { maxLength: 200 }), (ops) => {
        const book = new LiveBook();
        const ref = { asks: new Map<string, string>(), bids: new Map<string, string>() };
        for (const [isAsk, px, sz] of ops) {
          const side = isAsk ? ref.asks : ref.bids;
          if (sz === '0') side.delete(px);
          else side.set(px, sz);
          book.apply(isAsk ? [lvl(px, sz)] : [], isAsk ? [] : [lvl(px, sz)], 0);
        }
        const sorted = (m: Map<string, string>, dir: number) =>
          [...m].sort((a, b) => dir * (Number(a[0]) - Number(b[0]))).map(([p, s]) => lvl(p, s));
        expect(book.asks.top(1000)).toEqual(sorted(ref.asks, 1));
        expect(book.bids.top(1000)).toEqual(sorted(ref.bids, -1));
      }),
    );
  });

  it('refuses malformed levels', () => {
    const book = new LiveBook();
    expect(book.apply([['x', '1']], [], 1)).toBe(false);
    expect(book.asks.length).toBe(0);
  });
});

describe('applyBooksPush (what a client does with each books push)', () => {
  const push = (action: 'snapshot' | 'update', d: Partial<LiveBooksPush['data'][0]>): LiveBooksPush => ({
    arg: { channel: 'books', instId: 'X' },
    action,
    data: [{ asks: [], bids: [], ts: '0', checksum: 0, seqId: 0, prevSeqId: -1, ...d }],
  });
  it('accepts a chained update with the right checksum, flags gaps, bad checksums and bad levels', () => {
    const book = new LiveBook();
    const asks = [lvl('3366.8', '9'), lvl('3368', '8')];
    const bids = [lvl('3366.1', '7'), lvl('3366', '6')];
    expect(applyBooksPush(book, push('snapshot', { asks, bids, seqId: 5, checksum: -1881014294 }))).toBe(
      'ok',
    );
    const upd = { asks: [lvl('3372', '8')], bids: [lvl('3366', '0')], prevSeqId: 5, seqId: 9 };
    expect(applyBooksPush(book, push('update', { ...upd, prevSeqId: 4, checksum: 831078360 }))).toBe('gap');
    expect(book.seqId).toBe(5); // untouched
    expect(applyBooksPush(book, push('update', { ...upd, checksum: 831078360 }))).toBe('ok');
    expect(applyBooksPush(book, push('update', { prevSeqId: 9, seqId: 10, checksum: 1 }))).toBe('checksum');
    expect(applyBooksPush(book, push('snapshot', { asks: [['a', '1', '0', '1']], checksum: 0 }))).toBe(
      'malformed',
    );
  });

  it('gives the 6-level view, price then size', () => {
    const book = new LiveBook();
    book.reset(
      Array.from({ length: 10 }, (_, i) => lvl(String(100 + i), '1')),
      Array.from({ length: 3 }, (_, i) => lvl(String(99 - i), '2')),
      1,
    );
    const view = bookView(book);
    expect(view.asks).toHaveLength(6);
    expect(view.asks[0]).toEqual(['100', '1']);
    expect(view.asks[5]).toEqual(['105', '1']);
    expect(view.bids).toEqual([
      ['99', '2'],
      ['98', '2'],
      ['97', '2'],
    ]);
  });
});

describe('parseLiveMessage', () => {
  it('reads books, tickers, acks and errors; null for anything malformed', () => {
    const books = {
      arg: { channel: 'books', instId: 'BTC-USDT' },
      action: 'snapshot',
      data: [{ asks: [['1', '2', '0', '1']], bids: [], ts: '1', checksum: 5, seqId: 3, prevSeqId: -1 }],
    };
    expect(parseLiveMessage(JSON.stringify(books))).toEqual(books);
    expect(parseLiveMessage('{"event":"subscribe","arg":{"channel":"tickers","instId":"X"}}')).toMatchObject({
      event: 'subscribe',
    });
    expect(parseLiveMessage('{"event":"error","code":"60012","msg":"bad"}')).toEqual({
      event: 'error',
      code: '60012',
      msg: 'bad',
    });
    const ticker = { arg: { channel: 'tickers', instId: 'X' }, data: [{ instId: 'X', last: '1' }] };
    expect(parseLiveMessage(JSON.stringify(ticker))).toEqual(ticker);
    for (const bad of [
      'pong',
      '{not json',
      '[]',
      '{"arg":{"channel":"books","instId":"X"},"action":"snapshot","data":[{"asks":[[1,2]],"bids":[]}]}',
      '{"arg":{"channel":"books","instId":"X"},"action":"other","data":[{"asks":[],"bids":[]}]}',
      '{"arg":{"channel":"candles","instId":"X"},"data":[{}]}',
      '{"arg":{"channel":"tickers","instId":"X"},"data":[]}',
    ]) {
      expect(parseLiveMessage(bad)).toBeNull();
    }
  });
});
