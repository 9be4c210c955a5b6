import { comparePriceText } from '@nexa/contract';
import { memo, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../i18n';
import { changeTone, formatChange, formatCompact, formatPrice, type MarketRow } from '../lib/market-data';
import { routePath } from '../paths';
import './market-parts.css';

type Direction = 'up' | 'down';

/** Which way a value moved: prices by exact comparison, signed changes by value. */
function direction(next: string, prev: string, signed: boolean): Direction | null {
  const c = signed ? Number(next) - Number(prev) : comparePriceText(next, prev);
  if (!Number.isFinite(c) || c === 0) return null;
  return c > 0 ? 'up' : 'down';
}

/**
 * A live number that flashes briefly in the up or down color when it changes (LOOK.md). The span
 * is re-keyed on each change so the animation starts over.
 */
export function Flash({
  value,
  signed,
  className,
  children,
}: {
  readonly value: string | null;
  /** Compare as signed numbers (a change in percent) rather than as prices. */
  readonly signed?: boolean;
  readonly className?: string;
  readonly children: ReactNode;
}): ReactNode {
  const prev = useRef(value);
  const [flash, setFlash] = useState<{ dir: Direction; n: number } | null>(null);
  useEffect(() => {
    const before = prev.current;
    prev.current = value;
    if (before === null || value === null || before === value) return;
    const dir = direction(value, before, signed === true);
    if (dir) setFlash((f) => ({ dir, n: (f?.n ?? 0) + 1 }));
  }, [value, signed]);
  const base = className ? `flash ${className}` : 'flash';
  return (
    <span key={flash?.n ?? 0} className={flash ? `${base} flash--${flash.dir}` : base}>
      {children}
    </span>
  );
}

/** The pair as the exchanges write it: "BTC" strong, "/USDT" muted. */
export function PairName({ base, quote }: { readonly base: string; readonly quote: string }): ReactNode {
  return (
    <span className="pair">
      <span className="pair__base">{base}</span>
      <span className="pair__quote">/{quote}</span>
    </span>
  );
}

/** The 24 h change as a colored pill. */
export function ChangePill({ changePct }: { readonly changePct: string }): ReactNode {
  return (
    <Flash value={changePct} signed className={`change-pill change-pill--${changeTone(changePct)} num`}>
      {formatChange(changePct)}
    </Flash>
  );
}

export function tradeLink(instId: string): string {
  return `${routePath('trade')}?instId=${encodeURIComponent(instId)}`;
}

function sameRow(a: { row: MarketRow }, b: { row: MarketRow }): boolean {
  const x = a.row;
  const y = b.row;
  return (
    x.instId === y.instId &&
    x.last === y.last &&
    x.changePct === y.changePct &&
    x.turnover === y.turnover &&
    x.priceDecimals === y.priceDecimals
  );
}

/** One market in a list: pair and volume, last price, 24 h change; tapping opens Trade. */
export const MarketListRow = memo(function MarketListRow({ row }: { readonly row: MarketRow }): ReactNode {
  const { t } = useTranslation();
  return (
    <Link to={tradeLink(row.instId)} className="mrow">
      <span className="mrow__name">
        <PairName base={row.base} quote={row.quote} />
        <span className="mrow__vol num">{t('markets.volShort', { value: formatCompact(row.turnover) })}</span>
      </span>
      <Flash value={row.last} className="mrow__price num">
        {formatPrice(row.last, row.priceDecimals)}
      </Flash>
      <span className="mrow__change">
        <ChangePill changePct={row.changePct} />
      </span>
    </Link>
  );
}, sameRow);
