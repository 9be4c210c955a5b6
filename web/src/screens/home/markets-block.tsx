import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiQuery } from '../../api/hooks';
import { routePath } from '../../routes';
import { IconRight } from '../../ui/icons';

const NO_BODY = {};

/** Markets on Home: the listed assets, and an honest note that live tickers come with the markets feature. */
export function MarketsBlock(): ReactNode {
  const { t } = useTranslation();
  const { data } = useApiQuery('/v1/basic/currencyList', NO_BODY);
  const assets = (data ?? []).filter((c) => c.kind !== 'quota');
  return (
    <section className="section markets">
      <div className="section__head">
        <h2 className="section__title">{t('home.markets.title')}</h2>
        <Link to={routePath('index1')} className="section__link">
          {t('home.markets.open')}
          <IconRight />
        </Link>
      </div>
      <div className="card markets__card">
        {assets.length > 0 ? (
          <>
            <p className="markets__label">{t('home.markets.listed')}</p>
            <ul className="markets__chips">
              {assets.map((c) => (
                <li key={c.symbol} className="markets__chip" title={c.name}>
                  {c.symbol}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <p className="markets__soon">{t('home.markets.soon')}</p>
      </div>
    </section>
  );
}
