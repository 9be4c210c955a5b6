import { Button } from 'antd-mobile';
import { type ReactNode, useId, useState } from 'react';
import { useAssets } from '../../hooks/assets';
import { useBalances, useMoneyCall } from '../../hooks/money';
import { type Translate, useTranslation } from '../../i18n';
import {
  type AlgoDraft,
  type AlgoField,
  type AlgoKind,
  algoBody,
  checkAlgo,
  emptyAlgoDraft,
  placesMarket,
} from '../../lib/algo-order';
import { EXACT, sanitizeAmountInput } from '../../lib/amounts';
import { formatPrice, stepDecimals } from '../../lib/market-data';
import { ConfirmSheet, type InfoRow } from '../../ui/sheet';
import { showToast } from '../../ui/toast';
import type { OrderRules, Side } from './order-math';

/** The fields each kind shows, in order. */
const FIELDS: Record<AlgoKind, readonly AlgoField[]> = {
  stop_limit: ['triggerPx', 'orderPx', 'amount'],
  stop_market: ['triggerPx', 'amount'],
  oco: ['tpTriggerPx', 'tpOrdPx', 'slTriggerPx', 'slOrdPx', 'amount'],
  trailing: ['callback', 'activePx', 'amount'],
};

type Problem = ReturnType<typeof checkAlgo>;

function fieldLabel(t: Translate<'trade'>, f: AlgoField, mode: 'ratio' | 'spread', byQuote: boolean): string {
  if (f === 'callback') return t(mode === 'ratio' ? 'algo.callbackRatio' : 'algo.callbackSpread');
  if (f === 'amount') return t(byQuote ? 'trade.totalLabel' : 'trade.amountLabel');
  return t(`algo.${f}`);
}

/** The confirmation's rows of what was typed: prices in the quote asset, the callback in percent. */
function figureRows(
  d: AlgoDraft,
  label: (f: AlgoField) => string,
  amount: (v: string) => string,
  quote: string,
): InfoRow[] {
  return FIELDS[d.kind]
    .filter((f) => d[f].trim() !== '')
    .map((f) => ({
      label: label(f),
      value:
        f === 'amount'
          ? amount(d.amount)
          : f === 'callback' && d.callbackMode === 'ratio'
            ? `${d.callback}%`
            : `${d[f]} ${quote}`,
    }));
}

/** The kind's fields (and a trailing stop's callback mode), each with its error once the form was tried. */
function Fields({
  d,
  shown,
  label,
  problemText,
  unit,
  quote,
  onMode,
  onField,
}: {
  readonly d: AlgoDraft;
  readonly shown: Problem;
  readonly label: (f: AlgoField) => string;
  readonly problemText: (p: NonNullable<Problem>) => string;
  readonly unit: string;
  readonly quote: string;
  readonly onMode: (m: 'ratio' | 'spread') => void;
  readonly onField: (f: AlgoField, raw: string) => void;
}): ReactNode {
  const { t } = useTranslation('trade');
  const idBase = useId();
  const optional = (f: AlgoField) => f === 'tpOrdPx' || f === 'slOrdPx' || f === 'activePx';
  return (
    <>
      {d.kind === 'trailing' ? (
        <div className="aform__modes" role="tablist" aria-label={t('algo.callbackMode')}>
          {(['ratio', 'spread'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={d.callbackMode === m}
              className={d.callbackMode === m ? 'aform__mode aform__mode--on' : 'aform__mode'}
              onClick={() => onMode(m)}
            >
              {t(m === 'ratio' ? 'algo.byRatio' : 'algo.bySpread')}
            </button>
          ))}
        </div>
      ) : null}
      {FIELDS[d.kind].map((f) => {
        const id = `${idBase}-${f}`;
        const err = shown && shown.field === f ? problemText(shown) : null;
        const unitText = f === 'amount' ? unit : f === 'callback' && d.callbackMode === 'ratio' ? '%' : quote;
        return (
          <div key={f} className="aform__field">
            <label htmlFor={id} className="aform__label">
              {label(f)}
              {optional(f) ? (
                <span className="aform__hint">
                  {' '}
                  · {t(f === 'activePx' ? 'algo.optional' : 'algo.marketIfBlank')}
                </span>
              ) : null}
            </label>
            <div className={err ? 'obox obox--error' : 'obox'}>
              <input
                id={id}
                className="obox__input obox__input--left num"
                value={d[f]}
                inputMode="decimal"
                autoComplete="off"
                aria-invalid={err !== null}
                onChange={(e) => onField(f, e.target.value)}
              />
              <span className="obox__unit">{unitText}</span>
            </div>
            {err ? (
              <p className="oform__error" role="alert">
                {err}
              </p>
            ) : null}
          </div>
        );
      })}
    </>
  );
}

/**
 * A spot conditional order: stop-limit, stop-market, OCO or trailing stop. It rests until the last price
 * reaches it, holding what its order may spend; the trigger fields are checked against the last price before
 * the confirmation sheet opens.
 */
export function AlgoForm({
  instId,
  rules,
  last,
  side,
  kind,
}: {
  readonly instId: string;
  readonly rules: OrderRules;
  readonly last: string | null;
  readonly side: Side;
  readonly kind: AlgoKind;
}): ReactNode {
  const { t } = useTranslation('trade');
  const registry = useAssets();
  const balances = useBalances();
  const call = useMoneyCall('/v1/order/placeAlgo', ['/v1/order/algoPending', '/v1/order/algoHistory']);
  const [draft, setDraft] = useState<AlgoDraft>(() => emptyAlgoDraft(kind, side));
  const [tried, setTried] = useState(false);
  const d: AlgoDraft = { ...draft, kind, side };
  const market = placesMarket(d);
  // A market buy spends the quote asset; everything else is sized in the base.
  const unit = side === 'buy' && market ? rules.quote : rules.base;
  const step = unit === rules.quote ? `0.${'0'.repeat(registry.scale(rules.quote) - 1)}1` : rules.lot_size;
  const problem = checkAlgo(d, { ref: last, tick: rules.tick_size, step });
  const spend = side === 'buy' ? rules.quote : rules.base;
  const available = balances.available(spend, 'spot');
  const priceDecimals = stepDecimals(rules.tick_size);

  const set = (field: AlgoField, raw: string) => {
    const decimals =
      field === 'amount'
        ? stepDecimals(step)
        : field === 'callback' && d.callbackMode === 'ratio'
          ? 2
          : priceDecimals;
    setDraft((x) => ({ ...x, [field]: sanitizeAmountInput(raw, decimals) }));
  };
  const label = (f: AlgoField) => fieldLabel(t, f, d.callbackMode, unit === rules.quote);
  const shown = tried ? problem : null;
  const problemText = (p: NonNullable<typeof problem>) =>
    t(`algo.problem.${p.problem}`, {
      field: label(p.field),
      step: p.field === 'amount' ? step : rules.tick_size,
      last: last ?? '--',
    });

  const review = () => {
    setTried(true);
    if (problem) return;
    call.open(algoBody(d, instId));
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('algo.placed'));
    setDraft(emptyAlgoDraft(kind, side));
    setTried(false);
  };
  const rows: InfoRow[] = call.content
    ? [
        { label: t('trade.pair'), value: `${rules.base}/${rules.quote}` },
        {
          label: t('trade.orderType'),
          value: `${t(side === 'buy' ? 'trade.buy' : 'trade.sell')} · ${t(`algo.kind.${kind}`)}`,
        },
        ...figureRows(d, label, (v) => `${registry.format(v, unit, EXACT)} ${unit}`, rules.quote),
        ...(kind === 'oco' ? [{ label: t('algo.legsNote'), value: t('algo.marketIfBlank') }] : []),
      ]
    : [];

  return (
    <div className="aform">
      <Fields
        d={d}
        shown={shown}
        label={label}
        problemText={problemText}
        unit={unit}
        quote={rules.quote}
        onMode={(m) => setDraft((x) => ({ ...x, callbackMode: m, callback: '' }))}
        onField={set}
      />
      <div className="oform__line">
        <span>{t('algo.lastPrice')}</span>
        <span className="num">
          {last ? formatPrice(last, priceDecimals) : '--'} {rules.quote}
        </span>
      </div>
      <div className="oform__line oform__available">
        <span>{t('trade.available')}</span>
        <span className="num">
          {available === null ? '--' : registry.format(available, spend)} {spend}
        </span>
      </div>
      <p className="aform__note">{t('algo.holdNote')}</p>
      <Button
        block
        className={`oform__submit oform__submit--${side}`}
        loading={call.busy}
        disabled={call.busy}
        onClick={review}
      >
        {t(side === 'buy' ? 'algo.placeBuy' : 'algo.placeSell', { kind: t(`algo.kind.${kind}`) })}
      </Button>
      <ConfirmSheet
        visible={call.content !== null}
        title={t('trade.confirmTitle')}
        busy={call.busy}
        onClose={call.close}
        onConfirm={() => void confirm()}
        confirmText={t(side === 'buy' ? 'trade.buy' : 'trade.sell')}
        confirmTone={side === 'buy' ? 'up' : 'down'}
        rows={rows}
        note={t('algo.confirmNote')}
      />
    </div>
  );
}
