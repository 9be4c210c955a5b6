/** Operators: a line's machines (listed, created or changed, their status) and a line's output pool funded. */
import { type ExactDecimal, formatAmount } from '@nexa/contract';
import { asc, eq } from 'drizzle-orm';
import { minorUnits } from '../../kernel/assets';
import { auditOperator, fundPoolAudited } from '../../kernel/audit';
import { DomainError } from '../../kernel/errors';
import { type MachineRow, MINING_SYSTEM, type MiningCtx } from './context';
import { line } from './lines';
import { miningMachines } from './tables';
import { adminMachineView } from './views';

export async function adminMachines(ctx: MiningCtx, lineKey: string) {
  await line(ctx, lineKey);
  const rows = await ctx.store.db
    .select()
    .from(miningMachines)
    .where(eq(miningMachines.line, lineKey))
    .orderBy(asc(miningMachines.sort), asc(miningMachines.id));
  const list = [];
  for (const m of rows) list.push(await adminMachineView(ctx, m));
  return { list };
}

export async function saveMachine(
  ctx: MiningCtx,
  operatorId: number,
  body: {
    id?: number | undefined;
    line: string;
    name: string;
    /** USDT minor units. */
    price: bigint;
    /** Power units (POWER_SCALE). */
    power: bigint;
    bonus_power: bigint;
    term_days: number;
    stock: number | null;
    sort: number;
  },
) {
  const { store, clock } = ctx;
  await line(ctx, body.line);
  const payAsset = 'USDT';
  const fields = {
    line: body.line,
    name: body.name,
    payAsset,
    price: body.price,
    power: body.power,
    bonusPower: body.bonus_power,
    termDays: body.term_days,
    stock: body.stock,
    sort: body.sort,
  };
  const row = await store.db.transaction(async (tx) => {
    if (body.id === undefined) {
      const [m] = await tx
        .insert(miningMachines)
        .values({ ...fields, status: 'active', createdAt: clock.now() })
        .returning();
      if (!m) throw new Error('machine not written');
      await auditOperator(tx, clock.now(), {
        operatorId,
        action: 'mining.machine.create',
        subject: `machine:${m.id}`,
        before: null,
        after: m,
      });
      return m;
    }
    const [before] = await tx
      .select()
      .from(miningMachines)
      .where(eq(miningMachines.id, body.id))
      .for('update');
    if (!before) throw new DomainError('MachineNotFound');
    const [m] = await tx.update(miningMachines).set(fields).where(eq(miningMachines.id, body.id)).returning();
    if (!m) throw new DomainError('MachineNotFound');
    await auditOperator(tx, clock.now(), {
      operatorId,
      action: 'mining.machine.update',
      subject: `machine:${m.id}`,
      before,
      after: m,
    });
    return m;
  });
  return adminMachineView(ctx, row);
}

export async function machineStatus(
  ctx: MiningCtx,
  operatorId: number,
  body: { id: number; status: MachineRow['status'] },
) {
  const { store, clock } = ctx;
  const row = await store.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(miningMachines)
      .where(eq(miningMachines.id, body.id))
      .for('update');
    if (!before) throw new DomainError('MachineNotFound');
    // A closed machine stays closed: its listing ends for good.
    if (before.status === 'closed' && body.status !== 'closed') throw new DomainError('MachineNotFound');
    const [m] = await tx
      .update(miningMachines)
      .set({ status: body.status })
      .where(eq(miningMachines.id, body.id))
      .returning();
    if (!m) throw new DomainError('MachineNotFound');
    await auditOperator(tx, clock.now(), {
      operatorId,
      action: `mining.machine.${body.status}`,
      subject: `machine:${m.id}`,
      before,
      after: m,
    });
    return m;
  });
  return adminMachineView(ctx, row);
}

/** An operator (or the demo) funds a line's output pool from the platform's capital. */
export async function fund(
  ctx: MiningCtx,
  operatorId: number | null,
  body: { line: string; amount: ExactDecimal; reason?: string | undefined },
) {
  const { store, clock, ledger } = ctx;
  const l = await line(ctx, body.line);
  const amount = minorUnits(body.amount, { scale: l.outputScale });
  const balance = await store.db.transaction(async (tx) => {
    return fundPoolAudited(tx, ledger, clock.now(), {
      operatorId,
      action: 'mining.fund',
      subject: `mining:${l.key}`,
      pool: MINING_SYSTEM.output,
      asset: l.outputAsset,
      scale: l.outputScale,
      amount,
      reason: body.reason,
      from: MINING_SYSTEM.capital,
      remark: `line ${l.key}`,
    });
  });
  return { line: l.key, asset: l.outputAsset, pool_balance: formatAmount(balance, l.outputScale) };
}
