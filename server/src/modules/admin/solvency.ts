/**
 * The solvency report (`/admin/solvency`, the console's dashboard, `npm run admin -- solvency`): user liabilities
 * per asset against the system accounts, the ledger audit, every rewards program's pool against what it owes,
 * every hold against the open orders, positions and requests that justify it, every open loan against the
 * collateral that secures it, and each system pool's money in and out since the platform day began, by cause.
 *
 * Healthy when the journal passes its audit, every asset balances and no funded account is short, every hold
 * matches, every loan is secured, and no pool paid out beyond its daily limit or drained beyond the set share
 * of what it held at the day's start.
 */
import { formatAmount, parseAmount, RATE_ONE } from '@nexa/contract';
import type { AppDeps } from '../../kernel/context';
import { findHoldMismatches, type Ledger, type PoolFlow, poolFlows } from '../../ledger';
import type { LoanCover } from '../../ports/solvency';
import { platformDays } from '../../programs/days';
import type { ProgramReport } from '../../programs/rewards';
import { ADMIN_SETTINGS } from './settings';

export interface SolvencyDeps extends AppDeps {
  readonly ledger: Ledger;
  readonly programs: () => Promise<readonly ProgramReport[]>;
  /** Every open loan with its collateral (none when no module lends). */
  readonly loans?: () => Promise<readonly LoanCover[]>;
}

/** Whether a pool's day went beyond what the settings allow: its gross outflow, or its net loss. */
export function poolOver(f: PoolFlow, limit: bigint | null, drainShare: bigint): boolean {
  if (limit !== null && f.outflow > limit) return true;
  const lost = f.outflow - f.inflow;
  const atStart = f.balance + lost;
  return lost > 0n && lost * RATE_ONE > atStart * drainShare;
}

export function createSolvency(deps: SolvencyDeps) {
  const { store, ledger, assets } = deps;
  const settings = deps.settings.of(ADMIN_SETTINGS);
  const days = platformDays(deps);
  const show = (asset: string, m: bigint) => formatAmount(m, assets.get(asset).scale);

  async function programLines() {
    const list = [];
    for (const p of await deps.programs()) {
      list.push({
        program: p.program,
        pool: p.pool,
        asset: p.asset,
        pool_balance: show(p.asset, p.poolBalance),
        paid: show(p.asset, p.paid),
        owed: show(p.asset, p.owed),
        last_period_day: p.lastDay === null ? null : (await days.dayStart(p.lastDay)).toISOString(),
        short: p.poolBalance < p.owed,
      });
    }
    return list;
  }

  async function poolLines(since: Date) {
    const limits = await settings.get('admin.pool_daily_outflow_limits');
    const share = (await settings.get('admin.pool_daily_drain_share')).units;
    const flows = await store.db.transaction((tx) => poolFlows(tx, since), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    return flows.map((f) => {
      const text = limits[f.name];
      const limit = text === undefined ? null : parseAmount(text, assets.get(f.asset).scale);
      return {
        name: f.name,
        asset: f.asset,
        balance: show(f.asset, f.balance),
        inflow: show(f.asset, f.inflow),
        outflow: show(f.asset, f.outflow),
        limit: limit === null ? null : show(f.asset, limit),
        over: poolOver(f, limit, share),
        causes: f.causes.map((c) => ({
          cause: c.cause,
          inflow: show(f.asset, c.inflow),
          outflow: show(f.asset, c.outflow),
        })),
      };
    });
  }

  async function report() {
    const since = await days.dayStart(await days.dayOf(deps.clock.now()));
    const [violations, lines, programs, holds, loans, pools] = await Promise.all([
      ledger.audit(),
      ledger.solvency(),
      programLines(),
      store.db.transaction((tx) => findHoldMismatches(tx), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      }),
      deps.loans ? deps.loans() : Promise.resolve([]),
      poolLines(since),
    ]);
    return {
      programs,
      healthy:
        violations.length === 0 &&
        lines.every((l) => l.balanced && !l.short) &&
        holds.length === 0 &&
        loans.every((l) => l.secured) &&
        pools.every((p) => !p.over),
      violations: violations.map((v) =>
        JSON.stringify(v, (_k, val) => (typeof val === 'bigint' ? val.toString() : val)),
      ),
      assets: lines.map((l) => ({
        asset: l.asset,
        liabilities: show(l.asset, l.liabilities),
        system: show(l.asset, l.system),
        balanced: l.balanced,
        short: l.short,
        accounts: l.systemAccounts.map((a) => ({
          name: a.name,
          available: show(l.asset, a.available),
          frozen: show(l.asset, a.frozen),
          counter: a.counter,
          short: a.short,
        })),
      })),
      holds: holds.map((h) => ({
        owner: h.owner,
        kind: h.kind,
        asset: h.asset,
        held: show(h.asset, h.held),
        justified: show(h.asset, h.justified),
      })),
      loans: loans.map((l) => ({
        id: l.id,
        user_id: l.userId,
        asset: l.asset,
        amount: show(l.asset, l.amount),
        due: show(l.asset, l.due),
        collateral_id: l.collateralId,
        collateral: l.collateral === null ? null : show(l.asset, l.collateral),
        secured: l.secured,
      })),
      pools,
      day_start: since.toISOString(),
    };
  }

  return { report };
}
