/*
 * Registers the app's service worker (src/sw/sw.ts, built as /sw.js) once the page has loaded, in a built app
 * only: the development server has no worker. Push subscriptions (features/notifications) use the same
 * registration.
 */

export const SW_URL = '/sw.js';

/**
 * A browser driven by automation (the browser tests) registers the worker only when the test asks for it
 * (`localStorage.sw = 'on'`): precaching the whole build in every test's fresh browser would cost each test
 * seconds of a shared machine, and only the installable app's own tests look at the worker.
 */
function wanted(): boolean {
  if (!navigator.webdriver) return true;
  try {
    return localStorage.getItem('sw') === 'on';
  } catch {
    return false;
  }
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !wanted()) return;
  const register = () => {
    navigator.serviceWorker.register(SW_URL, { scope: '/' }).catch(() => {
      // No worker (a private window, a browser that refuses it): the app works online as before.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
