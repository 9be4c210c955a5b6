// Finding the liquidations a mark move causes: 100,000 open positions (seeded mix of longs and shorts,
// leverage 1–100×), then a 10 % fall of the mark. Two ways in one run: the exact bigint check of every
// position (equity ≤ maintenance margin at the mark, what the writer runs before taking a position over), and
// a precomputed liquidation price per position compared with the mark, confirmed exactly for the hits.
// Run alone with `npx tsx bench/futures.ts`. Prints numbers; never fails on timing.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { RATE_ONE } from '@nexa/contract';
import {
  applyFill,
  isLiquidatable,
  liquidationPrice,
  type PositionState,
  type SwapSpec,
} from '../server/src/modules/futures/math';
import { seededRandom } from '../server/src/modules/market/sim/random';

const POSITIONS = 100_000;
const ROUNDS = 5;
const SPEC: SwapSpec = {
  instId: 'BTC-USDT-SWAP',
  ctMinor: 1_000_000n,
  baseUnit: 100_000_000n,
  tick: 100_000n,
  tiers: [
    { maxNotional: 100_000_000_000n, mmr: (RATE_ONE * 5n) / 1000n },
    { maxNotional: 500_000_000_000n, mmr: RATE_ONE / 100n },
    { maxNotional: null, mmr: RATE_ONE / 20n },
  ],
};
const LEVERS = [1, 2, 3, 5, 10, 20, 25, 50, 75, 100];

function positions(): PositionState[] {
  const rand = seededRandom(20_261_124);
  const out: PositionState[] = [];
  for (let i = 0; i < POSITIONS; i++) {
    const p: PositionState = { size: 0n, entry: 0n, margin: 0n, lever: 1 };
    const price = BigInt(Math.round(55_000 + rand() * 10_000)) * 1_000_000n;
    const lever = LEVERS[Math.floor(rand() * LEVERS.length)] as number;
    applyFill(SPEC, p, rand() < 0.5 ? 'buy' : 'sell', BigInt(1 + Math.floor(rand() * 200)), price, lever);
    out.push(p);
  }
  return out;
}

function time(fn: () => number): { ms: number; found: number } {
  let best = Number.POSITIVE_INFINITY;
  let found = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    found = fn();
    best = Math.min(best, performance.now() - t0);
  }
  return { ms: best, found };
}

export async function futuresBench(): Promise<void> {
  const list = positions();
  const mark = 54_000n * 1_000_000n; // 10 % under 60,000
  const exact = time(() => {
    let n = 0;
    for (const p of list) if (isLiquidatable(SPEC, p, mark)) n++;
    return n;
  });
  // Liquidation prices are computed when a position changes, not at each mark.
  const liq = list.map((p) => ({ p, px: liquidationPrice(SPEC, p), long: p.size > 0n }));
  const filtered = time(() => {
    let n = 0;
    for (const q of liq) {
      if (q.px === null) continue;
      if (q.long ? mark <= q.px : mark >= q.px) {
        if (isLiquidatable(SPEC, q.p, mark)) n++;
      }
    }
    return n;
  });
  console.log(
    `Liquidation scan: ${POSITIONS.toLocaleString('en')} positions, mark 10 % lower (best of ${ROUNDS})`,
  );
  console.log(
    `  exact check of every position       ${exact.ms.toFixed(1).padStart(7)} ms  ${exact.found} to take over`,
  );
  console.log(
    `  liquidation price, then exact check ${filtered.ms.toFixed(1).padStart(7)} ms  ${filtered.found} to take over`,
  );
  console.log('  target: ≤ 100 ms to find and queue every liquidation');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await futuresBench();
