import { describe, expect, it } from 'vitest';
import { type AlgoDraft, algoBody, checkAlgo, emptyAlgoDraft, placesMarket } from '../src/lib/algo-order';

/* The conditional order forms (spot and swaps): what each kind needs, its triggers against the price it
   watches, and the OKX-shaped body it sends. */

const ctx = { ref: '60000', tick: '0.1', step: '0.0001' };
const draft = (over: Partial<AlgoDraft> & Pick<AlgoDraft, 'kind'>): AlgoDraft => ({
  ...emptyAlgoDraft(over.kind, over.side ?? 'sell'),
  ...over,
});

describe('checkAlgo', () => {
  it('asks for a stop’s trigger, a stop-limit’s price and the amount, on their steps', () => {
    expect(checkAlgo(draft({ kind: 'stop_limit' }), ctx)).toEqual({
      field: 'triggerPx',
      problem: 'required',
    });
    expect(checkAlgo(draft({ kind: 'stop_limit', triggerPx: '59000' }), ctx)).toEqual({
      field: 'orderPx',
      problem: 'required',
    });
    expect(checkAlgo(draft({ kind: 'stop_market', triggerPx: '59000.05' }), ctx)).toEqual({
      field: 'triggerPx',
      problem: 'step',
    });
    expect(checkAlgo(draft({ kind: 'stop_market', triggerPx: '60000', amount: '0.01' }), ctx)).toEqual({
      field: 'triggerPx',
      problem: 'notLast',
    });
    expect(checkAlgo(draft({ kind: 'stop_market', triggerPx: '59000', amount: '0.00015' }), ctx)).toEqual({
      field: 'amount',
      problem: 'amountStep',
    });
    expect(checkAlgo(draft({ kind: 'stop_market', triggerPx: '59000', amount: '0.01' }), ctx)).toBeNull();
  });

  it('holds an OCO’s legs to their sides of the price: a sell’s take-profit above, a buy’s below', () => {
    const sell = { kind: 'oco' as const, tpTriggerPx: '62000', slTriggerPx: '58000', amount: '0.01' };
    expect(checkAlgo(draft(sell), ctx)).toBeNull();
    expect(checkAlgo(draft({ ...sell, tpTriggerPx: '59000' }), ctx)).toEqual({
      field: 'tpTriggerPx',
      problem: 'aboveLast',
    });
    expect(checkAlgo(draft({ ...sell, side: 'buy' }), ctx)).toEqual({
      field: 'tpTriggerPx',
      problem: 'belowLast',
    });
    expect(
      checkAlgo(draft({ ...sell, side: 'buy', tpTriggerPx: '58000', slTriggerPx: '62000' }), ctx),
    ).toBeNull();
    // Without a price to compare with, only the figures are checked (the server checks the sides).
    expect(checkAlgo(draft({ ...sell, tpTriggerPx: '59000' }), { ...ctx, ref: null })).toBeNull();
  });

  it('bounds a trailing stop’s callback rate to 0.1–30 % and its activation to the right side', () => {
    const t = { kind: 'trailing' as const, amount: '0.01' };
    expect(checkAlgo(draft(t), ctx)).toEqual({ field: 'callback', problem: 'required' });
    expect(checkAlgo(draft({ ...t, callback: '31' }), ctx)).toEqual({
      field: 'callback',
      problem: 'callbackRange',
    });
    expect(checkAlgo(draft({ ...t, callback: '0.05' }), ctx)).toEqual({
      field: 'callback',
      problem: 'callbackRange',
    });
    expect(checkAlgo(draft({ ...t, callback: '5', activePx: '59000' }), ctx)).toEqual({
      field: 'activePx',
      problem: 'aboveLast',
    });
    expect(checkAlgo(draft({ ...t, callback: '5', activePx: '61000' }), ctx)).toBeNull();
    expect(checkAlgo(draft({ ...t, callbackMode: 'spread', callback: '100.05' }), ctx)).toEqual({
      field: 'callback',
      problem: 'step',
    });
  });
});

describe('algoBody', () => {
  it('sends OKX v5’s algo shape: -1 for a market order, the rate as a fraction', () => {
    expect(algoBody(draft({ kind: 'stop_market', triggerPx: '59000', amount: '0.01' }), 'BTC-USDT')).toEqual({
      instId: 'BTC-USDT',
      side: 'sell',
      sz: '0.01',
      ordType: 'trigger',
      triggerPx: '59000',
      orderPx: '-1',
    });
    expect(
      algoBody(
        draft({ kind: 'oco', tpTriggerPx: '62000', tpOrdPx: '62000', slTriggerPx: '58000', amount: '1' }),
        'X',
        {
          triggerPxType: 'mark',
          reduceOnly: true,
        },
      ),
    ).toMatchObject({
      ordType: 'oco',
      tpOrdPx: '62000',
      slOrdPx: '-1',
      triggerPxType: 'mark',
      reduceOnly: true,
    });
    expect(algoBody(draft({ kind: 'trailing', callback: '12.5', amount: '1' }), 'X')).toMatchObject({
      ordType: 'move_order_stop',
      callbackRatio: '0.125',
    });
    expect(
      algoBody(
        draft({ kind: 'trailing', callbackMode: 'spread', callback: '500', activePx: '61000', amount: '1' }),
        'X',
      ),
    ).toMatchObject({
      callbackSpread: '500',
      activePx: '61000',
    });
  });

  it('tells when the order it places is at market (a spot buy then spends the quote asset)', () => {
    expect(placesMarket(draft({ kind: 'stop_market' }))).toBe(true);
    expect(placesMarket(draft({ kind: 'trailing' }))).toBe(true);
    expect(placesMarket(draft({ kind: 'stop_limit' }))).toBe(false);
    expect(placesMarket(draft({ kind: 'oco' }))).toBe(true);
    expect(placesMarket(draft({ kind: 'oco', tpOrdPx: '62000' }))).toBe(false);
  });
});
