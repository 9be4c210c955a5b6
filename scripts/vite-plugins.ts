/**
 * Build plugins the phone app (web/) and the operator console (admin/) share: the call table each needs at
 * run time, derived from the contract at build time; the contract's modules marked pure so its schemas and
 * zod drop out; a guard that fails the build if zod comes back; brotli and gzip copies of the built files.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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
