/**
 * Upload stall: does decoding uploaded images hold the server's thread? The real server (embedded store,
 * in this process) takes ten PUTs of 4,900 × 4,900 PNGs (24 MP, just under the limit) to their signed links
 * while a signed-in user calls `/api/user/info` every 20 ms; the event loop's delay is sampled throughout
 * (`monitorEventLoopDelay`, 10 ms resolution). Reference in the same run: the same ten images decoded and
 * encoded again on the event loop as the server did before (pngjs, synchronously, one per turn), with the
 * same calls made meanwhile; and ten 6,300 × 6,300 PNGs (39.7 MP, the finding's image), now refused from
 * their header. Targets: the loop never stalls more than 50 ms, every concurrent call answers within 200 ms.
 * `UPLOAD_BENCH_CAP_S` (60) caps each mode; a capped row says how many images it finished.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { api, signedInUser, startServer, type TestServer } from '../server/test/harness';

const IMAGES = 10;
const CAP_S = Number(process.env.UPLOAD_BENCH_CAP_S ?? 60);
const CALL_EVERY_MS = 20;

interface Row {
  readonly mode: string;
  readonly images: string;
  readonly seconds: number;
  readonly stallMs: number;
  readonly calls: number;
  readonly failed: number;
  readonly callMaxMs: number;
  readonly callP99Ms: number;
}

const flat = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();

/** Runs `work` while a user calls the server every CALL_EVERY_MS and the loop's delay is sampled. */
async function measure(
  srv: TestServer,
  token: string,
  mode: string,
  work: () => Promise<string>,
): Promise<Row> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const latencies: number[] = [];
  let running = true;
  let failed = 0;
  const caller = (async () => {
    while (running) {
      const t = performance.now();
      const res = await api(srv, '/api/user/info', {}, { token });
      latencies.push(performance.now() - t);
      // A call the server could not read in time (its thread held past the request timeout) answers 408.
      if (res.body.code !== 200) failed++;
      await new Promise((r) => setTimeout(r, CALL_EVERY_MS));
    }
  })();
  loop.enable();
  const started = performance.now();
  const images = await work();
  const seconds = (performance.now() - started) / 1000;
  loop.disable();
  running = false;
  await caller;
  latencies.sort((a, b) => a - b);
  return {
    mode,
    images,
    seconds,
    stallMs: loop.max / 1e6,
    calls: latencies.length,
    failed,
    callMaxMs: latencies.at(-1) ?? 0,
    callP99Ms: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0,
  };
}

/** Ten users each PUT the image to a fresh link; resolves with how many the server stored (status 200). */
async function putAll(srv: TestServer, bytes: Buffer): Promise<{ links: string[]; tokens: string[] }> {
  const users = await Promise.all(Array.from({ length: IMAGES }, () => signedInUser(srv)));
  const links = await Promise.all(
    users.map(async (u) => {
      const l = await api(
        srv,
        '/api/visa/uploadImg',
        { purpose: 'kyc_front', content_type: 'image/png', size: bytes.length },
        { token: u.token },
      );
      return l.body.data.url;
    }),
  );
  return { links, tokens: users.map((u) => u.token) };
}

const put = (srv: TestServer, url: string, bytes: Buffer) =>
  fetch(`${srv.url}${url}`, {
    method: 'PUT',
    headers: { 'content-type': 'image/png' },
    body: new Uint8Array(bytes),
  });

/** The decode the server did before, on the event loop: pngjs read and write, one image per turn. */
function oldReencode(bytes: Buffer): Buffer {
  const img = PNG.sync.read(bytes);
  const out = new PNG({ width: img.width, height: img.height });
  img.data.copy(out.data);
  return PNG.sync.write(out);
}

export async function uploadStallBench(): Promise<void> {
  const srv = await startServer();
  await srv.app.settings.set('uploads.per_hour', 1000);
  const caller = await signedInUser(srv);
  const at24 = await flat(4900, 4900);
  const at40 = await flat(6300, 6300);
  // Users and links first: signing in (signature checks) is not what is measured.
  const near = await putAll(srv, at24);
  const big = await putAll(srv, at40);
  const rows: Row[] = [];

  // Reference: the same caller with nothing else happening, for what the loop and a call cost alone.
  rows.push(
    await measure(srv, caller.token, 'reference: calls alone for 1 s, no upload', async () => {
      await new Promise((r) => setTimeout(r, 1000));
      return '0';
    }),
  );
  rows.push(
    await measure(srv, caller.token, 'server now: ten PUTs, 24 MP each', async () => {
      const statuses = await Promise.all(near.links.map((l) => put(srv, l, at24).then((r) => r.status)));
      return `${statuses.filter((s) => s === 200).length}/${IMAGES} stored`;
    }),
  );
  rows.push(
    await measure(srv, caller.token, 'server now: ten PUTs, 6,300 × 6,300', async () => {
      const statuses = await Promise.all(big.links.map((l) => put(srv, l, at40).then((r) => r.status)));
      return `${statuses.filter((s) => s === 422).length}/${IMAGES} refused`;
    }),
  );
  rows.push(
    await measure(srv, caller.token, 'reference: the old decode on the loop, 24 MP', async () => {
      const deadline = performance.now() + CAP_S * 1000;
      let done = 0;
      while (done < IMAGES && performance.now() < deadline) {
        oldReencode(at24);
        done++;
        await new Promise((r) => setImmediate(r));
      }
      return `${done}/${IMAGES} re-encoded`;
    }),
  );
  await srv.close();

  const ms = (v: number) => `${v.toFixed(0)} ms`;
  console.log('\nUpload stall (target: loop stall ≤ 50 ms, every concurrent call ≤ 200 ms)\n');
  console.log(
    '| mode | images | time | loop stall (max) | concurrent calls (failed) | call p99 | call max |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows)
    console.log(
      `| ${r.mode} | ${r.images} | ${r.seconds.toFixed(1)} s | ${ms(r.stallMs)} | ${r.calls} (${r.failed}) | ${ms(r.callP99Ms)} | ${ms(r.callMaxMs)} |`,
    );
}

if (process.argv[1]?.endsWith('upload-stall.ts')) await uploadStallBench();
