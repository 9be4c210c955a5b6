import type { Lang } from '@nexa/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  useEffect,
  useState,
} from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { queryClient } from './api';
import { LanguageSync } from './hooks/language-sync';
import { useLang } from './i18n';
import { HOME_PATH, routePath, type ScreenName } from './paths';
import { ROUTES } from './routes';
import { onSessionChange } from './session';
import { OfflineBanner } from './ui/offline-banner';
import { ScreenFrame } from './ui/screen-frame';

// Signing in or out changes what every call answers.
onSessionChange(() => {
  void queryClient.resetQueries();
});

type AntdLocale = typeof enUS;
const antdLocales: Readonly<Record<Exclude<Lang, 'en'>, () => Promise<{ default: AntdLocale }>>> = {
  zh: () => import('antd-mobile/es/locales/zh-CN'),
  ko: () => import('antd-mobile/es/locales/ko-KR'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  vi: () => import('antd-mobile/es/locales/vi-VN'),
  ja: () => import('antd-mobile/es/locales/ja-JP'),
  de: () => import('antd-mobile/es/locales/de-DE'),
};

function useAntdLocale(lang: Lang): AntdLocale {
  const [locale, setLocale] = useState<AntdLocale>(enUS);
  useEffect(() => {
    let live = true;
    if (lang === 'en') setLocale(enUS);
    else
      void antdLocales[lang]().then((m) => {
        if (live) setLocale(m.default);
      });
    return () => {
      live = false;
    };
  }, [lang]);
  return locale;
}

/** A new screen starts at the top; going back keeps the browser's place. */
function ScrollToTop(): null {
  const { pathname } = useLocation();
  const type = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the point is to run on every new path
  useEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}

// Each screen is its own chunk, created once.
const screens = new Map<ScreenName, LazyExoticComponent<ComponentType>>(
  ROUTES.map((route) => [route.name, lazy(route.load)]),
);

export function App(): ReactNode {
  const lang = useLang();
  const locale = useAntdLocale(lang);
  return (
    <ConfigProvider locale={locale}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <ScrollToTop />
          <LanguageSync />
          <Routes>
            <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
            {ROUTES.map((route) => {
              const Screen = screens.get(route.name);
              return Screen ? (
                <Route
                  key={route.name}
                  path={routePath(route.name)}
                  element={<ScreenFrame key={route.name} route={route} Screen={Screen} />}
                />
              ) : null;
            })}
            <Route path="*" element={<Navigate to={HOME_PATH} replace />} />
          </Routes>
          <OfflineBanner />
        </BrowserRouter>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
