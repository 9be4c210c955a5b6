import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMarkets } from '../../hooks/markets';
import { useTranslation } from '../../i18n';
import { topMarkets } from '../../lib/market-data';
import { routePath } from '../../paths';
import { IconRight } from '../../ui/icons';
import { MarketListRow } from '../../ui/market-parts';
import { SimulatedMark } from '../../ui/simulated-mark';

const TOP_COUNT = 5;
/** Placeholder rows while the first prices load: the platform's four spot pairs, so nothing below moves. */
const PENDING_ROWS = 4;

/** Markets on Home: the most traded pairs, live; a tap opens Trade, the head opens all markets. */
export function MarketsBlock(): ReactNode {
  const { t } = useTranslation('home');
  const markets = useMarkets();
  const rows = topMarkets(markets.rows, TOP_COUNT);
  const head = (
    <div className="mhead markets__head" aria-hidden="true">
      <span>{t('markets.name')}</span>
      <span className="mhead__price">{t('markets.lastPrice')}</span>
      <span className="mhead__change">{t('markets.change')}</span>
    </div>
  );
  let body: ReactNode;
  if (markets.isPending) {
    // Shaped as the loaded card (its head, rows of a row's height), so the news below stays where it is.
    body = (
      <div aria-busy="true">
        {head}
        {Array.from({ length: PENDING_ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
          <div key={i} className="mrow markets__skeleton-row">
            <Skeleton.Title animated className="markets__skeleton-bar" />
          </div>
        ))}
      </div>
    );
  } else if (rows.length === 0) {
    body = <p className="markets__soon">{t('home.markets.empty')}</p>;
  } else {
    body = (
      <>
        {head}
        {rows.map((row) => (
          <MarketListRow key={row.instId} row={row} />
        ))}
      </>
    );
  }
  return (
    <section className="section markets">
      <div className="section__head">
        <span className="markets__title">
          <h2 className="section__title">{t('home.markets.title')}</h2>
          <SimulatedMark />
        </span>
        <Link to={routePath('index1')} className="section__link">
          {t('home.markets.open')}
          <IconRight />
        </Link>
      </div>
      <div className="card markets__card">{body}</div>
    </section>
  );
}
