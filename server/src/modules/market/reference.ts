import { parseAmount, roundDecimal, USDT_SCALE } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import { type Bus, createMemoryBus } from '../../kernel/bus';
import { ManualClock } from '../../kernel/clock';
import type { AppDeps } from '../../kernel/context';
import { type Ledger, SYSTEM } from '../../ledger';
import { schema } from '../../store';
import type { CandleTrade } from './candles';
import { createSimMarket, type SimMarket, seededRandom, simInstruments } from './sim';

/**
 * Books as the demo's market maker uses them (the app wires the spot market and the swaps in). A swap names
 * its underlying (whose reference price it is quoted around) and its contract value (sizes are contracts).
 */
export interface MakerVenue {
  instruments(): Promise<
    ReadonlyArray<{
      instId: string;
      tick_size: string;
      lot_size: string;
      underlying?: string;
      ct_val?: string;
    }>
  >;
  cancel(userId: number, q: { instId: string }): Promise<unknown>;
  submit(
    userId: number,
    order: { instId: string; side: 'buy' | 'sell'; type: 'limit'; px: string; sz: string; tif: 'post_only' },
  ): Promise<unknown>;
  /** Every book as operators watch it, with how many resting orders one user (the maker) has on each. */
  books?(userId: number | null): Promise<readonly VenueBook[]>;
}

/** A book's state: enabled, best prices (decimal text), levels and resting orders per side. */
export interface VenueBook {
  readonly instId: string;
  /** A swap's underlying spot instrument. */
  readonly underlying?: string;
  readonly enabled: boolean;
  readonly bestBid: string | null;
  readonly bestAsk: string | null;
  readonly bidLevels: number;
  readonly askLevels: number;
  readonly bidOrders: number;
  readonly askOrders: number;
  readonly userOrders: number;
}

/** The demo's market maker: quotes depth around the reference price with inventory of its own. */
export const MAKER_ADDRESS = '0x4e657861000000000000000000000000006d6b72';
/** USDT the maker margins its swap quotes with (its futures account). */
const MAKER_SWAP_MARGIN = '5000000';
const MAKER_INVENTORY: Readonly<Record<string, string>> = {
  USDT: '50000000',
  BTC: '500',
  ETH: '5000',
  BWC: '50000000',
  NEU: '10000000',
};
/** Steps of the walk that draws the demo's past: one a minute, enough for every bar. */
const HISTORY_STEP_MS = 60_000;
/** Price levels the makers quote on each side. */
const LEVELS = 8;
/** The makers sharing a level: one to this many orders rest at it. */
const MAKERS_PER_LEVEL = 3;

/**
 * One side's ladder as several makers would quote it: uneven gaps that widen away from the mid (2–9 basis
 * points between neighbours, the first 1–4 from the mid), sizes that are largest near the mid and fall off
 * with distance, each level split among one to three orders of uneven size. `random` makes it repeatable.
 */
export function makerLadder(
  random: () => number,
): { readonly bps: bigint; readonly usdt: readonly bigint[] }[] {
  const out: { bps: bigint; usdt: bigint[] }[] = [];
  let bps = 1 + Math.floor(random() * 4);
  for (let k = 0; k < LEVELS; k++) {
    // Depth near the mid: about 900 USDT at the first level, thinning to about a third of it at the last.
    const level = 900 * (1 - (k / LEVELS) * 0.65) * Math.exp(0.45 * (random() * 2 - 1));
    const parts = 1 + Math.floor(random() * MAKERS_PER_LEVEL);
    const weights = Array.from({ length: parts }, () => 0.4 + random());
    const sum = weights.reduce((a, b) => a + b, 0);
    out.push({
      bps: BigInt(bps),
      usdt: weights.map((w) => BigInt(Math.max(20, Math.round((level * w) / sum)))),
    });
    bps += 2 + Math.floor(random() * (3 + k));
  }
  return out;
}

function decimals(step: string): number {
  const i = step.indexOf('.');
  return i < 0 ? 0 : step.length - i - 1;
}

/** Rounds a decimal to a multiple of `step` (down or up), as text. */
function toStep(value: string, step: string, up: boolean): string | null {
  const scale = decimals(step);
  const v = parseAmount(roundDecimal(value, scale + 6) ?? '', scale + 6);
  const s = parseAmount(step, scale + 6);
  if (v === null || s === null || s === 0n) return null;
  let n = v / s;
  if (up && v % s !== 0n) n += 1n;
  const units = n * s;
  const text = (units / 10n ** 6n).toString().padStart(scale + 1, '0');
  return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

function scaleBps(price: string, bps: bigint): string {
  const p = parseAmount(roundDecimal(price, 12) ?? '0', 12) ?? 0n;
  const v = (p * (10_000n + bps)) / 10_000n;
  const s = v.toString().padStart(13, '0');
  return `${s.slice(0, -12)}.${s.slice(-12)}`;
}

/** How much base `usdt` whole USDT buy at `price`, as a decimal with 12 places. */
function quoteToSize(usdt: bigint, price: string): string {
  const p = parseAmount(roundDecimal(price, 12) ?? '0', 12) ?? 0n;
  if (p === 0n) return '0';
  const units = (usdt * 10n ** 24n) / p;
  const t = units.toString().padStart(13, '0');
  return `${t.slice(0, -12)}.${t.slice(-12)}`;
}

export interface ReferenceMarket {
  readonly sim: SimMarket;
  /** The demo market maker's user id once it quotes; null when it does not run. */
  readonly makerId: number | null;
  start(): Promise<void>;
  stop(): void;
}

/**
 * The built-in reference market: a seeded random walk prints reference trades and tickers (candles follow
 * them on the bus), and (in the demo) a market maker keeps real resting orders around the reference price
 * so a fresh start shows a living book. The walk resumes from the last price the candles kept, so a restart
 * does not jump back to the configured reference prices.
 */
export function createReferenceMarket(
  deps: AppDeps & {
    ledger: Ledger;
    bus: Bus;
    market: MakerVenue;
    /** The swap books, quoted around their underlying's reference price. */
    swaps?: MakerVenue;
    /** Where the walk starts for an instrument with no candle yet (the wallet's reference prices). */
    referencePrices: () => Promise<Readonly<Record<string, string>>>;
  },
  opts: {
    stepMs: number;
    maker: boolean;
    seed?: number;
    lastPrice?: (instId: string) => string | null;
    /**
     * An instrument without a last price gets `ms` of past walked at once, its trades handed to `record`
     * (the candles) and not to the bus, so the demo's charts and 24-hour figures have a history at once.
     */
    history?: { ms: number; record: (instId: string, trade: CandleTrade) => void };
  },
): ReferenceMarket {
  const { bus, market, ledger, store, clock, log } = deps;
  let sim: SimMarket | null = null;
  let timer: NodeJS.Timeout | null = null;
  let makerId: number | null = null;
  let busy = false;

  async function makerUser(): Promise<number> {
    const [found] = await store.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.address, MAKER_ADDRESS));
    if (found) return found.id;
    const [row] = await store.db
      .insert(schema.users)
      .values({ uid: '10000002', address: MAKER_ADDRESS, inviteCode: 'NEXAMKR1', createdAt: clock.now() })
      .onConflictDoNothing()
      .returning({ id: schema.users.id });
    if (!row) return makerUser();
    await store.db.transaction(async (tx) => {
      for (const [asset, amount] of Object.entries(MAKER_INVENTORY)) {
        const a = (await tx.select().from(schema.assets).where(eq(schema.assets.symbol, asset)))[0];
        if (!a) continue;
        const minor = parseAmount(amount, a.scale);
        if (!minor) continue;
        await ledger.credit(tx, {
          account: { userId: row.id, asset, kind: 'spot' },
          system: SYSTEM.capital('demo_market_maker'),
          amount: minor,
          cause: 'demo.inventory',
          remark: 'market maker inventory (demo)',
          userId: row.id,
        });
      }
    });
    return row.id;
  }

  // The makers' own draws, apart from the walk's, so the ladder does not change the prices a seed gives.
  const ladderRandom = seededRandom((opts.seed ?? 20_261_124) ^ 0x5eed);

  /** The maker's futures account gets its margin once (a maker made before swaps existed gets it now). */
  async function fundSwaps(userId: number): Promise<void> {
    const held = (await ledger.balances(userId)).some((b) => b.kind === 'futures' && b.asset === 'USDT');
    if (held) return;
    const minor = parseAmount(MAKER_SWAP_MARGIN, USDT_SCALE);
    if (!minor) return;
    await store.db.transaction((tx) =>
      ledger.credit(tx, {
        account: { userId, asset: 'USDT', kind: 'futures' },
        system: SYSTEM.capital('demo_market_maker'),
        amount: minor,
        cause: 'demo.inventory',
        remark: 'market maker swap margin (demo)',
        userId,
      }),
    );
  }

  async function requote(): Promise<void> {
    if (busy || makerId === null || !sim) return;
    const maker = makerId;
    busy = true;
    try {
      const venues = deps.swaps ? [market, deps.swaps] : [market];
      for (const venue of venues)
        for (const inst of await venue.instruments()) {
          const mid = sim.price(inst.underlying ?? inst.instId);
          if (!mid) continue;
          await venue.cancel(maker, { instId: inst.instId });
          // Every quote at once: they share the instrument writer's next commit, so the book is never seen
          // half requoted (one side gone while the other is placed).
          const quotes: { side: 'buy' | 'sell'; px: string; sz: string }[] = [];
          for (const side of ['buy', 'sell'] as const) {
            for (const level of makerLadder(ladderRandom)) {
              const px =
                side === 'buy'
                  ? toStep(scaleBps(mid, -level.bps), inst.tick_size, false)
                  : toStep(scaleBps(mid, level.bps), inst.tick_size, true);
              if (!px) continue;
              for (const usdt of level.usdt) {
                // A swap's size is whole contracts of ct_val each.
                const sz = inst.ct_val
                  ? String(Math.max(1, Math.round(Number(quoteToSize(usdt * 3n, mid)) / Number(inst.ct_val))))
                  : toStep(quoteToSize(usdt, mid), inst.lot_size, true);
                if (sz && !/^0(\.0+)?$/.test(sz)) quotes.push({ side, px, sz });
              }
            }
          }
          await Promise.all(
            quotes.map((q) =>
              venue
                .submit(maker, { instId: inst.instId, ...q, type: 'limit', tif: 'post_only' })
                // A quote that would cross after the walk moved is simply skipped.
                .catch(() => undefined),
            ),
          );
        }
    } catch (err) {
      log.warn({ err }, 'market maker requote failed');
    } finally {
      busy = false;
    }
  }

  return {
    get sim() {
      if (!sim) throw new Error('reference market not started');
      return sim;
    },
    get makerId() {
      return makerId;
    },
    async start() {
      const prices = await deps.referencePrices();
      const specs = new Map((await market.instruments()).map((i) => [i.instId, i]));
      // The walk moves on the market's own ticks and lots.
      const random = seededRandom(opts.seed ?? Date.now() % 2 ** 31);
      let instruments = simInstruments(prices).flatMap((i) => {
        const spec = specs.get(i.instId);
        const price = opts.lastPrice?.(i.instId) ?? i.price;
        return spec ? [{ ...i, price, tickSize: spec.tick_size, lotSize: spec.lot_size }] : [];
      });
      const fresh = instruments.filter((i) => !opts.lastPrice?.(i.instId));
      if (opts.history && fresh.length > 0) {
        const { ms, record } = opts.history;
        const past = new ManualClock(clock.now().getTime() - ms);
        const quiet = createMemoryBus();
        quiet.subscribe('trade', (t) => record(t.instId, t));
        const walk = createSimMarket({
          bus: quiet,
          clock: past,
          random,
          instruments: fresh,
          stepMs: HISTORY_STEP_MS,
        });
        for (let t = HISTORY_STEP_MS; t <= ms; t += HISTORY_STEP_MS) {
          past.advance(HISTORY_STEP_MS);
          walk.step();
        }
        // The live walk goes on from where the past ended.
        instruments = instruments.map((i) => ({ ...i, price: walk.price(i.instId) ?? i.price }));
      }
      sim = createSimMarket({ bus, clock, random, instruments, stepMs: opts.stepMs });
      sim.start();
      if (opts.maker) {
        makerId = await makerUser();
        if (deps.swaps) await fundSwaps(makerId);
        void requote();
        timer = setInterval(() => void requote(), Math.max(opts.stepMs * 5, 3000));
        timer.unref();
      }
    },
    stop() {
      sim?.stop();
      if (timer) clearInterval(timer);
    },
  };
}
