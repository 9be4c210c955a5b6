/**
 * The demo's lead traders' past: at the demo's first start each demo lead's strategy runs over the simulated
 * market's walked past (the reference market's bars of the swap's underlying, the index the swap is marked
 * against, before the lead began), opening and closing at the prices of those bars. Every position it took is
 * kept (`copy_demo_past`) with its PnL and the swap's taker fees, and their net is posted to the lead's
 * futures account in the same transaction, from the demo leads' capital pool (cause `copy.demo_past`).
 *
 * Why not through the futures engine: it fills orders now, against the books as they stand, at the clock's
 * time; the past's prices are gone from the books and its times are behind the clock, and the fills would
 * need a counterparty who was never there (and would count in the platform's volumes). So the past is a
 * record of its own, labelled as the simulated past wherever it is shown, and only demo accounts have one.
 *
 * Once per lead: a lead that has rows is not run again (a restart adds none), and the key on (lead,
 * contract, time opened) refuses a second run that raced the first.
 */
import { parseAmount, USDT_SCALE } from '@nexa/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Ledger } from '../../ledger';
import type { Store } from '../../store';
import type { FuturesPort, PastBar, PastBars } from './context';

export type { PastBar, PastBars };

import { DAY } from './math';
import { copyDemoPast, copyLeads } from './tables';

/** Bars of 15 minutes: the strategies decide once a bar. */
export const PAST_BAR = '15m';
const BAR_MS = 15 * 60_000;

type Side = 'long' | 'short';
/** What a strategy wants after a bar closes: a side, flat, or to keep what it holds. */
type Want = Side | 'flat' | 'hold';

interface Strategy {
  readonly instId: string;
  readonly contracts: bigint;
  decide(closes: readonly number[], i: number, held: { side: Side; bars: number } | null): Want;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function ema(closes: readonly number[], i: number, n: number): number {
  const k = 2 / (n + 1);
  let e = closes[Math.max(0, i - n * 4)] ?? 0;
  for (let j = Math.max(0, i - n * 4) + 1; j <= i; j++) e = (closes[j] ?? e) * k + e * (1 - k);
  return e;
}

/** The demo leads' strategies, by their number (1 first; a lead past the list takes them again in turn). */
const STRATEGIES: readonly Strategy[] = [
  // Aurora Quant follows the trend: long while the 8-bar average is above the 21-bar one, short below.
  {
    instId: 'BTC-USDT-SWAP',
    contracts: 4n,
    decide: (c, i) => (i < 21 ? 'hold' : ema(c, i, 8) > ema(c, i, 21) ? 'long' : 'short'),
  },
  // Steady Tide trades back to the mean: against a move of 1.5 deviations from the 20-bar average, out
  // when the price is back at the average or after four hours.
  {
    instId: 'ETH-USDT-SWAP',
    contracts: 6n,
    decide: (c, i, held) => {
      if (i < 20) return 'hold';
      const w = c.slice(i - 19, i + 1);
      const m = mean(w);
      const sd = Math.sqrt(mean(w.map((x) => (x - m) ** 2))) || 1;
      const z = ((c[i] ?? m) - m) / sd;
      if (!held) return z > 1.5 ? 'short' : z < -1.5 ? 'long' : 'hold';
      const back = held.side === 'long' ? z >= 0 : z <= 0;
      return back || held.bars >= 16 ? 'flat' : 'hold';
    },
  },
  // Night Owl trades breakouts: in the direction of a close beyond the last three hours' range, out after
  // two hours or on a breakout the other way.
  {
    instId: 'BTC-USDT-SWAP',
    contracts: 3n,
    decide: (c, i, held) => {
      if (i < 12) return 'hold';
      const w = c.slice(i - 12, i);
      const x = c[i] ?? 0;
      const up = x > Math.max(...w);
      const down = x < Math.min(...w);
      if (held && ((held.side === 'long' && down) || (held.side === 'short' && up)))
        return up ? 'long' : 'short';
      if (held) return held.bars >= 8 ? 'flat' : 'hold';
      return up ? 'long' : down ? 'short' : 'hold';
    },
  },
];

/** A decimal text as units of a scale (the rest cut off). */
function scaled(text: string): { units: bigint; scale: bigint } {
  const [whole = '0', frac = ''] = text.split('.');
  return { units: BigInt(`${whole}${frac}`), scale: 10n ** BigInt(frac.length) };
}

export interface PastTrade {
  readonly instId: string;
  readonly side: Side;
  readonly contracts: bigint;
  readonly lever: number;
  readonly openPrice: bigint;
  readonly closePrice: bigint;
  readonly realized: bigint;
  readonly fee: bigint;
  readonly openedAt: Date;
  readonly closedAt: Date;
}

/**
 * Runs lead `n`'s strategy over bars (oldest first) that closed before `until`: the positions it opened and
 * closed, each at the close of the bar it decided on, what it would hold at the end closed at the last bar.
 */
export function runStrategy(
  n: number,
  bars: readonly PastBar[],
  until: number,
  spec: { ctVal: string; takerFeeRate: string; lever: number },
): PastTrade[] {
  const s = STRATEGIES[(n - 1) % STRATEGIES.length];
  if (!s) return [];
  const past = bars.filter((b) => b.ts + BAR_MS <= until && parseAmount(b.close, USDT_SCALE) !== null);
  const closes = past.map((b) => Number(b.close));
  const ct = scaled(spec.ctVal);
  const rate = scaled(spec.takerFeeRate);
  const value = (price: bigint) => (price * s.contracts * ct.units) / ct.scale;
  const feeOf = (v: bigint) => (v * rate.units + rate.scale - 1n) / rate.scale;
  const out: PastTrade[] = [];
  type Held = { side: Side; bars: number; price: bigint; at: number };
  // Read through a function: the closure below sets it, which the compiler's narrowing does not see.
  let held = null as Held | null;
  const holding = (): Held | null => held;
  const close = (i: number) => {
    const bar = past[i];
    if (!held || !bar) return;
    const price = parseAmount(bar.close, USDT_SCALE) ?? 0n;
    const open = value(held.price);
    const shut = value(price);
    out.push({
      instId: s.instId,
      side: held.side,
      contracts: s.contracts,
      lever: spec.lever,
      openPrice: held.price,
      closePrice: price,
      realized: held.side === 'long' ? shut - open : open - shut,
      fee: feeOf(open) + feeOf(shut),
      openedAt: new Date(held.at + BAR_MS),
      closedAt: new Date(bar.ts + BAR_MS),
    });
    held = null;
  };
  for (let i = 0; i < past.length; i++) {
    const bar = past[i];
    if (!bar) continue;
    const h = holding();
    if (h) h.bars++;
    const want = s.decide(closes, i, h);
    if (want === 'hold' || want === h?.side) continue;
    if (h) close(i);
    if (want !== 'flat' && i < past.length - 1)
      held = { side: want, bars: 0, price: parseAmount(bar.close, USDT_SCALE) ?? 0n, at: bar.ts };
  }
  if (holding()) close(past.length - 1);
  return out.filter((t) => t.closedAt.getTime() > t.openedAt.getTime());
}

/** The swap a lead's strategy trades (its underlying's bars are read). */
export const strategyInst = (n: number) => STRATEGIES[(n - 1) % STRATEGIES.length]?.instId ?? 'BTC-USDT-SWAP';

/**
 * Writes lead `n`'s past once (user `leadId`, leading since its row in `copy_leads`): the rows and the
 * net's posting, in one transaction. Returns how many positions it wrote (0 when it had them already).
 */
export async function writeDemoPast(
  deps: { store: Store; ledger: Ledger; futures: () => FuturesPort; pastBars: PastBars; pool: string },
  n: number,
  leadId: number,
  lever: number,
): Promise<number> {
  const { store, ledger } = deps;
  const [done] = await store.db
    .select({ id: copyDemoPast.id })
    .from(copyDemoPast)
    .where(eq(copyDemoPast.leadId, leadId))
    .limit(1);
  if (done) return 0;
  const [lead] = await store.db.select().from(copyLeads).where(eq(copyLeads.userId, leadId));
  if (!lead) return 0;
  const inst = (await deps.futures().instruments()).find((i) => i.instId === strategyInst(n));
  if (!inst) return 0;
  const until = lead.createdAt.getTime();
  const bars = deps.pastBars(inst.underlying).filter((b) => b.ts >= until - 7 * DAY);
  const trades = runStrategy(n, bars, until, {
    ctVal: inst.ct_val,
    takerFeeRate: inst.taker_fee_rate,
    lever,
  });
  if (trades.length === 0) return 0;
  const net = trades.reduce((s, t) => s + t.realized - t.fee, 0n);
  await store.db.transaction(async (tx) => {
    await tx.insert(copyDemoPast).values(trades.map((t) => ({ ...t, leadId })));
    const move = {
      account: { userId: leadId, asset: 'USDT', kind: 'futures' as const },
      system: deps.pool,
      amount: net < 0n ? -net : net,
      cause: 'copy.demo_past' as const,
      remark: `demo lead trader's simulated past: ${trades.length} positions`,
      userId: leadId,
    };
    if (net > 0n) await ledger.credit(tx, move);
    else if (net < 0n) await ledger.debit(tx, move);
  });
  return trades.length;
}

/** A lead's simulated past's realized net PnL per UTC day since a time, as the futures figures give it. */
export async function pastDailyPnl(
  store: Store,
  leadId: number,
  since: Date,
): Promise<{ day: string; pnl: bigint }[]> {
  const day = sql<string>`to_char(${copyDemoPast.closedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await store.db
    .select({ day, pnl: sql<string>`sum(${copyDemoPast.realized} - ${copyDemoPast.fee})::text` })
    .from(copyDemoPast)
    .where(and(eq(copyDemoPast.leadId, leadId), gte(copyDemoPast.closedAt, since)))
    .groupBy(day)
    .orderBy(day);
  return rows.map((r) => ({ day: r.day, pnl: BigInt(r.pnl ?? '0') }));
}
