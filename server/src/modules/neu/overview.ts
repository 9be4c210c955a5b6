/** The line's front page (price, period, output, staking, the exchange's terms) and a user's figures on it. */
import { formatAmount, NEU_ASSET, type ResponseData, SPA_ASSET, USDT_SCALE } from '@nexa/contract';
import { type NeuCtx, neuAsset, spaAsset } from './context';
import { fundBalance, paid, price, terms } from './figures';

export async function index(ctx: NeuCtx): Promise<ResponseData<'/api/neu/index'>> {
  const [p, periods, catalogue, t, fund, staked] = await Promise.all([
    price(ctx),
    ctx.machines.periods(0, { page: 1, size: 1 }),
    ctx.machines.catalogue({ page: 1, size: 1 }),
    terms(ctx),
    fundBalance(ctx),
    ctx.staking.staked(),
  ]);
  const fmt = (v: bigint) => formatAmount(v, neuAsset(ctx).scale);
  return {
    asset: NEU_ASSET,
    quota_asset: SPA_ASSET,
    price_usdt: p.text,
    period: periods.current,
    daily_emission: catalogue.daily_emission,
    network_power: catalogue.network,
    total_staked: staked,
    total_output: fmt(await paid(ctx, null)),
    spa_rate: t.rateText,
    spa_fund: fmt(fund),
  };
}

export async function uinfo(ctx: NeuCtx, userId: number): Promise<ResponseData<'/api/neu/uinfo'>> {
  const { ledger, assets, days } = ctx;
  // Read only: a look at the line opens no account.
  const balances = new Map<string, bigint>();
  for (const b of await ledger.balances(userId)) if (b.kind === 'spot') balances.set(b.asset, b.available);
  const today = await days.today();
  const [p, staking, power, machines, team] = await Promise.all([
    price(ctx),
    ctx.staking.list(userId, { page: 1, size: 1 }),
    ctx.machines.power(userId),
    ctx.machines.orders(userId, { page: 1, size: 1000, status: 'running' }),
    ctx.team.summary(userId),
  ]);
  const n = balances.get(NEU_ASSET) ?? 0n;
  const scale = neuAsset(ctx).scale;
  return {
    neu: formatAmount(n, scale),
    spa: formatAmount(balances.get(SPA_ASSET) ?? 0n, spaAsset(ctx).scale),
    usdt: formatAmount(balances.get('USDT') ?? 0n, assets.get('USDT').scale),
    neu_value_usdt:
      p.p18 === null ? null : formatAmount((n * p.p18) / 10n ** BigInt(18 + scale - USDT_SCALE), USDT_SCALE),
    staked: staking.staked,
    staking_received: staking.received,
    power: power.personal,
    machines: machines.list.reduce((n, o) => n + o.quantity, 0),
    yesterday_income: formatAmount(await paid(ctx, userId, today - 1, today), scale),
    total_income: formatAmount(await paid(ctx, userId), scale),
    level: team.level,
  };
}
