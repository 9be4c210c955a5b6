import { formatDateMinute, formatNumber } from '@nexa/contract';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { AmountInput, Field } from '../../ui/form';
import { ConfirmSheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { EmptyState, ErrorState, ListSkeleton } from '../../ui/states';
import './placement.css';
import { useAssets } from '../../hooks/assets';
import { type PlacementForm, type PlacementInfo, usePlacementForm } from './use-placement-form';

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

type Round = NonNullable<PlacementInfo['round']>;

/** The round: its price, how much of it is sold, the cap per user, the least to buy, the vesting, the end. */
function RoundCard({ r }: { readonly r: Round }): ReactNode {
  const { t } = useTranslation('placement');
  const registry = useAssets();
  const soldPct = Math.min(100, (Number(r.sold) / Number(r.hard_cap)) * 100);
  return (
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
          <dd className="num">{formatDateMinute(r.ends_at)}</dd>
        </div>
      </dl>
      <Link className="text-link" to={routePath('privateEquity')}>
        {t('placement.mine')} ›
      </Link>
    </section>
  );
}

/** The amount to subscribe (with what I have, up to what I may still buy), its cost and monthly release. */
function SubscribeFields({
  d,
  r,
  form,
}: {
  readonly d: PlacementInfo;
  readonly r: Round;
  readonly form: PlacementForm;
}): ReactNode {
  const { t } = useTranslation('placement');
  const registry = useAssets();
  const ids = useId();
  return (
    <>
      <Field
        htmlFor={`${ids}-amount`}
        label={t('placement.amount')}
        error={form.shown}
        extra={t('placement.available', {
          amount: registry.format(d.available, r.pay_asset),
          asset: r.pay_asset,
        })}
        hint={t('placement.min', { amount: registry.format(r.min_amount, r.asset), asset: r.asset })}
      >
        <AmountInput
          id={`${ids}-amount`}
          value={form.amount}
          onChange={form.setAmount}
          placeholder={t('placement.amountPrompt')}
          asset={r.asset}
          onMax={() => {
            const byMoney = Math.floor((Number(d.available) / Number(r.price)) * 1e4) / 1e4;
            form.setAmount(String(Math.min(byMoney, Number(d.allowance))));
          }}
        />
      </Field>
      <dl className="fig-grid pp__grid--est">
        <div>
          <dt>{t('placement.cost')}</dt>
          <dd className="num">
            {form.cost > 0 ? `${registry.format(form.costText, r.pay_asset, EXACT)} ${r.pay_asset}` : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('placement.monthly')}</dt>
          <dd className="num up">
            {form.part > 0 ? `${registry.format(form.part, r.asset)} ${r.asset}` : '--'}
          </dd>
        </div>
      </dl>
      <button type="button" className="btn-primary" onClick={form.review} data-testid="pp-buy">
        {t('placement.subscribe')}
      </button>
    </>
  );
}

/** What I bought and may still buy; the form when I may subscribe, else why not; the rules. */
function MineCard({
  d,
  r,
  form,
}: {
  readonly d: PlacementInfo;
  readonly r: Round;
  readonly form: PlacementForm;
}): ReactNode {
  const { t } = useTranslation('placement');
  const registry = useAssets();
  return (
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
        <SubscribeFields d={d} r={r} form={form} />
      ) : (
        <p className="pp__blocked" data-testid="pp-blocked">
          {t(`placement.blocked.${d.reason ?? 'ended'}`)}
        </p>
      )}
      <p className="note note--xs">{t('placement.rules', { n: r.vesting_months })}</p>
    </section>
  );
}

/** The subscription to confirm: amount, cost, vesting, what is released each month. */
function SubscribeConfirm({ r, form }: { readonly r: Round; readonly form: PlacementForm }): ReactNode {
  const { t } = useTranslation('placement');
  const registry = useAssets();
  const { call } = form;
  return (
    <ConfirmSheet
      visible={call.content !== null}
      title={t('placement.confirm')}
      busy={call.busy}
      onConfirm={() => void form.confirm()}
      onClose={call.close}
      rows={[
        {
          label: t('placement.amount'),
          value: `${registry.format(form.text || '0', r.asset, EXACT)} ${r.asset}`,
          strong: true,
        },
        {
          label: t('placement.cost'),
          value: `${registry.format(form.costText, r.pay_asset, EXACT)} ${r.pay_asset}`,
        },
        { label: t('placement.vesting'), value: t('placement.vestingMonths', { n: r.vesting_months }) },
        { label: t('placement.monthly'), value: `${registry.format(form.part, r.asset)} ${r.asset}` },
      ]}
      note={t('placement.confirmNote')}
    />
  );
}

function Signed(): ReactNode {
  const { t } = useTranslation('placement');
  const info = useApiQuery('/api/basic/checkBuy', NO_BODY);
  const form = usePlacementForm(info.data);
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
  return (
    <div className="page">
      <RoundCard r={r} />
      <MineCard d={d} r={r} form={form} />
      <SubscribeConfirm r={r} form={form} />
    </div>
  );
}
