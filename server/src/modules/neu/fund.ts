/** The SPA exchange's fund: an operator funds it from the platform's capital; the demo funds it once at start. */
import { type ExactDecimal, exactText, formatAmount, NEU_ASSET } from '@nexa/contract';
import { minorUnits } from '../../kernel/assets';
import { fundPoolAudited } from '../../kernel/audit';
import { NEU_SYSTEM, type NeuCtx, neuAsset } from './context';
import { NEU_SETTINGS } from './settings';

/** An operator funds the SPA exchange fund from the platform's capital. */
export async function fund(
  ctx: NeuCtx,
  operatorId: number | null,
  body: { amount: ExactDecimal; reason?: string | undefined },
) {
  const { store, clock, ledger } = ctx;
  const amount = minorUnits(body.amount, neuAsset(ctx));
  const balance = await store.db.transaction(async (tx) => {
    return fundPoolAudited(tx, ledger, clock.now(), {
      operatorId,
      action: 'neu.fund',
      subject: NEU_SYSTEM.fund,
      pool: NEU_SYSTEM.fund,
      asset: NEU_ASSET,
      scale: neuAsset(ctx).scale,
      amount,
      reason: body.reason,
      from: NEU_SYSTEM.capital,
      remark: NEU_SYSTEM.fund,
    });
  });
  return { asset: NEU_ASSET, fund: formatAmount(balance, neuAsset(ctx).scale) };
}

/** At start: settings read once; the demo funds the SPA exchange fund once. */
export async function start(ctx: NeuCtx): Promise<void> {
  const { store, ledger, settings, days, config } = ctx;
  for (const key of Object.keys(NEU_SETTINGS) as (keyof typeof NEU_SETTINGS)[]) await settings.get(key);
  await days.offsetMs();
  if (!config.seedDemo) return;
  const seen = await store.db.transaction(async (tx) => {
    const capital = await ledger.systemAccount(tx, NEU_SYSTEM.capital, NEU_ASSET);
    return (await ledger.accountBalances(tx, [capital.id])).get(capital.id)?.available ?? 0n;
  });
  if (seen === 0n) await fund(ctx, null, { amount: exactText(await settings.get('neu.demo_fund')) });
}
