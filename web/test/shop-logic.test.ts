import { describe, expect, it } from 'vitest';
import {
  clampQuantity,
  covers,
  feeSplit,
  goodsProblems,
  imageProblem,
  imagesLeft,
  isPhone,
  isTracking,
  lineTotal,
  maxQuantity,
  merchantStage,
  moveToFront,
  orderActions,
  orderFilterOf,
  orderRole,
  orderTimeline,
  parseId,
  parseQuantity,
  poolShare,
  shortfall,
  timeLeft,
  vipActive,
  weightPercent,
} from '../src/features/shop/shop-math';

describe('order totals', () => {
  it.each([
    ['12.5', 3, '37.5'],
    ['0.000001', 100, '0.0001'],
    ['19.99', 1, '19.99'],
    ['1000000', 100, '100000000'],
    ['7.123456', 7, '49.864192'],
  ] as const)('%s × %i = %s, exact', (price, qty, total) => {
    expect(lineTotal(price, qty)).toBe(total);
  });
  it('refuses what is not a USDT amount or a whole quantity', () => {
    expect(lineTotal('1.0000001', 1)).toBeNull();
    expect(lineTotal('abc', 1)).toBeNull();
    expect(lineTotal('1', 1.5)).toBeNull();
    expect(lineTotal('1', -1)).toBeNull();
  });
  it('compares the total with the balance and says what is missing', () => {
    expect(covers('37.5', '37.5')).toBe(true);
    expect(covers('37.499999', '37.5')).toBe(false);
    expect(shortfall('30', '37.5')).toBe('7.5');
    expect(shortfall('40', '37.5')).toBe('0');
    expect(covers('oops', '1')).toBe(false);
  });
});

describe('fees of the shop wallet', () => {
  it.each([
    ['100', '0.01', '1', '99'],
    ['100', '0.02', '2', '98'],
    // A fee of a fraction of a millionth is charged as one: rounded up.
    ['0.5', '0.01', '0.005', '0.495'],
    ['0.000001', '0.01', '0.000001', '0'],
    ['123.456789', '0.01', '1.234568', '122.222221'],
    ['50', '0', '0', '50'],
  ] as const)('%s at %s: fee %s, %s arrives', (amount, rate, fee, received) => {
    expect(feeSplit(amount, rate)).toEqual({ fee, received });
  });
  it('is null for what is not an amount or a rate', () => {
    expect(feeSplit('', '0.01')).toBeNull();
    expect(feeSplit('1', '1.5')).not.toBeNull(); // a rate above 1 still parses; the fee is capped at the amount
    expect(feeSplit('1', '1.5')).toEqual({ fee: '1', received: '0' });
    expect(feeSplit('1', 'x')).toBeNull();
  });
});

describe('order filters and roles', () => {
  it('maps statuses to the spec filters: 1 in progress, 2 finished', () => {
    expect(orderFilterOf('paid')).toBe(1);
    expect(orderFilterOf('shipped')).toBe(1);
    expect(orderFilterOf('completed')).toBe(2);
    expect(orderFilterOf('canceled')).toBe(2);
  });
  it('is the merchant of an order its merchant account sold, else its buyer', () => {
    expect(orderRole({ merchant_id: 4 }, 4)).toBe('merchant');
    expect(orderRole({ merchant_id: 4 }, 5)).toBe('buyer');
    expect(orderRole({ merchant_id: 4 }, null)).toBe('buyer');
  });
  it.each([
    ['paid', 'buyer', { cancel: true, signFor: false, ship: false }],
    ['shipped', 'buyer', { cancel: false, signFor: true, ship: false }],
    ['completed', 'buyer', { cancel: false, signFor: false, ship: false }],
    ['paid', 'merchant', { cancel: false, signFor: false, ship: true }],
    ['shipped', 'merchant', { cancel: false, signFor: false, ship: false }],
    ['canceled', 'merchant', { cancel: false, signFor: false, ship: false }],
  ] as const)('%s as %s may %o', (status, role, actions) => {
    expect(orderActions(status, role)).toEqual(actions);
  });
});

describe('order timeline', () => {
  const base = {
    created_at: '2026-05-01T10:00:00Z',
    shipped_at: null,
    completed_at: null,
    canceled_at: null,
  };
  it('stands at "paid" until it ships', () => {
    const steps = orderTimeline({ ...base, status: 'paid' });
    expect(steps.map((s) => [s.key, s.done, s.current])).toEqual([
      ['placed', true, true],
      ['shipped', false, false],
      ['completed', false, false],
    ]);
  });
  it('reaches completed with each time', () => {
    const steps = orderTimeline({
      ...base,
      status: 'completed',
      shipped_at: '2026-05-02T10:00:00Z',
      completed_at: '2026-05-03T10:00:00Z',
    });
    expect(steps.map((s) => [s.key, s.done, s.current, s.at])).toEqual([
      ['placed', true, false, base.created_at],
      ['shipped', true, false, '2026-05-02T10:00:00Z'],
      ['completed', true, true, '2026-05-03T10:00:00Z'],
    ]);
  });
  it('ends at canceled after paid', () => {
    const steps = orderTimeline({ ...base, status: 'canceled', canceled_at: '2026-05-01T11:00:00Z' });
    expect(steps.map((s) => s.key)).toEqual(['placed', 'canceled']);
    expect(steps[1]?.current).toBe(true);
  });
});

describe('quantities and ids', () => {
  it('buys at most the stock and at most 100', () => {
    expect(maxQuantity(3)).toBe(3);
    expect(maxQuantity(500)).toBe(100);
    expect(maxQuantity(0)).toBe(0);
    expect(clampQuantity(5, 3)).toBe(3);
    expect(clampQuantity(0, 3)).toBe(1);
    expect(clampQuantity(150, 1000)).toBe(100);
    expect(clampQuantity(2, 0)).toBe(1);
    expect(clampQuantity(Number.NaN, 9)).toBe(1);
  });
  it('reads ?qty= and ?id= strictly', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity('0')).toBe(1);
    expect(parseQuantity('2.5')).toBe(1);
    expect(parseQuantity(null)).toBe(1);
    expect(parseId('42')).toBe(42);
    expect(parseId('0')).toBeNull();
    expect(parseId('-1')).toBeNull();
    expect(parseId('4e2')).toBeNull();
    expect(parseId(null)).toBeNull();
  });
});

describe('merchant and VIP', () => {
  it('says where the merchant center stands', () => {
    expect(merchantStage(null)).toBe('none');
    expect(merchantStage(undefined)).toBe('none');
    expect(merchantStage({ status: 'approved' })).toBe('approved');
  });
  it('knows whether VIP runs', () => {
    const now = Date.parse('2026-05-01T00:00:00Z');
    expect(vipActive(null, now)).toBe(false);
    expect(vipActive('2026-06-01T00:00:00Z', now)).toBe(true);
    expect(vipActive('2026-04-01T00:00:00Z', now)).toBe(false);
    expect(vipActive('garbage', now)).toBe(false);
  });
});

describe('dividend share', () => {
  it('is the pool times my weight over all weight, rounded down', () => {
    expect(poolShare('100', '25', '100')).toBe('25');
    expect(poolShare('10', '1', '3')).toBe('3.333333');
    expect(poolShare('10', '0', '3')).toBe('0');
    expect(poolShare('10', '5', '0')).toBe('0');
    // A weight above the total (figures read at different moments) never gives more than the pool.
    expect(poolShare('10', '5', '4')).toBe('10');
  });
  it('shows my share of the weight in percent', () => {
    expect(weightPercent('25', '100')).toBe('25');
    expect(weightPercent('1', '3')).toBe('33.33');
    expect(weightPercent('0', '3')).toBe('0');
  });
});

describe('the goods form', () => {
  const ok = { categoryId: 1, title: 'Tea cup', price: '12.5', stock: '10', images: 1 };
  it('accepts a complete draft', () => {
    expect(Object.values(goodsProblems(ok)).every((p) => p === null)).toBe(true);
  });
  it.each([
    [{ categoryId: null }, 'category', 'required'],
    [{ title: ' ' }, 'title', 'required'],
    [{ title: 'A' }, 'title', 'tooShort'],
    [{ price: '' }, 'price', 'required'],
    [{ price: '0' }, 'price', 'invalid'],
    [{ price: '1.1234567' }, 'price', 'invalid'],
    [{ stock: '' }, 'stock', 'required'],
    [{ stock: '1000001' }, 'stock', 'invalid'],
    [{ stock: '2.5' }, 'stock', 'invalid'],
    [{ images: 0 }, 'images', 'required'],
    [{ images: 7 }, 'images', 'tooMany'],
  ] as const)('%o: %s is %s', (change, field, problem) => {
    expect(goodsProblems({ ...ok, ...change })[field]).toBe(problem);
  });
  it('takes stock 0 (sold out) and moves an image to the cover', () => {
    expect(goodsProblems({ ...ok, stock: '0' }).stock).toBeNull();
    expect(moveToFront(['a', 'b', 'c'], 2)).toEqual(['c', 'a', 'b']);
    expect(moveToFront(['a', 'b'], 0)).toEqual(['a', 'b']);
    expect(moveToFront(['a', 'b'], 5)).toEqual(['a', 'b']);
    expect(imagesLeft(4)).toBe(2);
    expect(imagesLeft(9)).toBe(0);
  });
  it('checks images, tracking numbers and phones as the contract does', () => {
    expect(imageProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(imageProblem({ type: 'image/gif', size: 10 })).toBe('type');
    expect(imageProblem({ type: 'image/jpeg', size: 0 })).toBe('empty');
    expect(imageProblem({ type: 'image/jpeg', size: 11 }, 10)).toBe('size');
    expect(isTracking('SF1234567890')).toBe(true);
    expect(isTracking('AB-12')).toBe(false);
    expect(isTracking('SF 123456')).toBe(false);
    expect(isPhone('+49 (30) 123-456')).toBe(true);
    expect(isPhone('12ab')).toBe(false);
  });
});

describe('time left', () => {
  const now = Date.parse('2026-05-01T00:00:00Z');
  it('counts whole days and hours until a time', () => {
    expect(timeLeft('2026-05-11T05:30:00Z', now)).toEqual({ days: 10, hours: 5 });
    expect(timeLeft('2026-05-01T00:30:00Z', now)).toEqual({ days: 0, hours: 0 });
    expect(timeLeft('2026-04-30T00:00:00Z', now)).toBeNull();
    expect(timeLeft(null, now)).toBeNull();
  });
});
