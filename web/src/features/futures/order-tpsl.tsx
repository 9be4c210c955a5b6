import { type ReactNode, useId } from 'react';
import { useTranslation } from '../../i18n';
import { AmountInput, Field, Segments } from '../../ui/form';
import { pnlFromTrigger, pnlText, type Side, triggerFromPnl, triggerSideOk } from './tpsl-math';

/** What the form holds of the TP/SL: on or off, by price or by PnL %, and the two entries as typed. */
export interface TpSlDraft {
  readonly on: boolean;
  readonly mode: 'price' | 'pnl';
  readonly tp: string;
  readonly sl: string;
}

export const EMPTY_TPSL: TpSlDraft = { on: false, mode: 'price', tp: '', sl: '' };

/** The trigger prices a side would send (null: none set or none possible), from the draft at a reference price. */
export function triggersFor(
  d: TpSlDraft,
  side: Side,
  ref: number,
  lever: number,
  tick: string,
): { tp: string | null; sl: string | null } {
  if (!d.on) return { tp: null, sl: null };
  const pick = (text: string, kind: 'tp' | 'sl') => {
    const v = text.trim();
    if (!v) return null;
    return d.mode === 'price' ? v : triggerFromPnl(side, kind, ref, lever, Number(v), tick);
  };
  return { tp: pick(d.tp, 'tp'), sl: pick(d.sl, 'sl') };
}

/** What is wrong with the draft for a side (a localized message), or null. */
export function tpslProblem(
  t: ReturnType<typeof useTranslation<'futures'>>['t'],
  d: TpSlDraft,
  side: Side,
  ref: number,
  lever: number,
  tick: string,
): string | null {
  if (!d.on) return null;
  for (const [text, kind] of [
    [d.tp, 'tp'],
    [d.sl, 'sl'],
  ] as const) {
    const v = text.trim();
    if (!v) continue;
    const n = Number(v);
    if (!(n > 0)) return d.mode === 'pnl' ? t('futures.pctInvalid') : t('futures.pricePrompt');
    const px = d.mode === 'price' ? n : Number(triggerFromPnl(side, kind, ref, lever, n, tick) ?? Number.NaN);
    if (!(px > 0) || !triggerSideOk(side, kind, ref, px))
      return t(kind === 'tp' ? 'futures.tpInvalid' : 'futures.slInvalid');
  }
  return null;
}

/** One entry's other face, for both sides: the price a PnL % gives, or the PnL % a price gives. */
function hint(
  d: TpSlDraft,
  kind: 'tp' | 'sl',
  text: string,
  ref: number,
  lever: number,
  tick: string,
): { long: string; short: string } | null {
  const v = Number(text.trim());
  if (!text.trim() || !(v > 0) || !(ref > 0)) return null;
  if (d.mode === 'pnl') {
    return {
      long: triggerFromPnl('long', kind, ref, lever, v, tick) ?? '--',
      short: triggerFromPnl('short', kind, ref, lever, v, tick) ?? '--',
    };
  }
  return {
    long: pnlText(pnlFromTrigger('long', ref, lever, v)),
    short: pnlText(pnlFromTrigger('short', ref, lever, v)),
  };
}

/**
 * TP/SL with the order: a switch, then the take-profit and stop-loss by trigger price or by PnL % of the
 * margin, each shown the other way for a long and for a short (the side is the button pressed).
 */
export function OrderTpSl({
  draft,
  onChange,
  refPx,
  lever,
  tick,
  error,
}: {
  readonly draft: TpSlDraft;
  readonly onChange: (d: TpSlDraft) => void;
  readonly refPx: number;
  readonly lever: number;
  readonly tick: string;
  readonly error: string | null;
}): ReactNode {
  const { t } = useTranslation('futures');
  const ids = useId();
  const field = (kind: 'tp' | 'sl') => {
    const text = kind === 'tp' ? draft.tp : draft.sl;
    const h = hint(draft, kind, text, refPx, lever, tick);
    const label =
      draft.mode === 'pnl'
        ? t(kind === 'tp' ? 'futures.tpGain' : 'futures.slLoss')
        : t(kind === 'tp' ? 'futures.tpPrice' : 'futures.slPrice');
    return (
      <Field htmlFor={`${ids}-${kind}`} label={label}>
        <AmountInput
          id={`${ids}-${kind}`}
          value={text}
          onChange={(v) => onChange({ ...draft, [kind]: v })}
          placeholder={draft.mode === 'pnl' ? '%' : t('futures.triggerPlaceholder')}
          {...(draft.mode === 'price' ? { asset: 'USDT' } : {})}
        />
        {h ? (
          <span className="ftpsl__hint num" data-testid={`fut-${kind}-hint`}>
            {t('futures.bothSides', h)}
          </span>
        ) : null}
      </Field>
    );
  };
  return (
    <div className="ftpsl">
      <label className="ftpsl__switch">
        <input
          type="checkbox"
          checked={draft.on}
          onChange={(e) => onChange({ ...draft, on: e.target.checked })}
          data-testid="fut-tpsl-on"
        />
        <span>{t('futures.tpslWith')}</span>
      </label>
      {draft.on ? (
        <>
          <Segments
            label={t('futures.tpslWith')}
            value={draft.mode}
            onChange={(mode) => onChange({ ...draft, mode, tp: '', sl: '' })}
            options={[
              { value: 'price', label: t('futures.byPrice') },
              { value: 'pnl', label: t('futures.byPnl') },
            ]}
          />
          {field('tp')}
          {field('sl')}
          {error ? (
            <p className="ftpsl__error" role="alert">
              {error}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
