import { formatDate, formatNumber } from '@nexa/contract';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { NO_BODY, useApiQuery } from '../../api/hooks';
import { useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { EXACT } from '../../lib/amounts';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { AmountInput, Field } from '../../ui/form';
import { ConfirmSheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { EmptyState, ErrorState, ListSkeleton } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import { showToast } from '../../ui/toast';
import './nft.css';
import { useAssets } from '../../hooks/assets';
import { type AddLiquidity, type InnerPool, LP_REFRESH, useAddLiquidity } from './use-add-liquidity';

type Tab = 'inner' | 'chain';

/** Liquidity (/nft4): inside the platform (add at the market price, remove, rewards) and on chain (my LP). */
export default function LiquidityScreen(): ReactNode {
  const { t } = useTranslation('nft');
  const { token } = useSession();
  const [tab, setTab] = useState<Tab>('inner');
  if (!token) return <SignInPrompt title={t('nft.signInTitle')} body={t('nft.signInBody')} />;
  return (
    <div className="page nft page--flush nft--records">
      <Tabs
        className="tabs-bar"
        size="m"
        value={tab}
        onChange={setTab}
        items={[
          { key: 'inner', label: t('nft.inner') },
          { key: 'chain', label: t('nft.onChain') },
        ]}
      />
      {tab === 'inner' ? <Inner /> : <Chain />}
    </div>
  );
}

type Position = InnerPool['list'][number];

/** The pool: pair and price, the rewards it pays a day, its value, mine, what I earned; the way to records. */
function PoolCard({ d }: { readonly d: InnerPool }): ReactNode {
  const { t } = useTranslation('nft');
  const registry = useAssets();
  return (
    <section className="card nft-form">
      <div className="row row--between">
        <span className="nft-h">{d.pair}</span>
        <span className="num">{d.price ? `${formatNumber(d.price, 4)} USDT` : t('nft.noPrice')}</span>
      </div>
      <dl className="fig-grid nft-grid2">
        <div>
          <dt>{t('nft.dailyBudget')}</dt>
          <dd className="num up">
            {registry.format(d.daily_budget, d.reward_asset)} {d.reward_asset}
          </dd>
        </div>
        <div>
          <dt>{t('nft.poolValue')}</dt>
          <dd className="num">{registry.format(d.total_value, 'USDT')} USDT</dd>
        </div>
        <div>
          <dt>{t('nft.myValue')}</dt>
          <dd className="num" data-testid="lp-my-value">
            {registry.format(d.my_value, 'USDT')} USDT
          </dd>
        </div>
        <div>
          <dt>{t('nft.earned')}</dt>
          <dd className="num up">
            {registry.format(d.earned, d.reward_asset)} {d.reward_asset}
          </dd>
        </div>
      </dl>
      <Link className="nft-link" to={routePath('nft41')}>
        {t('nft.lpRecords')} ›
      </Link>
    </section>
  );
}

/** The USDT to add (with what I have of both), the BWC it takes, the button. */
function AddCard({ d, form }: { readonly d: InnerPool; readonly form: AddLiquidity }): ReactNode {
  const { t } = useTranslation('nft');
  const registry = useAssets();
  const ids = useId();
  return (
    <section className="card nft-form">
      <Field
        htmlFor={`${ids}-usdt`}
        label={t('nft.addUsdt')}
        error={form.shown}
        extra={t('nft.available', {
          usdt: registry.format(form.usdt ?? '0', 'USDT'),
          bwc: registry.format(form.base ?? '0', 'BWC'),
        })}
        hint={t('nft.min', { amount: d.min_usdt })}
      >
        <AmountInput
          id={`${ids}-usdt`}
          value={form.amount}
          onChange={form.setAmount}
          placeholder={t('nft.amountPrompt')}
          asset="USDT"
        />
      </Field>
      <p className="note note--xs nft-note">
        {form.need > 0 ? t('nft.takesBwc', { amount: registry.format(form.need, 'BWC') }) : t('nft.lpRules')}
      </p>
      <button
        type="button"
        className="btn-primary nft-btn"
        data-testid="lp-add-btn"
        disabled={!d.price}
        onClick={form.submit}
      >
        {t('nft.addLiquidity')}
      </button>
    </section>
  );
}

/** One of my positions: what went in, its status, value, earnings, since when; an active one can be removed. */
function PositionRow({ p, onRemove }: { readonly p: Position; readonly onRemove: () => void }): ReactNode {
  const { t } = useTranslation('nft');
  const registry = useAssets();
  return (
    <article className="card nft-form" data-testid="lp-row">
      <div className="row row--between">
        <span className="nft-row__title num">
          {registry.format(p.usdt, 'USDT')} USDT + {registry.format(p.bwc, 'BWC')} BWC
        </span>
        <span className={`nft-chip nft-chip--${p.status}`}>{t(`nft.lpStatus.${p.status}`)}</span>
      </div>
      <dl className="fig-grid nft-grid2 fig-grid--3">
        <div>
          <dt>{t('nft.value')}</dt>
          <dd className="num">{registry.format(p.value, 'USDT')} USDT</dd>
        </div>
        <div>
          <dt>{t('nft.earned')}</dt>
          <dd className="num up">{registry.format(p.earned, 'BWC')} BWC</dd>
        </div>
        <div>
          <dt>{t('nft.added')}</dt>
          <dd className="num">{formatDate(p.created_at)}</dd>
        </div>
      </dl>
      {p.status === 'active' ? (
        <button
          type="button"
          className="btn-primary nft-btn nft-btn--ghost nft-btn--small"
          data-testid="lp-remove-btn"
          onClick={onRemove}
        >
          {t('nft.remove')}
        </button>
      ) : null}
    </article>
  );
}

function Inner(): ReactNode {
  const { t } = useTranslation('nft');
  const registry = useAssets();
  const q = useApiQuery('/api/lp/inner', NO_BODY);
  const form = useAddLiquidity(q.data);
  const remove = useMoneyCall('/v1/lp/remove', LP_REFRESH);
  if (!q.data) {
    return q.isError ? <ErrorState onRetry={() => void q.refetch()} /> : <ListSkeleton rows={4} />;
  }
  const d = q.data;
  const removing = d.list.find((p) => remove.content?.id === p.id);
  return (
    <div className="page nft page--no-bottom">
      <PoolCard d={d} />
      <AddCard d={d} form={form} />
      {d.list.length === 0 ? (
        <EmptyState title={t('nft.noPositions')} />
      ) : (
        d.list.map((p) => <PositionRow key={p.id} p={p} onRemove={() => remove.open({ id: p.id })} />)
      )}
      <ConfirmSheet
        visible={form.add.content !== null}
        title={t('nft.confirmAdd')}
        busy={form.add.busy}
        onClose={form.add.close}
        onConfirm={form.confirm}
        rows={[
          { label: 'USDT', value: registry.format(form.text || '0', 'USDT', EXACT), strong: true },
          { label: 'BWC', value: registry.format(form.need, 'BWC') },
        ]}
        note={t('nft.addNote')}
      />
      <ConfirmSheet
        visible={remove.content !== null}
        title={t('nft.confirmRemove')}
        busy={remove.busy}
        onClose={remove.close}
        onConfirm={() =>
          void remove.confirm().then((done) => {
            if (done) showToast(t('nft.removedToast'));
          })
        }
        rows={[
          { label: 'USDT', value: registry.format(removing?.usdt ?? '0', 'USDT'), strong: true },
          { label: 'BWC', value: registry.format(removing?.bwc ?? '0', 'BWC') },
        ]}
        note={t('nft.removeNote')}
      />
    </div>
  );
}

function Chain(): ReactNode {
  const { t } = useTranslation('nft');
  const q = useApiQuery('/api/lp/chain', NO_BODY);
  const registry = useAssets();
  // A token the platform knows (NEU, USDT) reads at its one display precision; another at 6 decimals.
  const tokenAmount = (v: string, token: string | null) =>
    token && registry.units(token) ? registry.format(v, token) : formatNumber(v, 6);
  if (!q.data) return q.isError ? <ErrorState onRetry={() => void q.refetch()} /> : <ListSkeleton rows={3} />;
  const d = q.data;
  if (!d.configured) return <EmptyState title={t('nft.chainOff')} body={t('nft.chainOffBody')} />;
  return (
    <div className="page nft page--no-bottom">
      <section className="card nft-form" data-testid="lp-chain">
        <dl className="fig-grid nft-grid2">
          <div>
            <dt>{t('nft.pair')}</dt>
            <dd>
              {d.token0}/{d.token1}
            </dd>
          </div>
          <div>
            <dt>{t('nft.share')}</dt>
            <dd className="num">{formatNumber(String(Number(d.share) * 100), 4)}%</dd>
          </div>
          <div>
            <dt>{t('nft.lpBalance')}</dt>
            <dd className="num">{formatNumber(d.lp_balance, 6)}</dd>
          </div>
          <div>
            <dt>{t('nft.totalSupply')}</dt>
            <dd className="num">{formatNumber(d.total_supply, 6)}</dd>
          </div>
          <div>
            <dt>{d.token0}</dt>
            <dd className="num">{tokenAmount(d.amount0, d.token0)}</dd>
          </div>
          <div>
            <dt>{d.token1}</dt>
            <dd className="num">{tokenAmount(d.amount1, d.token1)}</dd>
          </div>
        </dl>
        <p className="note note--xs nft-note nft-addr">{d.address}</p>
      </section>
    </div>
  );
}
