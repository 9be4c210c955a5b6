import { formatNumber } from '@nexa/contract';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { useApiQuery } from '../../api/hooks';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { Field } from '../../ui/form';
import { IconMiner } from '../../ui/icons';
import { ConfirmSheet, InfoRows } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { EmptyState, ErrorState, ListSkeleton } from '../../ui/states';
import { showToast } from '../../ui/toast';
import { type Machine, showOutput, showPower } from './mining-parts';
import './mining.css';

/** The catalogue is short: one page holds it. */
const CATALOGUE = { page: 1, size: 50 };
/** The most machines one purchase may hold (the contract's limit). */
const MAX_QUANTITY = 1000;
const REFRESH = [
  '/api/machine/list',
  '/api/machine/machinePowerOrderList',
  '/api/machine/machinePowerInfo',
  '/api/user/userPowerCate',
  '/api/user/userPower',
  '/api/mine/buyLog',
  '/api/moneylog/investLog',
] as const;

/** What one machine of the catalogue adds: its power and its bonus power. */
const powerOf = (m: Machine) => Number(m.power) + Number(m.bonus_power);
const maxOf = (m: Machine) => Math.min(MAX_QUANTITY, m.left ?? MAX_QUANTITY);

/**
 * Mining machines (/miner): the catalogue with each machine's price, power, term and the output it would
 * earn today; Buy opens the quantity form under the machine, and a confirmation before money moves.
 */
export default function MachinesScreen(): ReactNode {
  const { t } = useTranslation('mining');
  const { token } = useSession();
  const list = useApiQuery('/api/machine/list', CATALOGUE);
  const balances = useBalances();
  const call = useMoneyCall('/api/machine/getMachinePowerOrder', REFRESH);
  const [openId, setOpenId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState('1');
  const [tried, setTried] = useState(false);
  if (!list.data) {
    return (
      <div className="mn">
        {list.isError ? <ErrorState onRetry={() => void list.refetch()} /> : <ListSkeleton rows={4} />}
      </div>
    );
  }
  const d = list.data;
  const chosen = d.list.find((m) => m.id === openId) ?? null;
  const toggle = (m: Machine) => {
    setTried(false);
    setQuantity('1');
    setOpenId(openId === m.id ? null : m.id);
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('mining.buySuccess'));
    setOpenId(null);
    setQuantity('1');
    setTried(false);
  };
  const n = call.content?.quantity ?? 1;
  return (
    <div className="mn">
      <section className="card mn-hero">
        <dl className="mn-grid mn-grid--2">
          <div>
            <dt>{t('mining.dailyEmission')}</dt>
            <dd className="mn-hero__mid num" data-testid="catalogue-emission">
              {showOutput(d.daily_emission)} <small>{d.output_asset}</small>
            </dd>
          </div>
          <div>
            <dt>{t('mining.networkPower')}</dt>
            <dd className="mn-hero__mid num" data-testid="catalogue-network">
              {showPower(d.network)}
            </dd>
          </div>
        </dl>
        {token ? (
          <div className="mn-links">
            <Link className="mn-link" to={routePath('miner1')}>
              {t('mining.myMachines')} ›
            </Link>
            <Link className="mn-link" to={routePath('miner2')}>
              {t('mining.miningRecords')} ›
            </Link>
          </div>
        ) : null}
      </section>
      {d.list.length === 0 ? (
        <EmptyState title={t('mining.noMachines')} body={t('mining.noMachinesBody')} />
      ) : (
        d.list.map((m) => (
          <MachineCard key={m.id} m={m} open={m.id === openId} onBuy={() => toggle(m)}>
            {m.id !== openId ? null : token ? (
              <BuyForm
                m={m}
                quantity={quantity}
                onQuantity={setQuantity}
                tried={tried}
                available={balances.available(m.pay_asset, 'spot')}
                onCancel={() => setOpenId(null)}
                onReview={(ok) => {
                  setTried(true);
                  if (ok) call.open({ machine_id: m.id, quantity: Number(quantity.trim()) });
                }}
              />
            ) : (
              <SignInPrompt compact title={t('mining.signInBuyTitle')} body={t('mining.signInBuyBody')} />
            )}
          </MachineCard>
        ))
      )}
      <p className="mn-note mn-note--pad">{t('mining.rules')}</p>
      <ConfirmSheet
        visible={call.content !== null && chosen !== null}
        title={t('mining.confirmBuy')}
        busy={call.busy}
        onConfirm={() => void confirm()}
        onClose={call.close}
        rows={
          chosen
            ? [
                { label: t('mining.machine'), value: `${chosen.name} × ${n}` },
                { label: t('mining.powerAdded'), value: showPower((n * powerOf(chosen)).toFixed(4)) },
                { label: t('mining.term'), value: t('mining.nDays', { n: chosen.term_days }) },
                {
                  label: t('mining.totalPrice'),
                  value: `${formatNumber((n * Number(chosen.price)).toFixed(6), 2)} ${chosen.pay_asset}`,
                  strong: true,
                },
              ]
            : []
        }
        note={t('mining.confirmNote', { n: chosen?.term_days ?? 0 })}
      />
    </div>
  );
}

function MachineCard({
  m,
  open,
  onBuy,
  children,
}: {
  readonly m: Machine;
  readonly open: boolean;
  readonly onBuy: () => void;
  readonly children: ReactNode;
}): ReactNode {
  const { t } = useTranslation('mining');
  const soldOut = m.left === 0;
  const hasBonus = Number(m.bonus_power) > 0;
  return (
    <article
      className={open ? 'card mn-machine mn-machine--open' : 'card mn-machine'}
      data-testid="machine-card"
    >
      <div className="mn-machine__top">
        <span className="mn-machine__icon" aria-hidden="true">
          <IconMiner />
        </span>
        <h2 className="mn-machine__name">{m.name}</h2>
        {m.left !== null ? (
          <span className="mn-chip mn-chip--wait num">
            {soldOut ? t('mining.soldOut') : t('mining.left', { n: m.left })}
          </span>
        ) : null}
      </div>
      <dl className="mn-grid mn-grid--2 mn-machine__grid">
        <div>
          <dt>{t('mining.price')}</dt>
          <dd className="mn-machine__price num" data-testid="machine-price">
            {formatNumber(m.price, 2)} <small>{m.pay_asset}</small>
          </dd>
        </div>
        <div>
          <dt>{t('mining.dailyOutput')}</dt>
          <dd className="mn-machine__price num up">
            {showOutput(m.daily_output)} <small>{m.output_asset}</small>
          </dd>
        </div>
        <div>
          <dt>{t('mining.power')}</dt>
          <dd className="num">
            {showPower(m.power)}
            {hasBonus ? (
              <span className="mn-bonus">
                {t('mining.bonusPower', { power: formatNumber(m.bonus_power, 2) })}
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('mining.term')}</dt>
          <dd className="num">{t('mining.nDays', { n: m.term_days })}</dd>
        </div>
      </dl>
      {open ? null : (
        <button type="button" className="mn-btn" disabled={soldOut} onClick={onBuy} data-testid="machine-buy">
          {soldOut ? t('mining.soldOut') : t('mining.buy')}
        </button>
      )}
      {open ? <div className="mn-machine__form">{children}</div> : null}
    </article>
  );
}

/** What is wrong with a quantity (empty, not a whole number in range, above the balance), or null. */
function useQuantityCheck() {
  const { t } = useTranslation('mining');
  return (text: string, m: Machine, available: string | null): string | null => {
    const q = text.trim();
    const max = maxOf(m);
    if (!q) return t('mining.quantityPrompt');
    const n = Number(q);
    if (!/^\d+$/.test(q) || n < 1 || n > max) return t('mining.quantityInvalid', { max });
    if (available !== null && n * Number(m.price) > Number(available)) return t('mining.insufficient');
    return null;
  };
}

function BuyForm({
  m,
  quantity,
  onQuantity,
  tried,
  available,
  onCancel,
  onReview,
}: {
  readonly m: Machine;
  readonly quantity: string;
  readonly onQuantity: (q: string) => void;
  readonly tried: boolean;
  readonly available: string | null;
  readonly onCancel: () => void;
  readonly onReview: (ok: boolean) => void;
}): ReactNode {
  const { t } = useTranslation('mining');
  const id = useId();
  const check = useQuantityCheck();
  const problem = check(quantity, m, available);
  const n = Number(quantity.trim());
  const valid = /^\d+$/.test(quantity.trim()) && n >= 1;
  const max = maxOf(m);
  const step = (by: number) => {
    const from = valid ? n : 0;
    onQuantity(String(Math.min(max, Math.max(1, from + by))));
  };
  return (
    <>
      <Field
        htmlFor={`${id}-qty`}
        label={t('mining.quantity')}
        error={tried ? problem : null}
        extra={
          available !== null
            ? t('mining.available', { amount: formatNumber(available, 2), asset: m.pay_asset })
            : null
        }
      >
        <div className="wf__box mn-stepper">
          <button
            type="button"
            className="mn-stepper__btn"
            aria-label={t('mining.decrease')}
            disabled={valid && n <= 1}
            onClick={() => step(-1)}
          >
            −
          </button>
          <input
            id={`${id}-qty`}
            className="wf__input mn-stepper__input num"
            value={quantity}
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="done"
            placeholder={t('mining.quantityPrompt')}
            onChange={(e) => onQuantity(e.target.value)}
            data-testid="machine-quantity"
          />
          <button
            type="button"
            className="mn-stepper__btn"
            aria-label={t('mining.increase')}
            disabled={valid && n >= max}
            onClick={() => step(1)}
          >
            +
          </button>
        </div>
      </Field>
      <InfoRows
        className="mn-est"
        rows={[
          {
            label: t('mining.powerAdded'),
            value: valid ? showPower((n * powerOf(m)).toFixed(4)) : '--',
          },
          { label: t('mining.term'), value: t('mining.earnsFrom', { n: m.term_days }) },
          {
            label: t('mining.totalPrice'),
            value: valid ? `${formatNumber((n * Number(m.price)).toFixed(6), 2)} ${m.pay_asset}` : '--',
            strong: true,
          },
        ]}
      />
      <div className="mn-actions">
        <button type="button" className="mn-btn mn-btn--ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="mn-btn"
          onClick={() => onReview(problem === null)}
          data-testid="machine-buy-submit"
        >
          {t('mining.buy')}
        </button>
      </div>
    </>
  );
}
