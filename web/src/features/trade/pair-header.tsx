import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../i18n';
import { changeTone, formatChange, formatCompact, formatPrice, type MarketRow } from '../../lib/market-data';
import { IconDown } from '../../ui/icons';
import { ChangePill, Flash, PairName } from '../../ui/market-parts';
import { PickerSheet } from '../../ui/sheet';

/** The instrument head: pair (tap to switch), last price, 24 h change, high, low and volumes. */
export function PairHeader({
  row,
  markets,
  onPick,
}: {
  readonly row: MarketRow | null;
  readonly markets: readonly MarketRow[];
  readonly onPick: (instId: string) => void;
}): ReactNode {
  const { t } = useTranslation('trade');
  const [picking, setPicking] = useState(false);
  const tone = row ? changeTone(row.changePct) : 'flat';
  const d = row?.priceDecimals ?? 2;
  return (
    <header className="phead">
      <div className="phead__main">
        <button type="button" className="phead__pair" onClick={() => setPicking(true)} aria-haspopup="dialog">
          {row ? <PairName base={row.base} quote={row.quote} /> : <span className="pair__base">--</span>}
          <IconDown className="phead__chevron" />
        </button>
        <div className="phead__quote">
          <Flash value={row?.last ?? null} className={`phead__price num ${tone === 'flat' ? '' : tone}`}>
            {formatPrice(row?.last, d)}
          </Flash>
          {row ? (
            <span className={`phead__change num ${tone === 'flat' ? '' : tone}`}>
              {formatChange(row.changePct)}
            </span>
          ) : null}
        </div>
      </div>
      <dl className="phead__stats">
        <div>
          <dt>{t('trade.high')}</dt>
          <dd className="num">{formatPrice(row?.high24h, d)}</dd>
        </div>
        <div>
          <dt>{t('trade.low')}</dt>
          <dd className="num">{formatPrice(row?.low24h, d)}</dd>
        </div>
        <div>
          <dt>{t('trade.vol', { asset: row?.base ?? '' })}</dt>
          <dd className="num">{formatCompact(row?.vol24h)}</dd>
        </div>
        <div>
          <dt>{t('trade.turnover', { asset: row?.quote ?? '' })}</dt>
          <dd className="num">{formatCompact(row?.turnover)}</dd>
        </div>
      </dl>
      <PickerSheet
        visible={picking}
        title={t('trade.pickPair')}
        value={row?.instId ?? null}
        onPick={onPick}
        onClose={() => setPicking(false)}
        options={markets.map((m) => ({
          value: m.instId,
          label: `${m.base}/${m.quote}`,
          note: (
            <span className="phead__option">
              <span className="num">{formatPrice(m.last, m.priceDecimals)}</span>
              <span className="phead__option-change">
                <ChangePill changePct={m.changePct} />
              </span>
            </span>
          ),
        }))}
      />
    </header>
  );
}
