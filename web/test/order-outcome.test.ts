import { describe, expect, it } from 'vitest';
import de from '../src/features/trade/locales/de.json';
import en from '../src/features/trade/locales/en.json';
import ja from '../src/features/trade/locales/ja.json';
import ko from '../src/features/trade/locales/ko.json';
import th from '../src/features/trade/locales/th.json';
import vi from '../src/features/trade/locales/vi.json';
import zh from '../src/features/trade/locales/zh.json';
import { type OrderEnd, orderOutcome, PARTIAL_REASON_KEYS } from '../src/features/trade/order-outcome';

const units = { base: 'BTC', quote: 'USDT' };
const buy500: OrderEnd = {
  status: 'filled',
  type: 'market',
  sz: '500',
  tgt_ccy: 'quote_ccy',
  filled_sz: '0.0055',
  filled_quote: '495.69',
  unfilled: '4.31',
  unfilled_ccy: 'USDT',
  partial_reason: 'lot_size',
};

describe('how an order’s end reads', () => {
  it('a 500 USDT market buy that filled 495.69 is "Partially filled — 4.31 USDT returned", not Filled', () => {
    expect(orderOutcome(buy500, units)).toEqual({
      key: 'partialReturned',
      tone: 'warning',
      rest: '4.31',
      unit: 'USDT',
      reason: 'lot_size',
    });
    const label = en.trade.status.partialReturned.replace('{{rest}}', '4.31').replace('{{unit}}', 'USDT');
    expect(label).toBe('Partially filled — 4.31 USDT returned');
  });

  it('without the server’s figure, a closed market order short of its amount still says so', () => {
    const { unfilled: _u, unfilled_ccy: _c, partial_reason: _r, ...old } = buy500;
    expect(orderOutcome(old, units)).toMatchObject({ key: 'partialReturned', rest: '4.31', reason: null });
  });

  it('a full fill, an open order, and a canceled order that filled nothing keep their status', () => {
    expect(orderOutcome({ ...buy500, unfilled: '0', partial_reason: null }, units)).toMatchObject({
      key: 'filled',
      tone: 'success',
      rest: null,
    });
    expect(orderOutcome({ ...buy500, status: 'partial_filled', unfilled: '0' }, units).key).toBe(
      'partial_filled',
    );
    expect(
      orderOutcome(
        { ...buy500, status: 'canceled', filled_quote: '0', filled_sz: '0', unfilled: '500' },
        units,
      ),
    ).toMatchObject({ key: 'canceled', tone: 'muted' });
  });

  it('a limit order canceled after a partial fill reads partially filled, in base units', () => {
    const o: OrderEnd = {
      status: 'canceled',
      type: 'limit',
      sz: '0.01',
      tgt_ccy: 'base_ccy',
      filled_sz: '0.004',
      filled_quote: '360',
      unfilled: '0.006',
      unfilled_ccy: 'BTC',
      partial_reason: 'canceled',
    };
    expect(orderOutcome(o, units)).toMatchObject({ key: 'partialReturned', rest: '0.006', unit: 'BTC' });
  });

  it('every language has the label and every reason', () => {
    for (const l of [en, zh, ko, th, vi, ja, de]) {
      expect(l.trade.status.partialReturned).toContain('{{rest}}');
      expect(l.trade.status.partialReturned).toContain('{{unit}}');
      for (const r of PARTIAL_REASON_KEYS) expect(l.trade.partialReason[r].length).toBeGreaterThan(0);
    }
  });
});
