import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ManualClock } from '../src/kernel/clock';
import { demoLeadAddress } from '../src/modules/copy/demo-leads';
import { copyDemoPast } from '../src/modules/copy/tables';
import { schema } from '../src/store';
import { api, signedInUser, startServer, type TestServer } from './harness';

// A first start of the demo on a fixed seed and clock: the simulated market walks three days of past, and
// each demo lead's strategy runs over it once.
const NOW = Date.UTC(2026, 10, 29, 9, 30);
let srv: TestServer;
beforeAll(async () => {
  srv = await startServer({
    env: { MARKET_SOURCE: 'sim', MARKET_SIM_STEP_MS: '1000', MARKET_SIM_SEED: '20261129' },
    clock: new ManualClock(NOW),
  });
});
afterAll(() => srv.close());

const db = () => srv.app.deps.store.db;

async function leadIds(): Promise<number[]> {
  const ids: number[] = [];
  for (const n of [1, 2, 3]) {
    const [r] = await db()
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.address, demoLeadAddress(n)));
    if (r) ids.push(r.id);
  }
  return ids;
}

/** What the ledger moved into a lead's futures account for its simulated past. */
async function pastPosted(leadId: number): Promise<bigint> {
  const { ledgerPostings: p, ledgerTransactions: t, ledgerAccounts: a } = schema;
  const [r] = await db()
    .select({ s: sql<string>`coalesce(sum(${p.amount}), 0)::text` })
    .from(p)
    .innerJoin(t, eq(t.id, p.transactionId))
    .innerJoin(a, and(eq(a.id, p.accountId), eq(a.asset, p.asset)))
    .where(and(eq(t.cause, 'copy.demo_past'), eq(a.userId, leadId), eq(a.kind, 'futures')));
  return BigInt(r?.s ?? '0');
}

const units = (text: string) => {
  const neg = text.startsWith('-');
  const [w = '0', f = ''] = text.replace('-', '').split('.');
  const v = BigInt(w) * 1_000_000n + BigInt(f.padEnd(6, '0').slice(0, 6));
  return neg ? -v : v;
};

describe("the demo leads' past", () => {
  it('is their strategies run over the walked past: closed positions in the store, figures and balance from them', async () => {
    const ids = await leadIds();
    expect(ids).toHaveLength(3);
    const viewer = await signedInUser(srv);
    for (const id of ids) {
      const rows = await db().select().from(copyDemoPast).where(eq(copyDemoPast.leadId, id));
      expect(rows.length, `lead ${id}`).toBeGreaterThan(0);
      for (const r of rows) {
        // Opened and closed in the walked past, at its prices, before the lead began.
        expect(r.openedAt.getTime()).toBeGreaterThanOrEqual(NOW - 3 * 86_400_000);
        expect(r.closedAt.getTime()).toBeGreaterThan(r.openedAt.getTime());
        expect(r.closedAt.getTime()).toBeLessThanOrEqual(NOW);
        expect(r.openPrice > 0n && r.closePrice > 0n && r.fee > 0n).toBe(true);
      }
      const net = rows.reduce((s, r) => s + r.realized - r.fee, 0n);
      expect(await pastPosted(id)).toBe(net);

      // The trader's page: the chart's last cumulative figure is the sum of the positions' net PnL, and
      // the profit days are the days it made money.
      const page = await api(srv, '/v1/copy/trader', { id, days: 7 }, { token: viewer.token });
      expect(page.body.code, JSON.stringify(page.body)).toBe(200);
      const t = page.body.data;
      expect(t.demo).toBe(true);
      const history = await api(
        srv,
        '/v1/copy/traderHistory',
        { id, page: 1, size: 100 },
        { token: viewer.token },
      );
      const list = history.body.data.list;
      const past = list.filter((p) => p.simulated_past);
      expect(past).toHaveLength(rows.length);
      const live = list.filter((p) => !p.simulated_past);
      // Live positions (the demo's timer may have closed one meanwhile) come first, then the past.
      expect(list.slice(0, live.length).every((p) => !p.simulated_past)).toBe(true);
      expect(past.reduce((s, p) => s + units(p.net_pnl), 0n)).toBe(net);
      if (live.length === 0) expect(units(t.pnl.at(-1)?.cumulative ?? '0')).toBe(net);
      const byDay = new Map<string, bigint>();
      for (const r of rows) {
        const day = r.closedAt.toISOString().slice(0, 10);
        byDay.set(day, (byDay.get(day) ?? 0n) + r.realized - r.fee);
      }
      const profitDays = [...byDay.values()].filter((v) => v > 0n).length;
      if (live.length === 0) expect(t.profit_days).toBe(profitDays);
      expect(t.profit_days, `lead ${id}`).toBeGreaterThan(0);
    }
  });

  it('is written once: a restart adds no position and moves no money', async () => {
    const rowsNow = async () => (await db().select({ n: count() }).from(copyDemoPast))[0]?.n;
    const moves = async () =>
      (
        await db()
          .select({ n: count() })
          .from(schema.ledgerTransactions)
          .where(eq(schema.ledgerTransactions.cause, 'copy.demo_past'))
      )[0]?.n;
    const before = { rows: await rowsNow(), moves: await moves() };
    expect(before.moves).toBe(3);
    await srv.app.modules.candles.flush();
    const second = await buildApp({
      config: srv.app.deps.config,
      clock: srv.clock,
      store: srv.app.deps.store,
      quiet: true,
    });
    try {
      expect({ rows: await rowsNow(), moves: await moves() }).toEqual(before);
    } finally {
      await second.close();
    }
    expect(await srv.app.ledger.audit()).toEqual([]);
  });
});
