import { describe, expect, it } from 'vitest';
import {
  type AssetUnits,
  assetBook,
  EXACT,
  exceedsScale,
  floorDecimals,
  formatAsset,
  multiplyDown,
} from '../src/lib/amounts';

// As the server's registry answers them (`/v1/basic/currencyList`).
const TICKET: AssetUnits = { symbol: 'TICKET', scale: 0, display_precision: 0 };
const USDT: AssetUnits = { symbol: 'USDT', scale: 6, display_precision: 2 };
const BTC: AssetUnits = { symbol: 'BTC', scale: 8, display_precision: 6 };
/** Display precision far below the scale. */
const SATS: AssetUnits = { symbol: 'SATS', scale: 8, display_precision: 2 };

describe('one way an amount of an asset reads', () => {
  it('race tickets are whole: "+1", never "+0.00000001"', () => {
    expect(formatAsset('1', TICKET)).toBe('1');
    expect(formatAsset('1', TICKET, { exact: true, sign: true })).toBe('+1');
    expect(formatAsset('-3', TICKET, EXACT)).toBe('-3');
    expect(formatAsset('12000', TICKET)).toBe('12,000');
  });

  it('USDT: 2 decimals shown, up to 6 where the amount has them', () => {
    // The same balance read "9,210.4" on Trade, "9,210.40" on Wallet and "9,210.403144" on Withdraw.
    expect(formatAsset('9210.403144', USDT)).toBe('9,210.40');
    expect(formatAsset('9210.4', USDT)).toBe('9,210.40');
    expect(formatAsset('0.999999', USDT)).toBe('0.99');
    expect(formatAsset('0', USDT)).toBe('0.00');
    expect(formatAsset('9210.403144', USDT, EXACT)).toBe('9,210.403144');
    expect(formatAsset('1234.5', USDT, EXACT)).toBe('1,234.50');
    expect(formatAsset('0.125', USDT, EXACT)).toBe('0.125');
    expect(formatAsset('12.500000', USDT, EXACT)).toBe('12.50');
    expect(formatAsset('5', USDT, EXACT)).toBe('5.00');
    expect(formatAsset('0.000001', USDT, { exact: true, sign: true })).toBe('+0.000001');
    expect(formatAsset('-12.5', USDT, EXACT)).toBe('-12.50');
  });

  it('BTC: 6 decimals shown, up to its 8', () => {
    expect(formatAsset('0.0015', BTC)).toBe('0.001500');
    expect(formatAsset('0.12345678', BTC)).toBe('0.123456');
    expect(formatAsset('0.12345678', BTC, EXACT)).toBe('0.12345678');
    expect(formatAsset('1', BTC, EXACT)).toBe('1.000000');
  });

  it('an asset whose display precision is far below its scale', () => {
    expect(formatAsset('10.12345', SATS)).toBe('10.12');
    expect(formatAsset('10.12345', SATS, EXACT)).toBe('10.12345');
    expect(formatAsset('10', SATS, EXACT)).toBe('10.00');
  });

  it('never shows more than the amount, and never more decimals than the asset has', () => {
    expect(formatAsset('0.009', USDT)).toBe('0.00');
    expect(formatAsset('-0.009', USDT)).toBe('0.00');
    expect(formatAsset('0.0000001', USDT, { exact: true, sign: true })).toBe('0.00');
    expect(formatAsset('1.999', TICKET, EXACT)).toBe('1');
  });

  it('reads float estimates (display only) and refuses what is not a number', () => {
    expect(formatAsset(500 * 0.08 * (90 / 365), USDT, EXACT)).toBe('9.863013');
    expect(formatAsset(Number.NaN, USDT)).toBe('--');
    expect(formatAsset('abc', USDT)).toBe('--');
    expect(formatAsset('', USDT)).toBe('--');
  });
});

describe('the registry as the screens read it', () => {
  const book = assetBook([TICKET, USDT, BTC, SATS]);

  it('formats by symbol with each asset’s own units', () => {
    expect(book.ready).toBe(true);
    expect(book.format('1', 'TICKET', { exact: true, sign: true })).toBe('+1');
    expect(book.format('1', 'ticket')).toBe('1');
    expect(book.format('25.5', 'USDT', EXACT)).toBe('25.50');
    expect(book.scale('USDT')).toBe(6);
    expect(book.scale('TICKET')).toBe(0);
    expect(book.units('BTC')?.display_precision).toBe(6);
  });

  it('says nothing it does not know while the registry loads', () => {
    const loading = assetBook(undefined);
    expect(loading.ready).toBe(false);
    expect(loading.format('1', 'TICKET')).toBe('--');
    expect(loading.units('USDT')).toBeUndefined();
    // What is typed is not cut before the registry has said how many decimals the asset has.
    expect(loading.scale('USDT')).toBe(18);
    expect(book.format('1', 'NOPE')).toBe('--');
  });
});

describe('cutting and multiplying', () => {
  it('cuts, never rounds up, and says when typing went past the asset’s decimals', () => {
    expect(floorDecimals('1.239', 2)).toBe('1.23');
    expect(floorDecimals('-1.239', 2)).toBe('-1.23');
    expect(exceedsScale('10.12345', 8)).toBe(false);
    expect(exceedsScale('10.123456789', 8)).toBe(true);
    expect(exceedsScale('1,1234567', 6)).toBe(true);
    expect(exceedsScale('100', 6)).toBe(false);
  });

  it('multiplies decimal strings without a float, cut down', () => {
    expect(multiplyDown('0.1', '3', 8)).toBe('0.3');
    expect(multiplyDown('2.675', '1', 2)).toBe('2.67');
    expect(multiplyDown('x', '1', 2)).toBeNull();
  });
});
