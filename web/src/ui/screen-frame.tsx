import { type ComponentType, type LazyExoticComponent, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from '../i18n';
import type { RouteDef } from '../paths';
import { ErrorBoundary } from './error-boundary';
import './screen-frame.css';
import { ErrorState, ScreenSkeleton } from './states';
import { TabBar } from './tab-bar';
import { TopBar } from './top-bar';

interface ScreenFrameProps {
  readonly route: RouteDef;
  readonly Screen: LazyExoticComponent<ComponentType>;
}

/** Every screen: document title = screen name, top bar, the screen's own chunk, tab bar on tab roots. */
export function ScreenFrame({ route, Screen }: ScreenFrameProps): ReactNode {
  const { t } = useTranslation();
  const title = t(`screens.${route.name}`);
  useEffect(() => {
    document.title = title;
  }, [title]);
  const root = route.tab === true || route.tabOf !== undefined;
  return (
    <div className={root ? 'screen screen--tab' : 'screen'}>
      <TopBar title={title} root={root} {...(route.actions ? { actions: route.actions } : {})} />
      <main className="screen__body">
        <ErrorBoundary fallback={() => <ErrorState onRetry={() => window.location.reload()} />}>
          <Suspense fallback={<ScreenSkeleton />}>
            <Screen />
          </Suspense>
        </ErrorBoundary>
      </main>
      {root ? <TabBar lit={route.tabOf ?? route.name} /> : null}
    </div>
  );
}
