import type { LiveTickerData } from '@nexa/contract';
import { describe, expect, it } from 'vitest';
import {
  amountForPercent,
  checkOrder,
  estimateFee,
  feeRate,
  floorToStep,
  holdAmount,
  type MarketContext,
  notional,
  type OrderDraft,
  percentOfAvailable,
  stepPrice,
} from '../src/features/trade/order-math';
import {
  changeTone,
  filterMarkets,
  formatChange,
  formatCompact,
  formatPrice,
  type Instrument,
  mergeMarkets,
  multiplyDecimals,
  nextSort,
  type RestTicker,
  sortMarkets,
  stepDecimals,
} from '../src/lib/market-data';

const inst = (instId: string, tick: string, lot: string): Instrument => {
  const [base = '', quote = ''] = instId.split('-');
  return {
    instId,
    base,
    quote,
    tick_size: tick,
    lot_size: lot,
    min_notional: '5',
    maker_fee_rate: '0.0008',
    taker_fee_rate: '0.001',
    price_band: '0.05',
    enabled: true,
  };
};

const rest = (instId: string, last: string | null, change: string, vol: string): RestTicker => ({
  instId,
  symbol: instId,
  last,
  now_price: last,
  now_rate: change,
  change_percent: change,
  open24h: null,
  high24h: null,
  low24h: null,
  vol24h: vol,
});

const liveTicker = (instId: string, last: string, change: string, vol: string): LiveTickerData => ({
  instType: 'SPOT',
  instId,
  last,
  lastSz: '',
  askPx: '',
  askSz: '',
  bidPx: '',
  bidSz: '',
  open24h: '1',
  high24h: '2',
  low24h: '0.5',
  vol24h: vol,
  ts: '1',
  symbol: instId.replace('-', '/'),
  now_price: last,
  now_rate: change,
  change_percent: change,
});

describe('markets', () => {
  const instruments = [inst('BTC-USDT', '0.1', '0.0001'), inst('ETH-USDT', '0.01', '0.0001')];

  it('merges the REST tickers with live ones, live winning, with the instrument precision', () => {
    const rows = mergeMarkets(
      [rest('BTC-USDT', '60000', '1.5', '10'), rest('ETH-USDT', null, '0', '0')],
      {
        'ETH-USDT': liveTicker('ETH-USDT', '3000.5', '-2.25', '100'),
        'NEU-USDT': liveTicker('NEU-USDT', '0.12345', '0', '1'),
      },
      instruments,
    );
    expect(rows.map((r) => r.instId)).toEqual(['BTC-USDT', 'ETH-USDT', 'NEU-USDT']);
    expect(rows[0]).toMatchObject({
      base: 'BTC',
      quote: 'USDT',
      last: '60000',
      priceDecimals: 1,
      turnover: '600000',
    });
    expect(rows[1]).toMatchObject({
      last: '3000.5',
      changePct: '-2.25',
      priceDecimals: 2,
      turnover: '300050',
    });
    expect(rows[2]).toMatchObject({ base: 'NEU', priceDecimals: 5 });
    // Before a first trade there is no change to show.
    const untraded = mergeMarkets([rest('BTC-USDT', null, '0', '0')], {}, instruments);
    expect(untraded[0]).toMatchObject({ last: null, changePct: '' });
  });

  it('formats prices, changes and volumes', () => {
    expect(stepDecimals('0.0001')).toBe(4);
    expect(stepDecimals('1')).toBe(0);
    expect(formatPrice('64321.5', 1)).toBe('64,321.5');
    expect(formatPrice('64321.5', 2)).toBe('64,321.50');
    expect(formatPrice(null, 2)).toBe('--');
    expect(formatChange('1.5')).toBe('+1.50%');
    expect(formatChange('-0.5')).toBe('-0.50%');
    expect(formatChange('0')).toBe('0.00%');
    expect(formatChange('')).toBe('--');
    expect(changeTone('-0.01')).toBe('down');
    expect(changeTone('0.00')).toBe('flat');
    expect(formatCompact('1234567')).toBe('1.23M');
    expect(formatCompact('999.5')).toBe('999.50');
    expect(multiplyDecimals('0.1', '0.2')).toBe('0.02');
  });

  it('searches by pair or base asset', () => {
    const rows = mergeMarkets(
      [rest('BTC-USDT', '1', '0', '1'), rest('ETH-USDT', '1', '0', '1')],
      {},
      instruments,
    );
    expect(filterMarkets(rows, 'eth').map((r) => r.instId)).toEqual(['ETH-USDT']);
    expect(filterMarkets(rows, 'btc/usdt').map((r) => r.instId)).toEqual(['BTC-USDT']);
    expect(filterMarkets(rows, '  ')).toHaveLength(2);
    expect(filterMarkets(rows, 'doge')).toEqual([]);
  });

  it('sorts by change and by quote volume; a third tap restores the server order', () => {
    const rows = mergeMarkets(
      [rest('A-USDT', '1', '-3', '1000'), rest('B-USDT', '100', '5', '20'), rest('C-USDT', null, '0', '0')],
      {},
      [],
    );
    expect(sortMarkets(rows, { key: 'change', dir: 'desc' }).map((r) => r.instId)).toEqual([
      'B-USDT',
      'C-USDT',
      'A-USDT',
    ]);
    expect(sortMarkets(rows, { key: 'volume', dir: 'desc' }).map((r) => r.instId)).toEqual([
      'B-USDT',
      'A-USDT',
      'C-USDT',
    ]);
    expect(sortMarkets(rows, { key: 'volume', dir: 'asc' }).map((r) => r.instId)).toEqual([
      'C-USDT',
      'A-USDT',
      'B-USDT',
    ]);
    let sort = nextSort(null, 'change');
    expect(sort).toEqual({ key: 'change', dir: 'desc' });
    sort = nextSort(sort, 'change');
    expect(sort).toEqual({ key: 'change', dir: 'asc' });
    expect(nextSort(sort, 'change')).toBeNull();
    expect(nextSort(sort, 'volume')).toEqual({ key: 'volume', dir: 'desc' });
  });
});

describe('order form arithmetic', () => {
  const rules = { ...inst('BTC-USDT', '0.1', '0.0001') };
  const ctx = (over: Partial<MarketContext> = {}): MarketContext => ({
    rules,
    available: '1000',
    last: '50000',
    bestAsk: '50000.1',
    bestBid: '49999.9',
    quoteScale: 6,
    ...over,
  });
  const draft = (over: Partial<OrderDraft> = {}): OrderDraft => ({
    side: 'buy',
    type: 'limit',
    price: '50000',
    amount: '0.01',
    ...over,
  });

  it('value, fee (maker when resting, taker when crossing or at market) and hold', () => {
    expect(notional(draft(), ctx())).toBe('500');
    expect(feeRate(draft(), ctx())).toBe('0.0008');
    expect(estimateFee(draft(), ctx())).toBe('0.4');
    expect(feeRate(draft({ price: '50000.1' }), ctx())).toBe('0.001');
    expect(feeRate(draft({ side: 'sell', price: '49999.9' }), ctx())).toBe('0.001');
    expect(feeRate(draft({ type: 'market', amount: '100' }), ctx())).toBe('0.001');
    // A limit buy holds its value plus the fee at the higher rate; a sell its amount.
    // Value, the higher fee rounded up, and one USDT minor unit for each of its 100 lots (0.01 BTC).
    expect(holdAmount(draft(), ctx())).toBe('500.5001');
    expect(holdAmount(draft({ side: 'sell' }), ctx())).toBe('0.01');
    // A market buy's amount is what it spends in USDT; a market sell is valued at the last price.
    expect(notional(draft({ type: 'market', amount: '100' }), ctx())).toBe('100');
    expect(holdAmount(draft({ type: 'market', amount: '100' }), ctx())).toBe('100.1');
    expect(notional(draft({ type: 'market', side: 'sell', amount: '0.002' }), ctx())).toBe('100');
  });

  it('checks the spec prompts, the minimum value of 5 USDT and the balance', () => {
    expect(checkOrder(draft({ price: '' }), ctx())).toBe('priceRequired');
    expect(checkOrder(draft({ price: '0' }), ctx())).toBe('priceInvalid');
    expect(checkOrder(draft({ price: '50000.05' }), ctx())).toBe('priceInvalid');
    expect(checkOrder(draft({ amount: '' }), ctx())).toBe('amountRequired');
    expect(checkOrder(draft({ amount: '0.00001' }), ctx())).toBe('amountInvalid');
    expect(checkOrder(draft({ price: '40000', amount: '0.0001' }), ctx())).toBe('belowMinimum');
    expect(checkOrder(draft({ amount: '0.0001' }), ctx())).toBeNull(); // exactly 5 USDT
    expect(checkOrder(draft({ amount: '0.02' }), ctx())).toBe('insufficient');
    expect(checkOrder(draft(), ctx())).toBeNull();
    expect(checkOrder(draft({ type: 'market', price: '', amount: '4.99' }), ctx())).toBe('belowMinimum');
    expect(checkOrder(draft({ type: 'market', price: '', amount: '5' }), ctx())).toBeNull();
    // Unknown balance (still loading): not judged here, the server decides.
    expect(checkOrder(draft({ amount: '1' }), ctx({ available: null }))).toBeNull();
  });

  it('the slider gives a share of the balance, cut to the lot size, fees included', () => {
    expect(amountForPercent(100, draft(), ctx())).toBe('0.0199');
    expect(amountForPercent(50, draft(), ctx())).toBe('0.0099');
    expect(amountForPercent(25, draft({ side: 'sell' }), ctx({ available: '0.12345' }))).toBe('0.0308');
    expect(amountForPercent(100, draft({ type: 'market' }), ctx())).toBe('999');
    expect(amountForPercent(0, draft(), ctx())).toBe('');
    expect(amountForPercent(100, draft(), ctx({ available: null }))).toBe('');
    // Whatever the slider offers fits the balance.
    const full = draft({ amount: amountForPercent(100, draft(), ctx()) });
    expect(checkOrder(full, ctx())).toBeNull();
    expect(percentOfAvailable(full, ctx())).toBeGreaterThan(99);
    expect(percentOfAvailable(full, ctx())).toBeLessThanOrEqual(100);
  });

  it('steps and cuts prices and amounts to the instrument', () => {
    expect(floorToStep('0.12345', '0.001')).toBe('0.123');
    expect(stepPrice('50000', '0.1', 1, null)).toBe('50000.1');
    expect(stepPrice('50000.05', '0.1', 1, null)).toBe('50000.1');
    expect(stepPrice('50000.05', '0.1', -1, null)).toBe('50000');
    expect(stepPrice('', '0.1', -1, '123.4')).toBe('123.3');
    expect(stepPrice('0.1', '0.1', -1, null)).toBe('0.1');
  });
});
