import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How a fake node answers: as its API documents (`ok`), with a body that is no JSON (`bad-json`), with JSON
 * of another shape (`wrong-shape`), with HTTP 500 (`error-500`), or not at all until the client gives up
 * (`hang`).
 */
export type FakeMode = 'ok' | 'bad-json' | 'wrong-shape' | 'error-500' | 'hang';

export interface FakeHttp {
  readonly url: string;
  mode: FakeMode;
  /** When set, `mode` applies to this request (path or method) only; the others are answered as documented. */
  only: string | null;
  /** Requests answered or held, by path or method, for a test to count. */
  readonly calls: string[];
  /** The headers of the last request. */
  lastHeaders: IncomingHttpHeaders;
  close(): Promise<void>;
}

/**
 * A local HTTP server for a fake node: `answer` gets the path and the parsed JSON body and returns the
 * status and body of a documented answer; the mode may replace it with garbage, an error or silence.
 */
export async function startFakeHttp(
  answer: (
    path: string,
    body: unknown,
    headers: IncomingHttpHeaders,
  ) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>,
  name: (path: string, body: unknown) => string = (path) => path,
): Promise<FakeHttp> {
  const held: ServerResponse[] = [];
  const fake: FakeHttp = {
    url: '',
    mode: 'ok',
    only: null,
    calls: [],
    lastHeaders: {},
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: unknown = null;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
    } catch {
      body = null;
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const named = name(path, body);
    fake.calls.push(named);
    fake.lastHeaders = req.headers;
    const send = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(text);
    };
    switch (fake.only === null || fake.only === named ? fake.mode : 'ok') {
      case 'hang':
        held.push(res);
        return;
      case 'bad-json':
        return send(200, '{"blockID": "00ab');
      case 'wrong-shape':
        return send(
          200,
          JSON.stringify({ result: { unexpected: [1, 2, 3] }, id: 1, error: null, blockID: 7 }),
        );
      case 'error-500':
        return send(500, 'Internal Server Error');
      case 'ok': {
        const a = await answer(path, body, req.headers);
        return send(a.status, a.body === undefined ? '' : JSON.stringify(a.body));
      }
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, { url: `http://127.0.0.1:${port}` });
}
