import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, runnerImport } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import {
  causeLabels,
  contractIsPure,
  endpointMeta,
  namedFilesWritten,
  noZod,
  precompress,
} from '../scripts/vite-plugins.ts';
import { dictionaries, shellDictionary } from './scripts/dictionaries.ts';
import { routeModules } from './scripts/route-modules.ts';

const backend = 'http://127.0.0.1:8080';

const ANTD_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(["'])antd-mobile\2;?/g;
const ANTD_COMPONENTS = join(
  dirname(createRequire(import.meta.url).resolve('antd-mobile/package.json')),
  'es/components',
);

/**
 * `import { Button, Skeleton } from 'antd-mobile'` in the app becomes one import per component, by path. The
 * package index has side effects (it loads the theme, which main.tsx loads itself), so every chunk that
 * imported a component through it also imported an empty chunk standing for it: one request more per screen.
 */
function antdByPath(): Plugin {
  const folder = (name: string) =>
    name.replace(/[A-Z]/g, (c, at: number) => (at ? '-' : '') + c.toLowerCase());
  return {
    name: 'nexa-antd-by-path',
    transform(code, id) {
      if (!/[\\/]web[\\/]src[\\/]/.test(id) || !code.includes('antd-mobile')) return null;
      const out = code.replace(ANTD_IMPORT, (statement, list: string) => {
        const rest: string[] = [];
        const direct: string[] = [];
        for (const part of list
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean)) {
          const [name = '', local = name] = part.split(/\s+as\s+/);
          const dir = folder(name);
          if (/^[A-Z]/.test(name) && existsSync(join(ANTD_COMPONENTS, dir, 'index.js'))) {
            direct.push(`import ${local} from 'antd-mobile/es/components/${dir}';`);
          } else rest.push(part);
        }
        if (direct.length === 0) return statement;
        return [
          ...direct,
          ...(rest.length ? [`import { ${rest.join(', ')} } from 'antd-mobile';`] : []),
        ].join('\n');
      });
      return out === code ? null : { code: out, map: null };
    },
  };
}

const RC_RENDER = 'rc-util/lib/React/render';
const RC_RENDER_ID = '\0nexa-rc-render';

/**
 * antd-mobile renders its imperative parts (Toast, Dialog) through rc-util's render helper unless the app
 * hands it a render function, which main.tsx does. The helper sniffs the React version at run time, so
 * React's legacy paths and an async-function runtime come with it into the first load; in its place goes
 * the same thing for React 18 and later (a root per container, unmounted after the current task).
 */
function modernRender(): Plugin {
  return {
    name: 'nexa-modern-render',
    enforce: 'pre',
    resolveId(id) {
      return id === RC_RENDER ? RC_RENDER_ID : null;
    },
    load(id) {
      if (id !== RC_RENDER_ID) return null;
      return [
        "import { createRoot } from 'react-dom/client';",
        "const MARK = '__rc_react_root__';",
        'export function render(node, container) {',
        '  const root = container[MARK] || createRoot(container);',
        '  root.render(node);',
        '  container[MARK] = root;',
        '}',
        'export function unmount(container) {',
        '  return Promise.resolve().then(() => {',
        '    container[MARK]?.unmount();',
        '    delete container[MARK];',
        '  });',
        '}',
      ].join('\n');
    },
  };
}

/** Stylesheets are the page's business; the shell is rendered for its markup alone. */
const noCss: Plugin = {
  name: 'nexa-no-css',
  enforce: 'pre',
  resolveId: (id) => (/\.css(\?|$)/.test(id) ? '\0nexa-no-css' : null),
  load: (id) => (id === '\0nexa-no-css' ? 'export {};' : null),
};

/**
 * The page as it comes, before any script: a tab root (Home, Trade, Copy, Wallet, Mine) paints the app's
 * frame at once (top bar with the screen's title, the loading placeholder, the tab bar), in the user's
 * language and theme. The markup is the app's own (ScreenFrame, rendered here, see scripts/shell.tsx);
 * a few lines in the page pick the words and mark the tab, and set the theme, the up/down colors and the
 * language the app would set, so nothing changes when the app takes over but the parts that need it.
 */
function shellPage(): Plugin {
  let root = '';
  return {
    name: 'nexa-shell-page',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const { module } = await runnerImport<typeof import('./scripts/shell')>(
          join(root, 'scripts/shell.tsx'),
          {
            configFile: false,
            root,
            logLevel: 'warn',
            resolve: { noExternal: ['antd-mobile'] },
            plugins: [noCss, dictionaries()],
          },
        );
        const shell = module.renderShell((lang) => shellDictionary(root, lang).dictionary);
        const { markup, ...rest } = shell;
        const data = JSON.stringify(rest).replace(/</g, '\\u003c');
        const script = `(function () {
  var S = ${data};
  var template = document.getElementById('shell');
  template.remove();
  var read = function (key) {
    try {
      return localStorage.getItem(key);
    } catch (e) {
      return null;
    }
  };
  var lang = S.words[read(S.storageKeys.lang)] ? read(S.storageKeys.lang) : 'en';
  var words = S.words[lang];
  var theme = read(S.storageKeys.theme) === 'light' ? 'light' : 'dark';
  var upDown = read(S.storageKeys.upDown);
  var page = document.documentElement;
  page.lang = words.tag;
  page.setAttribute('data-theme', theme);
  page.setAttribute('data-updown', upDown === 'green-up' || upDown === 'red-up' ? upDown : S.upDown[lang]);
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', S.themeColor[theme]);
  var name = location.pathname.replace(/^\\/+|\\/+$/g, '') || 'home';
  if (S.tabs.indexOf(name) < 0) return;
  var title = words.text['screens.' + name];
  document.title = title.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  document.getElementById('root').innerHTML = template.innerHTML
    .replace(/@@([\\w.]+)@@/g, function (slot, key) {
      return key === 'title' ? title : words.text[key];
    })
    .replace(
      'class="tab-bar__item" href="/' + name + '"',
      'aria-current="page" class="tab-bar__item tab-bar__item--active" href="/' + name + '"',
    );
  // Home's first banner, when the server named it: drawn where and as large as the app draws it.
  var banner = window.__NEXA_BANNER__;
  var body = document.querySelector('#root .screen__body');
  if (name === 'home' && banner && typeof banner.src === 'string' && body) {
    var box = document.createElement('div');
    box.setAttribute('style', 'padding: var(--space-2) var(--space-4) 0');
    var img = document.createElement('img');
    img.alt = '';
    img.setAttribute('fetchpriority', 'high');
    img.setAttribute(
      'style',
      'display: block; width: 100%; aspect-ratio: 343 / 140; object-fit: cover; border-radius: var(--radius-l)',
    );
    img.src = banner.inline || banner.src;
    box.appendChild(img);
    body.insertBefore(box, body.firstChild);
  }
})();`;
        // The app's code is fetched from the head as before (at low priority: the frame's first paint needs
        // none of it), and run once the frame has been painted: on a fast network it would otherwise run
        // first, and the page would show nothing until the app had.
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
        const src = entry.exec(html)?.[1];
        if (!src) throw new Error('shell: the page has no entry script');
        const start = `var started = false;
  var start = function () {
    if (!started) {
      started = true;
      // Preloads the server held back until this paint (a frame that draws the screen's largest content).
      var held = document.querySelectorAll('link[data-after-paint]');
      for (var i = 0; i < held.length; i++) {
        var link = held[i].cloneNode();
        link.rel = held[i].getAttribute('data-after-paint');
        link.removeAttribute('data-after-paint');
        held[i].replaceWith(link);
      }
      import(${JSON.stringify(src)});
    }
  };
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(function () {
    setTimeout(start, 0);
  });`;
        // The app's stylesheet is written into the page, so the first paint waits for no request. The link
        // stays, disabled (never fetched), for the chunk loader, which adds a stylesheet the page lacks.
        const sheet = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/;
        const cssFile = sheet.exec(html)?.[1];
        const css = cssFile ? context.bundle?.[cssFile] : undefined;
        if (!cssFile || css?.type !== 'asset') throw new Error('shell: the page has no stylesheet');
        const cssText = String(css.source).replace(/<\/style/gi, '<\\/style');
        return (
          html
            .replace(
              sheet,
              `<style>${cssText}</style>\n    <link rel="stylesheet" crossorigin href="/${cssFile}" disabled>`,
            )
            .replace(entry, `<link rel="modulepreload" crossorigin href="${src}">`)
            // Fetched at once, but after what the frame paints with: the frame needs none of the app's code.
            .replaceAll(
              '<link rel="modulepreload" crossorigin',
              '<link rel="modulepreload" fetchpriority="low" crossorigin',
            )
            .replace(
              '<div id="root"></div>',
              `<div id="root"></div>\n    <template id="shell">${markup}</template>\n    <script>${script}</script>\n    <script type="module">\n  ${start}\n    </script>`,
            )
        );
      },
    },
  };
}

/**
 * `.vite/preloads.json`: for each screen's path, the files its first visit needs beyond the page's own
 * (the screen's chunk, the chunks it imports, their stylesheets, its feature's English dictionary). The
 * server names them in the page it sends for that path, so they load alongside the app's code instead of
 * after it has run. `/` opens Home.
 *
 * It reads the bundle after Vite's own stylesheet step (`enforce: 'post'`): that step drops the chunks that
 * only stood for a stylesheet (a module of `form.css` alone becomes an empty `form-….js`), moves their
 * stylesheets to the chunks that imported them and takes them out of their `imports`. Read before it, the
 * list named those empty chunks, which the build never writes.
 */
function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'nexa-route-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: readonly string[]): Set<string> => {
        const seen = new Set<string>();
        const walk = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) walk(dep);
        };
        for (const file of start) walk(file);
        return seen;
      };
      const css = (files: Iterable<string>) =>
        [...files].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
      const pageJs = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
      const pageCss = new Set(css(pageJs));
      const preloads: Record<string, { js: string[]; css: string[] }> = {};
      for (const [name, module] of routeModules(root)) {
        const screen = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId === module);
        if (!screen) continue;
        const dictionary = chunks.find(
          (c) => c.facadeModuleId === join(dirname(module), 'locales', 'en.json'),
        );
        const js = [...closure([screen.fileName, ...(dictionary ? [dictionary.fileName] : [])])].filter(
          (f) => !pageJs.has(f),
        );
        preloads[`/${name}`] = {
          js: js.map((f) => `/${f}`),
          css: [...new Set(css(js))].filter((f) => !pageCss.has(f)).map((f) => `/${f}`),
        };
      }
      const home = preloads['/home'];
      if (home) preloads['/'] = home;
      this.emitFile({ type: 'asset', fileName: '.vite/preloads.json', source: JSON.stringify(preloads) });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    // The shell's dictionaries with every feature's screen titles.
    dictionaries(),
    // What the client needs at run time about each call (session needed, list style, page size); the phone
    // app makes no operator call, so those stay out of its table.
    endpointMeta((_path, e) => (e.operator ? null : { auth: e.auth, list: e.list, pageSize: e.pageSize })),
    // The names of the ledger's causes, for the records (the contract's list would bring the schemas).
    causeLabels(),
    contractIsPure(),
    noZod(),
    antdByPath(),
    modernRender(),
    shellPage(),
    routePreloads(),
    // The installable app: its manifest, and the service worker (src/sw/sw.ts) with the build's files listed
    // in it for precaching. The page is the server's (it writes the client configuration into it): the
    // worker keeps the copies the server sent, never the build's bare index.html.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        id: '/',
        name: 'NEXA',
        short_name: 'NEXA',
        description:
          'A crypto wallet, spot and futures trading, copy trading, mining, cards and a shop in one app.',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0b0e11',
        background_color: '#0b0e11',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,png,svg,json,html}'],
        globIgnores: ['index.html', '**/*.br', '**/*.gz', '.vite/**', 'sw.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        minify: true,
      },
    }),
    precompress(),
    // Last: the build fails if the page, a chunk or the preload lists name a file it did not write.
    namedFilesWritten(),
  ],
  resolve: {
    // The repository root holds a second React for other workspaces; the app must use exactly one.
    dedupe: ['react', 'react-dom'],
  },
  server: {
    // The Host header is kept (no changeOrigin) so sign-in messages carry the host the user sees.
    proxy: {
      '/api': backend,
      '/v1': backend,
      '/static': backend,
      '/ws': { target: backend, ws: true },
    },
  },
  build: {
    target: 'es2022',
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything the entry needs before the first screen (React, the router, i18n, the query
              // layer, the antd-mobile core, the shell), in one chunk and one stylesheet: one request each.
              name: 'app',
              tags: ['$initial'],
              priority: 1,
            },
            {
              // What most screens use beyond the shell (the query hooks, amounts, formats, market data and the
              // live feed they bring), in one chunk instead of a handful of small ones, each a request.
              name: 'common',
              test: /web[\\/]src[\\/]((api|lib|hooks)[\\/]|ui[\\/](paged-list|pull-to-refresh|load-more)\.)|contract[\\/]src[\\/]|@tanstack/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
});
