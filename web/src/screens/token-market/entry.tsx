import type { ReactNode, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../../routes';
import './entry.css';

/**
 * The ways into the token market from other screens, kept small: they load with those screens, while the
 * market itself stays in its own chunks.
 */

/** Two tokens changing hands (the 24 px grid and stroke of the app's icons). */
export function IconTokenMarket(props: Omit<SVGProps<SVGSVGElement>, 'children'>): ReactNode {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
      className={props.className ? `icon ${props.className}` : 'icon'}
    >
      <circle cx="8" cy="8" r="4.5" />
      <circle cx="16" cy="16" r="4.5" />
      <path d="M15 4.5h2.5a2 2 0 0 1 2 2V9M9 19.5H6.5a2 2 0 0 1-2-2V15" />
    </svg>
  );
}

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
