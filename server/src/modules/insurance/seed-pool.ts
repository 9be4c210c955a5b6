/** The demo's first start puts money into the pool, so the first claims do not wait on premiums. */
import { parseAmount, USDT_SCALE } from '@nexa/contract';
import { INSURANCE_CAPITAL, INSURANCE_POOL, type InsuranceCtx } from './context';

export async function seedPool({ config, settings, store, ledger }: InsuranceCtx): Promise<void> {
  if (!config.seedDemo) return;
  const amount = parseAmount(await settings.get('insurance.demo_pool'), USDT_SCALE);
  if (!amount || amount <= 0n) return;
  await store.db.transaction(async (tx) => {
    const capital = await ledger.systemAccount(tx, INSURANCE_CAPITAL, 'USDT');
    const seen = (await ledger.accountBalances(tx, [capital.id])).get(capital.id)?.available ?? 0n;
    if (seen !== 0n) return;
    await ledger.transfer(tx, {
      from: capital,
      to: { system: INSURANCE_POOL, asset: 'USDT' },
      amount,
      cause: 'insurance.fund',
      remark: 'insurance pool (demo)',
      userId: null,
    });
  });
}
