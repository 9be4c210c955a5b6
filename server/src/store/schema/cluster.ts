import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * Cluster mode's leases: who holds a piece of work that exactly one instance may do (the writers and the
 * timers). The holder renews its row every second; another instance takes a row whose lease has lapsed and
 * raises its epoch. Every transaction of the holder's work checks (owner, epoch) in the same transaction
 * and takes the row for share, so a holder that was paused past its lease can never commit once another
 * has taken over (fencing), and a takeover waits for a commit in flight. Times are the database's own.
 */
export const clusterLeases = pgTable('cluster_leases', {
  key: text('key').primaryKey(),
  owner: text('owner').notNull(),
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
  expiresAt: ts('expires_at').notNull(),
});
