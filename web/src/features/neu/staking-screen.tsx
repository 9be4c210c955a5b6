import { formatDateMinute, NEU_ASSET, PLEDGE_STATUSES, type ResponseData } from '@nexa/contract';
import { type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiFailure, NO_BODY, useApiQuery } from '../../api/hooks';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { stakeProfit } from '../../lib/amounts';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { AmountField, useAmountField } from '../../ui/amount-field';
import { BlockButton } from '../../ui/block-button';
import { Figure } from '../../ui/figures';
import { SubmitButton } from '../../ui/form';
import { PagedList } from '../../ui/paged-list';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { ConfirmSheet, InfoRows } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState, ListSkeleton, MissingState, ScreenSkeleton } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import { TermHero, type TermHeroClasses } from '../../ui/term-hero';
import { showToast } from '../../ui/toast';
import { Amount, PledgeRow, PledgeStatus, pct, useRefresh } from './neu-parts';
import './neu.css';
import { useAssets } from '../../hooks/assets';

const SUMMARY = { page: 1, size: 1 };
const REFRESH = ['/api/neuPledge/pledgeList', '/api/neuPledge/getOrder', '/api/neu/uinfo'] as const;

type Filter = 'all' | (typeof PLEDGE_STATUSES)[number];
const FILTERS: readonly Filter[] = ['all', ...PLEDGE_STATUSES];

type PledgeTotals = ResponseData<'/api/neuPledge/pledgeList'>;
type PledgePlan = ResponseData<'/api/neuPledge/pledgeInfo'>['plans'][number];

/** What I have staked, and what it has earned and paid so far. */
function StakedSummary({
  totals,
  asset,
}: {
  readonly totals: PledgeTotals | undefined;
  readonly asset: string;
}): ReactNode {
  const { t } = useTranslation('neu');
  const registry = useAssets();
  return (
    <section className="card box neu-hero">
      <div className="neu-hero__label">{t('neu.staked')}</div>
      <div className="neu-hero__big num" data-testid="neu-staked-total">
        <Amount value={registry.format(totals?.staked ?? '0', NEU_ASSET)} asset={asset} />
      </div>
      <dl className="figures figures--2">
        <Figure
          label={t('neu.accumulated')}
          value={registry.format(totals?.accumulated ?? '0', NEU_ASSET)}
          tone="up"
        />
        <Figure label={t('neu.received')} value={registry.format(totals?.received ?? '0', NEU_ASSET)} />
      </dl>
    </section>
  );
}

/** The plans to choose from: days and yearly rate each. */
function PlanChoice({
  plans,
  value,
  onChange,
}: {
  readonly plans: readonly PledgePlan[];
  readonly value: number | undefined;
  readonly onChange: (days: number) => void;
}): ReactNode {
  const { t } = useTranslation('neu');
  return (
    <div className="plans">
      {plans.map((p) => (
        <button
          key={p.days}
          type="button"
          aria-pressed={p.days === value}
          className={p.days === value ? 'plan plan--on' : 'plan'}
          onClick={() => onChange(p.days)}
        >
          <span className="plan__days">{t('neu.nDays', { n: p.days })}</span>
          <span className="plan__apr num">{pct(p.apr)}</span>
          <span className="plan__label">{t('neu.apr')}</span>
        </button>
      ))}
    </div>
  );
}

/** The plans, my totals, and the form: plan, amount, renewal, what it earns, confirm. */
function Stake(): ReactNode {
  const { t } = useTranslation('neu');
  const registry = useAssets();
  const navigate = useNavigate();
  const { token } = useSession();
  const info = useApiQuery('/api/neuPledge/pledgeInfo', NO_BODY);
  const summary = useApiQuery('/api/neuPledge/pledgeList', SUMMARY, { enabled: token !== null });
  const balances = useBalances();
  const call = useMoneyCall('/api/neuPledge/balanceGetOrder', REFRESH);
  const [days, setDays] = useState<number | null>(null);
  const [autoRenew, setAutoRenew] = useState(false);
  const [tried, setTried] = useState(false);
  const asset = info.data?.asset ?? 'NEU';
  const amount = useAmountField({
    prompt: 'prompts.amount',
    asset,
    available: token ? balances.available(asset, 'spot') : undefined,
    ...(info.data ? { min: info.data.min_amount } : {}),
    tried,
  });
  if (!info.data) {
    return info.isError ? (
      <ErrorState onRetry={() => void info.refetch()} />
    ) : (
      <div className="page">
        <ListSkeleton rows={3} />
      </div>
    );
  }
  const d = info.data;
  const plan = d.plans.find((p) => p.days === (days ?? d.plans[0]?.days)) ?? d.plans[0];
  const profit =
    plan && amount.problem === null
      ? stakeProfit(amount.value, plan.apr, plan.days, registry.scale(d.asset))
      : null;
  const review = () => {
    setTried(true);
    if (amount.problem || !plan) return;
    call.open({ amount: amount.value, days: plan.days, auto_renew: autoRenew });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('neu.stake.success'));
    amount.reset();
    setTried(false);
    navigate(`${routePath('neuRecharge2')}?id=${done.id}`);
  };
  return (
    <>
      <StakedSummary totals={summary.data} asset={d.asset} />

      <section className="card box neu-card">
        <h2 className="neu-card__title neu-card__title--gap">{t('neu.stake.choosePlan')}</h2>
        <PlanChoice plans={d.plans} value={plan?.days} onChange={setDays} />
        {token ? (
          <>
            <AmountField field={amount} />
            <label className="neu-check">
              <input type="checkbox" checked={autoRenew} onChange={(e) => setAutoRenew(e.target.checked)} />
              {t('neu.autoRenew')}
            </label>
            <InfoRows
              rows={[
                { label: t('neu.minimum'), value: `${registry.format(d.min_amount, NEU_ASSET)} ${d.asset}` },
                { label: t('neu.dailyRate'), value: plan ? pct(plan.daily_rate, 4) : '--' },
                {
                  label: t('neu.maxProfit'),
                  value: profit ? `${registry.format(profit, NEU_ASSET)} ${d.asset}` : '--',
                  strong: true,
                },
              ]}
            />
            <SubmitButton disabled={call.busy} onClick={review}>
              {t('neu.stake.submit')}
            </SubmitButton>
          </>
        ) : (
          <SignInPrompt compact title={t('neu.signInTitle')} body={t('neu.signInBody')} />
        )}
        <p className="note note--xs">{t('neu.stake.rules', { rate: pct(d.flexible_apr) })}</p>
      </section>
      <ConfirmSheet
        visible={call.content !== null}
        title={t('neu.stake.confirmTitle')}
        busy={call.busy}
        onConfirm={() => void confirm()}
        onClose={call.close}
        rows={[
          {
            label: t('neu.amount'),
            value: `${registry.format(call.content?.amount ?? '0', NEU_ASSET)} ${d.asset}`,
            strong: true,
          },
          { label: t('neu.days'), value: t('neu.nDays', { n: plan?.days ?? 0 }) },
          { label: t('neu.apr'), value: plan ? pct(plan.apr) : '--' },
          {
            label: t('neu.maxProfit'),
            value: profit ? `${registry.format(profit, NEU_ASSET)} ${d.asset}` : '--',
          },
          { label: t('neu.autoRenew'), value: call.content?.auto_renew ? t('neu.yes') : t('neu.no') },
        ]}
        note={t('neu.stake.confirmNote')}
      />
    </>
  );
}

/** My orders by status; each opens its detail. */
function Orders(): ReactNode {
  const { t } = useTranslation('neu');
  const [filter, setFilter] = useState<Filter>('all');
  return (
    <section className="neu-section" aria-labelledby="neu-orders-title">
      <h2 className="neu-section__title" id="neu-orders-title">
        {t('neu.stake.orders')}
      </h2>
      <Tabs
        className="neu-tabs neu-tabs--scroll"
        size="m"
        value={filter}
        onChange={setFilter}
        label={t('neu.stake.orders')}
        items={FILTERS.map((k) => ({
          key: k,
          label: k === 'all' ? t('neu.all') : t(`neu.pledgeStatus.${k}`),
        }))}
      />
      <PagedList
        key={filter}
        path="/api/neuPledge/pledgeList"
        filters={filter === 'all' ? {} : { status: filter }}
        pullToRefresh={false}
        skeletonRows={3}
        itemKey={(o) => o.id}
        emptyTitle={t('neu.stake.noOrders')}
        emptyBody={t('neu.stake.noOrdersBody')}
        renderItem={(o) => <PledgeRow o={o} />}
      />
    </section>
  );
}

/** The pledge detail's hero in the NEU feature's own classes. */
const PLEDGE_HERO: TermHeroClasses = {
  box: 'card box neu-hero',
  head: 'row row--between',
  label: 'neu-hero__label',
  figure: 'neu-hero__big num',
  bar: 'bar neu-bar',
};

/** One order (?id=): amounts, term, the profit figures; switch renewal, redeem early (showing what comes back). */
function Detail({ id }: { readonly id: number }): ReactNode {
  const { t } = useTranslation('neu');
  const registry = useAssets();
  const q = useApiQuery('/api/neuPledge/getOrder', { id }, { handles: ['EarnOrderNotFound'] });
  const redeem = useMoneyCall('/api/neuPledge/redemption', REFRESH);
  const renewal = useMoneyCall('/api/neuPledge/renewal', REFRESH);
  if (!q.data) {
    if (q.error instanceof ApiFailure && q.error.is('EarnOrderNotFound'))
      return <MissingState title={t('neu.stake.noOrder')} back="/neuRecharge2" />;
    return q.isError ? <ErrorState onRetry={() => void q.refetch()} /> : <ScreenSkeleton />;
  }
  const o = q.data;
  const open = o.status === 'in_progress';
  const confirmRedeem = async () => {
    if (await redeem.confirm()) showToast(t('neu.stake.redeemed'));
  };
  const confirmRenewal = async () => {
    const done = await renewal.confirm();
    if (done) showToast(done.auto_renew ? t('neu.stake.renewOn') : t('neu.stake.renewOffDone'));
  };
  return (
    <>
      <TermHero
        classes={PLEDGE_HERO}
        testId="neu-pledge-detail"
        label={t('neu.amount')}
        status={<PledgeStatus status={o.status} />}
        amount={<Amount value={registry.format(o.amount, NEU_ASSET)} asset={o.asset} />}
        days={o.days}
        daysPaid={o.days_paid}
        progressText={t('neu.stake.progress', { n: o.days_paid, days: o.days })}
      />
      <section className="card box neu-card">
        <InfoRows
          className="neu-rows--first"
          rows={[
            { label: t('neu.days'), value: t('neu.nDays', { n: o.days }) },
            { label: t('neu.apr'), value: pct(o.apr) },
            { label: t('neu.dailyRate'), value: pct(o.daily_rate, 4) },
            { label: t('neu.start'), value: formatDateMinute(o.start_at) },
            { label: t('neu.end'), value: formatDateMinute(o.end_at) },
            { label: t('neu.accumulated'), value: registry.format(o.accumulated, NEU_ASSET) },
            { label: t('neu.maxProfit'), value: registry.format(o.max_profit, NEU_ASSET) },
            {
              label: t('neu.received'),
              value: <span data-testid="neu-detail-received">{registry.format(o.received, NEU_ASSET)}</span>,
              strong: true,
            },
            { label: t('neu.remaining'), value: registry.format(o.remaining, NEU_ASSET) },
            ...(open
              ? [
                  {
                    label: t('neu.stake.redeemValue'),
                    value: `${registry.format(o.redeem_value, NEU_ASSET)} ${o.asset}`,
                  },
                ]
              : []),
          ]}
        />
        {open ? (
          <label className="neu-switch">
            <span className="fill lines">
              <span className="neu-switch__label">{t('neu.autoRenew')}</span>
              <span className="neu-switch__hint">{t('neu.stake.renewNote')}</span>
            </span>
            <input
              type="checkbox"
              role="switch"
              aria-checked={o.auto_renew}
              className="neu-switch__input"
              checked={o.auto_renew}
              disabled={renewal.busy}
              onChange={(e) => renewal.open({ id: o.id, auto_renew: e.target.checked })}
              data-testid="neu-renew-switch"
            />
          </label>
        ) : (
          <InfoRows
            rows={[{ label: t('neu.autoRenew'), value: o.auto_renew ? t('neu.yes') : t('neu.no') }]}
          />
        )}
      </section>
      {open ? (
        <BlockButton ghost onClick={() => redeem.open({ id: o.id })} testId="neu-redeem-btn">
          {t('neu.stake.redeem')}
        </BlockButton>
      ) : null}
      <ConfirmSheet
        visible={redeem.content !== null}
        title={t('neu.stake.redeemTitle')}
        busy={redeem.busy}
        onConfirm={() => void confirmRedeem()}
        onClose={redeem.close}
        rows={[
          { label: t('neu.amount'), value: `${registry.format(o.amount, NEU_ASSET)} ${o.asset}` },
          { label: t('neu.received'), value: `${registry.format(o.received, NEU_ASSET)} ${o.asset}` },
          {
            label: t('neu.stake.redeemValue'),
            value: `${registry.format(o.redeem_value, NEU_ASSET)} ${o.asset}`,
            strong: true,
          },
        ]}
        note={t('neu.stake.redeemNote')}
      />
      <ConfirmSheet
        visible={renewal.content !== null}
        title={renewal.content?.auto_renew ? t('neu.stake.renew') : t('neu.stake.renewOff')}
        busy={renewal.busy}
        onConfirm={() => void confirmRenewal()}
        onClose={renewal.close}
        rows={[
          { label: t('neu.autoRenew'), value: renewal.content?.auto_renew ? t('neu.yes') : t('neu.no') },
        ]}
        note={t('neu.stake.renewNote')}
      />
    </>
  );
}

/**
 * NEU staking (/neuRecharge2): the plans and the form, my totals and my orders by status; `?id=` shows one
 * order with its renewal switch and early redemption.
 */
export default function NeuStakingScreen(): ReactNode {
  const { t } = useTranslation('neu');
  const { token } = useSession();
  const [params] = useSearchParams();
  const refresh = useRefresh(
    '/api/neuPledge/pledgeInfo',
    '/api/neuPledge/pledgeList',
    '/api/neuPledge/getOrder',
  );
  const raw = params.get('id');
  if (raw !== null) {
    const id = Number(raw);
    if (!token) return <SignInPrompt title={t('neu.signInTitle')} body={t('neu.signInBody')} />;
    if (!Number.isInteger(id) || id <= 0) return <MissingState noId back="/neuRecharge2" />;
    return (
      <PullToRefresh onRefresh={refresh}>
        <div className="page">
          <Detail id={id} />
        </div>
      </PullToRefresh>
    );
  }
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="page">
        <Stake />
        {token ? <Orders /> : null}
      </div>
    </PullToRefresh>
  );
}
