// No secret in any log line: the captured log of a real server after a sign-in, a socket connection, an
// email code, an operator login and a failing database call holds none of the secrets they carried.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { redactError, redactText, redactValue } from '../src/transport/redact';
import { call, newWallet, operatorToken, signIn, startServer, type TestServer } from './harness';

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

async function socket(srv: TestServer, token: string): Promise<void> {
  const ws = new WebSocket(`${srv.url.replace('http', 'ws')}/ws?token=${encodeURIComponent(token)}`);
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  ws.send('ping');
  await new Promise<void>((resolve) => ws.once('message', () => resolve()));
  ws.close();
}

/** Every secret a user and an operator hand the server in a day's first minutes. */
async function everyday(srv: TestServer) {
  const wallet = newWallet();
  const login = await signIn(srv, wallet);
  expect(login.body.code).toBe(200);
  const token = (login.body.data as { token: string }).token;
  await socket(srv, token);
  const mail = await call(srv, '/api/auth/sendEmail', { email: 'someone@example.com' }, { token });
  expect(mail.body.code).toBe(200);
  const opToken = await operatorToken(srv, 'admin', 'nexa-admin');
  // A string the database refuses, with the caller's session: the error must not carry either.
  await call(srv, '/api/assets/moneyRecord', { type: 'x\u0000y-logged' }, { token });
  await call(srv, '/api/user/info', {}, { token: `${token}x` });
  return { token, opToken, signature: login.signature };
}

describe('the log', () => {
  const dev = new Capture();
  const prod = new Capture();
  let devSrv: TestServer;
  let prodSrv: TestServer;

  beforeAll(async () => {
    devSrv = await startServer({ logStream: dev });
    prodSrv = await startServer({
      logStream: prod,
      env: {
        NODE_ENV: 'production',
        ENVELOPE_KEY: Buffer.alloc(32, 9).toString('base64'),
        SIGN_SECRET: 'a-production-sign-secret',
        OPERATOR_KEY: Buffer.alloc(32, 5).toString('base64'),
        OKX_LINK_KEYS: `1:${Buffer.alloc(32, 6).toString('base64')}`,
      },
    });
  });
  afterAll(async () => {
    await devSrv.close();
    await prodSrv.close();
  });

  it('holds no session token, operator token, password or signature', async () => {
    for (const [srv, log] of [
      [devSrv, dev],
      [prodSrv, prod],
    ] as const) {
      const s = await everyday(srv);
      expect(log.text).toContain('/ws?token=[redacted]');
      expect(log.text.length).toBeGreaterThan(1000);
      for (const secret of [s.token, s.opToken, s.signature, 'nexa-admin'])
        expect(log.text).not.toContain(secret);
    }
  });

  it('writes no line for the probes a load balancer sends every second (health, readiness, writer, metrics)', async () => {
    const before = dev.text.length;
    for (let i = 0; i < 3; i++)
      for (const path of ['/healthz', '/readyz', '/writerz', '/writerz?group=spot.BTC-USDT', '/metrics'])
        expect((await fetch(`${devSrv.url}${path}`)).status).toBeLessThan(500);
    // A call of the API beside them is still logged.
    await call(devSrv, '/api/user/info', {});
    const lines = dev.text.slice(before);
    expect(lines).toContain('/api/user/info');
    expect(lines).not.toMatch(/healthz|readyz|writerz|metrics/);
  });

  it('keeps email codes out of the log in production (a demo without mail logs them)', async () => {
    expect(prod.text).toContain('mail to someone@example.com');
    expect(prod.text).not.toMatch(/verification code is \d{6}/);
    expect(dev.text).toMatch(/verification code is \d{6}/);
  });

  it('redacts URLs, secret fields, token-shaped text and the values a database error carries', () => {
    expect(redactText('GET /ws?token=abc&x=1&code=123456')).toBe(
      'GET /ws?token=[redacted]&x=1&code=[redacted]',
    );
    const token = 'A'.repeat(43);
    expect(redactText(`Bearer ${token}`)).toBe('[redacted]');
    expect(
      redactValue({ password: 'p', nested: { api_secret: 's', keep: 'k' }, list: [{ pin: '1234' }] }),
    ).toEqual({
      password: '[redacted]',
      nested: { api_secret: '[redacted]', keep: 'k' },
      list: [{ pin: '[redacted]' }],
    });
    const dbError = Object.assign(new Error('insert failed'), {
      query: 'insert into t values ($1)',
      params: ['secret-value'],
      detail: 'Key (x)=(secret-value) already exists',
    });
    const logged = JSON.stringify(redactError(new Error('outer', { cause: dbError })));
    expect(logged).not.toContain('secret-value');
    expect(logged).toContain('insert failed');
    expect(redactText('Failed query: select 1 where a = $1\nparams: 2,secret')).toBe(
      'Failed query: select 1 where a = $1\nparams: [redacted]',
    );
  });
});
