import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../../paths';
import { IconTokenMarket } from '../../ui/icons';
import './entry.css';

/**
 * The ways into the token market from other screens, kept small: they load with those screens, while the
 * market itself stays in its own chunks.
 */

/**
 * A small link to the token market, for the Trade screen's head: it floats at the right end of the
 * instrument row (a bar of no height, so the head below keeps its layout).
 */
export function TokenMarketLink(): ReactNode {
  const { t } = useTranslation();
  return (
    <div className="tm-entry-bar">
      <Link to={routePath('tokenMarket')} className="tm-entry">
        <IconTokenMarket className="tm-entry__icon" />
        <span>{t('screens.tokenMarket')}</span>
      </Link>
    </div>
  );
}
