// A load generator in a thread of its own: posts pre-built requests over kept-alive connections and
// times each one. Plain JavaScript with node:http only, so the client costs as little as it can.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ url: string; connections: number; requests: { path: string; headers: Record<string, string>; body: string }[] }} */
const { url, connections, requests } = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: connections });
const target = new URL(url);

function post(r) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: r.path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(r.body),
          ...r.headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            ms: performance.now() - started,
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', () => resolve({ ms: performance.now() - started, status: 0, text: '' }));
    req.end(r.body);
  });
}

let next = 0;
const latencies = new Float64Array(requests.length);
const answers = new Array(requests.length);
const started = performance.now();
await Promise.all(
  Array.from({ length: connections }, async () => {
    for (let i = next++; i < requests.length; i = next++) {
      const r = await post(requests[i]);
      latencies[i] = r.ms;
      answers[i] = r.status === 200 ? r.text : '';
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
agent.destroy();
parentPort.postMessage({ seconds, latencies, answers });
