/** What the race calls answer: a group and an entry as the client reads them. */
import { inArray } from 'drizzle-orm';
import { type EntryRow, type EntryView, type GamesCtx, type GroupRow, type GroupView, usd } from './context';
import { prizePool } from './math';
import { raceGroups } from './tables';

/** A UID with all but its first and last two characters hidden. */
export function maskUid(uid: string): string {
  return uid.length <= 4 ? `${uid.slice(0, 1)}***` : `${uid.slice(0, 2)}****${uid.slice(-2)}`;
}

export function groupView(g: GroupRow): GroupView {
  return {
    id: g.id,
    status: g.status,
    size: g.size,
    entrants: g.entrants,
    tickets: g.tickets,
    pool: usd(prizePool(g)),
    seed_hash: g.seedHash,
    seed: g.seed,
    opened_at: g.openedAt.toISOString(),
    expires_at: g.expiresAt.toISOString(),
    formed_at: g.formedAt?.toISOString() ?? null,
    race_ends_at: g.raceEndsAt?.toISOString() ?? null,
    settled_at: g.settledAt?.toISOString() ?? null,
  };
}

export function entryView(e: EntryRow, groupStatus: GroupRow['status']): EntryView {
  return {
    id: e.id,
    group_id: e.groupId,
    group_status: groupStatus,
    tickets: e.tickets,
    principal: usd(e.principal),
    pay: e.pay,
    pay_tx: e.payTx,
    client_seed: e.clientSeed,
    join_order: e.joinOrder,
    status: e.status,
    rank: e.rank,
    reward: usd(e.reward),
    created_at: e.createdAt.toISOString(),
    settled_at: e.settledAt?.toISOString() ?? null,
  };
}

export async function entriesWithStatus(ctx: GamesCtx, rows: readonly EntryRow[]): Promise<EntryView[]> {
  const { store } = ctx;
  const ids = [...new Set(rows.map((r) => r.groupId))];
  const groups = ids.length
    ? await store.db
        .select({ id: raceGroups.id, status: raceGroups.status })
        .from(raceGroups)
        .where(inArray(raceGroups.id, ids))
    : [];
  const status = new Map(groups.map((g) => [g.id, g.status]));
  return rows.map((r) => entryView(r, status.get(r.groupId) ?? 'open'));
}
