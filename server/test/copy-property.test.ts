import { exactText } from '@nexa/contract';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFollows, copyPositions, copySettlements } from '../src/modules/copy/tables';
import { futuresTrader, operatorToken, startServer, type TestServer } from './harness';

let srv: TestServer;
let finance: string;
const INST = 'BTC-USDT-SWAP';
const ONE = 100_000_000n;

const trader = async (usdt: string) => (await futuresTrader(srv, finance, usdt)).id;

const futures = () => srv.app.modules.futures;
const copy = () => srv.app.modules.copy;
const size = (userId: number) => {
  const p = futures().positions(userId, INST)[0];
  return p ? (p.pos_side === 'long' ? 1n : -1n) * BigInt(p.pos) : 0n;
};

let price = 60_000;
/** Proportionality checks made on a copy holding a position (the property must not pass vacuously). */
let checked = 0;
async function mark(p: number) {
  price = p;
  futures().pinIndex('BTC-USDT', String(p));
  await futures().tick();
  await futures().idle();
}

/** Deep resting orders on both sides around the mark, replaced each time. */
async function refill(maker: number) {
  await futures().cancel(maker, { orderIds: [], instId: INST });
  for (const step of [10, 30, 60]) {
    await futures().submit(maker, {
      instId: INST,
      side: 'sell',
      type: 'limit',
      px: exactText(String(price + step)),
      sz: exactText('400'),
    });
    await futures().submit(maker, {
      instId: INST,
      side: 'buy',
      type: 'limit',
      px: exactText(String(price - step)),
      sz: exactText('400'),
    });
  }
}

beforeAll(async () => {
  srv = await startServer();
  finance = await operatorToken(srv);
  await srv.app.settings.set('copy.settle_interval_h', 1);
  await srv.app.settings.set('copy.lead_min_closed', 0);
});
afterAll(() => srv.close());

const op = fc.oneof(
  fc.record({
    kind: fc.constant('lead' as const),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    sz: fc.integer({ min: 1, max: 25 }),
  }),
  fc.record({ kind: fc.constant('flat' as const) }),
  fc.record({ kind: fc.constant('mark' as const), bps: fc.integer({ min: -150, max: 150 }) }),
  fc.record({ kind: fc.constant('cancel' as const), who: fc.nat(2), close: fc.boolean() }),
  fc.record({ kind: fc.constant('follow' as const), who: fc.nat(2) }),
  fc.record({ kind: fc.constant('settle' as const), twice: fc.boolean() }),
);

describe('copies under any sequence', () => {
  it('keep every follower proportional to the lead within a contract and never share profit twice or below the mark', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 12 }), async (ops) => {
        // Settlements move the clock by hours: a fresh operator session each run.
        finance = await operatorToken(srv);
        await mark(60_000);
        const maker = await trader('5000000');
        await futures().setLeverage(maker, INST, 50);
        await refill(maker);
        const lead = await trader('100000');
        await futures().setLeverage(lead, INST, 10);
        await copy().makeLead(lead, 0);
        const followers = [await trader('100000'), await trader('100000'), await trader('100000')];
        // Ratios in units of 10^-8, amounts in USDT minor units.
        const plans: { mode: 'ratio' | 'amount'; ratio?: bigint; amount?: bigint }[] = [
          { mode: 'ratio', ratio: 50_000_000n },
          { mode: 'ratio', ratio: 150_000_000n },
          { mode: 'amount', amount: 700_000_000n },
        ];
        const follow = async (i: number) => {
          const userId = followers[i] ?? 0;
          const plan = plans[i];
          if (!plan) return;
          try {
            await copy().follow(userId, {
              trader_id: lead,
              budget: 90_000_000_000n,
              venue: 'platform',
              ...plan,
            });
          } catch {
            // Already copying.
          }
        };
        for (let i = 0; i < followers.length; i++) await follow(i);

        for (const o of ops) {
          if (o.kind === 'lead') {
            await futures().submit(lead, {
              instId: INST,
              side: o.side,
              type: 'market',
              sz: exactText(String(o.sz)),
            });
          } else if (o.kind === 'flat') {
            const s = size(lead);
            if (s !== 0n)
              await futures().submit(lead, {
                instId: INST,
                side: s > 0n ? 'sell' : 'buy',
                type: 'market',
                sz: exactText(String(s < 0n ? -s : s)),
                reduceOnly: true,
              });
          } else if (o.kind === 'mark') {
            await mark(Math.round((price * (10_000 + o.bps)) / 10_000));
            await refill(maker);
          } else if (o.kind === 'cancel') {
            const userId = followers[o.who] ?? 0;
            const [f] = await srv.app.deps.store.db
              .select()
              .from(copyFollows)
              .where(and(eq(copyFollows.followerId, userId), eq(copyFollows.status, 'active')));
            if (f) await copy().cancel(userId, f.id, o.close);
          } else if (o.kind === 'follow') {
            await follow(o.who);
          } else {
            srv.clock.advance(3_600_000);
            if (o.twice) await Promise.all([copy().settleDue(), copy().settleDue()]);
            else await copy().settleDue();
          }
          await futures().idle();

          // Every active copy that follows the lead's current position holds it in proportion.
          const leadSize = size(lead);
          const rows = await srv.app.deps.store.db
            .select({ f: copyFollows, p: copyPositions })
            .from(copyFollows)
            .innerJoin(copyPositions, eq(copyPositions.followId, copyFollows.id))
            .where(
              and(
                eq(copyFollows.leadId, lead),
                eq(copyFollows.status, 'active'),
                eq(copyPositions.instId, INST),
              ),
            );
          for (const { f, p } of rows) {
            if (p.detached) continue;
            const abs = leadSize < 0n ? -leadSize : leadSize;
            const target = (leadSize < 0n ? -1n : 1n) * ((abs * p.num) / p.den);
            const held = size(f.followerId);
            const gap = held - target;
            expect(gap >= -1n && gap <= 1n).toBe(true);
            if (target !== 0n) checked++;
          }
        }

        // Profit share: at most once per copy and period, only above the high-water mark, at the tier's rate.
        const follows = await srv.app.deps.store.db
          .select()
          .from(copyFollows)
          .where(eq(copyFollows.leadId, lead));
        for (const f of follows) {
          const paid = await srv.app.deps.store.db
            .select()
            .from(copySettlements)
            .where(eq(copySettlements.followId, f.id))
            .orderBy(copySettlements.id);
          expect(new Set(paid.map((s) => s.period)).size).toBe(paid.length);
          let hwm = 0n;
          let sum = 0n;
          for (const s of paid) {
            expect(s.hwm).toBe(hwm);
            expect(s.profit > s.hwm).toBe(true);
            expect(s.amount <= ((s.profit - s.hwm) * s.rate) / ONE).toBe(true);
            hwm = s.profit;
            sum += s.amount;
          }
          expect(f.shared).toBe(sum);
          expect(f.hwm >= hwm).toBe(true);
        }
        // Close everything for the next run.
        for (const userId of followers) {
          const [f] = await srv.app.deps.store.db
            .select()
            .from(copyFollows)
            .where(and(eq(copyFollows.followerId, userId), eq(copyFollows.status, 'active')));
          if (f) await copy().cancel(userId, f.id, true);
        }
        await futures().closeAll(lead);
        await futures().cancel(maker, { orderIds: [], instId: INST });
        expect(await srv.app.ledger.audit()).toEqual([]);
        const { pool, expected } = await futures().poolCheck();
        expect(pool).toBe(expected);
      }),
      // FC_SEED reproduces a failing run: fast-check prints its seed.
      {
        numRuns: 12,
        ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), endOnFailure: true } : {}),
      },
    );
    expect(checked).toBeGreaterThan(10);
  });
});
