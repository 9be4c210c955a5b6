import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type App, buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openStore } from '../server/src/store';

export const WEB_DIST = fileURLToPath(new URL('../web/dist', import.meta.url));
export const SHOTS = fileURLToPath(new URL('./screenshots', import.meta.url));
/**
 * Whether the browser tests write their screenshots (E2E_SHOTS=1). Off in the plain test run: a picture costs
 * the machine a PNG encode and a settling pause, and what the tests check (text, layout width) needs neither.
 */
export const SHOTS_ON = process.env.E2E_SHOTS === '1';
/**
 * The phones' pixel ratio: 2 (a phone's) for pictures, 1 otherwise (a quarter of the pixels to draw; what the
 * tests check is in CSS pixels either way).
 */
export const SCALE = SHOTS_ON ? 2 : 1;

/** A picture of the page into e2e/screenshots/<name>.png, when screenshots are on. */
export async function snap(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  if (SHOTS_ON) await page.screenshot({ path: `${SHOTS}/${name}.png`, ...opts });
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How every test's Chromium is started. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const PHONE = { width: 390, height: 844 } as const;

/** A phone's signed-in state as Playwright keeps it (cookies and local storage). */
export type PhoneState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface Product {
  readonly app: App;
  readonly url: string;
  readonly browser: Browser;
  newPhone(opts?: { locale?: string }): Promise<{ context: BrowserContext; page: Page }>;
  /** A small phone (360×740) with a signed-in state, in a language and theme the app reads at start. */
  smallPhone(state: PhoneState, lang: string, theme: 'dark' | 'light'): Promise<BrowserContext>;
  shot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const addr = srv.address();
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  if (typeof addr !== 'object' || !addr) throw new Error('no free port');
  return addr.port;
}

/**
 * How long a click, a fill or a page load may wait (Playwright's own default is 30 s): with the whole suite
 * beside it, a page can take that long to draw on two cores. A guard against a hang, never a target.
 */
export const ACTION_MS = 120_000;

/** Gives a context the suite's action and navigation limits. */
export function patient<C extends BrowserContext>(context: C): C {
  context.setDefaultTimeout(ACTION_MS);
  context.setDefaultNavigationTimeout(ACTION_MS);
  return context;
}

/** Where a page keeps the texts of the toasts it has shown (see `keepToasts`). */
export const TOASTS_KEY = '__shownToasts';

/**
 * Keeps the text of every toast the page shows (the app's and the console's), so a test can tell that a
 * two-second toast was on screen even when a loaded machine let it come and go between two looks.
 */
function keepToasts(key: string): void {
  const shown: string[] = [];
  (window as unknown as Record<string, string[]>)[key] = shown;
  // Each toast's text is kept once, when it first shows (a toast element may be reused for the next one).
  const kept = new WeakMap<Element, string>();
  const look = () => {
    document
      .querySelectorAll('.adm-toast-main, .ant-message-notice, .ant-notification-notice')
      .forEach((el) => {
        const text = el.textContent ?? '';
        if (text && kept.get(el) !== text) {
          kept.set(el, text);
          shown.push(text);
        }
      });
  };
  const watch = () =>
    new MutationObserver(look).observe(document.documentElement, { childList: true, subtree: true });
  if (document.documentElement) watch();
  else document.addEventListener('DOMContentLoaded', watch);
}

/**
 * A browser whose every new context (a test's own included) has the suite's limits, keeps its toasts and asks
 * for reduced motion. Playwright answers the media query itself (no preference unless a context says so), so
 * Chromium's own `--force-prefers-reduced-motion` would not reach the page. Sheets and toasts come without their
 * slides (a tap lands on a still page at once) and a live price does not flash: without this, every live price
 * restarted its 800 ms flash at each tick and an open phone drew about 50 frames a second.
 */
function patientBrowser(browser: Browser): Browser {
  const open = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = patient(await open({ reducedMotion: 'reduce', ...options }));
    await context.addInitScript(keepToasts, TOASTS_KEY);
    return context;
  };
  return browser;
}

/** The migrated store the run's global setup dumped (absent when a file runs outside it: it migrates). */
function migratedTemplate(): Blob | undefined {
  const file = process.env.NEXA_E2E_STORE_TEMPLATE;
  return file && existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/** The real product: the built web app, the server and an in-memory embedded store, plus Chromium. */
export async function startProduct(
  opts: {
    env?: Record<string, string>;
    /** The host the phones open the app at (a `*.localhost` name Chromium resolves to this machine). */
    host?: string;
  } = {},
): Promise<Product> {
  const store = await openStore({ dataDir: 'memory://', template: migratedTemplate() });
  // The app's public address is configuration (sign-in messages must name it): pick the port first.
  const port = await freePort();
  const url = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST, SEED_DEMO: 'true', PUBLIC_URL: url, ...opts.env });
  const app = await buildApp({ config, store, quiet: true });
  await app.fastify.listen({ port, host: '127.0.0.1' });
  const browser = patientBrowser(await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }));
  mkdirSync(SHOTS, { recursive: true });
  return {
    app,
    url,
    browser,
    async newPhone(opts = {}) {
      const context = await browser.newContext({
        viewport: PHONE,
        deviceScaleFactor: SCALE,
        isMobile: true,
        hasTouch: true,
        locale: opts.locale ?? 'en-US',
      });
      const page = await context.newPage();
      return { context, page };
    },
    async smallPhone(state, lang, theme) {
      const small = await browser.newContext({
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: SCALE,
        isMobile: true,
        hasTouch: true,
        storageState: state,
      });
      await small.addInitScript(
        ([l, th]) => {
          localStorage.setItem('lang', l);
          localStorage.setItem('theme', th);
        },
        [lang, theme] as const,
      );
      return small;
    },
    async shot(page, name) {
      await snap(page, name);
    },
    async close() {
      // Chromium under a loaded machine can take long to go; it is a child of this process and goes with it.
      if (!(await settlesWithin(browser.close(), 15_000)))
        console.warn('e2e: Chromium did not close in 15 s');
      if (!(await settlesWithin(app.close(), 30_000)))
        throw new Error('e2e: the server did not close in 30 s');
      await store.close();
    },
  };
}

/** Whether `work` settles within `ms` (it keeps running if not). */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}
