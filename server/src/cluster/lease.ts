import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../store';
import { StoreUnavailableError } from '../store/unavailable';

/** A transaction of the holder's work found its lease gone: another instance holds it now. */
export class FencedError extends StoreUnavailableError {
  constructor(key: string, epoch: number) {
    super(`the lease ${key} (epoch ${epoch}) is no longer this instance's: another instance took over`);
    this.name = 'FencedError';
  }
}

export interface LeaseLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface LeaseOptions {
  /** Where the renewals and attempts run: a connection of their own, its transactions not fenced. */
  readonly db: Db;
  readonly key: string;
  /** This instance's name (the row's owner). */
  readonly owner: string;
  /** How long the lease lasts without renewal; it is renewed (or sought) every third of it. */
  readonly ttlMs: number;
  readonly log: LeaseLog;
  /**
   * Whether this instance may seek the lease now (it renews one it holds regardless): an instance already
   * running another group's work leaves a free lease to one that runs none.
   */
  readonly mayTake?: () => boolean;
  /** The lease was taken: the work may start. */
  readonly onGain: (epoch: number) => Promise<void> | void;
  /** The lease is another instance's now (or could not be renewed in time): stop the work. */
  readonly onLose: (reason: string) => void;
}

export interface Lease {
  /** The lease's key. */
  readonly key: string;
  /** Whether this instance holds the lease now (renewed within its time to live). */
  held(): boolean;
  /** The epoch this instance holds, or null. */
  epoch(): number | null;
  /** Whether the store answered this lease's last renewal or attempt. */
  answered(): boolean;
  /**
   * Inside a transaction of the holder's work: takes the lease row for share and throws FencedError unless
   * it is still this instance's at the same epoch. A takeover (which updates the row) waits for this
   * transaction to end, so nothing commits for a holder that has been replaced. A row past its expiry that
   * no one has taken yet is still this instance's: committing then is safe (whoever takes it next waits for
   * the commit and reads it), and a start that kept the event loop busy past the lease is not failed for it.
   */
  fence(tx: Tx): Promise<void>;
  /**
   * Gives the lease up now (expires it) without counting it lost, and goes on seeking it as `mayTake` allows:
   * the work was handed over on purpose (placement moved it to a lighter instance).
   */
  release(): Promise<void>;
  /** Stops seeking and renewing; gives the lease up (expires it now) when held. */
  stop(): Promise<void>;
}

/**
 * Inside a transaction of a holder's work: takes every lease it holds for share, in one query, and throws
 * FencedError for the first that is no longer this instance's at the same epoch (see `Lease.fence`).
 */
export async function fenceLeases(tx: Tx, owner: string, leases: readonly Lease[]): Promise<void> {
  if (leases.length === 0) return;
  const held = leases.map((l) => ({ k: l.key, e: l.epoch() ?? 0 }));
  const gone = held.find((h) => h.e === 0);
  if (gone) throw new FencedError(gone.k, 0);
  const rows = await queryRows<{ key: string }>(
    tx,
    sql`select l.key from cluster_leases as l
      join jsonb_to_recordset(${JSON.stringify(held)}::jsonb) as h(k text, e bigint)
        on l.key = h.k and l.epoch = h.e
      where l.owner = ${owner}
      for share of l`,
  );
  if (rows.length === held.length) return;
  const found = new Set(rows.map((r) => r.key));
  const lost = held.find((h) => !found.has(h.k)) ?? { k: '?', e: 0 };
  throw new FencedError(lost.k, lost.e);
}

type Row = { epoch: string | number; owner: string } & Record<string, unknown>;

/**
 * Locks the lease row for update (when it exists) in `tx`, waiting for every transaction of the holder's work
 * in flight (each holds the row for share), so what `tx` computes next runs after that wait. Without it, a
 * renewal's new expiry would be computed before the wait: a renewal behind a long transaction (a first start
 * writing the demo's history) would set an expiry already past.
 */
async function lockRow(tx: Tx, key: string): Promise<void> {
  await queryRows(tx, sql`select 1 as ok from cluster_leases where key = ${key} for update`);
}

/**
 * Renews a lease this instance holds; the milliseconds it has left as the database sees them, or null when the
 * row is another's now. It waits for every transaction of the holder's work in flight: a renewal that waited
 * behind a long one still renews, from when it ran.
 */
async function renew(
  db: Db,
  l: { key: string; owner: string; epoch: number; ttl: string },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await lockRow(tx, l.key);
    const [row] = await queryRows<Row>(
      tx,
      sql`update cluster_leases set expires_at = clock_timestamp() + ${l.ttl}::interval
        where key = ${l.key} and owner = ${l.owner} and epoch = ${l.epoch}
        returning epoch, owner, ${LEFT_MS} as left_ms`,
    );
    return row ? Number(row.left_ms) : null;
  });
}

/** The milliseconds a row's lease has left as the database sees them now. */
const LEFT_MS = sql`(extract(epoch from (expires_at - clock_timestamp())) * 1000)::float8`;

/**
 * Takes the row when it is free or lapsed (a new epoch); the row as it is then (with the milliseconds left
 * when taken), or none. Like a renewal, it computes the expiry after any wait for the former holder's work.
 */
async function take(db: Db, l: { key: string; owner: string; ttl: string }): Promise<Row | undefined> {
  return db.transaction(async (tx) => {
    await lockRow(tx, l.key);
    const [row] = await queryRows<Row>(
      tx,
      sql`insert into cluster_leases (key, owner, epoch, expires_at)
          values (${l.key}, ${l.owner}, 1, clock_timestamp() + ${l.ttl}::interval)
        on conflict (key) do update set owner = excluded.owner, epoch = cluster_leases.epoch + 1,
          expires_at = clock_timestamp() + ${l.ttl}::interval
        where cluster_leases.expires_at < clock_timestamp()
        returning epoch, owner, ${LEFT_MS} as left_ms`,
    );
    return row;
  });
}

/** When a lease counts as renewed: when the database set its expiry (`left` of `ttl` ms left), not before `asked`. */
const renewedFrom = (asked: number, left: number, ttlMs: number) =>
  Number.isFinite(left) ? Math.max(asked, Date.now() - (ttlMs - left)) : asked;

/**
 * A lease in `cluster_leases` (store/schema/cluster.ts): at most one instance holds `key` at a time. The
 * holder renews it every third of its time to live; the others try to take it as often, and succeed only
 * once it has lapsed, raising its epoch. Times are the database's clock, so instances' clocks never matter.
 * A holder that cannot renew within its time to live (a pause, a lost store) counts itself out at once.
 */
export function startLease(o: LeaseOptions): Lease {
  const { key, owner, ttlMs, log } = o;
  const ttl = `${ttlMs} milliseconds`;
  let epoch: number | null = null;
  let renewedAt = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let busy: Promise<void> = Promise.resolve();
  let answered = true;
  /** A release is under way: the ticks neither renew nor seek meanwhile. */
  let releasing = false;

  const own = o.db;

  /** Expires the row now when it is still this epoch's: the next instance need not wait for it to lapse. */
  const giveUp = async () => {
    if (epoch === null) return;
    const mine = epoch;
    epoch = null;
    await own.execute(sql`update cluster_leases set expires_at = clock_timestamp() - interval '1 second'
      where key = ${key} and owner = ${owner} and epoch = ${mine}`);
  };

  /** Takes the row when it is free or lapsed (a new epoch), or renews it when it is ours. */
  async function tick(): Promise<void> {
    if (stopped || releasing) return;
    const started = Date.now();
    if (epoch !== null) {
      const left = await renew(own, { key, owner, epoch, ttl });
      if (left !== null) {
        // The lease runs from when the update ran, as the database says, not from when it was asked.
        renewedAt = renewedFrom(started, left, ttlMs);
        return;
      }
      const lost = epoch;
      epoch = null;
      log.error({ key, epoch: lost }, `lease ${key} lost: another instance holds it now`);
      o.onLose(`lease ${key} (epoch ${lost}) taken by another instance`);
      return;
    }
    if (o.mayTake && !o.mayTake()) return;
    const got = await take(own, { key, owner, ttl });
    if (!got || got.owner !== owner || stopped) return;
    epoch = Number(got.epoch);
    renewedAt = renewedFrom(started, Number(got.left_ms), ttlMs);
    log.info({ key, epoch }, `lease ${key} taken (epoch ${epoch})`);
    // The work starts beside the renewals (starting it can take longer than the lease lasts).
    const gained = epoch;
    void (async () => o.onGain(gained))().catch((err: unknown) => {
      log.error({ err, key }, `lease ${key}: the work did not start; giving the lease up`);
      if (epoch === gained) {
        epoch = null;
        o.onLose(
          `lease ${key}: the work did not start (${err instanceof Error ? err.message : String(err)})`,
        );
      }
    });
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        busy = tick()
          .then(() => {
            answered = true;
          })
          .catch((err: unknown) => {
            answered = false;
            log.warn({ err, key }, `lease ${key}: the store did not answer`);
          })
          .finally(() => {
            // Not renewed within its time to live: count ourselves out (another may take it now).
            if (epoch !== null && Date.now() - renewedAt >= ttlMs) {
              const lost = epoch;
              epoch = null;
              log.error(
                { key, epoch: lost },
                `lease ${key} not renewed in time: this instance stops its work`,
              );
              o.onLose(`lease ${key} (epoch ${lost}) not renewed within ${ttlMs} ms`);
            }
            schedule();
          });
      },
      Math.max(50, Math.floor(ttlMs / 3)),
    );
  };
  busy = tick()
    .catch((err: unknown) => log.warn({ err, key }, `lease ${key}: the store did not answer`))
    .finally(schedule);

  const lease: Lease = {
    key,
    held: () => epoch !== null && Date.now() - renewedAt < ttlMs,
    epoch: () => epoch,
    answered: () => answered,
    fence: (tx) => fenceLeases(tx, owner, [lease]),
    async release() {
      releasing = true;
      try {
        await busy.catch(() => {});
        await giveUp();
        log.info({ key }, `lease ${key} given up: its work moved to another instance`);
      } finally {
        releasing = false;
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await busy.catch(() => {});
      await giveUp().catch(() => {});
    },
  };
  return lease;
}
