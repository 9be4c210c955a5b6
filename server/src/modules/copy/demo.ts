/**
 * The demo's lead traders: a few accounts that lead copy trading and trade on their own (a small long or
 * short opened, later closed, on the swap books the demo's market maker quotes), so a new user finds traders
 * with figures to copy and sees copies move without anyone else around.
 */
import { exactOf, exactText, parseAmount, USDT_SCALE } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../kernel/context';
import { DomainError } from '../../kernel/errors';
import { type Ledger, SYSTEM } from '../../ledger';
import { schema } from '../../store';
import { demoLeadAddress } from './demo-leads';
import { type PastBars, writeDemoPast } from './demo-past';
import type { Copy, FuturesPort } from './service';

export const DEMO_LEADS_CAPITAL = SYSTEM.capital('demo_copy_leads');

const MARGIN = '20000';
/** Lead n's leverage, live and in its simulated past. */
const leverOf = (n: number) => 5 + n * 5;
const INSTS = ['BTC-USDT-SWAP', 'ETH-USDT-SWAP'];

/** A deterministic little generator (the demo behaves the same at every start). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function createDemoLeads(
  deps: AppDeps & {
    ledger: Ledger;
    copy: Copy;
    futures: () => FuturesPort & DemoFutures;
    pastBars?: PastBars | undefined;
  },
  count: number,
) {
  const { store, clock, ledger, log } = deps;
  const rnd = random(20_261_125);
  const ids: number[] = [];
  const held = new Map<number, number>();

  async function ensure(i: number): Promise<number> {
    const address = demoLeadAddress(i);
    const [found] = await store.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.address, address));
    let id = found?.id;
    if (id === undefined) {
      const [row] = await store.db
        .insert(schema.users)
        .values({ uid: `1000010${i}`, address, inviteCode: `NEXACPY${i}`, createdAt: clock.now() })
        .onConflictDoNothing()
        .returning({ id: schema.users.id });
      if (!row) return ensure(i);
      id = row.id;
      const amount = parseAmount(MARGIN, USDT_SCALE) ?? 0n;
      await store.db.transaction((tx) =>
        ledger.credit(tx, {
          account: { userId: row.id, asset: 'USDT', kind: 'futures' },
          system: DEMO_LEADS_CAPITAL,
          amount,
          cause: 'copy.demo_fund',
          remark: 'demo lead trader margin',
          userId: row.id,
        }),
      );
      for (const inst of INSTS) {
        try {
          await deps.futures().setLeverage(row.id, inst, leverOf(i));
        } catch {
          // An instrument this deployment does not list.
        }
      }
    }
    await deps.copy.makeLead(id, i === 1 ? 5 : 0);
    return id;
  }

  async function start(): Promise<void> {
    for (let i = 1; i <= count; i++) ids.push(await ensure(i));
    // Their strategies' run over the simulated market's past, once (see demo-past.ts).
    const { pastBars } = deps;
    if (!pastBars) return;
    for (const [k, id] of ids.entries()) {
      const n = k + 1;
      const wrote = await writeDemoPast(
        { store, ledger, futures: deps.futures, pastBars, pool: DEMO_LEADS_CAPITAL },
        n,
        id,
        leverOf(n),
      ).catch((err: unknown) => {
        log.warn({ err, lead: id }, 'demo lead past not written');
        return 0;
      });
      if (wrote > 0) log.info({ lead: id, positions: wrote }, 'demo lead past written');
    }
  }

  /** One step: a lead that is flat may open, one that holds may close. */
  async function step(): Promise<void> {
    if (ids.length === 0) return;
    const id = ids[Math.floor(rnd() * ids.length)] ?? ids[0];
    if (id === undefined) return;
    const f = deps.futures();
    const open = f.positions(id);
    try {
      if (open.length === 0) {
        const instId = INSTS[Math.floor(rnd() * INSTS.length)] ?? 'BTC-USDT-SWAP';
        if (!f.instIds().includes(instId)) return;
        const side = rnd() < 0.55 ? 'buy' : 'sell';
        await f.submit(
          id,
          { instId, side, type: 'market', sz: exactOf(BigInt(2 + Math.floor(rnd() * 8)), 0) },
          'user',
        );
        held.set(id, 0);
      } else {
        const ticks = (held.get(id) ?? 0) + 1;
        held.set(id, ticks);
        const p = open[0];
        if (p && (ticks > 3 || rnd() < 0.25)) {
          await f.submit(
            id,
            {
              instId: p.instId,
              side: p.pos_side === 'long' ? 'sell' : 'buy',
              type: 'market',
              sz: exactText(p.pos),
              reduceOnly: true,
            },
            'user',
          );
        }
      }
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      log.debug({ lead: id, err: err.errorName }, 'demo lead order refused');
    }
  }

  return { start, step };
}

export interface DemoFutures {
  setLeverage(userId: number, instId: string, lever: number): Promise<unknown>;
}
