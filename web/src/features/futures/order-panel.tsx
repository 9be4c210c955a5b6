import { formatNumber } from '@nexa/contract';
import { type ReactNode, useId, useState } from 'react';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import { formatPrice } from '../../lib/market-data';
import { AmountInput, Field, Segments } from '../../ui/form';
import { ConfirmSheet, type InfoRow, PickerSheet } from '../../ui/sheet';
import { showToast } from '../../ui/toast';
import {
  estimateOpen,
  isContractCount,
  leverChoices,
  maxContracts,
  type Position,
  type SwapInstrument,
  type SwapRules,
  tickDecimals,
} from './futures-math';

const NO_BODY = {};
const REFRESH = [
  '/v1/futures/positions',
  '/v1/futures/account',
  '/v1/order/meTradeList',
  '/v1/order/list',
] as const;

const money = (v: number | null | undefined, d = 2) =>
  v === null || v === undefined || !Number.isFinite(v) ? '--' : formatNumber(v.toFixed(6), d);

/** Leverage, order type, contract count with max and cost, and the long and short buttons with their confirmation. */
export function OrderPanel({
  inst,
  markPx,
  position,
}: {
  readonly inst: SwapInstrument;
  readonly markPx: string | null;
  readonly position: Position | null;
}): ReactNode {
  const { t } = useTranslation('futures');
  const ids = useId();
  const account = useApiQuery('/v1/futures/account', NO_BODY);
  const setLever = useApiMutation('/v1/futures/setLeverage', { refreshes: ['/v1/futures/account'] });
  const call = useMoneyCall('/v1/order/submitTrade', REFRESH);
  const [type, setType] = useState<'market' | 'limit'>('market');
  const [price, setPrice] = useState('');
  const [count, setCount] = useState('');
  const [tried, setTried] = useState(false);
  const [leverOpen, setLeverOpen] = useState(false);
  const [side, setSide] = useState<'long' | 'short'>('long');
  const d = tickDecimals(inst.tick_size);
  const lever = position?.lever ?? account.data?.levers.find((l) => l.instId === inst.instId)?.lever ?? 10;
  const available = account.data ? Number(account.data.available) : null;
  const rules: SwapRules = {
    ctVal: Number(inst.ct_val),
    takerRate: Number(inst.taker_fee_rate),
    mmr: Number(inst.tiers[0]?.mmr ?? '0.005'),
    maxLever: inst.max_lever,
  };
  const refPx = type === 'limit' && Number(price) > 0 ? Number(price) : Number(markPx ?? 0);
  const max = available === null ? 0 : maxContracts(rules, available, refPx, lever);
  const n = isContractCount(count) ? Number(count) : 0;
  const est = (s: 'long' | 'short') => estimateOpen(rules, s, n, refPx, lever);
  const cost = est('long');
  const priceProblem = type === 'limit' && !(Number(price) > 0) ? t('futures.pricePrompt') : null;
  const countProblem = !count.trim()
    ? t('futures.countPrompt')
    : !isContractCount(count)
      ? t('futures.countInvalid')
      : available !== null && n > max && !position
        ? t('futures.insufficient')
        : null;
  const problem = priceProblem ?? countProblem;

  const review = (s: 'long' | 'short') => {
    setTried(true);
    if (problem || !markPx) return;
    setSide(s);
    call.open({
      instId: inst.instId,
      side: s === 'long' ? 'buy' : 'sell',
      type,
      ...(type === 'limit' ? { px: price } : {}),
      sz: String(n),
      tdMode: 'isolated',
    });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(done.status === 'new' ? t('futures.placed') : t('futures.openedToast'));
    setCount('');
    setTried(false);
  };
  const pickLever = async (next: string) => {
    try {
      await setLever.mutateAsync({ instId: inst.instId, lever: Number(next) });
      showToast(t('futures.leverSet', { lever: next }));
    } catch {
      // Told by the query client (LeverageLocked explains itself).
    }
  };

  const e = call.content ? est(side) : null;
  const rows: InfoRow[] = call.content
    ? [
        { label: t('futures.contract'), value: `${inst.ct_val_ccy}USDT ${t('futures.perpetual')}` },
        {
          label: t('futures.direction'),
          value: `${t(side === 'long' ? 'futures.openLong' : 'futures.openShort')} · ${lever}×`,
        },
        {
          label: t('futures.price'),
          value: type === 'limit' ? `${formatPrice(price, d)} USDT` : t('futures.marketPrice'),
        },
        {
          label: t('futures.size'),
          value: `${n} ${t('futures.cont')} ≈ ${formatNumber(String(e?.qty ?? 0), 4)} ${inst.ct_val_ccy}`,
        },
        { label: t('futures.margin'), value: `${money(e?.margin)} USDT`, strong: true },
        { label: t('futures.fee'), value: `${money(e?.fee, 4)} USDT` },
        { label: t('futures.estLiq'), value: `${money(e?.liqPx, d)} USDT` },
      ]
    : [];
  const showErr = tried ? problem : null;
  return (
    <section className="fform card" aria-label={t('futures.orderForm')}>
      <div className="list-row__top">
        <Segments
          label={t('futures.orderType')}
          value={type}
          onChange={setType}
          options={[
            { value: 'market', label: t('futures.market') },
            { value: 'limit', label: t('futures.limit') },
          ]}
        />
        <button
          type="button"
          className="fform__lever"
          onClick={() => setLeverOpen(true)}
          aria-label={t('futures.leverage')}
          data-testid="fut-lever"
        >
          {t('futures.isolated')} · <strong className="num">{lever}×</strong>
        </button>
      </div>
      {type === 'limit' ? (
        <Field htmlFor={`${ids}-px`} label={t('futures.price')} error={tried ? priceProblem : null}>
          <AmountInput
            id={`${ids}-px`}
            value={price}
            onChange={setPrice}
            placeholder={t('futures.pricePlaceholder')}
            asset="USDT"
          />
        </Field>
      ) : null}
      <Field
        htmlFor={`${ids}-sz`}
        label={t('futures.count')}
        error={showErr && showErr !== priceProblem ? showErr : null}
      >
        <AmountInput
          id={`${ids}-sz`}
          value={count}
          onChange={(v) => setCount(v.replace(/[^\d]/g, ''))}
          placeholder={t('futures.countPrompt')}
          onMax={max > 0 ? () => setCount(String(max)) : undefined}
        />
      </Field>
      <dl className="fform__facts">
        <div>
          <dt>{t('futures.available')}</dt>
          <dd className="num">{account.data ? `${money(available)} USDT` : '--'}</dd>
        </div>
        <div>
          <dt>{t('futures.maxOpen')}</dt>
          <dd className="num">
            {max} {t('futures.cont')}
          </dd>
        </div>
        <div>
          <dt>{t('futures.cost')}</dt>
          <dd className="num">{cost ? `${money(cost.margin + cost.fee)} USDT` : '--'}</dd>
        </div>
        <div>
          <dt>{t('futures.perContract')}</dt>
          <dd className="num">
            {inst.ct_val} {inst.ct_val_ccy}
          </dd>
        </div>
      </dl>
      {available !== null && available <= 0 ? <p className="fform__hint">{t('futures.fundHint')}</p> : null}
      <div className="fform__actions">
        <button type="button" className="fbtn fbtn--long" onClick={() => review('long')} disabled={!markPx}>
          {t('futures.openLong')}
        </button>
        <button type="button" className="fbtn fbtn--short" onClick={() => review('short')} disabled={!markPx}>
          {t('futures.openShort')}
        </button>
      </div>
      <ConfirmSheet
        visible={call.content !== null}
        title={t(side === 'long' ? 'futures.confirmLong' : 'futures.confirmShort')}
        rows={rows}
        note={t('futures.confirmNote')}
        busy={call.busy}
        confirmTone={side === 'long' ? 'up' : 'down'}
        confirmText={t(side === 'long' ? 'futures.openLong' : 'futures.openShort')}
        onConfirm={() => void confirm()}
        onClose={call.close}
      />
      <PickerSheet
        visible={leverOpen}
        title={t('futures.leverage')}
        value={String(lever)}
        onPick={(v) => void pickLever(v)}
        onClose={() => setLeverOpen(false)}
        options={leverChoices(inst.max_lever).map((l) => ({
          value: String(l),
          label: `${l}×`,
          note:
            markPx && Number(markPx) > 0
              ? t('futures.leverNote', {
                  liq: money(estimateOpen(rules, 'long', 1, Number(markPx), l)?.liqPx, d),
                })
              : undefined,
        }))}
      />
    </section>
  );
}
