import { formatDateMinute } from '@nexa/contract';
import { type ReactNode, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiFailure, useApiQuery } from '../../api/hooks';
import { useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { AmountInput, Field } from '../../ui/form';
import { ConfirmSheet, InfoRows } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState, MissingState, ScreenSkeleton } from '../../ui/states';
import { TermHero, type TermHeroClasses } from '../../ui/term-hero';
import { showToast } from '../../ui/toast';
import { type PledgeOrder, PledgeStatus, pct } from './earn-parts';
import './earn.css';
import { useAssets } from '../../hooks/assets';
import { EXACT, fitsScale } from '../../lib/amounts';

const REFRESH = ['/api/pledge/pledgeList', '/api/pledge/getPledgeOrder'] as const;

/** The stake detail's hero in the earn feature's own classes. */
const STAKE_HERO: TermHeroClasses = {
  box: 'card box',
  head: 'erow__top',
  label: 'earn__hero-label',
  figure: 'hero-figure num',
  bar: 'bar',
};

/** One staking order (/node22?id=): amounts, term, the four profit figures; redeem early, renewal on or off. */
export default function StakeDetailScreen(): ReactNode {
  const { t } = useTranslation('earn');
  const { token } = useSession();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!token) return <SignInPrompt title={t('earn.signInTitle')} body={t('earn.signInBody')} />;
  if (!Number.isInteger(id) || id <= 0) return <MissingState noId back="/node21" />;
  return <Detail id={id} />;
}

function Detail({ id }: { readonly id: number }): ReactNode {
  const { t } = useTranslation('earn');
  const registry = useAssets();
  const q = useApiQuery('/api/pledge/getPledgeOrder', { id }, { handles: ['EarnOrderNotFound'] });
  const call = useMoneyCall('/api/pledge/operate', REFRESH);
  const [action, setAction] = useState<'redeem' | 'renew' | 'no_renew' | null>(null);
  if (!q.data) {
    if (q.error instanceof ApiFailure && q.error.is('EarnOrderNotFound'))
      return <MissingState title={t('earn.noOrder')} back="/node21" />;
    return q.isError ? <ErrorState onRetry={() => void q.refetch()} /> : <ScreenSkeleton />;
  }
  const o = q.data;
  const open = (a: 'redeem' | 'renew' | 'no_renew') => {
    setAction(a);
    call.open({ id: o.id, action: a });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(action === 'redeem' ? t('earn.redeemed') : t('earn.saved'));
  };
  return (
    <div className="page">
      <TermHero
        classes={STAKE_HERO}
        testId="pledge-detail"
        label={t('earn.amount')}
        status={<PledgeStatus status={o.status} />}
        amount={
          <>
            {registry.format(o.amount, o.asset)} <small>{o.asset}</small>
          </>
        }
        days={o.days}
        daysPaid={o.days_paid}
        progressText={t('earn.progress', { n: o.days_paid, days: o.days })}
      />
      <section className="card box earn__form">
        <InfoRows
          rows={[
            { label: t('earn.days'), value: t('earn.nDays', { n: o.days }) },
            { label: t('earn.apr'), value: pct(o.apr, 0) },
            { label: t('earn.dailyRate'), value: pct(o.daily_rate, 4) },
            { label: t('earn.start'), value: formatDateMinute(o.start_at) },
            { label: t('earn.end'), value: formatDateMinute(o.end_at) },
            { label: t('earn.accumulated'), value: registry.format(o.accumulated, o.asset, EXACT) },
            { label: t('earn.maxProfit'), value: registry.format(o.max_profit, o.asset, EXACT) },
            {
              label: t('earn.received'),
              value: <span data-testid="detail-received">{registry.format(o.received, o.asset, EXACT)}</span>,
              strong: true,
            },
            { label: t('earn.remaining'), value: registry.format(o.remaining, o.asset, EXACT) },
            { label: t('earn.autoRenew'), value: o.auto_renew ? t('earn.yes') : t('earn.no') },
          ]}
        />
      </section>
      {o.status === 'in_progress' ? <Borrow order={o} /> : null}
      {o.status === 'in_progress' ? (
        <div className="earn__actions">
          <button
            type="button"
            className="btn-primary earn__btn--ghost"
            onClick={() => open(o.auto_renew ? 'no_renew' : 'renew')}
          >
            {o.auto_renew ? t('earn.renewOff') : t('earn.renew')}
          </button>
          <button
            type="button"
            className="btn-primary"
            onClick={() => open('redeem')}
            data-testid="redeem-btn"
          >
            {t('earn.redeem')}
          </button>
        </div>
      ) : null}
      <ConfirmSheet
        visible={call.content !== null}
        title={action === 'redeem' ? t('earn.redeem') : o.auto_renew ? t('earn.renewOff') : t('earn.renew')}
        busy={call.busy}
        onConfirm={() => void confirm()}
        onClose={call.close}
        rows={
          action === 'redeem'
            ? [
                { label: t('earn.amount'), value: `${registry.format(o.amount, o.asset)} ${o.asset}` },
                {
                  label: t('earn.received'),
                  value: `${registry.format(o.received, o.asset, EXACT)} ${o.asset}`,
                },
                {
                  label: t('earn.redeemValue'),
                  value: `${registry.format(o.redeem_value, o.asset, EXACT)} ${o.asset}`,
                  strong: true,
                },
              ]
            : [{ label: t('earn.autoRenew'), value: o.auto_renew ? t('earn.no') : t('earn.yes') }]
        }
        note={action === 'redeem' ? t('earn.redeemNote') : t('earn.renewNote')}
      />
    </div>
  );
}

/** Borrow against this order: up to the loan-to-value of its principal, interest by the started day. */
function Borrow({ order }: { readonly order: PledgeOrder }): ReactNode {
  const { t } = useTranslation('earn');
  const registry = useAssets();
  const ids = useId();
  const loans = useApiQuery('/api/borrow/borrowList', { status: 'open', page: 1, size: 50 });
  const call = useMoneyCall('/v1/earn/borrow', ['/api/borrow/borrowList']);
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  if (!loans.data) return null;
  const open = loans.data.list.find((l) => l.pledge_id === order.id) ?? null;
  const max = Number(order.amount) * Number(loans.data.ltv);
  if (open) {
    return (
      <section className="card box earn__form" data-testid="loan-open">
        <div className="erow__top">
          <span className="earn__hero-label">{t('earn.loanOpen')}</span>
          <Link className="text-link" to={routePath('node9')}>
            {t('earn.loans')} ›
          </Link>
        </div>
        <InfoRows
          rows={[
            { label: t('earn.borrowed'), value: `${registry.format(open.amount, open.asset)} ${open.asset}` },
            {
              label: t('earn.due'),
              value: `${registry.format(open.due, open.asset, EXACT)} ${open.asset}`,
              strong: true,
            },
          ]}
        />
      </section>
    );
  }
  const n = Number(amount);
  const problem = !amount.trim()
    ? t('earn.amountPrompt')
    : !fitsScale(amount, registry.scale(order.asset)) || !(n > 0)
      ? t('earn.amountInvalid')
      : n > max
        ? t('earn.loanMax', { amount: registry.format(max, order.asset), asset: order.asset })
        : null;
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('earn.borrowed'));
    setAmount('');
    setTried(false);
  };
  return (
    <section className="card box earn__form">
      <Field
        htmlFor={`${ids}-loan`}
        label={t('earn.borrow')}
        error={tried ? problem : null}
        hint={t('earn.loanTerms', {
          ltv: pct(loans.data.ltv, 0),
          rate: pct(loans.data.daily_rate, 3),
        })}
        extra={t('earn.loanMax', { amount: registry.format(max, order.asset), asset: order.asset })}
      >
        <AmountInput
          id={`${ids}-loan`}
          value={amount}
          onChange={setAmount}
          placeholder={t('earn.amountPrompt')}
          asset={order.asset}
        />
      </Field>
      <button
        type="button"
        className="btn-primary earn__btn--ghost earn__btn--small"
        onClick={() => {
          setTried(true);
          if (!problem) call.open({ pledge_id: order.id, amount: amount.trim() });
        }}
        data-testid="borrow-btn"
      >
        {t('earn.borrow')}
      </button>
      <ConfirmSheet
        visible={call.content !== null}
        title={t('earn.borrow')}
        busy={call.busy}
        onConfirm={() => void confirm()}
        onClose={call.close}
        rows={[
          {
            label: t('earn.borrowed'),
            value: `${registry.format(amount || '0', order.asset, EXACT)} ${order.asset}`,
            strong: true,
          },
          { label: t('earn.dailyRate'), value: pct(loans.data.daily_rate, 3) },
        ]}
        note={t('earn.borrowNote')}
      />
    </section>
  );
}
