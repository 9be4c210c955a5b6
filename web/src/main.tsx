// antd-mobile's theme (what its package index would load), then its render hook, by path: the first load
// takes only the parts of antd-mobile the shell uses.
import 'antd-mobile/es/global';
import { reduceMotion, restoreMotion } from 'antd-mobile/es/utils/reduce-and-restore-motion';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app';
import { getLang, initI18n, onLangChange } from './i18n';
import { registerServiceWorker } from './lib/service-worker';
import { applyAppearance } from './ui/settings';
import './ui/theme.css';
import './ui/parts.css';

// antd-mobile's imperative Toast and Dialog render through React 19's createRoot.
unstableSetRender((node, container) => {
  const host = container as (Element | DocumentFragment) & { __nexaRoot?: Root };
  host.__nexaRoot ??= createRoot(container);
  const root = host.__nexaRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete host.__nexaRoot;
  };
});

// A phone set to reduce motion gets sheets, dialogs and toasts without their slides (the CSS side is in
// theme.css), and follows the setting when it changes.
const lessMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
const applyMotion = () => (lessMotion.matches ? reduceMotion() : restoreMotion());
applyMotion();
lessMotion.addEventListener('change', applyMotion);

applyAppearance(getLang());
registerServiceWorker();

void initI18n().then(() => {
  applyAppearance(getLang());
  onLangChange(() => applyAppearance(getLang()));
  const el = document.getElementById('root');
  if (!el) throw new Error('#root missing');
  const root = createRoot(el);
  // The first render is a transition: React renders it in slices and lets the page breathe between them,
  // instead of holding it for the whole first screen in one long task. (The page shows its frame meanwhile.)
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
