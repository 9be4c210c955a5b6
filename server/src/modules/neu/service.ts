/**
 * The NEU line. It builds no mechanism of its own: NEU staking is the earn module's staking line `neu`, NEU
 * machines are the mining module's line `neu` (with its emission epochs and the SPA quota each purchase
 * grants), deposits, withdrawals, SPA transfers and NEU exchanges are the wallet's, and the team figures are
 * the referral team's kept aggregates. The app wires each of these in as a port. What the line owns is the SPA
 * exchange: SPA quota spent for NEU at the operators' rate, paid from the line's funded fund, never from thin
 * air.
 */
import {
  formatAmount,
  NEU_ASSET,
  parseAmount,
  RATE_ONE,
  type RequestOutput,
  type ResponseData,
  SPA_ASSET,
  USDT_SCALE,
} from '@nexa/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { auditOperator, fundPoolAudited } from '../../kernel/audit';
import type { AppDeps } from '../../kernel/context';
import { ValidationError } from '../../kernel/errors';
import { type Ledger, SYSTEM } from '../../ledger';
import { platformDays } from '../../programs/days';
import { schema } from '../../store';
import { onPage, pageAnswer } from '../../store/paging';
import { NEU_SETTINGS } from './settings';
import { neuSpaExchanges } from './tables';

export const NEU_SYSTEM = {
  /** NEU that pays SPA exchanges, funded by operators. */
  fund: 'system:neu:fund',
  /** SPA spent in exchanges. */
  spent: 'system:neu:spa',
  capital: SYSTEM.capital('neu'),
} as const;

/** The rewards programs of the line: its staking profit and its machines' output. */
export const NEU_PROGRAMS = ['pledge:neu', 'mining:neu'] as const;

type PledgeOrder = ResponseData<'/api/neuPledge/getOrder'>;

/** NEU staking: the earn module's staking line `neu`. */
export interface NeuStakingPort {
  info(): Promise<ResponseData<'/api/neuPledge/pledgeInfo'>>;
  stake(userId: number, body: RequestOutput<'/api/neuPledge/balanceGetOrder'>): Promise<PledgeOrder>;
  operate(
    userId: number,
    body: { id: number; action: 'redeem' | 'renew' | 'no_renew'; request_id?: string | undefined },
  ): Promise<PledgeOrder>;
  list(
    userId: number,
    q: RequestOutput<'/api/neuPledge/pledgeList'>,
  ): Promise<ResponseData<'/api/neuPledge/pledgeList'>>;
  order(userId: number, id: number): Promise<PledgeOrder>;
  /** NEU staked in orders in progress, everyone's. */
  staked(): Promise<string>;
  ranking(
    userId: number,
    q: RequestOutput<'/api/neu/rankingList'>,
  ): Promise<ResponseData<'/api/neu/rankingList'>>;
}

/** NEU machines: the mining module's line `neu`. */
export interface NeuMachinesPort {
  catalogue(q: { page: number; size: number }): Promise<ResponseData<'/api/machine/list'>>;
  buy(
    userId: number,
    body: RequestOutput<'/api/neu/buyMachine'>,
  ): Promise<ResponseData<'/api/neu/buyMachine'>>;
  orders(
    userId: number,
    q: { page: number; size: number; status?: 'running' | 'expired' | undefined },
  ): Promise<{ list: ResponseData<'/api/neu/buyMachine'>[]; total: number }>;
  power(userId: number): Promise<ResponseData<'/api/machine/machinePowerInfo'>>;
  periods(userId: number, q: { page: number; size: number }): Promise<ResponseData<'/api/neu/periodList'>>;
  /** The quota granted per unit paid, as text. */
  quotaPerPay(): Promise<string>;
}

/** The wallet's flows, for the line's assets. */
export interface NeuWalletPort {
  withdraw(
    userId: number,
    body: { asset: string; chain: string; address: string; amount: string; request_id?: string | undefined },
  ): Promise<ResponseData<'/api/neu/withdrawalNeu'>>;
  transfer(
    userId: number,
    body: { to: string; asset: string; amount: string; remark: string; request_id?: string | undefined },
  ): Promise<ResponseData<'/api/neu/spaQuotaTransfer'>>;
  transfers(
    userId: number,
    f: { direction?: 'in' | 'out' | undefined; symbol: string },
    p: { page: number; size: number },
  ): Promise<{ list: ResponseData<'/api/neu/spaQuotaTransfer'>[]; total: number }>;
  exchangeInfo(
    userId: number,
    q: { from?: string; to?: string; amount?: string; page: number; page_num: number },
    only: string,
  ): Promise<ResponseData<'/api/exchange/getExchangeInfo'>>;
  exchange(
    userId: number,
    body: RequestOutput<'/api/neu/getNeuExchangeOrder'>,
  ): Promise<ResponseData<'/api/neu/getNeuExchangeOrder'>>;
  /** USDT per unit of an asset, 18 decimals, from the one price source (null without a price). */
  priceUsdt18(symbol: string): Promise<bigint | null>;
}

/** The referral team's kept figures. */
export interface NeuTeamPort {
  list(userId: number, q: { page: number; size: number }): Promise<ResponseData<'/v1/user/teamList'>>;
  summary(userId: number): Promise<ResponseData<'/api/user/smarInvitation'>>;
}

export interface NeuDeps extends AppDeps {
  readonly ledger: Ledger;
  readonly staking: NeuStakingPort;
  readonly machines: NeuMachinesPort;
  readonly wallet: NeuWalletPort;
  readonly team: NeuTeamPort;
}

/** NEU paid for an amount of SPA at a rate (NEU per SPA, units of 10^-8), both in minor units, rounded down. */
export function spaToNeu(spa: bigint, rate: bigint, spaScale: number, neuScale: number): bigint {
  return (spa * rate * 10n ** BigInt(neuScale)) / (RATE_ONE * 10n ** BigInt(spaScale));
}

export function createNeu(deps: NeuDeps) {
  const { store, clock, ledger, assets } = deps;
  const settings = deps.settings.of(NEU_SETTINGS);
  const days = platformDays(deps);
  const neu = () => assets.get(NEU_ASSET);
  const spa = () => assets.get(SPA_ASSET);

  async function terms() {
    const rateText = await settings.get('neu.spa_rate');
    const minText = await settings.get('neu.spa_min');
    return {
      rate: parseAmount(rateText, 8) ?? 0n,
      rateText,
      min: parseAmount(minText, spa().scale) ?? 0n,
      minText,
    };
  }

  async function fundBalance(): Promise<bigint> {
    return store.db.transaction(async (tx) => {
      const acc = await ledger.systemAccount(tx, NEU_SYSTEM.fund, NEU_ASSET);
      return (await ledger.accountBalances(tx, [acc.id])).get(acc.id)?.available ?? 0n;
    });
  }

  /** USDT per NEU at the one price source, as text at USDT's scale. */
  async function price(): Promise<{ p18: bigint | null; text: string | null }> {
    const p18 = await deps.wallet.priceUsdt18(NEU_ASSET);
    return {
      p18,
      text: p18 === null ? null : formatAmount(p18 / 10n ** BigInt(18 - USDT_SCALE), USDT_SCALE),
    };
  }

  /** What the line's programs paid: everyone's, or one user's, from a day on. */
  async function paid(userId: number | null, fromDay?: number, untilDay?: number): Promise<bigint> {
    const { rewardPayouts } = schema;
    const [row] = await store.db
      .select({ s: sql<string>`coalesce(sum(${rewardPayouts.amount}), 0)::text` })
      .from(rewardPayouts)
      .where(
        and(
          inArray(rewardPayouts.program, [...NEU_PROGRAMS]),
          eq(rewardPayouts.asset, NEU_ASSET),
          eq(rewardPayouts.status, 'paid'),
          userId === null ? undefined : eq(rewardPayouts.userId, userId),
          fromDay === undefined ? undefined : sql`${rewardPayouts.period} >= ${fromDay}`,
          untilDay === undefined ? undefined : sql`${rewardPayouts.period} < ${untilDay}`,
        ),
      );
    return BigInt(row?.s ?? '0');
  }

  async function index(): Promise<ResponseData<'/api/neu/index'>> {
    const [p, periods, catalogue, t, fund, staked] = await Promise.all([
      price(),
      deps.machines.periods(0, { page: 1, size: 1 }),
      deps.machines.catalogue({ page: 1, size: 1 }),
      terms(),
      fundBalance(),
      deps.staking.staked(),
    ]);
    const fmt = (v: bigint) => formatAmount(v, neu().scale);
    return {
      asset: NEU_ASSET,
      quota_asset: SPA_ASSET,
      price_usdt: p.text,
      period: periods.current,
      daily_emission: catalogue.daily_emission,
      network_power: catalogue.network,
      total_staked: staked,
      total_output: fmt(await paid(null)),
      spa_rate: t.rateText,
      spa_fund: fmt(fund),
    };
  }

  async function uinfo(userId: number): Promise<ResponseData<'/api/neu/uinfo'>> {
    // Read only: a look at the line opens no account.
    const balances = new Map<string, bigint>();
    for (const b of await ledger.balances(userId)) if (b.kind === 'spot') balances.set(b.asset, b.available);
    const today = await days.today();
    const [p, staking, power, machines, team] = await Promise.all([
      price(),
      deps.staking.list(userId, { page: 1, size: 1 }),
      deps.machines.power(userId),
      deps.machines.orders(userId, { page: 1, size: 1000, status: 'running' }),
      deps.team.summary(userId),
    ]);
    const n = balances.get(NEU_ASSET) ?? 0n;
    const scale = neu().scale;
    return {
      neu: formatAmount(n, scale),
      spa: formatAmount(balances.get(SPA_ASSET) ?? 0n, spa().scale),
      usdt: formatAmount(balances.get('USDT') ?? 0n, assets.get('USDT').scale),
      neu_value_usdt:
        p.p18 === null
          ? null
          : formatAmount((n * p.p18) / 10n ** BigInt(18 + scale - USDT_SCALE), USDT_SCALE),
      staked: staking.staked,
      staking_received: staking.received,
      power: power.personal,
      machines: machines.list.reduce((n, o) => n + o.quantity, 0),
      yesterday_income: formatAmount(await paid(userId, today - 1, today), scale),
      total_income: formatAmount(await paid(userId), scale),
      level: team.level,
    };
  }

  const withdraw = (asset: string) => (userId: number, body: RequestOutput<'/api/neu/withdrawalNeu'>) =>
    deps.wallet.withdraw(userId, { ...body, asset });

  async function spaTransfer(userId: number, body: RequestOutput<'/api/neu/spaQuotaTransfer'>) {
    return deps.wallet.transfer(userId, { ...body, asset: SPA_ASSET });
  }

  async function spaTransfers(userId: number, q: RequestOutput<'/api/neu/spaQuotaTransferList'>) {
    return deps.wallet.transfers(userId, { direction: q.direction, symbol: SPA_ASSET }, q);
  }

  function exchangeView(r: typeof neuSpaExchanges.$inferSelect): ResponseData<'/api/neu/spaExchange'> {
    return {
      id: r.id,
      spa: formatAmount(r.spa, spa().scale),
      neu: formatAmount(r.neu, neu().scale),
      rate: formatAmount(r.rate, 8),
      created_at: r.createdAt.toISOString(),
    };
  }

  /**
   * SPA quota for NEU: the SPA goes to the line's sink, the NEU comes from the funded fund, in one
   * transaction; when the fund holds too little the ledger refuses (SystemFundsShort) and nothing moves.
   */
  async function spaExchange(userId: number, body: RequestOutput<'/api/neu/spaExchange'>) {
    const t = await terms();
    const amount = parseAmount(body.amount, spa().scale);
    if (amount === null || amount <= 0n) throw new ValidationError('amount', 'invalid_value');
    if (amount < t.min) throw new ValidationError('amount', 'too_small');
    const out = spaToNeu(amount, t.rate, spa().scale, neu().scale);
    if (out <= 0n) throw new ValidationError('amount', 'too_small');
    return ledger.withIdempotency(userId, body.request_id, 'neu.spa_exchange', body, async (tx) => {
      const [row] = await tx
        .insert(neuSpaExchanges)
        .values({ userId, spa: amount, neu: out, rate: t.rate, createdAt: clock.now() })
        .returning();
      if (!row) throw new Error('SPA exchange not written');
      const user = (asset: string) => ({ userId, asset, kind: 'spot' as const });
      const mine = await ledger.account(tx, user(SPA_ASSET));
      const myNeu = await ledger.account(tx, user(NEU_ASSET));
      const sink = await ledger.systemAccount(tx, NEU_SYSTEM.spent, SPA_ASSET);
      const fund = await ledger.systemAccount(tx, NEU_SYSTEM.fund, NEU_ASSET);
      await ledger.post(tx, {
        cause: 'neu.spa_exchange',
        ref: `spa:${row.id}`,
        remark: `${formatAmount(amount, spa().scale)} SPA`,
        userId,
        requestId: body.request_id ?? null,
        postings: [
          { account: mine, bucket: 'available', amount: -amount },
          { account: sink, bucket: 'available', amount },
          { account: fund, bucket: 'available', amount: -out },
          { account: myNeu, bucket: 'available', amount: out },
        ],
      });
      return exchangeView(row);
    });
  }

  async function spaExchanges(userId: number, q: RequestOutput<'/api/neu/spaExchangeList'>) {
    const where = eq(neuSpaExchanges.userId, userId);
    const [rows, [total], t] = await Promise.all([
      onPage(store.db.select().from(neuSpaExchanges).where(where).orderBy(desc(neuSpaExchanges.id)), q),
      store.db.select({ n: count() }).from(neuSpaExchanges).where(where),
      terms(),
    ]);
    return { ...pageAnswer(rows.map(exchangeView), total), rate: t.rateText, min: t.minText };
  }

  /** NEU exchanges (USDT ↔ NEU) on the wallet's exchange: its quotes from the NEU/USDT book. */
  async function exchangeList(userId: number, q: RequestOutput<'/api/neu/exchangeList'>) {
    const to = q.from === 'USDT' ? NEU_ASSET : 'USDT';
    const info = await deps.wallet.exchangeInfo(
      userId,
      {
        ...(q.from && q.amount ? { from: q.from, to, amount: q.amount } : {}),
        page: q.page,
        page_num: q.size,
      },
      NEU_ASSET,
    );
    return {
      list: info.list,
      total: info.total,
      price_usdt: (await price()).text,
      fee_rate: info.fee_rate,
      quote_ttl_s: info.quote_ttl_s,
      quote: info.quote,
    };
  }

  async function exchange(userId: number, body: RequestOutput<'/api/neu/getNeuExchangeOrder'>) {
    return deps.wallet.exchange(userId, body);
  }

  /** My NEU income: the line's two programs' payouts. */
  async function incomeLog(userId: number, q: RequestOutput<'/api/neu/incomeLog'>) {
    const { rewardPayouts } = schema;
    const programs = q.program ? [`${q.program}:neu`] : [...NEU_PROGRAMS];
    const where = and(eq(rewardPayouts.userId, userId), inArray(rewardPayouts.program, programs));
    const [rows, [total], [sum]] = await Promise.all([
      onPage(store.db.select().from(rewardPayouts).where(where).orderBy(desc(rewardPayouts.id)), q),
      store.db.select({ n: count() }).from(rewardPayouts).where(where),
      store.db
        .select({
          s: sql<string>`coalesce(sum(${rewardPayouts.amount}) filter (where ${rewardPayouts.status} = 'paid'), 0)::text`,
        })
        .from(rewardPayouts)
        .where(where),
    ]);
    const list = [];
    for (const r of rows) {
      list.push({
        id: r.id,
        program: r.program.startsWith('pledge') ? ('pledge' as const) : ('mining' as const),
        order_id: r.positionId,
        asset: r.asset,
        amount: formatAmount(r.amount, assets.get(r.asset).scale),
        status: r.status,
        day: (await days.dayStart(r.period)).toISOString(),
        created_at: r.createdAt.toISOString(),
      });
    }
    return { ...pageAnswer(list, total), total_paid: formatAmount(BigInt(sum?.s ?? '0'), neu().scale) };
  }

  async function teamList(userId: number, q: RequestOutput<'/api/neu/teamList'>) {
    const [members, s] = await Promise.all([deps.team.list(userId, q), deps.team.summary(userId)]);
    return {
      ...members,
      headcount: s.headcount,
      direct: s.direct,
      level: s.level,
      team_performance: s.team_performance,
    };
  }

  async function machineList(userId: number, q: RequestOutput<'/api/neu/machineList'>) {
    const [catalogue, mine, power, quota] = await Promise.all([
      deps.machines.catalogue(q),
      deps.machines.orders(userId, { page: 1, size: 50 }),
      deps.machines.power(userId),
      deps.machines.quotaPerPay(),
    ]);
    return { ...catalogue, quota_per_pay: quota, mine: mine.list, power: power.personal };
  }

  /** An operator funds the SPA exchange fund from the platform's capital. */
  async function fund(operatorId: number | null, body: { amount: string; reason?: string | undefined }) {
    const amount = parseAmount(body.amount, neu().scale);
    if (amount === null || amount <= 0n) throw new ValidationError('amount', 'invalid_value');
    const balance = await store.db.transaction(async (tx) => {
      return fundPoolAudited(tx, ledger, clock.now(), {
        operatorId,
        action: 'neu.fund',
        subject: NEU_SYSTEM.fund,
        pool: NEU_SYSTEM.fund,
        asset: NEU_ASSET,
        scale: neu().scale,
        amount,
        reason: body.reason,
        from: NEU_SYSTEM.capital,
        remark: NEU_SYSTEM.fund,
      });
    });
    return { asset: NEU_ASSET, fund: formatAmount(balance, neu().scale) };
  }

  /** At start: settings read once; the demo funds the SPA exchange fund once. */
  async function start(): Promise<void> {
    for (const key of Object.keys(NEU_SETTINGS) as (keyof typeof NEU_SETTINGS)[]) await settings.get(key);
    await days.offsetMs();
    if (!deps.config.seedDemo) return;
    const seen = await store.db.transaction(async (tx) => {
      const capital = await ledger.systemAccount(tx, NEU_SYSTEM.capital, NEU_ASSET);
      return (await ledger.accountBalances(tx, [capital.id])).get(capital.id)?.available ?? 0n;
    });
    if (seen === 0n) await fund(null, { amount: await settings.get('neu.demo_fund') });
  }

  return {
    index,
    uinfo,
    withdrawUsdt: withdraw('USDT'),
    withdrawNeu: withdraw(NEU_ASSET),
    spaTransfer,
    spaTransfers,
    spaExchange,
    spaExchanges,
    exchangeList,
    exchange,
    incomeLog,
    teamList,
    machineList,
    fund,
    start,
  };
}

export type Neu = ReturnType<typeof createNeu>;
