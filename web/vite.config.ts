import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { EndpointPath } from '@nexa/contract';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, parseAst, runnerImport } from 'vite';

const backend = 'http://127.0.0.1:8080';

const META_ID = 'virtual:nexa-endpoint-meta';

/**
 * The little the client needs at run time from the contract table (session needed, list style, page size),
 * derived from the table at build time, so the zod schemas stay out of the browser bundle.
 */
function endpointMeta(): Plugin {
  return {
    name: 'nexa-endpoint-meta',
    resolveId(id) {
      return id === META_ID ? `\0${META_ID}` : null;
    },
    async load(id) {
      if (id !== `\0${META_ID}`) return null;
      // The contract is TypeScript: Vite's module runner loads it (plain Node could not).
      const { module } = await runnerImport<typeof import('@nexa/contract')>('@nexa/contract', {
        configFile: false,
        root: fileURLToPath(new URL('.', import.meta.url)),
        logLevel: 'warn',
      });
      const { endpoints } = module;
      const meta = Object.fromEntries(
        (Object.keys(endpoints) as EndpointPath[]).map((path) => {
          const e = endpoints[path];
          return [path, { auth: e.auth, list: e.list, pageSize: e.pageSize }];
        }),
      );
      return `export default ${JSON.stringify(meta)};`;
    },
  };
}

type AstNode = { readonly type: string; readonly start: number; readonly [key: string]: unknown };

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

const FUNCTION_NODES = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'FunctionDeclaration', 'ClassBody']);

/** Where the calls of a value's initializer start, outside any function body (those run later, if ever). */
function callStarts(node: AstNode, out: Set<number>): void {
  if (FUNCTION_NODES.has(node.type)) return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') out.add(node.start);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') continue;
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) callStarts(child, out);
  }
}

/**
 * The contract's modules only build values (zod schemas, the endpoint tables made of them); marking them so
 * lets what the app does not use drop out, and zod with it. A module whose plain helpers are used (money.ts:
 * parseAmount beside zDecimal) is kept, and with it every top-level declaration whose value is a call,
 * unless its calls are annotated pure: so every call in a top-level declaration's value is, including the
 * ones inside object literals (an endpoint table, a filter set).
 */
function contractIsPure(): Plugin {
  return {
    name: 'nexa-contract-pure',
    transform(code, id) {
      if (!/[\\/]contract[\\/]src[\\/]/.test(id)) return null;
      const starts = new Set<number>();
      for (const statement of parseAst(code).body as unknown as AstNode[]) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') continue;
        for (const d of declaration.declarations as AstNode[]) if (isNode(d.init)) callStarts(d.init, starts);
      }
      let out = code;
      for (const at of [...starts].sort((a, b) => b - a)) {
        out = `${out.slice(0, at)}/* @__PURE__ */ ${out.slice(at)}`;
      }
      return { code: out, map: null, moduleSideEffects: false };
    },
  };
}

/** Files worth compressing: text the server sends as it is. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Brotli and gzip copies of every built text file beside it (`app.js.br`, `app.js.gz`), made once at build
 * time at the highest levels, so the server sends them by Accept-Encoding without compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'nexa-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 512) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), endpointMeta(), contractIsPure(), precompress()],
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
              // React and the antd-mobile core the first screen uses, in one chunk. Without it Rolldown
              // parks these shared modules in the lazily loaded Toast chunk, and the first load then drags
              // in the animation library. The utils left out are the ones that import it.
              name: 'base',
              test: new RegExp(
                [
                  'node_modules[\\\\/]',
                  '(react|react-dom|scheduler|antd-mobile[\\\\/]es[\\\\/](global|components[\\\\/](config-provider|button|dot-loading|skeleton)[\\\\/]',
                  '|utils[\\\\/](?!reduce-and-restore-motion|use-drag-and-pinch|use-inner-visible|use-isomorphic-update-layout-effect',
                  '|use-mutation-effect|use-props-value|use-resize-effect|use-tab-list-scroll)))',
                ].join(''),
              ),
            },
          ],
        },
      },
    },
  },
});
