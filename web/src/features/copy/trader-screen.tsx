import { formatDate, formatDateTime, formatNumber, type ResponseData } from '@nexa/contract';
import { type ReactNode, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiFailure, useApiQuery } from '../../api/hooks';
import type { PagedItem } from '../../api/paging';
import { useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { AmountInput, Field, Segments } from '../../ui/form';
import { PagedList } from '../../ui/paged-list';
import { ConfirmSheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { EmptyState, ErrorState, MissingState, ScreenSkeleton } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import { showToast } from '../../ui/toast';
import { Avatar, DemoTag, PnlChart, PositionLine, pctOf, signed, TierBadge, tone } from './copy-parts';
import { ActiveCopy, COPY_REFRESH } from './my-copies';
import './copy.css';
import { useAssets } from '../../hooks/assets';
import { EXACT } from '../../lib/amounts';

type Days = 7 | 30 | 90;

/** One lead trader (/copyTrader?id=): figures, PnL chart, positions (delayed), history; follow or my copy. */
export default function TraderScreen(): ReactNode {
  const { t } = useTranslation('copy');
  const { token } = useSession();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!token) {
    return (
      <div className="copy">
        <SignInPrompt title={t('copy.signInTitle')} body={t('copy.signInBody')} />
      </div>
    );
  }
  if (!Number.isInteger(id) || id <= 0) return <MissingState noId back="/copy" />;
  return <Trader id={id} />;
}

type TraderDetail = ResponseData<'/v1/copy/trader'>;

/** The trader's 14-day rate and figures: followers' profit, capital, profit days, copies, assets, slippage. */
function TraderFigures({ x }: { readonly x: TraderDetail }): ReactNode {
  const { t } = useTranslation('copy');
  const registry = useAssets();
  return (
    <section className="card box">
      <div className="ctrd__rate">
        <span className={`num ${tone(x.rate14)}`} data-testid="trader-rate">
          {signed(x.rate14)}%
        </span>
        <span className="ctrader__small">{t('copy.figure.rate14')}</span>
      </div>
      <dl className="cgrid cgrid--3">
        <div>
          <dt>{t('copy.figure.follower_profit')}</dt>
          <dd className={`num ${tone(x.follower_profit)}`}>{signed(x.follower_profit)}</dd>
        </div>
        <div>
          <dt>{t('copy.figure.capital')}</dt>
          <dd className="num">{registry.format(x.capital, 'USDT')}</dd>
        </div>
        <div>
          <dt>{t('copy.figure.profit_days')}</dt>
          <dd className="num">{x.profit_days}/30</dd>
        </div>
        <div>
          <dt>{t('copy.figure.copy_count')}</dt>
          <dd className="num">
            {x.copy_count}/{x.max_followers}
          </dd>
        </div>
        <div>
          <dt>{t('copy.aum')}</dt>
          <dd className="num">{registry.format(x.aum, 'USDT')}</dd>
        </div>
        <div>
          <dt>{t('copy.avgSlippage')}</dt>
          <dd className="num" title={t('copy.slippageHint', { n: x.copied_trades })}>
            {formatNumber(x.avg_slippage, 3)}%
          </dd>
        </div>
      </dl>
      <p className="ccopy__terms">{t('copy.shareTerms', { pct: pctOf(x.profit_share) })}</p>
    </section>
  );
}

/** One closed position of the trader's: side, instrument, leverage, net result, prices, size, when. */
function HistoryRow({ p }: { readonly p: PagedItem<'/v1/copy/traderHistory'> }): ReactNode {
  const { t } = useTranslation('copy');
  return (
    <article className="crec">
      <div className="crec__top">
        <span className={p.pos_side === 'long' ? 'up' : 'down'}>
          {t(p.pos_side === 'long' ? 'copy.long' : 'copy.short')} {p.instId.replace('-SWAP', '')} {p.lever}×
        </span>
        <span className={`num ${tone(p.net_pnl)}`}>{signed(p.net_pnl)} USDT</span>
      </div>
      {p.simulated_past ? (
        <span className="cdemo crec__past" data-testid="simulated-past">
          {t('copy.simulatedPast')}
        </span>
      ) : null}
      <dl className="cgrid cgrid--4">
        <div>
          <dt>{t('copy.entry')}</dt>
          <dd className="num">{formatNumber(p.open_avg_px, 2)}</dd>
        </div>
        <div>
          <dt>{t('copy.exit')}</dt>
          <dd className="num">{formatNumber(p.close_avg_px, 2)}</dd>
        </div>
        <div>
          <dt>{t('copy.size')}</dt>
          <dd className="num">{p.max_pos}</dd>
        </div>
        <div>
          <dt>{t('copy.closed')}</dt>
          <dd className="num">{formatDateTime(p.closed_at).slice(5, 16)}</dd>
        </div>
      </dl>
    </article>
  );
}

function Trader({ id }: { readonly id: number }): ReactNode {
  const { t } = useTranslation('copy');
  const [days, setDays] = useState<Days>(30);
  const [tab, setTab] = useState<'positions' | 'history'>('positions');
  const [following, setFollowing] = useState(false);
  const q = useApiQuery(
    '/v1/copy/trader',
    { id, days },
    { refetchInterval_ms: 10_000, handles: ['TraderNotFound'] },
  );
  if (!q.data) {
    if (q.error instanceof ApiFailure && q.error.is('TraderNotFound'))
      return <MissingState title={t('copy.noTrader')} back="/copy" />;
    return q.isError ? <ErrorState onRetry={() => void q.refetch()} /> : <ScreenSkeleton />;
  }
  const x = q.data;
  return (
    <div className="copy ctrd">
      <section className="ctrd__head">
        <Avatar name={x.name} size={48} />
        <div className="ctrader__who">
          <span className="ctrd__name">{x.name}</span>
          <span className="ctrader__meta">
            <DemoTag demo={x.demo} />
            <TierBadge tier={x.tier} />
            <span>{t('copy.since', { date: formatDate(x.since) })}</span>
          </span>
        </div>
      </section>
      <TraderFigures x={x} />
      <section className="card box">
        <Segments
          label={t('copy.pnlChart')}
          value={String(days) as '7' | '30' | '90'}
          onChange={(v) => setDays(Number(v) as Days)}
          options={[
            { value: '7', label: t('copy.days', { n: 7 }) },
            { value: '30', label: t('copy.days', { n: 30 }) },
            { value: '90', label: t('copy.days', { n: 90 }) },
          ]}
        />
        <PnlChart points={x.pnl} />
        {x.demo ? (
          <p className="ccopy__terms" data-testid="copy-demo-history">
            {t('copy.demoHistory', { date: formatDateTime(x.since).slice(0, 10) })}
          </p>
        ) : null}
      </section>
      {x.my_follow ? <ActiveCopy f={x.my_follow} compact /> : null}
      <Tabs
        className="copy__subtabs"
        size="m"
        value={tab}
        onChange={setTab}
        items={[
          { key: 'positions', label: t('copy.leadPositions', { count: x.positions.length }) },
          { key: 'history', label: t('copy.leadHistory') },
        ]}
      />
      {tab === 'positions' ? (
        <div className="ctrd__positions">
          {x.delay_min > 0 ? <p className="ccopy__terms">{t('copy.delayed', { n: x.delay_min })}</p> : null}
          {x.positions.length === 0 ? (
            <EmptyState title={t('copy.noLeadPositions')} />
          ) : (
            x.positions.map((p) => <PositionLine key={p.instId} p={p} />)
          )}
        </div>
      ) : (
        <PagedList
          path="/v1/copy/traderHistory"
          filters={{ id }}
          pullToRefresh={false}
          itemKey={(p) => p.id}
          emptyTitle={t('copy.noLeadHistory')}
          renderItem={(p) => <HistoryRow p={p} />}
        />
      )}
      {x.my_follow ? null : (
        <div className="ctrd__bar">
          <button
            type="button"
            className="btn-primary"
            onClick={() => setFollowing(true)}
            data-testid="copy-follow"
          >
            {t('copy.follow')}
          </button>
        </div>
      )}
      {following ? <FollowSheet traderId={id} name={x.name} onClose={() => setFollowing(false)} /> : null}
    </div>
  );
}

const DEC = /^\d+(\.\d{1,6})?$/;

/** The follow form's values, and what is wrong with each (said once the user tried to go on). */
function useFollowForm(link: { readonly linked: boolean } | undefined) {
  const { t } = useTranslation('copy');
  const [mode, setMode] = useState<'amount' | 'ratio'>('amount');
  const [amount, setAmount] = useState('');
  const [ratio, setRatio] = useState('1');
  const [budget, setBudget] = useState('');
  const [sl, setSl] = useState('');
  const [tp, setTp] = useState('');
  const [venue, setVenue] = useState<'platform' | 'okx'>('platform');
  const [tried, setTried] = useState(false);
  const errors = {
    amount:
      mode !== 'amount'
        ? null
        : !amount.trim()
          ? t('copy.amountPrompt')
          : !(num(amount) >= 10)
            ? t('copy.amountMin', { min: 10 })
            : budget && num(amount) > num(budget)
              ? t('copy.amountOverBudget')
              : null,
    ratio: mode !== 'ratio' ? null : !(num(ratio) > 0 && num(ratio) <= 10) ? t('copy.ratioRange') : null,
    budget: !budget.trim()
      ? t('copy.budgetPrompt')
      : !(num(budget) >= 50)
        ? t('copy.budgetMin', { min: 50 })
        : null,
    sl: sl.trim() && !(num(sl) > 0 && num(sl) <= 100) ? t('copy.pctRange') : null,
    tp: tp.trim() && !(num(tp) > 0 && num(tp) <= 1000) ? t('copy.pctRange') : null,
    venue: venue === 'okx' && link && !link.linked ? t('copy.okxFirst') : null,
  };
  const err = (k: keyof typeof errors) => (tried ? errors[k] : null);
  return {
    mode,
    setMode,
    amount,
    setAmount,
    ratio,
    setRatio,
    budget,
    setBudget,
    sl,
    setSl,
    tp,
    setTp,
    venue,
    setVenue,
    setTried,
    errors,
    err,
  };
}

/** The follow form: by amount or by ratio, budget, stop-loss and take-profit, where the copies trade. */
function FollowFields({
  form,
  available,
  needsLink,
}: {
  readonly form: ReturnType<typeof useFollowForm>;
  readonly available: string | null;
  /** OKX chosen and not linked yet: the way to link it. */
  readonly needsLink: boolean;
}): ReactNode {
  const { t } = useTranslation('copy');
  const registry = useAssets();
  const ids = useId();
  return (
    <div className="cfollow">
      <Segments
        label={t('copy.mode')}
        value={form.mode}
        onChange={form.setMode}
        options={[
          { value: 'amount', label: t('copy.modeAmount') },
          { value: 'ratio', label: t('copy.modeRatio') },
        ]}
      />
      {form.mode === 'amount' ? (
        <Field
          htmlFor={`${ids}-a`}
          label={t('copy.amount')}
          error={form.err('amount')}
          hint={t('copy.amountHint')}
        >
          <AmountInput
            id={`${ids}-a`}
            value={form.amount}
            onChange={form.setAmount}
            placeholder="≥ 10"
            asset="USDT"
          />
        </Field>
      ) : (
        <Field
          htmlFor={`${ids}-r`}
          label={t('copy.ratio')}
          error={form.err('ratio')}
          hint={t('copy.ratioHint')}
        >
          <AmountInput id={`${ids}-r`} value={form.ratio} onChange={form.setRatio} placeholder="1" />
        </Field>
      )}
      <Field
        htmlFor={`${ids}-b`}
        label={t('copy.budget')}
        error={form.err('budget')}
        extra={
          available !== null ? t('copy.available', { amount: registry.format(available, 'USDT') }) : null
        }
        hint={t('copy.budgetHint')}
      >
        <AmountInput
          id={`${ids}-b`}
          value={form.budget}
          onChange={form.setBudget}
          placeholder="≥ 50"
          asset="USDT"
        />
      </Field>
      <div className="cfollow__row">
        <Field htmlFor={`${ids}-sl`} label={t('copy.sl')} error={form.err('sl')}>
          <AmountInput
            id={`${ids}-sl`}
            value={form.sl}
            onChange={form.setSl}
            placeholder={t('copy.optional')}
            asset="%"
          />
        </Field>
        <Field htmlFor={`${ids}-tp`} label={t('copy.tp')} error={form.err('tp')}>
          <AmountInput
            id={`${ids}-tp`}
            value={form.tp}
            onChange={form.setTp}
            placeholder={t('copy.optional')}
            asset="%"
          />
        </Field>
      </div>
      <Field label={t('copy.venue')} error={form.err('venue')}>
        <Segments
          label={t('copy.venue')}
          value={form.venue}
          onChange={form.setVenue}
          options={[
            { value: 'platform', label: t('copy.venues.platform') },
            { value: 'okx', label: t('copy.venues.okx') },
          ]}
        />
      </Field>
      {needsLink ? (
        <Link className="cfollow__link" to={routePath('me5')}>
          {t('copy.linkOkx')} ›
        </Link>
      ) : null}
      {available !== null && Number(available) < 10 ? (
        <p className="ccopy__terms">
          {t('copy.fundFutures')} <Link to={routePath('transfer')}>{t('copy.transfer')} ›</Link>
        </p>
      ) : null}
    </div>
  );
}

const num = (v: string) => (DEC.test(v.trim()) ? Number(v) : Number.NaN);

/** Copy a trader: amount per position or ratio, budget, stop-loss and take-profit, where to execute. */
function FollowSheet({
  traderId,
  name,
  onClose,
}: {
  readonly traderId: number;
  readonly name: string;
  readonly onClose: () => void;
}): ReactNode {
  const { t } = useTranslation('copy');
  const registry = useAssets();
  const link = useApiQuery('/v1/user/okxLink', {});
  const account = useApiQuery('/v1/futures/account', {});
  const call = useMoneyCall('/v1/copy/follow', COPY_REFRESH);
  const form = useFollowForm(link.data);
  const available = account.data?.available ?? null;
  const { mode, amount, ratio, budget, sl, tp, venue, errors } = form;
  const problem = Object.values(errors).find((e) => e) ?? null;
  const review = () => {
    form.setTried(true);
    if (problem) return;
    const rate = (v: string) => String(num(v) / 100);
    call.open({
      trader_id: traderId,
      mode,
      ...(mode === 'amount' ? { amount: amount.trim() } : { ratio: ratio.trim() }),
      budget: budget.trim(),
      ...(sl.trim() ? { sl_ratio: rate(sl) } : {}),
      ...(tp.trim() ? { tp_ratio: rate(tp) } : {}),
      venue,
    });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('copy.copySuccess'));
    onClose();
  };
  return (
    <ConfirmSheet
      visible
      title={t('copy.followTitle', { name })}
      busy={call.busy}
      confirmText={call.content ? t('copy.confirmFollow') : t('copy.next')}
      onConfirm={() => (call.content ? void confirm() : review())}
      onClose={() => (call.content ? call.close() : onClose())}
      rows={
        call.content
          ? [
              {
                label: mode === 'amount' ? t('copy.amount') : t('copy.ratio'),
                value: mode === 'amount' ? `${registry.format(amount, 'USDT', EXACT)} USDT` : `${ratio}×`,
              },
              {
                label: t('copy.budget'),
                value: `${registry.format(budget, 'USDT', EXACT)} USDT`,
                strong: true,
              },
              { label: t('copy.sl'), value: sl ? `${sl}%` : '--' },
              { label: t('copy.tp'), value: tp ? `${tp}%` : '--' },
              { label: t('copy.venue'), value: t(`copy.venues.${venue}`) },
            ]
          : []
      }
      note={call.content ? t('copy.followNote') : null}
    >
      {call.content ? null : (
        <FollowFields
          form={form}
          available={available}
          needsLink={venue === 'okx' && link.data !== undefined && !link.data.linked}
        />
      )}
    </ConfirmSheet>
  );
}
