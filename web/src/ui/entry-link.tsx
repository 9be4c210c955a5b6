import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../i18n';
import { routePath, type ScreenName } from '../paths';
import './entry-link.css';

/**
 * A small way into another screen, named by that screen's title: it floats at the right end of the row
 * it sits on (a bar of no height, so the row below keeps its layout). It loads with the screen that
 * shows it; the screen it leads to stays in its own chunks.
 */
export function EntryLink({
  to,
  icon: Icon,
}: {
  readonly to: ScreenName;
  readonly icon: ComponentType<{ className?: string }>;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <div className="entry-bar">
      <Link to={routePath(to)} className="entry-link">
        <Icon className="entry-link__icon" />
        <span>{t(`screens.${to}`)}</span>
      </Link>
    </div>
  );
}
