import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { routePath, type ScreenName } from '../paths';
import { IconRight } from './icons';
import './link-row.css';

/**
 * A row that leads to another screen: icon, the title the feature gives it, an optional extra at the end
 * (a badge), and a chevron. Rows sit in a `.link-rows` card, a line between each two.
 */
export function LinkRow({
  to,
  title,
  icon,
  extra,
  search,
  testId,
}: {
  readonly to: ScreenName;
  /** The row's title, already in the user's language. */
  readonly title: string;
  readonly icon: ReactNode;
  readonly extra?: ReactNode;
  /** A query added to the screen's path ("?id=7"). */
  readonly search?: string;
  readonly testId?: string;
}): ReactNode {
  return (
    <Link className="link-row" to={`${routePath(to)}${search ?? ''}`} data-testid={testId}>
      <span className="link-row__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="link-row__label">{title}</span>
      {extra !== undefined && extra !== null ? <span className="link-row__extra num">{extra}</span> : null}
      <IconRight className="link-row__chev" />
    </Link>
  );
}
