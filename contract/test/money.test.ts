// The amount fields of the calls: what a caller may send, what a handler gets (bigint minor units or an exact
// decimal), and the reason each refusal names (the transport turns the first issue into ValidationFailed).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  endpoints,
  exactOf,
  exactText,
  minorOf,
  parseExact,
  RATE_SCALE,
  toMinorUnits,
  USDT_SCALE,
  zExactAmount,
  zMinorUnits,
  zRatioUnits,
  zUsdtAmount,
} from '../src/index';

/** The reason and path of the first issue, as the transport reads them. */
function refusal(schema: z.ZodType, input: unknown): { reason: string; path: string } | null {
  const r = schema.safeParse(input);
  if (r.success) return null;
  const issue = r.error.issues[0];
  return issue ? { reason: issue.message, path: issue.path.join('.') } : null;
}
const reasonOf = (schema: z.ZodType, input: unknown) => refusal(schema, input)?.reason ?? null;

/** Inputs every amount field refuses, with the reason it names (a zod code's own message aside). */
const refused: [string, unknown][] = [
  ['negative', '-1'],
  ['exponent', '1e6'],
  ['exponent, upper case', '1E6'],
  ['leading zero', '01'],
  ['leading plus', '+1'],
  ['no whole part', '.5'],
  ['no fraction digits', '1.'],
  ['comma', '1,5'],
  ['spaces', ' 1'],
  ['Arabic-Indic digits', '١٢٣'],
  ['full-width digits', '１２３'],
  ['a zero-width space', '1\u200b'],
  ['an empty string', ''],
  ['zero', '0'],
  ['zero with decimals', '0.000'],
  ['huge', '1000000000000001'],
  ['more than 18 digits', '1234567890123456789'],
  ['more than 18 decimals', '0.0000000000000000001'],
  ['a JSON number', 1.5],
  ['a JSON integer', 100],
  ['null', null],
  ['an object', { units: '1', decimals: 0 }],
];

const REASONS: Record<string, string> = {
  zero: 'too_small',
  'zero with decimals': 'too_small',
  huge: 'too_big',
};

describe('a fixed-scale amount (USDT)', () => {
  it.each<[string, bigint]>([
    ['1', 1_000_000n],
    ['0.000001', 1n],
    ['1234.5', 1_234_500_000n],
    ['1234.500000', 1_234_500_000n],
    ['1000000000000000', 10n ** 21n],
  ])('%s arrives as %s minor units', (text, minor) => {
    expect(zUsdtAmount.parse(text)).toBe(minor);
  });

  it('refuses more decimals than USDT has with the reason the call gives', () => {
    expect(reasonOf(zUsdtAmount, '0.0000001')).toBe('invalid_value');
    expect(reasonOf(zMinorUnits(USDT_SCALE, 'invalid_format'), '0.0000001')).toBe('invalid_format');
    expect(reasonOf(zMinorUnits(USDT_SCALE, 'too_small'), '1.1234567')).toBe('too_small');
  });

  it.each(refused)('refuses %s', (name, input) => {
    const reason = reasonOf(zUsdtAmount, input);
    expect(reason).not.toBeNull();
    if (REASONS[name]) expect(reason).toBe(REASONS[name]);
    else if (typeof input === 'string') expect(reason).toBe('invalid_format');
  });

  it('names the field in the issue path, as a body refuses it', () => {
    const body = z.object({ limit: zUsdtAmount });
    expect(refusal(body, { limit: '1.1234567' })).toEqual({ reason: 'invalid_value', path: 'limit' });
    expect(refusal(body, { limit: 5 })?.path).toBe('limit');
  });

  it('sends a string and hands a bigint (the input and output types of a call)', () => {
    const ep = endpoints['/v1/user/buyInsurance'];
    const sent: z.input<typeof ep.request> = { limit: '1000' };
    const got: z.output<typeof ep.request> = ep.request.parse(sent);
    expect(got.limit).toBe(1_000_000_000n);
  });
});

describe('other fixed scales', () => {
  it('a ratio has RATE_SCALE decimals and may exceed 1', () => {
    expect(zRatioUnits.parse('1.5')).toBe(150_000_000n);
    expect(zRatioUnits.parse('0.00000001')).toBe(1n);
    expect(RATE_SCALE).toBe(8);
    expect(reasonOf(zRatioUnits, '0.000000001')).toBe('invalid_value');
  });

  it('whole contracts refuse a fraction', () => {
    const contracts = endpoints['/v1/futures/closePosition'].request;
    expect(contracts.parse({ instId: 'BTC-USDT-SWAP', sz: '12' }).sz).toBe(12n);
    expect(refusal(contracts, { instId: 'BTC-USDT-SWAP', sz: '1.5' })).toEqual({
      reason: 'invalid_value',
      path: 'sz',
    });
  });

  it("a machine's power and bonus power (0 by default) at the power scale", () => {
    const save = endpoints['/admin/mining/saveMachine'].request;
    const body = { line: 'main', name: 'M1', price: '100', power: '1.2345', term_days: 30 };
    expect(save.parse(body)).toMatchObject({ price: 100_000_000n, power: 12_345n, bonus_power: 0n });
    expect(save.parse({ ...body, bonus_power: '0.5' }).bonus_power).toBe(5_000n);
    expect(refusal(save, { ...body, power: '1.23456' })).toEqual({ reason: 'invalid_value', path: 'power' });
    expect(refusal(save, { ...body, bonus_power: '1.23456' })).toEqual({
      reason: 'invalid_value',
      path: 'bonus_power',
    });
    expect(refusal(save, { ...body, bonus_power: '-1' })?.path).toBe('bonus_power');
  });

  it('a custom scale turns a checked text into minor units', () => {
    const field = z.string().transform(toMinorUnits(2));
    expect(field.parse('3.5')).toBe(350n);
    expect(reasonOf(field, '3.555')).toBe('invalid_value');
  });
});

describe('an amount of the asset another field names (exact)', () => {
  it('arrives exact and normalized, whatever trailing zeros it was sent with', () => {
    expect(zExactAmount.parse('1.50')).toEqual(exactText('1.5'));
    expect(zExactAmount.parse('1.50')).toEqual({ units: 15n, decimals: 1 });
    expect(zExactAmount.parse('100')).toEqual({ units: 100n, decimals: 0 });
    expect(zExactAmount.parse('0.000000000000000001')).toEqual({ units: 1n, decimals: 18 });
    expect(zExactAmount.parse('1000000000000000')).toEqual({ units: 10n ** 15n, decimals: 0 });
  });

  it.each(refused)('refuses %s', (name, input) => {
    const reason = reasonOf(zExactAmount, input);
    expect(reason).not.toBeNull();
    if (REASONS[name]) expect(reason).toBe(REASONS[name]);
    else if (typeof input === 'string') expect(reason).toBe('invalid_format');
  });

  it('scales to any asset that has enough decimals, and to none that has fewer', () => {
    const v = exactText('12.345');
    expect(minorOf(v, 3)).toBe(12_345n);
    expect(minorOf(v, 8)).toBe(1_234_500_000n);
    expect(minorOf(v, 2)).toBeNull();
    expect(minorOf(exactText('7'), 0)).toBe(7n);
  });

  it('is the same value from minor units of any scale', () => {
    expect(exactOf(1_234_500_000n, 8)).toEqual(exactText('12.345'));
    expect(exactOf(12_345n, 3)).toEqual(exactText('12.3450'));
    expect(exactOf(0n, 6)).toEqual({ units: 0n, decimals: 0 });
    expect(exactOf(120n, 0)).toEqual({ units: 120n, decimals: 0 });
  });

  it('parses only plain decimal texts, and exactText refuses anything else', () => {
    expect(parseExact('1e3')).toBeNull();
    expect(parseExact('-1')).toBeNull();
    expect(parseExact('1000000000000001')).toBeNull();
    expect(() => exactText('abc')).toThrow(RangeError);
  });

  it("a call's exact fields: the spot order's price and size, a wallet amount", () => {
    const order = endpoints['/v1/order/submitTrade'].request.parse({
      instId: 'BTC-USDT',
      side: 'buy',
      type: 'limit',
      px: '65000.10',
      sz: '0.0001',
    });
    expect(order.px).toEqual(exactText('65000.1'));
    expect(order.sz).toEqual(exactText('0.0001'));
    const withdraw = endpoints['/api/withdraw/index'].request;
    expect(refusal(withdraw, { asset: 'USDT', address: '0x1', amount: 10 })?.path).toBe('amount');
  });
});
