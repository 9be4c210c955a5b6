import { sql } from 'drizzle-orm';
import type { Clock } from '../kernel/clock';
import { queryRows, type Store } from '../store';

/**
 * Records the signs of requests as they arrive, to refuse a replay. Signs that arrive together are
 * written in one statement (a request waits for the write that holds its sign: nothing is accepted
 * before it is stored), so a burst of requests costs one round trip to the store, not one each.
 */
export function createSignRecorder(store: Store, clock: Clock) {
  let waiting: { sign: string; resolve: (fresh: boolean) => void; reject: (err: unknown) => void }[] = [];
  let scheduled = false;

  async function flush(): Promise<void> {
    scheduled = false;
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    // The same sign twice in one burst: the first is the request, the others replays.
    const first = new Map<string, number>();
    for (const [i, w] of batch.entries()) if (!first.has(w.sign)) first.set(w.sign, i);
    try {
      const signs = [...first.keys()];
      const now = clock.now();
      const rows = await queryRows<{ sign: string }>(
        store.db,
        sql`insert into request_signs (sign, seen_at)
            select s, ${now}::timestamptz from jsonb_array_elements_text(${JSON.stringify(signs)}::jsonb) as s
            on conflict do nothing returning sign`,
      );
      const fresh = new Set(rows.map((r) => r.sign));
      for (const [i, w] of batch.entries()) w.resolve(first.get(w.sign) === i && fresh.has(w.sign));
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }

  return {
    /** True when the sign was never seen (and is now stored); false for a replay. */
    record(sign: string): Promise<boolean> {
      return new Promise((resolve, reject) => {
        waiting.push({ sign, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          // Signs arriving within a millisecond share one statement: the embedded store takes one at a
          // time, and on PostgreSQL a statement per few calls would cost more than the wait.
          setTimeout(() => void flush(), 1);
        }
      });
    },
  };
}
