import { formatDateTime, formatNumber } from '@nexa/contract';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { useApiQuery } from '../../api/hooks';
import { useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { compareAmounts, EXACT, fitsScale, multiplyUp } from '../../lib/amounts';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { AmountInput, Field } from '../../ui/form';
import { ConfirmSheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { EmptyState, ErrorState, ListSkeleton } from '../../ui/states';
import { showToast } from '../../ui/toast';
import './placement.css';
import { useAssets } from '../../hooks/assets';

const NO_BODY = {};
const REFRESH = ['/api/basic/checkBuy', '/v1/placement/mine'] as const;

/** Private placement (/privatePlacement): the round, its progress and terms; subscribe after a confirmation. */
export default function PlacementScreen(): ReactNode {
  const { t } = useTranslation('placement');
  const { token } = useSession();
  if (!token) {
    return (
      <div className="page">
        <SignInPrompt title={t('placement.signInTitle')} body={t('placement.signInBody')} />
      </div>
    );
  }
  return <Signed />;
}

function Signed(): ReactNode {
  const { t } = useTranslation('placement');
  const registry = useAssets();
  const ids = useId();
  const info = useApiQuery('/api/basic/checkBuy', NO_BODY);
  const call = useMoneyCall('/api/basic/saveBuy', REFRESH);
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  if (!info.data) {
    return (
      <div className="page">
        {info.isError ? <ErrorState onRetry={() => void info.refetch()} /> : <ListSkeleton rows={4} />}
      </div>
    );
  }
  const d = info.data;
  const r = d.round;
  if (!r) {
    return (
      <div className="page">
        <EmptyState title={t('placement.noRound')} />
      </div>
    );
  }
  const soldPct = Math.min(100, (Number(r.sold) / Number(r.hard_cap)) * 100);
  const n = Number(amount);
  // What the purchase costs, rounded up to the pay asset's decimals (as the server charges it).
  const costText = multiplyUp(amount, r.price, registry.scale(r.pay_asset)) ?? '0';
  const cost = n > 0 ? Number(costText) : 0;
  const part = n > 0 ? n / r.vesting_months : 0;
  const text = amount.trim();
  const problem = !text
    ? t('placement.amountPrompt')
    : !fitsScale(text, registry.scale(r.asset)) || !(n > 0)
      ? t('placement.amountInvalid')
      : n < Number(r.min_amount)
        ? t('placement.min', { amount: registry.format(r.min_amount, r.asset), asset: r.asset })
        : n > Number(d.allowance)
          ? t('placement.max', { amount: registry.format(d.allowance, r.asset), asset: r.asset })
          : compareAmounts(costText, d.available) > 0
            ? t('placement.insufficient')
            : null;
  const review = () => {
    setTried(true);
    if (problem) return;
    call.open({ round_id: r.id, amount: text });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('placement.success'));
    setAmount('');
    setTried(false);
  };
  return (
    <div className="page">
      <section className="card box">
        <div className="pp__name">{r.name}</div>
        <div className="hero-figure pp__price num">
          1 {r.asset} = {formatNumber(r.price, 4)} <small>{r.pay_asset}</small>
        </div>
        <div
          className="bar pp__bar"
          role="progressbar"
          aria-valuenow={Math.round(soldPct)}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <span style={{ width: `${soldPct}%` }} />
        </div>
        <div className="pp__progress num" data-testid="pp-sold">
          <span>
            {t('placement.sold')} {registry.format(r.sold, r.asset)} / {registry.format(r.hard_cap, r.asset)}{' '}
            {r.asset}
          </span>
          <span>{formatNumber(soldPct.toFixed(2), 2)}%</span>
        </div>
        <dl className="fig-grid">
          <div>
            <dt>{t('placement.perUserCap')}</dt>
            <dd className="num">
              {registry.format(r.per_user_cap, r.asset)} {r.asset}
            </dd>
          </div>
          <div>
            <dt>{t('placement.minBuy')}</dt>
            <dd className="num">
              {registry.format(r.min_amount, r.asset)} {r.asset}
            </dd>
          </div>
          <div>
            <dt>{t('placement.vesting')}</dt>
            <dd>{t('placement.vestingMonths', { n: r.vesting_months })}</dd>
          </div>
          <div>
            <dt>{t('placement.ends')}</dt>
            <dd className="num">{formatDateTime(r.ends_at).slice(0, 16)}</dd>
          </div>
        </dl>
        <Link className="text-link" to={routePath('privateEquity')}>
          {t('placement.mine')} ›
        </Link>
      </section>
      <section className="card box">
        <dl className="fig-grid pp__grid--mine">
          <div>
            <dt>{t('placement.bought')}</dt>
            <dd className="num" data-testid="pp-bought">
              {registry.format(d.bought, r.asset)} {r.asset}
            </dd>
          </div>
          <div>
            <dt>{t('placement.allowance')}</dt>
            <dd className="num">
              {registry.format(d.allowance, r.asset)} {r.asset}
            </dd>
          </div>
        </dl>
        {d.eligible ? (
          <>
            <Field
              htmlFor={`${ids}-amount`}
              label={t('placement.amount')}
              error={tried ? problem : null}
              extra={t('placement.available', {
                amount: registry.format(d.available, r.pay_asset),
                asset: r.pay_asset,
              })}
              hint={t('placement.min', { amount: registry.format(r.min_amount, r.asset), asset: r.asset })}
            >
              <AmountInput
                id={`${ids}-amount`}
                value={amount}
                onChange={setAmount}
                placeholder={t('placement.amountPrompt')}
                asset={r.asset}
                onMax={() => {
                  const byMoney = Math.floor((Number(d.available) / Number(r.price)) * 1e4) / 1e4;
                  setAmount(String(Math.min(byMoney, Number(d.allowance))));
                }}
              />
            </Field>
            <dl className="fig-grid pp__grid--est">
              <div>
                <dt>{t('placement.cost')}</dt>
                <dd className="num">
                  {cost > 0 ? `${registry.format(costText, r.pay_asset, EXACT)} ${r.pay_asset}` : '--'}
                </dd>
              </div>
              <div>
                <dt>{t('placement.monthly')}</dt>
                <dd className="num up">{part > 0 ? `${registry.format(part, r.asset)} ${r.asset}` : '--'}</dd>
              </div>
            </dl>
            <button type="button" className="btn-primary" onClick={review} data-testid="pp-buy">
              {t('placement.subscribe')}
            </button>
          </>
        ) : (
          <p className="pp__blocked" data-testid="pp-blocked">
            {t(`placement.blocked.${d.reason ?? 'ended'}`)}
          </p>
        )}
        <p className="note note--xs">{t('placement.rules', { n: r.vesting_months })}</p>
      </section>
      <ConfirmSheet
        visible={call.content !== null}
        title={t('placement.confirm')}
        busy={call.busy}
        onConfirm={() => void confirm()}
        onClose={call.close}
        rows={[
          {
            label: t('placement.amount'),
            value: `${registry.format(text || '0', r.asset, EXACT)} ${r.asset}`,
            strong: true,
          },
          {
            label: t('placement.cost'),
            value: `${registry.format(costText, r.pay_asset, EXACT)} ${r.pay_asset}`,
          },
          { label: t('placement.vesting'), value: t('placement.vestingMonths', { n: r.vesting_months }) },
          { label: t('placement.monthly'), value: `${registry.format(part, r.asset)} ${r.asset}` },
        ]}
        note={t('placement.confirmNote')}
      />
    </div>
  );
}
