// The instruments screen's data, pure: the spot and swap instruments and the fees as their settings hold
// them, read defensively (a setting of another shape reads as no rows).

export interface SpotInstrument {
  inst_id: string;
  base: string;
  quote: string;
  tick_size: string;
  lot_size: string;
  min_notional: string;
  enabled: boolean;
}

export interface Tier {
  max_notional: string | null;
  mmr: string;
}

export interface SwapInstrument {
  inst_id: string;
  underlying: string;
  ct_val: string;
  tick_size: string;
  max_lever: number;
  tiers: Tier[];
  enabled: boolean;
}

export const SPOT_KEY = 'market.instruments';
export const SWAP_KEY = 'futures.instruments';
export const FEE_KEYS = [
  ['market.maker_fee_rate', 'Spot maker'],
  ['market.taker_fee_rate', 'Spot taker'],
  ['futures.maker_fee_rate', 'Futures maker'],
  ['futures.taker_fee_rate', 'Futures taker'],
] as const;

export const DECIMAL = /^(0|[1-9]\d{0,17})(\.\d{1,18})?$/;
export const RATE = /^0(\.\d{1,8})?$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const asArray = <T>(v: unknown, ok: (x: Record<string, unknown>) => boolean): T[] =>
  Array.isArray(v) && v.every((x) => isRecord(x) && ok(x)) ? (v as T[]) : [];
export const spotOf = (v: unknown) =>
  asArray<SpotInstrument>(v, (x) => typeof x.inst_id === 'string' && typeof x.tick_size === 'string');
export const swapOf = (v: unknown) =>
  asArray<SwapInstrument>(v, (x) => typeof x.inst_id === 'string' && Array.isArray(x.tiers));

/** The instruments with one of them changed. */
export const withRow = <T extends { inst_id: string }>(rows: readonly T[], instId: string, change: object) =>
  rows.map((r) => (r.inst_id === instId ? { ...r, ...change } : r));

export const percent = (rate: string) => {
  const n = Number(rate);
  return Number.isFinite(n) ? `${(n * 100).toFixed(4).replace(/\.?0+$/, '')}%` : rate;
};

/** What the edit drawer holds: a spot instrument, a swap, or one fee. */
export type Editing =
  | { kind: 'spot'; row: SpotInstrument }
  | { kind: 'swap'; row: SwapInstrument }
  | { kind: 'fee'; key: string; label: string; value: string };
