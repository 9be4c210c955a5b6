/** What one batch of an instrument keeps while its jobs run, in its transaction. */
import type { LevelDelta } from '../../engine';
import type { JobOutcome } from '../../kernel/group-writer';
import type { AssetScale } from '../../kernel/units';
import { type LedgerAccount, type PostInput, type Posting, SYSTEM } from '../../ledger';
import type { Tx } from '../../store';
import type { OrderRow, PlaceJob, Slot, SpotBase, TradeInsert } from './context';
import { type LiveRules, liveRules } from './plan';

/** What a job of the batch placed (or canceled), to post, write and answer once every job ran. */
export interface Placed {
  job: number;
  /** Null: nothing to post (a cancel of orders holding nothing). */
  input: PostInput | null;
  row: OrderRow;
  /** A cancel's answer: the orders it canceled. */
  canceled?: OrderRow[];
  trades: TradeInsert[];
  makers: OrderRow[];
  deltas: LevelDelta[];
  seq: number;
}

export interface BatchWork {
  readonly tx: Tx;
  readonly slot: Slot;
  readonly now: Date;
  readonly outcomes: JobOutcome<unknown>[];
  /** Accounts created in the batch. */
  readonly newAccounts: { key: string; account: LedgerAccount }[];
  /** The fees account in the instrument's quote asset. */
  readonly fees: LedgerAccount;
  /** The instrument's live settings, read when the batch opened. */
  readonly rules: LiveRules;
  /** A user's spot account in an asset: known, made earlier in the batch, or made now. */
  acc(u: number, a: AssetScale): Promise<LedgerAccount>;
  /** Balances as this batch has left them: the stored one (read once) plus what earlier orders moved. */
  availableOf(a: LedgerAccount): Promise<bigint>;
  /** What later jobs of the batch see of these accounts once a job's postings are collected. */
  noteMoved(postings: readonly Posting[]): void;
  /** Orders this batch wrote or changed, by id: a later order may fill one placed earlier in the batch. */
  readonly touchedRows: Map<string, OrderRow>;
  readonly newRows: OrderRow[];
  readonly placed: Placed[];
}

/** Opens a batch: its account cache, the fees account, and the known holds' balances read in one go. */
export async function openBatch(
  c: SpotBase,
  tx: Tx,
  slot: Slot,
  jobs: readonly PlaceJob[],
): Promise<BatchWork> {
  const { ledger, knownAccounts } = c;
  const { inst } = slot;
  const now = c.clock.now();
  const outcomes: JobOutcome<unknown>[] = [];
  const newAccounts: { key: string; account: LedgerAccount }[] = [];
  const accounts = new Map<string, LedgerAccount>();
  const acc = async (u: number, a: AssetScale): Promise<LedgerAccount> => {
    const key = `${u}:${a.symbol}`;
    const known = accounts.get(key) ?? knownAccounts.get(key);
    if (known) return known;
    const made = await ledger.account(tx, { userId: u, asset: a.symbol, kind: 'spot' });
    accounts.set(key, made);
    newAccounts.push({ key, account: made });
    return made;
  };
  // Balances as this batch has left them: the stored one (read once) plus what earlier orders moved.
  const stored = new Map<number, bigint>();
  const moved = new Map<number, bigint>();
  const availableOf = async (a: LedgerAccount): Promise<bigint> => {
    let b = stored.get(a.id);
    if (b === undefined) {
      b = (await ledger.accountBalances(tx, [a.id])).get(a.id)?.available ?? 0n;
      stored.set(a.id, b);
    }
    return b + (moved.get(a.id) ?? 0n);
  };
  const feesKey = `${SYSTEM.fees}:${inst.quote.symbol}`;
  const fees = knownAccounts.get(feesKey) ?? (await ledger.systemAccount(tx, SYSTEM.fees, inst.quote.symbol));
  if (!knownAccounts.has(feesKey)) newAccounts.push({ key: feesKey, account: fees });
  // The holds' accounts already known, read in one go (an order's own account is read before it places).
  const holdIds = jobs.flatMap((j) => {
    const a = knownAccounts.get(`${j.userId}:${j.o.side === 'buy' ? inst.quote.symbol : inst.base.symbol}`);
    return a ? [a.id] : [];
  });
  for (const [id, b] of await ledger.accountBalances(tx, [...new Set(holdIds)])) stored.set(id, b.available);
  /** What later jobs of the batch see of these accounts once a job's postings are collected. */
  const noteMoved = (postings: readonly Posting[]) => {
    for (const p of postings) {
      if (p.bucket === 'available') moved.set(p.account.id, (moved.get(p.account.id) ?? 0n) + p.amount);
    }
  };
  const rules = await liveRules(c, inst.instId);
  return {
    tx,
    slot,
    now,
    outcomes,
    newAccounts,
    fees,
    rules,
    acc,
    availableOf,
    noteMoved,
    // Orders this batch wrote or changed, by id: a later order may fill one placed earlier in the batch.
    touchedRows: new Map(),
    newRows: [],
    placed: [],
  };
}
