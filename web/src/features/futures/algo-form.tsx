import { type ReactNode, useId, useState } from 'react';
import { useMoneyCall } from '../../hooks/money';
import { useTranslation } from '../../i18n';
import {
  type AlgoDraft,
  type AlgoField,
  type AlgoKind,
  algoBody,
  checkAlgo,
  emptyAlgoDraft,
} from '../../lib/algo-order';
import { sanitizeAmountInput } from '../../lib/amounts';
import { formatPrice, stepDecimals } from '../../lib/market-data';
import { AmountInput, Field } from '../../ui/form';
import { ConfirmSheet, type InfoRow } from '../../ui/sheet';
import { showToast } from '../../ui/toast';

const FIELDS: Record<AlgoKind, readonly AlgoField[]> = {
  stop_limit: ['triggerPx', 'orderPx', 'amount'],
  stop_market: ['triggerPx', 'amount'],
  oco: ['tpTriggerPx', 'tpOrdPx', 'slTriggerPx', 'slOrdPx', 'amount'],
  trailing: ['callback', 'activePx', 'amount'],
};

type Problem = ReturnType<typeof checkAlgo>;

/** Which price the trigger watches: the mark (the default) or the last trade. */
function PriceTypeChips({
  value,
  onChange,
}: {
  readonly value: 'last' | 'mark';
  readonly onChange: (v: 'last' | 'mark') => void;
}): ReactNode {
  const { t } = useTranslation('futures');
  return (
    <div className="faform__row" role="tablist" aria-label={t('swapAlgo.priceType')}>
      <span className="faform__label">{t('swapAlgo.priceType')}</span>
      {(['mark', 'last'] as const).map((p) => (
        <button
          key={p}
          type="button"
          role="tab"
          aria-selected={value === p}
          className={value === p ? 'faform__chip faform__chip--on' : 'faform__chip'}
          onClick={() => onChange(p)}
        >
          {t(p === 'mark' ? 'swapAlgo.mark' : 'swapAlgo.last')}
        </button>
      ))}
    </div>
  );
}

/** A typed figure as the confirmation shows it: contracts, the callback in percent, prices in USDT. */
function figureText(d: AlgoDraft, f: AlgoField): string {
  if (f === 'amount') return d.amount;
  if (f === 'callback' && d.callbackMode === 'ratio') return `${d.callback}%`;
  return `${d[f]} USDT`;
}

function SwapFields({
  draft,
  kind,
  problem,
  label,
  problemText,
  onMode,
  onField,
}: {
  readonly draft: AlgoDraft;
  readonly kind: AlgoKind;
  readonly problem: Problem;
  readonly label: (f: AlgoField) => string;
  readonly problemText: (p: NonNullable<Problem>) => string;
  readonly onMode: (m: 'ratio' | 'spread') => void;
  readonly onField: (f: AlgoField, raw: string) => void;
}): ReactNode {
  const { t } = useTranslation('futures');
  const idBase = useId();
  return (
    <>
      {kind === 'trailing' ? (
        <div className="faform__row" role="tablist" aria-label={t('swapAlgo.callbackMode')}>
          {(['ratio', 'spread'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={draft.callbackMode === m}
              className={draft.callbackMode === m ? 'faform__chip faform__chip--on' : 'faform__chip'}
              onClick={() => onMode(m)}
            >
              {t(m === 'ratio' ? 'swapAlgo.byRatio' : 'swapAlgo.bySpread')}
            </button>
          ))}
        </div>
      ) : null}
      {FIELDS[kind].map((f) => {
        const id = `${idBase}-${f}`;
        const err = problem && problem.field === f ? problemText(problem) : null;
        const optional = f === 'tpOrdPx' || f === 'slOrdPx' || f === 'activePx';
        return (
          <Field
            key={f}
            htmlFor={id}
            label={
              optional
                ? `${label(f)} · ${t(f === 'activePx' ? 'swapAlgo.optional' : 'swapAlgo.marketIfBlank')}`
                : label(f)
            }
            error={err}
          >
            <AmountInput
              id={id}
              value={draft[f]}
              onChange={(v) => onField(f, v)}
              placeholder={label(f)}
              asset={
                f === 'amount'
                  ? t('swapAlgo.contracts')
                  : f === 'callback' && draft.callbackMode === 'ratio'
                    ? '%'
                    : 'USDT'
              }
            />
          </Field>
        );
      })}
    </>
  );
}

/**
 * A swap's conditional order: stop-limit, stop-market, OCO or trailing stop, on the last or the mark price,
 * optionally reduce-only. Nothing is held while it waits: margin is checked when it fires.
 */
export function SwapAlgoForm({
  instId,
  tick,
  last,
  mark,
  kind,
}: {
  readonly instId: string;
  readonly tick: string;
  readonly last: string | null;
  readonly mark: string | null;
  readonly kind: AlgoKind;
}): ReactNode {
  const { t } = useTranslation('futures');
  const call = useMoneyCall('/v1/order/placeAlgo', ['/v1/order/algoPending', '/v1/order/algoHistory']);
  const [draft, setDraft] = useState<AlgoDraft>(() => emptyAlgoDraft(kind, 'buy'));
  const [priceType, setPriceType] = useState<'last' | 'mark'>('mark');
  const [reduceOnly, setReduceOnly] = useState(false);
  const [tried, setTried] = useState<'buy' | 'sell' | null>(null);
  const ref = priceType === 'mark' ? mark : last;
  const d = (side: 'buy' | 'sell'): AlgoDraft => ({ ...draft, kind, side });
  const problem = tried ? checkAlgo(d(tried), { ref, tick, step: '1' }) : null;
  const priceDecimals = stepDecimals(tick);

  const set = (field: AlgoField, raw: string) => {
    const decimals =
      field === 'amount' ? 0 : field === 'callback' && draft.callbackMode === 'ratio' ? 2 : priceDecimals;
    setDraft((x) => ({ ...x, [field]: sanitizeAmountInput(raw, decimals) }));
  };
  const label = (f: AlgoField) =>
    f === 'callback'
      ? t(draft.callbackMode === 'ratio' ? 'swapAlgo.callbackRatio' : 'swapAlgo.callbackSpread')
      : f === 'amount'
        ? t('futures.count')
        : t(`swapAlgo.${f}`);
  const problemText = (p: NonNullable<typeof problem>) =>
    t(`swapAlgo.problem.${p.problem}`, {
      field: label(p.field),
      step: p.field === 'amount' ? '1' : tick,
      last: ref ?? '--',
    });
  const review = (side: 'buy' | 'sell') => {
    setTried(side);
    if (checkAlgo(d(side), { ref, tick, step: '1' })) return;
    call.open({
      // No tdMode: the order opens in the contract's margin mode when it fires.
      ...algoBody(d(side), instId, { triggerPxType: priceType, ...(reduceOnly ? { reduceOnly: true } : {}) }),
    });
  };
  const confirm = async () => {
    const done = await call.confirm();
    if (!done) return;
    showToast(t('swapAlgo.placed'));
    setDraft(emptyAlgoDraft(kind, 'buy'));
    setTried(null);
  };
  const side = call.content?.side ?? 'buy';
  const rows: InfoRow[] = call.content
    ? [
        { label: t('futures.contract'), value: instId },
        {
          label: t('futures.orderType'),
          value: `${t(side === 'buy' ? 'futures.openLong' : 'futures.openShort')} · ${t(`swapAlgo.kind.${kind}`)}`,
        },
        {
          label: t('swapAlgo.priceType'),
          value: t(priceType === 'mark' ? 'swapAlgo.mark' : 'swapAlgo.last'),
        },
        ...FIELDS[kind]
          .filter((f) => draft[f].trim() !== '')
          .map((f) => ({ label: label(f), value: figureText(draft, f) })),
        ...(reduceOnly ? [{ label: t('swapAlgo.reduceOnly'), value: '✓' }] : []),
      ]
    : [];

  return (
    <div className="faform">
      <PriceTypeChips value={priceType} onChange={setPriceType} />
      <SwapFields
        draft={draft}
        kind={kind}
        problem={problem}
        label={label}
        problemText={problemText}
        onMode={(m) => setDraft((x) => ({ ...x, callbackMode: m, callback: '' }))}
        onField={set}
      />
      <label className="faform__check">
        <input type="checkbox" checked={reduceOnly} onChange={(e) => setReduceOnly(e.target.checked)} />
        {t('swapAlgo.reduceOnly')}
      </label>
      <p className="faform__note">
        {t(priceType === 'mark' ? 'swapAlgo.markPrice' : 'swapAlgo.lastPrice')}:{' '}
        <span className="num">{ref ? formatPrice(ref, priceDecimals) : '--'}</span> ·{' '}
        {t('swapAlgo.holdNoteSwap')}
      </p>
      <div className="fform__actions">
        <button type="button" className="fbtn fbtn--long" onClick={() => review('buy')} disabled={!ref}>
          {t('futures.openLong')}
        </button>
        <button type="button" className="fbtn fbtn--short" onClick={() => review('sell')} disabled={!ref}>
          {t('futures.openShort')}
        </button>
      </div>
      <ConfirmSheet
        visible={call.content !== null}
        title={t(`swapAlgo.kind.${kind}`)}
        busy={call.busy}
        onClose={call.close}
        onConfirm={() => void confirm()}
        confirmText={t(side === 'buy' ? 'futures.openLong' : 'futures.openShort')}
        confirmTone={side === 'buy' ? 'up' : 'down'}
        rows={rows}
        note={t('swapAlgo.confirmNote')}
      />
    </div>
  );
}
