// First load of /home and /trade: what Chromium transfers (bytes on the wire by resource type, from the
// DevTools protocol's network events: Network.loadingFinished's encodedDataLength, response headers
// included, until the network is idle) and Lighthouse's mobile performance score and LCP, against targets.
// Measured against the built app (`npm run build -w web`) served by the real server with the embedded
// store, the demo data and the simulated market. It prints; it never fails on a figure.
//
// Alone: `npx tsx bench/first-load.ts`. FIRST_LOAD_RUNS sets the Lighthouse runs per page (median kept,
// 3 by default, 0 for the bytes alone), FIRST_LOAD_SHOTS a folder for 390×844 screenshots of each page
// once loaded, FIRST_LOAD_FILES=1 lists every response, FIRST_LOAD_LHR a folder for Lighthouse's reports
// (JSON), FIRST_LOAD_DIST another build to serve (an older one, to compare under the same conditions).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { type Browser, chromium } from 'playwright-core';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openStore } from '../server/src/store';

const WEB_DIST = process.env.FIRST_LOAD_DIST ?? fileURLToPath(new URL('../web/dist', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface Target {
  readonly path: '/home' | '/trade';
  readonly jsKb: number;
  readonly score: number;
  readonly lcpMs?: number;
}

const TARGETS: readonly Target[] = [
  { path: '/home', jsKb: 120, score: 95, lcpMs: 1500 },
  { path: '/trade', jsKb: 200, score: 90 },
];

/** One response as Chromium saw it: its DevTools resource type and the bytes it took on the wire. */
interface Transfer {
  readonly url: string;
  readonly type: string;
  readonly bytes: number;
  readonly encoding: string;
}

interface Wire {
  readonly transfers: readonly Transfer[];
  readonly failed: number;
  readonly sockets: number;
}

interface Lab {
  readonly score: number;
  /** The element Lighthouse took for the largest paint, and the phases of its time. */
  readonly lcpElement: string;
  readonly lcpMs: number;
  readonly fcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const addr = srv.address();
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  if (typeof addr !== 'object' || !addr) throw new Error('no free port');
  return addr.port;
}

/** The server as deployed: the built app, the embedded store with the demo data, the simulated market. */
async function startServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const store = await openStore({ dataDir: 'memory://' });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST,
    SEED_DEMO: 'true',
    PUBLIC_URL: url,
    MARKET_SOURCE: 'sim',
  });
  const app = await buildApp({ config, store, quiet: true });
  await app.fastify.listen({ port, host: '127.0.0.1' });
  return {
    url,
    async close() {
      await app.close();
      await store.close();
    },
  };
}

/** A cold first load of one page on a phone (390×844): every response's bytes on the wire. */
async function measureWire(browser: Browser, url: string, shot: string | undefined): Promise<Wire> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const seen = new Map<string, { url: string; type: string; encoding: string }>();
    const transfers: Transfer[] = [];
    let failed = 0;
    let sockets = 0;
    cdp.on('Network.responseReceived', (e) => {
      const encoding = Object.entries(e.response.headers).find(
        ([name]) => name.toLowerCase() === 'content-encoding',
      )?.[1];
      seen.set(e.requestId, { url: e.response.url, type: e.type, encoding: encoding ?? '' });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = seen.get(e.requestId);
      if (r) transfers.push({ ...r, bytes: e.encodedDataLength });
    });
    cdp.on('Network.loadingFailed', () => {
      failed += 1;
    });
    cdp.on('Network.webSocketCreated', () => {
      sockets += 1;
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(url, { waitUntil: 'networkidle' });
    if (shot) await page.screenshot({ path: shot });
    await cdp.detach();
    return { transfers, failed, sockets };
  } finally {
    await context.close();
  }
}

/**
 * The mobile preset's throttling applied in Chromium itself (Lighthouse's own "devtools" values: 150 ms round
 * trips ×3.75, 1.6 Mbit/s ×0.9 down, 750 kbit/s ×0.9 up, the CPU 4× slower): the page's own largest
 * contentful paint and first contentful paint, as a phone on that network would see them.
 */
async function measureThrottled(
  browser: Browser,
  url: string,
): Promise<{ lcpMs: number; fcpMs: number; appMs: number }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150 * 3.75,
      downloadThroughput: (1638.4 * 0.9 * 1024) / 8,
      uploadThroughput: (750 * 0.9 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__lcp = Math.max(w.__lcp, e.startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      // When the app first draws into the page (its render replaces the frame the page painted first).
      const a = window as unknown as { __app: number };
      a.__app = 0;
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('root');
        if (!root) return;
        const seen = new MutationObserver(() => {
          a.__app = performance.now();
          seen.disconnect();
        });
        seen.observe(root, { childList: true });
      });
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.waitForTimeout(1000);
    return await page.evaluate(() => ({
      lcpMs: (window as unknown as { __lcp: number }).__lcp,
      fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      appMs: (window as unknown as { __app: number }).__app,
    }));
  } finally {
    await context.close();
  }
}

/** Chromium with a debugging port of its own, for Lighthouse to drive. */
async function launchForLighthouse(): Promise<{ port: number; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'nexa-lighthouse-'));
  const proc: ChildProcess = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('Chromium did not open its debugging port')), 30_000);
    proc.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code ?? 'signal'}) before opening its debugging port`));
    });
  });
  return {
    port,
    async close() {
      const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      proc.kill('SIGTERM');
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Lighthouse's default (mobile) settings: emulated phone, simulated slow 4G and a 4× slower CPU. */
async function runLighthouse(url: string, port: number): Promise<Lab> {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error('Lighthouse returned nothing');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  if (process.env.FIRST_LOAD_LHR) {
    const name = new URL(url).pathname.replace(/\W/g, '') || 'root';
    writeFileSync(join(process.env.FIRST_LOAD_LHR, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  return {
    lcpElement: describeLcp(lhr.audits['largest-contentful-paint-element']?.details),
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: metric('largest-contentful-paint'),
    fcpMs: metric('first-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
  };
}

/** `<tag class…>` of the LCP element and its phases (TTFB, load delay, load time, render delay) in ms. */
function describeLcp(details: unknown): string {
  const tables = (
    details as { items?: readonly { items?: readonly Record<string, unknown>[] }[] } | undefined
  )?.items;
  const node = tables?.[0]?.items?.[0]?.node as { snippet?: string } | undefined;
  const phases = (tables?.[1]?.items ?? [])
    .map((p) => `${String(p.phase)} ${Math.round(Number(p.timing))}`)
    .join(', ');
  return `${node?.snippet?.slice(0, 60) ?? '?'}${phases ? ` (${phases})` : ''}`;
}

function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const kb = (bytes: number) => bytes / 1024;

function verdict(ok: boolean): string {
  return ok ? 'ok' : 'OVER';
}

export async function firstLoad(): Promise<void> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    console.log('first load: no built app in web/dist; run `npm run build -w web` first');
    return;
  }
  const asked = Number(process.env.FIRST_LOAD_RUNS ?? 3);
  const runs = Number.isInteger(asked) && asked >= 0 ? asked : 3;
  const shots = process.env.FIRST_LOAD_SHOTS;
  if (shots) mkdirSync(shots, { recursive: true });
  const listFiles = process.env.FIRST_LOAD_FILES === '1';
  const server = await startServer();
  const rows: string[][] = [];
  try {
    const wires = new Map<string, Wire>();
    const paints = new Map<string, { lcpMs: number; fcpMs: number; appMs: number }[]>();
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    try {
      for (const t of TARGETS) {
        const shot = shots ? join(shots, `first-load${t.path.replace('/', '-')}.png`) : undefined;
        wires.set(t.path, await measureWire(browser, `${server.url}${t.path}`, shot));
      }
      for (let i = 0; i < Math.max(runs, 1); i += 1) {
        for (const t of TARGETS) {
          const p = await measureThrottled(browser, `${server.url}${t.path}`);
          paints.set(t.path, [...(paints.get(t.path) ?? []), p]);
        }
      }
    } finally {
      await browser.close();
    }

    const labs = new Map<string, Lab[]>();
    if (runs > 0) {
      const chrome = await launchForLighthouse();
      try {
        for (let i = 0; i < runs; i += 1) {
          for (const t of TARGETS) {
            const lab = await runLighthouse(`${server.url}${t.path}`, chrome.port);
            labs.set(t.path, [...(labs.get(t.path) ?? []), lab]);
          }
        }
      } finally {
        await chrome.close();
      }
    }

    console.log(
      `first load: bytes on the wire of a cold load at 390×844${runs ? `; Lighthouse mobile, median of ${runs} runs` : ''}`,
    );
    for (const t of TARGETS) {
      const wire = wires.get(t.path);
      const lab = labs.get(t.path) ?? [];
      if (!wire) continue;
      const byType = new Map<string, { bytes: number; count: number }>();
      for (const tr of wire.transfers) {
        const sum = byType.get(tr.type) ?? { bytes: 0, count: 0 };
        byType.set(tr.type, { bytes: sum.bytes + tr.bytes, count: sum.count + 1 });
      }
      const js = byType.get('Script')?.bytes ?? 0;
      const total = wire.transfers.reduce((s, tr) => s + tr.bytes, 0);
      const score = median(lab.map((l) => l.score));
      const lcp = median(lab.map((l) => l.lcpMs));
      const fcp = median(lab.map((l) => l.fcpMs));
      const tbt = median(lab.map((l) => l.tbtMs));
      const cls = median(lab.map((l) => l.cls));
      const seen = paints.get(t.path) ?? [];
      const seenLcp = median(seen.map((p) => p.lcpMs));
      const seenFcp = median(seen.map((p) => p.fcpMs));
      const seenApp = median(seen.map((p) => p.appMs));
      const types = [...byType.entries()]
        .sort((a, b) => b[1].bytes - a[1].bytes)
        .map(([type, s]) => `${type} ${kb(s.bytes).toFixed(1)} KB/${s.count}`)
        .join(', ');
      console.log(`  ${t.path}: ${types}; ${wire.sockets} live socket(s), ${wire.failed} failed`);
      if (lab.length > 0) {
        console.log(
          `      FCP ${(fcp / 1000).toFixed(2)} s, TBT ${tbt.toFixed(0)} ms, CLS ${cls.toFixed(3)}; ` +
            `scores ${lab.map((l) => l.score).join('/')}; LCP element ${lab[0]?.lcpElement ?? '?'}`,
        );
      }
      console.log(
        `      throttled in Chromium: FCP ${(seenFcp / 1000).toFixed(2)} s, LCP ${(seenLcp / 1000).toFixed(2)} s, app drawn ${(seenApp / 1000).toFixed(2)} s (median of ${seen.length})`,
      );
      if (listFiles) {
        for (const tr of [...wire.transfers].sort((a, b) => b.bytes - a.bytes)) {
          const path = new URL(tr.url).pathname;
          console.log(
            `      ${kb(tr.bytes).toFixed(1).padStart(7)} KB  ${tr.type.padEnd(10)} ${tr.encoding.padEnd(4)} ${path}`,
          );
        }
      }
      rows.push([
        t.path,
        `${kb(js).toFixed(1)} KB / ≤ ${t.jsKb} ${verdict(kb(js) <= t.jsKb)}`,
        `${kb(total).toFixed(1)} KB`,
        String(wire.transfers.length),
        lab.length === 0 ? '–' : `${score} / ≥ ${t.score} ${verdict(score >= t.score)}`,
        lab.length === 0
          ? '–'
          : t.lcpMs === undefined
            ? `${(lcp / 1000).toFixed(2)} s`
            : `${(lcp / 1000).toFixed(2)} s / ≤ ${(t.lcpMs / 1000).toFixed(1)} ${verdict(lcp <= t.lcpMs)}`,
        t.lcpMs === undefined
          ? `${(seenLcp / 1000).toFixed(2)} s`
          : `${(seenLcp / 1000).toFixed(2)} s / ≤ ${(t.lcpMs / 1000).toFixed(1)} ${verdict(seenLcp <= t.lcpMs)}`,
      ]);
    }
  } finally {
    await server.close();
  }
  const head = [
    'page',
    'JS on the wire',
    'total',
    'requests',
    'Lighthouse',
    'LCP (Lighthouse)',
    'LCP (throttled)',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => `  ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')}`;
  console.log(line(head));
  for (const r of rows) console.log(line(r));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await firstLoad();
