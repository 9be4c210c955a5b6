import { formatNumber } from '@nexa/contract';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { useApiQuery } from '../../api/hooks';
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
import { EXACT } from '../../lib/amounts';

const TERMS = { page: 1, size: 1 };

/** Burn (/node3): the minimum, the release multiple and daily release; burn an amount after a confirmation. */
export default function BurnScreen(): ReactNode {
  const { t } = useTranslation('earn');
  const { token } = useSession();
  if (!token) {
    return (
      <div className="page">
        <SignInPrompt title={t('earn.signInTitle')} body={t('earn.signInBody')} />
      </div>
    );
  }
  return <Signed />;
}

function Signed(): ReactNode {
  const { t } = useTranslation('earn');
  const registry = useAssets();
  const check = useAmountCheck();
  const ids = useId();
  const terms = useApiQuery('/api/destroy/destroyList', TERMS);
  const balances = useBalances();
  const call = useMoneyCall('/api/destroy/index', ['/api/destroy/destroyList']);
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  if (!terms.data) {
    return (
      <div className="page">
        {terms.isError ? <ErrorState onRetry={() => void terms.refetch()} /> : <ListSkeleton rows={3} />}
      </div>
    );
  }
  const d = terms.data;
  const available = balances.available(d.asset, 'spot');
  const n = Number(amount);
  const max = n > 0 ? n * Number(d.multiple) : 0;
  const daily = max * Number(d.daily_rate);
  const problem = check(amount, d.min_amount, d.asset, available);
  const review = () => {
    setTried(true);
    if (problem) return;
    call.open({ amount: amount.trim() });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('earn.burnSuccess'));
    setAmount('');
    setTried(false);
  };
  return (
    <div className="page">
      <section className="card box">
        <dl className="fig-grid fig-grid--3">
          <div>
            <dt>{t('earn.minBurn')}</dt>
            <dd className="num">
              {registry.format(d.min_amount, d.asset)} {d.asset}
            </dd>
          </div>
          <div>
            <dt>{t('earn.multiple')}</dt>
            <dd className="num">{formatNumber(d.multiple, 2)}×</dd>
          </div>
          <div>
            <dt>{t('earn.dailyRelease')}</dt>
            <dd className="num">{pct(d.daily_rate, 2)}</dd>
          </div>
        </dl>
        <div className="earn__links">
          <Link className="text-link" to={routePath('node4')}>
            {t('earn.burnRecords')} ›
          </Link>
          <Link className="text-link" to={routePath('node6')}>
            {t('earn.incomeRecords')} ›
          </Link>
        </div>
      </section>
      <section className="card box earn__form">
        <Field
          htmlFor={`${ids}-amount`}
          label={t('earn.burnAmount')}
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
          />
        </Field>
        <dl className="fig-grid earn__est">
          <div>
            <dt>{t('earn.maxRelease')}</dt>
            <dd className="num up">{max > 0 ? `${registry.format(max, d.asset)} ${d.asset}` : '--'}</dd>
          </div>
          <div>
            <dt>{t('earn.dailyRelease')}</dt>
            <dd className="num">
              {daily > 0 ? `${registry.format(daily, d.asset, EXACT)} ${d.asset}` : '--'}
            </dd>
          </div>
        </dl>
        <button type="button" className="btn-primary" onClick={review} data-testid="burn-btn">
          {t('earn.burn')}
        </button>
        <p className="note note--xs">{t('earn.burnRules')}</p>
      </section>
      <ConfirmSheet
        visible={call.content !== null}
        title={t('earn.confirmBurn')}
        busy={call.busy}
        onConfirm={() => void confirm()}
        onClose={call.close}
        rows={[
          {
            label: t('earn.burnAmount'),
            value: `${registry.format(amount || '0', d.asset, EXACT)} ${d.asset}`,
            strong: true,
          },
          { label: t('earn.maxRelease'), value: `${registry.format(max, d.asset)} ${d.asset}` },
          { label: t('earn.dailyRelease'), value: `${registry.format(daily, d.asset, EXACT)} ${d.asset}` },
        ]}
        note={t('earn.burnNote')}
      />
    </div>
  );
}
