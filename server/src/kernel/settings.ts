import { parseAmount, parseRate, USDT_SCALE } from '@nexa/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Store } from '../store';
import { settings } from '../store/schema';
import { memoByText } from './memo';

/**
 * Operator configuration: every business number lives in a setting, declared by the module that reads it
 * (type, validation and default in code) and overridden by rows of the settings table. Values are parsed
 * once at start: money and rates become bigint there, and a value that does not parse stops the start
 * instead of turning into a zero fee or a zero minimum.
 */
export type SettingsCatalogue = Readonly<Record<string, z.ZodType>>;

/** A plain non-negative decimal (a per-asset amount, parsed at each asset's scale where it is used). */
export const DECIMAL = /^(0|[1-9]\d{0,17})(\.\d{1,18})?$/;

/** A rate setting: the text as operators wrote it and its units of 10^-RATE_SCALE. */
export interface RateSetting {
  readonly text: string;
  readonly units: bigint;
}

/** A fraction below 1 with at most 8 decimals (fee rates, price bands), parsed to bigint at load. */
export function zRate(def: string) {
  return z
    .string()
    .default(def)
    .transform((text, ctx): RateSetting => {
      const units = parseRate(text);
      if (units === null) {
        ctx.addIssue({ code: 'custom', message: `not a rate below 1 with at most 8 decimals: ${text}` });
        return z.NEVER;
      }
      return { text, units };
    });
}

/** An amount of USDT: the text and its minor units, parsed at load. */
export function zUsdt(def: string) {
  return z
    .string()
    .default(def)
    .transform((text, ctx): RateSetting => {
      const units = DECIMAL.test(text) ? parseAmount(text, USDT_SCALE) : null;
      if (units === null) {
        ctx.addIssue({ code: 'custom', message: `not an amount of USDT: ${text}` });
        return z.NEVER;
      }
      return { text, units };
    });
}

/** A per-asset decimal text (validated here; parsed at the asset's scale by `amountSetting`). */
export const zDecimalText = (def: string) => z.string().regex(DECIMAL).default(def);

/** A per-asset amount setting at the asset's scale; one with more decimals than the asset has is a bug. */
export function amountSetting(key: string, text: string, scale: number): bigint {
  const v = amountAt(`${scale}:${text}`);
  if (v === null) throw new Error(`setting ${key} = ${text} does not fit an asset of scale ${scale}`);
  return v;
}
/** Read for every order (an instrument's minimum notional): each scale and text parsed once. */
const amountAt = memoByText((memo) => {
  const at = memo.indexOf(':');
  return parseAmount(memo.slice(at + 1), Number(memo.slice(0, at)));
});

/** The platform's own settings (not any one domain's). */
export const KERNEL_SETTINGS = {
  /** Live feed sockets one client address may hold open; the next one is closed at once (1008). */
  'live.max_connections_per_ip': z.number().int().positive().default(20),
  /** Platform day boundary as minutes east of UTC (UTC+8). */
  'platform.day_offset_min': z.number().int().default(480),
} as const satisfies SettingsCatalogue;

/** Typed reads and writes of one catalogue's settings. */
export interface Settings<C extends SettingsCatalogue> {
  get<K extends keyof C & string>(key: K): Promise<z.output<C[K]>>;
  set<K extends keyof C & string>(key: K, value: z.input<C[K]>): Promise<void>;
}

export interface SettingsService extends Settings<typeof KERNEL_SETTINGS> {
  /** Reads and parses every setting once, so later reads never touch the store (safe inside any transaction). */
  preload(): Promise<void>;
  /** A typed view of a module's catalogue (the module declares it; the app registered it). */
  of<C extends SettingsCatalogue>(catalogue: C): Settings<C>;
  /** Called with each key set through this process (cluster mode tells the other instances). */
  onChange(listener: (key: string) => void): () => void;
  /** Reads one setting from the store again (another instance changed it). */
  reload(key: string): Promise<void>;
}

/**
 * Stored values read as JSON text and parsed here: the driver's own decoding turns a JSON string that looks
 * like a number ("12.5") into a number.
 */
async function readRows(store: Store, key?: string): Promise<Array<{ key: string; value: unknown }>> {
  const rows = await store.db
    .select({ key: settings.key, text: sql<string>`${settings.value}::text` })
    .from(settings)
    .where(key === undefined ? undefined : eq(settings.key, key));
  return rows.map((r) => ({ key: r.key, value: JSON.parse(r.text) as unknown }));
}

export function createSettings(store: Store, catalogue: SettingsCatalogue): SettingsService {
  const schemas = new Map<string, z.ZodType>(Object.entries(catalogue));
  const cache = new Map<string, unknown>();
  const listeners = new Set<(key: string) => void>();
  const schemaOf = (key: string): z.ZodType => {
    const s = schemas.get(key);
    if (!s) throw new Error(`setting ${key} is not declared by any module`);
    return s;
  };
  const parse = (key: string, raw: unknown): unknown => {
    const r = schemaOf(key).safeParse(raw ?? undefined);
    if (!r.success) throw new Error(`setting ${key} is invalid: ${r.error.issues[0]?.message ?? ''}`);
    return r.data;
  };
  const view: Settings<SettingsCatalogue> = {
    async get(key) {
      if (cache.has(key)) return cache.get(key) as never;
      const rows = await readRows(store, key);
      const value = parse(key, rows[0]?.value);
      cache.set(key, value);
      return value as never;
    },
    async set(key, value) {
      const parsed = parse(key, value);
      // The row keeps what the operator wrote; the cache keeps it parsed.
      const raw = value as never;
      await store.db
        .insert(settings)
        .values({ key, value: raw })
        .onConflictDoUpdate({ target: settings.key, set: { value: raw, updatedAt: new Date() } });
      cache.set(key, parsed);
      for (const l of listeners) l(key);
    },
  };
  return {
    ...(view as Settings<typeof KERNEL_SETTINGS>),
    async preload() {
      const rows = await readRows(store);
      for (const key of schemas.keys()) cache.set(key, parse(key, rows.find((r) => r.key === key)?.value));
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async reload(key) {
      if (!schemas.has(key)) return;
      const rows = await readRows(store, key);
      cache.set(key, parse(key, rows[0]?.value));
    },
    of: <C extends SettingsCatalogue>(c: C) => {
      for (const key of Object.keys(c)) schemaOf(key);
      return view as unknown as Settings<C>;
    },
  };
}
