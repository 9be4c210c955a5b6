/** At start: settings read once; the demo lists each line's machines and funds its output pool, once. */
import { exactOf, POWER_SCALE, parseAmount } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import { fund } from './admin';
import { type Line, MINING_SYSTEM, type MiningCtx } from './context';
import { lines } from './lines';
import { MINING_SETTINGS } from './settings';
import { miningMachines } from './tables';

export async function start(ctx: MiningCtx): Promise<void> {
  const { settings, days, config } = ctx;
  for (const key of Object.keys(MINING_SETTINGS) as (keyof typeof MINING_SETTINGS)[]) await settings.get(key);
  await days.offsetMs();
  const all = await lines(ctx);
  if (!config.seedDemo) return;
  for (const [key, machines, pool] of [
    ['main', 'mining.demo_machines', 'mining.demo_pool'],
    ['neu', 'mining.demo_neu_machines', 'mining.demo_neu_pool'],
  ] as const) {
    const l = all.get(key);
    if (l) await seedLine(ctx, l, await settings.get(machines), await settings.get(pool));
  }
}

/** The demo's machines of a line and its output pool, once. */
async function seedLine(
  ctx: MiningCtx,
  l: Line,
  list: readonly { name: string; price: string; power: string; bonus_power: string; term_days: number }[],
  pool: string,
): Promise<void> {
  const { store, clock, ledger, assets } = ctx;
  const [any] = await store.db
    .select({ id: miningMachines.id })
    .from(miningMachines)
    .where(eq(miningMachines.line, l.key))
    .limit(1);
  if (!any) {
    await store.db.insert(miningMachines).values(
      list.map((m, i) => ({
        line: l.key,
        name: m.name,
        payAsset: 'USDT',
        price: parseAmount(m.price, assets.get('USDT').scale) ?? 0n,
        power: parseAmount(m.power, POWER_SCALE) ?? 0n,
        bonusPower: parseAmount(m.bonus_power, POWER_SCALE) ?? 0n,
        termDays: m.term_days,
        sort: i,
        status: 'active' as const,
        createdAt: clock.now(),
      })),
    );
  }
  const amount = parseAmount(pool, l.outputScale);
  if (!amount) return;
  const funded = await store.db.transaction(async (tx) => {
    const capital = await ledger.systemAccount(tx, MINING_SYSTEM.capital, l.outputAsset);
    return ((await ledger.accountBalances(tx, [capital.id])).get(capital.id)?.available ?? 0n) !== 0n;
  });
  if (!funded) await fund(ctx, null, { line: l.key, amount: exactOf(amount, l.outputScale) });
}
