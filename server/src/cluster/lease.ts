import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Store, type Tx } from '../store';
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
  readonly store: Store;
  /** Where the renewals and attempts run (a connection of their own); the store's pool without one. */
  readonly db?: Db;
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
  /** Stops seeking and renewing; gives the lease up (expires it now) when held. */
  stop(): Promise<void>;
}

type Row = { epoch: string | number; owner: string } & Record<string, unknown>;

/**
 * Renews a lease this instance holds; the milliseconds it has left as the database sees them, or null when the
 * row is another's now. The update waits for every transaction of the holder's work in flight (each holds the
 * row for share): a renewal that waited behind a long one still renews.
 */
async function renew(
  db: Db,
  l: { key: string; owner: string; epoch: number; ttl: string },
): Promise<number | null> {
  const [row] = await queryRows<Row>(
    db,
    sql`update cluster_leases set expires_at = clock_timestamp() + ${l.ttl}::interval
      where key = ${l.key} and owner = ${l.owner} and epoch = ${l.epoch}
      returning epoch, owner, (extract(epoch from (expires_at - clock_timestamp())) * 1000)::float8 as left_ms`,
  );
  return row ? Number(row.left_ms) : null;
}

/** Takes the row when it is free or lapsed (a new epoch); the row as it is then, or none. */
async function take(db: Db, l: { key: string; owner: string; ttl: string }): Promise<Row | undefined> {
  const [row] = await queryRows<Row>(
    db,
    sql`insert into cluster_leases (key, owner, epoch, expires_at)
        values (${l.key}, ${l.owner}, 1, clock_timestamp() + ${l.ttl}::interval)
      on conflict (key) do update set owner = excluded.owner, epoch = cluster_leases.epoch + 1,
        expires_at = excluded.expires_at
      where cluster_leases.expires_at < clock_timestamp()
      returning epoch, owner`,
  );
  return row;
}

/**
 * A lease in `cluster_leases` (store/schema/cluster.ts): at most one instance holds `key` at a time. The
 * holder renews it every third of its time to live; the others try to take it as often, and succeed only
 * once it has lapsed, raising its epoch. Times are the database's clock, so instances' clocks never matter.
 * A holder that cannot renew within its time to live (a pause, a lost store) counts itself out at once.
 */
export function startLease(o: LeaseOptions): Lease {
  const { store, key, owner, ttlMs, log } = o;
  const ttl = `${ttlMs} milliseconds`;
  let epoch: number | null = null;
  let renewedAt = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let busy: Promise<void> = Promise.resolve();
  let answered = true;

  const own = o.db ?? store.db;

  /** Takes the row when it is free or lapsed (a new epoch), or renews it when it is ours. */
  async function tick(): Promise<void> {
    if (stopped) return;
    const started = Date.now();
    if (epoch !== null) {
      const left = await renew(own, { key, owner, epoch, ttl });
      if (left !== null) {
        // The lease runs from when the update ran, as the database says, not from when it was asked.
        renewedAt = Number.isFinite(left) ? Math.max(started, Date.now() - (ttlMs - left)) : started;
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
    renewedAt = started;
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

  return {
    held: () => epoch !== null && Date.now() - renewedAt < ttlMs,
    epoch: () => epoch,
    answered: () => answered,
    async fence(tx) {
      const mine = epoch;
      if (mine === null) throw new FencedError(key, 0);
      const r = await queryRows(
        tx,
        sql`select 1 as ok from cluster_leases where key = ${key} and owner = ${owner}
          and epoch = ${mine} for share`,
      );
      if (r.length === 0) throw new FencedError(key, mine);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await busy.catch(() => {});
      if (epoch !== null) {
        const mine = epoch;
        epoch = null;
        // Given up on purpose: the next instance need not wait for it to lapse.
        await own
          .execute(sql`update cluster_leases set expires_at = clock_timestamp() - interval '1 second'
            where key = ${key} and owner = ${owner} and epoch = ${mine}`)
          .catch(() => {});
      }
    },
  };
}
