import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../i18n';
import { HOME_PATH, routePath } from '../paths';
import { useSession } from '../session';
import { IconBack, IconUserCircle } from './icons';
import { MusicToggle } from './music-toggle';
import './top-bar.css';

// The bell reads the API and the live feed: its own small chunk, after the frame has painted.
const NoticeBell = lazy(() => import('./notice-bell').then((m) => ({ default: m.NoticeBell })));

interface TopBarProps {
  readonly title: string;
  /** Tab roots have no back arrow and show a larger title. */
  readonly root: boolean;
  readonly actions?: 'account' | 'music';
}

function AccountAction(): ReactNode {
  const { t } = useTranslation();
  const { token } = useSession();
  const location = useLocation();
  if (token) {
    return (
      <Link to={routePath('me')} className="top-bar__icon" aria-label={t('topBar.account')}>
        <IconUserCircle fontSize={24} />
      </Link>
    );
  }
  return (
    // Signing in brings the user back where they were (Home), not to Mine.
    <Link
      to={routePath('login')}
      state={{ from: location.pathname + location.search }}
      className="top-bar__pill"
    >
      {t('topBar.signIn')}
    </Link>
  );
}

export function TopBar({ title, root, actions }: TopBarProps): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => {
    // With no page of ours behind, "back" goes home instead of leaving the app.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(HOME_PATH, { replace: true });
  };
  return (
    <header className={root ? 'top-bar top-bar--root' : 'top-bar'}>
      <div className="top-bar__inner">
        {root ? null : (
          <button
            type="button"
            className="top-bar__icon top-bar__back"
            onClick={back}
            aria-label={t('common.back')}
          >
            <IconBack fontSize={24} />
          </button>
        )}
        <h1 className="top-bar__title">{title}</h1>
        <div className="top-bar__actions">
          {root || actions === 'account' ? (
            <Suspense fallback={null}>
              <NoticeBell />
            </Suspense>
          ) : null}
          {actions === 'account' ? <AccountAction /> : actions === 'music' ? <MusicToggle /> : null}
        </div>
      </div>
    </header>
  );
}
