import { describe, expect, it, vi } from 'vitest';
import { type BusEvents, createMemoryBus } from '../src/kernel/bus';
import { ManualClock } from '../src/kernel/clock';
import { SETTINGS } from '../src/modules';
import { aggregateCandles } from '../src/modules/market/candles';
import {
  createSimMarket,
  parseDec,
  percentChange,
  type SimInstrument,
  seededRandom,
  simInstruments,
} from '../src/modules/market/sim';

type Ev = { type: 'trade'; e: BusEvents['trade'] };

function run(instruments: SimInstrument[], seed: number, steps: number, stepMs = 1000) {
  const bus = createMemoryBus();
  const clock = new ManualClock(Date.UTC(2024, 0, 1));
  const events: Ev[] = [];
  bus.subscribe('trade', (e) => events.push({ type: 'trade', e }));
  const sim = createSimMarket({ bus, clock, random: seededRandom(seed), instruments, stepMs });
  for (let i = 0; i < steps; i++) {
    clock.advance(stepMs);
    sim.step();
  }
  return { events, sim, clock, bus };
}

const DEFAULT_PRICES = SETTINGS['exchange.prices_usdt'].parse(undefined);

describe('percentChange', () => {
  it.each([
    ['100', '101.255', '1.26'],
    ['100', '98.745', '-1.26'],
    ['3', '2', '-33.33'],
    ['3', '4', '33.33'],
    ['1', '1', '0.00'],
    ['100', '99.999', '0.00'],
    ['0.0003', '0.00031', '3.33'],
    ['0', '5', '0.00'],
  ])('%s → %s = %s%%', (from, to, expected) => {
    expect(percentChange(parseDec(from), parseDec(to))).toBe(expected);
  });
});

describe('simulated market', () => {
  it('takes its instruments from the reference prices', () => {
    const list = simInstruments(DEFAULT_PRICES);
    expect(list.map((i) => i.instId)).toContain('BTC-USDT');
    expect(list.find((i) => i.instId === 'BTC-USDT')).toMatchObject({ price: '65000', volatility: 0.55 });
    expect(list.find((i) => i.instId === 'ETH-USDT')).toMatchObject({ price: '3200' });
    expect(list.some((i) => i.instId.startsWith('USDT'))).toBe(false);
  });

  it('is deterministic for a seed, and differs for another', () => {
    const inst = simInstruments(DEFAULT_PRICES);
    const a = run(inst, 7, 50).events;
    const b = run(inst, 7, 50).events;
    const c = run(inst, 8, 50).events;
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('prints trades on the tick and lot grid at the clock time', () => {
    const inst = simInstruments(DEFAULT_PRICES);
    const { events } = run(inst, 1, 119);
    const grid: Record<string, number> = { 'BTC-USDT': 1, 'ETH-USDT': 2, 'SATS-USDT': 9 };
    let trades = 0;
    let at = 0;
    for (const ev of events) {
      trades++;
      const { price, size, instId, ts } = ev.e;
      expect(Number(price)).toBeGreaterThan(0);
      expect(Number(size)).toBeGreaterThan(0);
      expect(ts).toBeGreaterThanOrEqual(at);
      at = ts;
      const decimals = grid[instId];
      if (decimals !== undefined) expect((price.split('.')[1] ?? '').length).toBeLessThanOrEqual(decimals);
    }
    // 9 instruments × 119 steps × 1..3 trades; every minute has trades for 1-minute bars.
    expect(trades).toBeGreaterThan(9 * 119);
    const btc = events.flatMap((e) => (e.type === 'trade' && e.e.instId === 'BTC-USDT' ? [e.e] : []));
    const bars = aggregateCandles(btc, '1m');
    expect(bars.length).toBeGreaterThanOrEqual(2);
    for (const b of bars) expect(b.trades).toBeGreaterThan(10);
  });

  it('moves with the volatility it was given', () => {
    const sigma = 0.55;
    const stepMs = 60_000;
    const { events } = run([{ instId: 'BTC-USDT', price: '65000', volatility: sigma }], 42, 3000, stepMs);
    // The last price of each step.
    const byStep = new Map<number, number>();
    for (const e of events) byStep.set(e.e.ts, Number(e.e.price));
    const lasts = [...byStep.values()];
    const r = lasts.slice(1).map((p, i) => Math.log(p / (lasts[i] ?? p)));
    const mean = r.reduce((s, x) => s + x, 0) / r.length;
    const variance = r.reduce((s, x) => s + (x - mean) ** 2, 0) / (r.length - 1);
    const annualized = Math.sqrt(variance * ((365 * 86_400_000) / stepMs));
    expect(annualized).toBeGreaterThan(sigma * 0.85);
    expect(annualized).toBeLessThan(sigma * 1.15);
    // About two days: BTC stays within a realistic band.
    expect(lasts.at(-1)).toBeGreaterThan(50_000);
    expect(lasts.at(-1)).toBeLessThan(80_000);
  });

  it('starts and stops on its own timer', async () => {
    const bus = createMemoryBus();
    let n = 0;
    bus.subscribe('trade', () => n++);
    const sim = createSimMarket({
      bus,
      clock: { now: () => new Date() },
      random: seededRandom(1),
      instruments: [{ instId: 'A-USDT', price: '1', volatility: 1 }],
      stepMs: 10,
    });
    sim.start();
    // However slow the machine, its timer keeps stepping (a fixed wait would make timing decide the test).
    await vi.waitFor(() => expect(n).toBeGreaterThan(2), { timeout: 60_000, interval: 10 });
    sim.stop();
    const seen = n;
    await new Promise((r) => setTimeout(r, 40));
    expect(n).toBe(seen);
    expect(sim.price('A-USDT')).toMatch(/^\d+(\.\d+)?$/);
  });
});
