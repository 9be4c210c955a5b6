/**
 * Build plugins the phone app (web/) and the operator console (admin/) share: the call table each needs at
 * run time, derived from the contract at build time; the contract's modules marked pure so its schemas and
 * zod drop out; a guard that fails the build if zod comes back; brotli and gzip copies of the built files;
 * a check that fails the build if what it wrote names a file it did not write.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Endpoint, EndpointPath } from '@nexa/contract';
import { type Plugin, parseAst, runnerImport } from 'vite';

const REPOSITORY = join(dirname(fileURLToPath(import.meta.url)), '..');

export const ENDPOINT_META_ID = 'virtual:nexa-endpoint-meta';

/**
 * `virtual:nexa-endpoint-meta`: the little a client needs at run time from the contract's call table, one
 * entry per call `pick` answers for (null leaves the call out), derived at build time so the zod schemas the
 * table is made of stay out of the browser bundle.
 */
export function endpointMeta(pick: (path: EndpointPath, endpoint: Endpoint) => object | null): Plugin {
  return {
    name: 'nexa-endpoint-meta',
    resolveId(id) {
      return id === ENDPOINT_META_ID ? `\0${ENDPOINT_META_ID}` : null;
    },
    async load(id) {
      if (id !== `\0${ENDPOINT_META_ID}`) return null;
      // The contract is TypeScript: Vite's module runner loads it (plain Node could not).
      const { module } = await runnerImport<typeof import('@nexa/contract')>('@nexa/contract', {
        configFile: false,
        root: REPOSITORY,
        logLevel: 'warn',
      });
      const { endpoints } = module;
      const meta: Record<string, object> = {};
      for (const path of Object.keys(endpoints) as EndpointPath[]) {
        const entry = pick(path, endpoints[path]);
        if (entry !== null) meta[path] = entry;
      }
      return `export default ${JSON.stringify(meta)};`;
    },
  };
}

export const CAUSE_LABELS_ID = 'virtual:nexa-cause-labels';

/**
 * `virtual:nexa-cause-labels`: the name of every cause the ledger records, in every language, derived at
 * build time from the contract's list of domains (which also holds the calls' schemas, so a client that
 * read it at run time would bring zod with it).
 */
export function causeLabels(): Plugin {
  return {
    name: 'nexa-cause-labels',
    resolveId(id) {
      return id === CAUSE_LABELS_ID ? `\0${CAUSE_LABELS_ID}` : null;
    },
    async load(id) {
      if (id !== `\0${CAUSE_LABELS_ID}`) return null;
      const { module } = await runnerImport<typeof import('@nexa/contract')>('@nexa/contract', {
        configFile: false,
        root: REPOSITORY,
        logLevel: 'warn',
      });
      return `export default ${JSON.stringify(module.CAUSES)};`;
    },
  };
}

export type AstNode = { readonly type: string; readonly start: number; readonly [key: string]: unknown };

export function isNode(value: unknown): value is AstNode {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}

const FUNCTION_NODES = new Set([
  'FunctionExpression',
  'ArrowFunctionExpression',
  'FunctionDeclaration',
  'ClassBody',
]);

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
 * lets what a client does not use drop out, and zod with it. A module whose plain helpers are used (money.ts:
 * parseAmount beside zDecimal) is kept, and with it every top-level declaration whose value is a call,
 * unless its calls are annotated pure: so every call in a top-level declaration's value is, including the
 * ones inside object literals (an endpoint table, a filter set).
 */
export function contractIsPure(): Plugin {
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

/**
 * The build fails if zod reaches any chunk: a browser client needs none of the contract's schemas, and one
 * kept schema (a call whose argument has an effect, such as a spread) brings all of zod with it.
 */
export function noZod(): Plugin {
  return {
    name: 'nexa-no-zod',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const zod = Object.keys(chunk.modules).find((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id));
        if (zod) this.error(`zod reached ${chunk.fileName} (${zod}): a contract schema is kept`);
      }
    },
  };
}

/** Files worth compressing: text the server sends as it is. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Brotli and gzip copies of every built text file beside it (`app.js.br`, `app.js.gz`), made once at build
 * time at the highest levels, so the server sends them by Accept-Encoding without compressing per request.
 */
export function precompress(): Plugin {
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
        const br = brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        });
        const gz = gzipSync(body, { level: 9 });
        // A copy is worth having when it is smaller, however small the file (a dictionary chunk of 400 bytes).
        if (br.length < body.length) writeFileSync(`${file}.br`, br);
        if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/** The files under a folder, as paths relative to it with `/` between parts. */
function filesUnder(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

/** A page's own file addresses: `src`/`href` attributes and the `import("…")` its inline scripts start. */
const PAGE_REFERENCE = /\b(?:src|href)="([^"]+)"|\bimport\((["'`])([^"'`]+)\2\)/g;
/** The files a chunk's loader preloads with a dynamic import (`"assets/x-1.js"`, relative to the base). */
const CHUNK_REFERENCE = /["'`]((?:[\w-]+\/)*assets\/[\w.-]+\.(?:js|css))["'`]/g;
/** A stylesheet's files (`url(/assets/x.svg)`). */
const STYLE_REFERENCE = /url\(\s*(["']?)([^)"']+)\1\s*\)/g;

/**
 * The build fails if what it wrote names a file it did not write: a page's scripts, stylesheets, preloads
 * and icons, a chunk's imports and the files its loader preloads, a stylesheet's pictures, and every file
 * of the screens' preload lists (`.vite/preloads.json`). What the build wrote is this build's bundle and
 * the public folder, never what an earlier build left in the folder. A named file the build did not write
 * is one the browser fails to load: a console error, a preload lost, a screen that never opens.
 */
export function namedFilesWritten(): Plugin {
  let base = '/';
  let publicDir = '';
  return {
    name: 'nexa-named-files-written',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
      publicDir = config.publicDir;
    },
    writeBundle(_options, bundle) {
      const written = new Set([...Object.keys(bundle), ...(publicDir ? filesUnder(publicDir) : [])]);
      const missing: string[] = [];
      /** An address under the base with a file name (`/assets/x.js`, `/favicon.svg`); routes have none. */
      const check = (from: string, address: string, relativeToBase = false) => {
        const path = address.split(/[?#]/)[0] ?? '';
        if (!/\.[a-z0-9]+$/i.test(path)) return;
        let file: string;
        if (relativeToBase) file = path;
        else if (path.startsWith(base)) file = path.slice(base.length);
        else return;
        if (!written.has(file)) missing.push(`${from} names ${address}`);
      };
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') {
          for (const dep of [...output.imports, ...output.dynamicImports]) check(fileName, dep, true);
          for (const m of output.code.matchAll(CHUNK_REFERENCE)) check(fileName, m[1] ?? '', true);
          continue;
        }
        const text =
          typeof output.source === 'string' ? output.source : Buffer.from(output.source).toString();
        if (fileName.endsWith('.html')) {
          for (const m of text.matchAll(PAGE_REFERENCE)) check(fileName, m[1] ?? m[3] ?? '');
        } else if (fileName.endsWith('.css')) {
          for (const m of text.matchAll(STYLE_REFERENCE)) check(fileName, m[2] ?? '');
        } else if (fileName === '.vite/preloads.json') {
          const lists = JSON.parse(text) as Record<string, { js: string[]; css: string[] }>;
          for (const [route, { js, css }] of Object.entries(lists)) {
            for (const address of [...js, ...css]) check(`${fileName} (${route})`, address);
          }
        }
      }
      if (missing.length > 0) {
        this.error(`the build names files it did not write:\n  ${[...new Set(missing)].join('\n  ')}`);
      }
    },
  };
}
