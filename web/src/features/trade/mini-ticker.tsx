import { memo, type ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { changeTone, formatChange, formatPrice, type MarketRow } from '../../lib/market-data';
import { Flash } from '../../ui/market-parts';

function sameChip(a: { row: MarketRow }, b: { row: MarketRow }): boolean {
  return (
    a.row.instId === b.row.instId &&
    a.row.last === b.row.last &&
    a.row.changePct === b.row.changePct &&
    a.row.priceDecimals === b.row.priceDecimals
  );
}

/** One market in the strip: its coin, last price and 24 h change. */
const Chip = memo(
  function Chip({
    row,
    onPick,
  }: {
    readonly row: MarketRow;
    readonly onPick: (instId: string) => void;
  }): ReactNode {
    const tone = changeTone(row.changePct);
    return (
      <button type="button" className="mtick__chip" onClick={() => onPick(row.instId)} data-inst={row.instId}>
        <span className="mtick__base">{row.base}</span>
        <Flash value={row.last} className="mtick__price num">
          {formatPrice(row.last, row.priceDecimals)}
        </Flash>
        <span className={`mtick__change num ${tone === 'flat' ? '' : tone}`}>
          {formatChange(row.changePct)}
        </span>
      </button>
    );
  },
  (a, b) => sameChip(a, b) && a.onPick === b.onPick,
);

/**
 * The other markets at a glance, above the pair's head: a strip that scrolls sideways, each chip live (last
 * price and 24 h change from the tickers' feed); a tap switches Trade to that market.
 */
export function MiniTicker({
  rows,
  current,
  onPick,
}: {
  readonly rows: readonly MarketRow[];
  readonly current: string | null;
  readonly onPick: (instId: string) => void;
}): ReactNode {
  const { t } = useTranslation('trade');
  // A market not traded yet has no price to show: it waits for its first trade.
  const others = rows.filter((r) => r.instId !== current && r.last !== null);
  if (others.length === 0) return null;
  return (
    <nav className="mtick" aria-label={t('trade.miniTicker')}>
      {others.map((row) => (
        <Chip key={row.instId} row={row} onPick={onPick} />
      ))}
    </nav>
  );
}
