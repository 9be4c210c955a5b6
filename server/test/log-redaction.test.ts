// Signed links, bearer tokens and session tokens never reach the log: a real server's captured log after an
// upload through its signed link, the view link of the stored image, and requests that carry tokens in the
// authorization header and in the address, on every kind of route (contract calls, raw routes, unknown ones).
import { Writable } from 'node:stream';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactText } from '../src/transport/redact';
import { api, operatorToken, signedInUser, startServer, type TestServer } from './harness';

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

function png(): Buffer {
  const img = new PNG({ width: 4, height: 4 });
  img.data.fill(90);
  return PNG.sync.write(img);
}

const log = new Capture();
let srv: TestServer;
beforeAll(async () => {
  srv = await startServer({ logStream: log });
});
afterAll(() => srv.close());

const query = (url: string, name: string) => new URL(url, 'http://x').searchParams.get(name) ?? '';

describe('log redaction', () => {
  it('keeps signed upload links, bearer and session tokens out of the log of the requests that carry them', async () => {
    const u = await signedInUser(srv);
    const opToken = await operatorToken(srv, 'admin', 'nexa-admin');
    const bytes = png();
    const link = await api(
      srv,
      '/api/visa/uploadImg',
      { purpose: 'kyc_front', content_type: 'image/png', size: bytes.length },
      { token: u.token },
    );
    expect(link.body.code).toBe(200);
    const put = await fetch(`${srv.url}${link.body.data.url}`, {
      method: 'PUT',
      headers: link.body.data.headers,
      body: new Uint8Array(bytes),
    });
    expect(put.status).toBe(200);
    const view = await srv.app.modules.cards.files.viewLink(link.body.data.upload_id, 'op:1');
    expect((await fetch(`${srv.url}${view.url}`)).status).toBe(200);
    // A forged link is logged (refused) as well, and so is a route nobody serves.
    await fetch(`${srv.url}/uploads/${link.body.data.upload_id}?exp=1&sig=${'ab'.repeat(32)}`);
    // Tokens in the header and in the address of contract calls, raw routes and unknown routes.
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLW9mLWEtand0';
    for (const [path, auth] of [
      ['/api/user/info', `Bearer ${u.token}`],
      ['/admin/auth/me', opToken],
      ['/nowhere', `Bearer ${jwt}`],
      [`/nowhere?access_token=${jwt}&sig=${'cd'.repeat(32)}&X-Amz-Signature=${'ef'.repeat(32)}`, ''],
    ] as const) {
      await fetch(`${srv.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
        body: '{}',
      });
    }
    await new Promise((r) => setTimeout(r, 50));
    // The requests were logged, their links only without their signatures.
    expect(log.text).toContain(`/uploads/${link.body.data.upload_id}`);
    expect(log.text).toContain('/nowhere');
    for (const secret of [
      query(link.body.data.url, 'sig'),
      query(view.url, 'sig'),
      'ab'.repeat(32),
      'cd'.repeat(32),
      'ef'.repeat(32),
      u.token,
      opToken,
      jwt,
    ]) {
      expect(secret.length).toBeGreaterThan(20);
      expect(log.text, secret).not.toContain(secret);
    }
  });

  it('redacts signatures of signed links (ours and S3-style) and bearer credentials of any shape', () => {
    expect(redactText('PUT /uploads/abc?exp=1700000000&sig=0123abcd')).toBe(
      'PUT /uploads/abc?exp=1700000000&sig=[redacted]',
    );
    expect(redactText('https://s3/b/k?X-Amz-Credential=AKIA/x&X-Amz-Signature=f00d&X-Amz-Expires=300')).toBe(
      'https://s3/b/k?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]&X-Amz-Expires=300',
    );
    expect(redactText('authorization: Bearer abc.def-ghi_jkl')).toBe('authorization: [redacted]');
    expect(redactText('Bearer short')).toBe('[redacted]');
  });
});
