import type { ResponseData } from '@nexa/contract';
import { type ReactNode, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { AmountInput, Field } from '../../ui/form';
import { ConfirmSheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState, ListSkeleton } from '../../ui/states';
import { showToast } from '../../ui/toast';
import { pct, useAmountCheck } from './earn-parts';
import './earn.css';
import { useAssets } from '../../hooks/assets';
import { EXACT, stakeProfit } from '../../lib/amounts';

const SUMMARY = { page: 1, size: 1 };
const REFRESH = ['/api/pledge/pledgeList', '/api/pledge/getPledgeOrder'] as const;

type StakeTotals = ResponseData<'/api/pledge/pledgeList'>;
type StakePlan = ResponseData<'/api/pledge/pledgeInfo'>['plans'][number];

/** What I have staked, what it has earned and paid, and the ways to the records and the income. */
function StakedTotals({
  totals,
  asset,
}: {
  readonly totals: StakeTotals | undefined;
  readonly asset: string;
}): ReactNode {
  const { t } = useTranslation('earn');
  const registry = useAssets();
  return (
    <section className="card box">
      <div className="earn__hero-label">{t('earn.staked')}</div>
      <div className="hero-figure num">
        {registry.format(totals?.staked ?? '0', asset)} <small>{asset}</small>
      </div>
      <dl className="fig-grid">
        <div>
          <dt>{t('earn.accumulated')}</dt>
          <dd className="num up">{registry.format(totals?.accumulated ?? '0', asset, EXACT)}</dd>
        </div>
        <div>
          <dt>{t('earn.received')}</dt>
          <dd className="num">{registry.format(totals?.received ?? '0', asset, EXACT)}</dd>
        </div>
      </dl>
      <div className="earn__links">
        <Link className="text-link" to={routePath('node21')}>
          {t('earn.records')} ›
        </Link>
        <Link className="text-link" to={routePath('node23')}>
          {t('earn.stakingIncome')} ›
        </Link>
      </div>
    </section>
  );
}

/** The plans to choose from: days and yearly rate each. */
function PlanChoice({
  plans,
  value,
  onChange,
}: {
  readonly plans: readonly StakePlan[];
  readonly value: number | undefined;
  readonly onChange: (days: number) => void;
}): ReactNode {
  const { t } = useTranslation('earn');
  return (
    <div className="plans earn__plans">
      {plans.map((p) => (
        <button
          key={p.days}
          type="button"
          aria-pressed={p.days === value}
          className={p.days === value ? 'plan plan--on' : 'plan'}
          onClick={() => onChange(p.days)}
        >
          <span className="plan__days">{t('earn.nDays', { n: p.days })}</span>
          <span className="plan__apr num">{pct(p.apr, 0)}</span>
          <span className="plan__label">{t('earn.apr')}</span>
        </button>
      ))}
    </div>
  );
}

/** What the plan pays a day and the most the amount can earn. */
function StakeEstimate({
  dailyRate,
  maxProfit,
}: {
  readonly dailyRate: string;
  readonly maxProfit: string;
}): ReactNode {
  const { t } = useTranslation('earn');
  return (
    <dl className="fig-grid earn__est">
      <div>
        <dt>{t('earn.dailyRate')}</dt>
        <dd className="num">{dailyRate}</dd>
      </div>
      <div>
        <dt>{t('earn.maxProfit')}</dt>
        <dd className="num up">{maxProfit}</dd>
      </div>
    </dl>
  );
}

/** Staking (/node2): plans with their rates, my totals, and the form: plan, amount, what it earns, confirm. */
export default function StakeScreen(): ReactNode {
  const { t } = useTranslation('earn');
  const registry = useAssets();
  const check = useAmountCheck();
  const ids = useId();
  const navigate = useNavigate();
  const { token } = useSession();
  const info = useApiQuery('/api/pledge/pledgeInfo', NO_BODY);
  const summary = useApiQuery('/api/pledge/pledgeList', SUMMARY, { enabled: token !== null });
  const balances = useBalances();
  const call = useMoneyCall('/api/pledge/balancePledge', REFRESH);
  const [days, setDays] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [autoRenew, setAutoRenew] = useState(false);
  const [tried, setTried] = useState(false);
  if (!info.data) {
    return (
      <div className="page">
        {info.isError ? <ErrorState onRetry={() => void info.refetch()} /> : <ListSkeleton rows={4} />}
      </div>
    );
  }
  const d = info.data;
  const plan = d.plans.find((p) => p.days === (days ?? d.plans[0]?.days)) ?? d.plans[0];
  const available = token ? balances.available(d.asset, 'spot') : null;
  const n = Number(amount);
  // Rounded down as the server counts it.
  const profitText = plan && n > 0 ? stakeProfit(amount, plan.apr, plan.days, registry.scale(d.asset)) : null;
  const profit = profitText === null ? 0 : Number(profitText);
  const problem = check(amount, d.min_amount, d.asset, available);
  const review = () => {
    setTried(true);
    if (problem || !plan) return;
    call.open({ amount: amount.trim(), days: plan.days, auto_renew: autoRenew });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('earn.stakingSuccess'));
    setAmount('');
    setTried(false);
    navigate(`${routePath('node22')}?id=${done.id}`);
  };
  return (
    <div className="page">
      <StakedTotals totals={summary.data} asset={d.asset} />

      <section className="card box earn__form">
        <h2 className="earn__h">{t('earn.choosePlan')}</h2>
        <PlanChoice plans={d.plans} value={plan?.days} onChange={setDays} />
        {token ? (
          <>
            <Field
              htmlFor={`${ids}-amount`}
              label={t('earn.amount')}
              error={tried ? problem : null}
              extra={
                available !== null
                  ? t('earn.available', { amount: registry.format(available, d.asset), asset: d.asset })
                  : null
              }
              hint={t('earn.min', { amount: registry.format(d.min_amount, d.asset), asset: d.asset })}
            >
              <AmountInput
                id={`${ids}-amount`}
                value={amount}
                onChange={setAmount}
                placeholder={t('earn.amountPrompt')}
                asset={d.asset}
                {...(available !== null ? { onMax: () => setAmount(available) } : {})}
              />
            </Field>
            <label className="earn__check">
              <input type="checkbox" checked={autoRenew} onChange={(e) => setAutoRenew(e.target.checked)} />
              {t('earn.autoRenew')}
            </label>
            <StakeEstimate
              dailyRate={plan ? pct(plan.daily_rate, 4) : '--'}
              maxProfit={
                profit > 0 ? `${registry.format(profitText ?? '0', d.asset, EXACT)} ${d.asset}` : '--'
              }
            />
            <button type="button" className="btn-primary" onClick={review} data-testid="stake-btn">
              {t('earn.stake')}
            </button>
          </>
        ) : (
          <SignInPrompt compact title={t('earn.signInTitle')} body={t('earn.signInBody')} />
        )}
        <p className="note note--xs">{t('earn.rules', { rate: pct(d.flexible_apr, 0) })}</p>
      </section>
      <ConfirmSheet
        visible={call.content !== null}
        title={t('earn.confirmStake')}
        busy={call.busy}
        onConfirm={() => void confirm()}
        onClose={call.close}
        rows={[
          {
            label: t('earn.amount'),
            value: `${registry.format(amount || '0', d.asset, EXACT)} ${d.asset}`,
            strong: true,
          },
          { label: t('earn.days'), value: t('earn.nDays', { n: plan?.days ?? 0 }) },
          { label: t('earn.apr'), value: plan ? pct(plan.apr, 0) : '--' },
          {
            label: t('earn.maxProfit'),
            value: `${registry.format(profitText ?? '0', d.asset, EXACT)} ${d.asset}`,
          },
          { label: t('earn.autoRenew'), value: autoRenew ? t('earn.yes') : t('earn.no') },
        ]}
        note={t('earn.confirmNote')}
      />
    </div>
  );
}
