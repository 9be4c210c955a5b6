import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { type ClientConfig, CONFIG_GLOBAL, CONFIG_MARKER } from '@nexa/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the caller accepts of brotli and gzip (a q=0 refuses one). */
export function pickEncoding(header: string | string[] | undefined): Encoding {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

/** For a screen's path, the files its first visit needs beyond the page's own (written by the web build). */
export type RoutePreloads = Readonly<
  Record<string, { readonly js: readonly string[]; readonly css: readonly string[] }>
>;

const ASSET_PATH = /^\/assets\/[\w.-]+\.(js|css)$/;

/**
 * `<link>`s that start a screen's files with the page: scripts as module preloads, stylesheets as preloads,
 * all at low priority, since the frame the page paints first needs none of them.
 */
export function preloadLinks(files: {
  readonly js: readonly string[];
  readonly css: readonly string[];
}): string {
  const js = files.js
    .filter((f) => ASSET_PATH.test(f))
    .map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${f}">`);
  const css = files.css
    .filter((f) => ASSET_PATH.test(f))
    .map((f) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="${f}">`);
  return [...js, ...css].join('');
}

/** A same-site image path (the content's banners), or nothing. */
const IMAGE_PATH = /^\/(?!\/)[\w./-]{1,200}\.(svg|png|jpe?g|webp|gif)$/;
/** Largest picture written into the page itself. */
const INLINE_MAX_BYTES = 16 * 1024;

/** Home's first banner as the page names it: its path, and its picture when small enough to travel in the page. */
export interface HomeBanner {
  readonly src: string;
  readonly svg: string | null;
}

/**
 * Home's first banner, named in the page and drawn in the frame before any script (the frame's script reads
 * `__NEXA_BANNER__`); the app's own banner later takes its place at the same size. A small SVG travels in
 * the page as a data address, so the frame paints it without another request; anything else is fetched
 * with the page at high priority.
 */
export function bannerHint(banner: HomeBanner | null): string {
  if (!banner || !IMAGE_PATH.test(banner.src)) return '';
  const inline =
    banner.svg !== null && Buffer.byteLength(banner.svg) <= INLINE_MAX_BYTES
      ? `data:image/svg+xml;base64,${Buffer.from(banner.svg).toString('base64')}`
      : null;
  const data = JSON.stringify({ src: banner.src, inline }).replace(/</g, '\\u003c');
  const preload = inline ? '' : `<link rel="preload" as="image" href="${banner.src}" fetchpriority="high">`;
  return `${preload}<script>window.__NEXA_BANNER__=${data}</script>`;
}

/**
 * The page with Home's banner named in it: at the top of the body, where it holds nothing up (a script in
 * the head would wait for what the head asked for before it).
 */
function withBanner(html: string, hint: string): string {
  if (!hint) return html;
  const at = html.indexOf('<body>');
  return at < 0
    ? html.replace('</head>', `${hint}</head>`)
    : `${html.slice(0, at + 6)}${hint}${html.slice(at + 6)}`;
}

/**
 * A page whose frame already draws the screen's largest content (Home with its first banner) asks for the
 * app's code only once that frame has painted: its low-priority preloads are written inert (`data-after-paint`
 * in place of `rel`), and the frame's start script turns them into preloads before it imports the app. On a
 * slow network the page, its stylesheet and the banner then have the line to themselves.
 */
export function afterPaint(html: string): string {
  return html
    .replaceAll(
      '<link rel="modulepreload" fetchpriority="low"',
      '<link data-after-paint="modulepreload" fetchpriority="low"',
    )
    .replaceAll(
      '<link rel="preload" as="style" fetchpriority="low"',
      '<link data-after-paint="preload" as="style" fetchpriority="low"',
    );
}

/** The hints go last in the head, after the app's own script and stylesheet, which are asked for first. */
function withPreloads(html: string, files: RoutePreloads[string] | undefined): string {
  return files ? html.replace('</head>', `${preloadLinks(files)}</head>`) : html;
}

function readPreloads(file: string): RoutePreloads {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return {};
    const out: Record<string, { js: string[]; css: string[] }> = {};
    for (const [path, value] of Object.entries(parsed as Record<string, unknown>)) {
      const v = value as { js?: unknown; css?: unknown } | null;
      const list = (x: unknown) =>
        Array.isArray(x) ? x.filter((f): f is string => typeof f === 'string') : [];
      out[path] = { js: list(v?.js), css: list(v?.css) };
    }
    return out;
  } catch {
    // No hints (an older build, a hand-made folder): the page is sent without them.
    return {};
  }
}

/** The `<script>` that hands a page the client configuration (in place of the page's marker). */
export function configScript(client: ClientConfig): string {
  return `<script>window.${CONFIG_GLOBAL}=${JSON.stringify(client).replace(/</g, '\\u003c')}</script>`;
}

/** A page's bytes as sent, and compressed once with brotli and gzip. */
export function compressedPage(html: string): Record<Encoding, Buffer> {
  const body = Buffer.from(html);
  return {
    identity: body,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(body, { level: 9 }),
  };
}

/** Sends a page (never cached: it names the current build's files) in the best encoding the caller accepts. */
export function sendPage(req: FastifyRequest, reply: FastifyReply, bodies: Record<Encoding, Buffer>) {
  const encoding = pickEncoding(req.headers['accept-encoding']);
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(bodies[encoding]);
}

/** Built assets carry a content hash in their name: cached for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built web app: hashed assets from the build folder with their build-time brotli and gzip copies
 * (chosen by Accept-Encoding, cached for good), a missing file answered 404 (`asksForFile`), and every other
 * GET outside the API answered with the app's page, the client configuration written into it and, for a screen's path, the `<link>`s that fetch
 * that screen's files alongside the app's own (`.vite/preloads.json` of the build); each variant is
 * compressed once per build.
 */
export interface WebAppHints {
  /** The first banner Home shows, or null (read at most every few seconds). */
  readonly homeBanner?: () => Promise<HomeBanner | null>;
}

/**
 * Where the server keeps files: the build's hashed assets and the content's pictures (`/static/`). A file
 * missing there is answered 404, never with the app's page: a script or stylesheet answered with a page
 * fails in the browser as a load error instead of a plain miss.
 */
export const FILE_PREFIXES: readonly string[] = ['/assets/', '/static/'];
/** A path whose last part has a file name's extension (`/favicon.ico`); no screen's path has one. */
const FILE_NAME = /\/[^/]*\.[a-z0-9]{1,8}$/i;

/** Whether a missing path asks for a file (answered 404) rather than a screen (answered with the page). */
export function asksForFile(path: string): boolean {
  return FILE_PREFIXES.some((p) => path.startsWith(p)) || FILE_NAME.test(path);
}

/**
 * The installable app's files: the service worker (checked on every visit, so a new build's worker is
 * found at once; browsers also check at most a day apart) and the manifest, with their content types.
 */
export const PWA_FILES: Readonly<Record<string, string>> = {
  '/sw.js': 'text/javascript; charset=utf-8',
  '/manifest.webmanifest': 'application/manifest+json; charset=utf-8',
};

/** The paths that show Home. */
const HOME_PATHS = new Set(['/', '/home']);
const BANNER_FRESH_MS = 10_000;

export async function registerWebApp(
  fastify: FastifyInstance,
  webDist: string,
  client: ClientConfig,
  hints: WebAppHints = {},
) {
  const indexFile = join(webDist, 'index.html');
  if (!existsSync(indexFile)) return;
  const script = configScript(client);
  // Read again whenever the build changes, so a rebuilt app is served without a restart.
  let cached: {
    mtimeMs: number;
    html: string;
    preloads: RoutePreloads;
    bodies: Map<string, Record<Encoding, Buffer>>;
  } | null = null;
  // Home's first banner, kept a few seconds so a burst of first visits asks the store once.
  let banner: { image: HomeBanner | null; at: number } | null = null;
  const homeBanner = async (): Promise<HomeBanner | null> => {
    if (!hints.homeBanner) return null;
    const now = Date.now();
    if (!banner || now - banner.at > BANNER_FRESH_MS) {
      banner = { image: await hints.homeBanner().catch(() => null), at: now };
    }
    return banner.image;
  };
  const page = (path: string, image: HomeBanner | null): Record<Encoding, Buffer> => {
    const mtimeMs = statSync(indexFile).mtimeMs;
    if (cached?.mtimeMs !== mtimeMs) {
      cached = {
        mtimeMs,
        html: readFileSync(indexFile, 'utf8'),
        preloads: readPreloads(join(webDist, '.vite', 'preloads.json')),
        bodies: new Map(),
      };
    }
    // One variant per path the build named, one for every other path.
    const files = Object.hasOwn(cached.preloads, path) ? cached.preloads[path] : undefined;
    const hint = HOME_PATHS.has(path) ? bannerHint(image) : '';
    const key = `${files ? path : ''}\n${hint}`;
    let bodies = cached.bodies.get(key);
    if (!bodies) {
      const html = withPreloads(cached.html.replace(CONFIG_MARKER, script), files);
      // The frame paints Home's banner itself: the app's code can wait for that paint.
      bodies = compressedPage(withBanner(hint ? afterPaint(html) : html, hint));
      // A banner changed by an operator leaves an old variant behind: keep only a few.
      if (cached.bodies.size > 64) cached.bodies.clear();
      cached.bodies.set(key, bodies);
    }
    return bodies;
  };
  const sendAppPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '/';
    return sendPage(req, reply, page(path, HOME_PATHS.has(path) ? await homeBanner() : null));
  };

  await fastify.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: false,
    wildcard: true,
    decorateReply: false,
    // `name.br` / `name.gz` written by the build are sent in place of `name` when the caller accepts them.
    preCompressed: true,
    setHeaders(reply, path) {
      // Built assets carry a content hash in their name: cache them for good.
      if (path.startsWith(join(webDist, 'assets'))) {
        reply.header('cache-control', IMMUTABLE);
      }
      const own =
        PWA_FILES[
          `/${relative(webDist, path)
            .split(sep)
            .join('/')
            .replace(/\.(br|gz)$/, '')}`
        ];
      if (own) reply.header('content-type', own).header('cache-control', 'no-cache');
    },
  });
  fastify.get('/', async (req, reply) => sendAppPage(req, reply));
  fastify.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const api = ['/api/', '/v1/', '/admin/'].some((p) => path.startsWith(p));
    if (req.method === 'GET' && !api && !asksForFile(path)) {
      return sendAppPage(req, reply);
    }
    if (!api && asksForFile(path)) {
      // A file that is not there (an old build's chunk, a mistyped picture): a plain miss, not kept anywhere.
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('Not Found');
    }
    return reply.code(404).send({ code: 404, msg: 'Not Found', data: null });
  });
}
