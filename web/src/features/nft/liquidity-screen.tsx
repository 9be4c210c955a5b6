import { formatDateTime, formatNumber } from '@nexa/contract';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { useApiQuery } from '../../api/hooks';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { EXACT, fitsScale } from '../../lib/amounts';
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

const NO_BODY = {};
const REFRESH = ['/api/lp/inner', '/v1/lp/records'] as const;
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

function Inner(): ReactNode {
  const { t } = useTranslation('nft');
  const registry = useAssets();
  const ids = useId();
  const q = useApiQuery('/api/lp/inner', NO_BODY);
  const balances = useBalances();
  const add = useMoneyCall('/v1/lp/add', REFRESH);
  const remove = useMoneyCall('/v1/lp/remove', REFRESH);
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  if (!q.data) {
    return q.isError ? <ErrorState onRetry={() => void q.refetch()} /> : <ListSkeleton rows={4} />;
  }
  const d = q.data;
  const usdt = balances.available('USDT', 'spot');
  const base = balances.available('BWC', 'spot');
  const n = Number(amount);
  const need = d.price && n > 0 ? n / Number(d.price) : 0;
  const text = amount.trim();
  const problem = !text
    ? t('nft.amountPrompt')
    : !fitsScale(text, registry.scale('USDT')) || !(n > 0)
      ? t('nft.amountInvalid')
      : n < Number(d.min_usdt)
        ? t('nft.min', { amount: d.min_usdt })
        : (usdt !== null && n > Number(usdt)) || (base !== null && need > Number(base))
          ? t('nft.insufficient')
          : null;
  const removing = d.list.find((p) => remove.content?.id === p.id);
  return (
    <div className="page nft page--no-bottom">
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
      <section className="card nft-form">
        <Field
          htmlFor={`${ids}-usdt`}
          label={t('nft.addUsdt')}
          error={tried ? problem : null}
          extra={t('nft.available', {
            usdt: registry.format(usdt ?? '0', 'USDT'),
            bwc: registry.format(base ?? '0', 'BWC'),
          })}
          hint={t('nft.min', { amount: d.min_usdt })}
        >
          <AmountInput
            id={`${ids}-usdt`}
            value={amount}
            onChange={setAmount}
            placeholder={t('nft.amountPrompt')}
            asset="USDT"
          />
        </Field>
        <p className="note note--xs nft-note">
          {need > 0 ? t('nft.takesBwc', { amount: registry.format(need, 'BWC') }) : t('nft.lpRules')}
        </p>
        <button
          type="button"
          className="btn-primary nft-btn"
          data-testid="lp-add-btn"
          disabled={!d.price}
          onClick={() => {
            setTried(true);
            if (!problem) add.open({ usdt: text });
          }}
        >
          {t('nft.addLiquidity')}
        </button>
      </section>
      {d.list.length === 0 ? (
        <EmptyState title={t('nft.noPositions')} />
      ) : (
        d.list.map((p) => (
          <article className="card nft-form" key={p.id} data-testid="lp-row">
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
                <dd className="num">{formatDateTime(p.created_at).slice(0, 10)}</dd>
              </div>
            </dl>
            {p.status === 'active' ? (
              <button
                type="button"
                className="btn-primary nft-btn nft-btn--ghost nft-btn--small"
                data-testid="lp-remove-btn"
                onClick={() => remove.open({ id: p.id })}
              >
                {t('nft.remove')}
              </button>
            ) : null}
          </article>
        ))
      )}
      <ConfirmSheet
        visible={add.content !== null}
        title={t('nft.confirmAdd')}
        busy={add.busy}
        onClose={add.close}
        onConfirm={() =>
          void add.confirm().then((done) => {
            if (!done) return;
            setAmount('');
            setTried(false);
            showToast(t('nft.addedToast'));
          })
        }
        rows={[
          { label: 'USDT', value: registry.format(text || '0', 'USDT', EXACT), strong: true },
          { label: 'BWC', value: registry.format(need, 'BWC') },
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
            <dd className="num">{formatNumber(d.amount0, 6)}</dd>
          </div>
          <div>
            <dt>{d.token1}</dt>
            <dd className="num">{formatNumber(d.amount1, 6)}</dd>
          </div>
        </dl>
        <p className="note note--xs nft-note nft-addr">{d.address}</p>
      </section>
    </div>
  );
}
