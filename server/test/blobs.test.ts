import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3BlobStore, signV4 } from '../src/kernel/blobs';
import { sniff } from '../src/modules/cards/uploads';
import { api, newWallet, signIn, startServer, type TestServer } from './harness';

const ACCESS = 'AKIAIOSFODNN7EXAMPLE';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

/** A small S3-compatible service: path-style objects, every request's Signature Version 4 checked. */
function fakeS3() {
  const objects = new Map<string, Buffer>();
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const auth = String(req.headers.authorization ?? '');
      const signed = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
      const headers = Object.fromEntries(signed.map((h) => [h, String(req.headers[h] ?? '')]));
      const amzDate = String(req.headers['x-amz-date'] ?? '');
      const want = signV4({
        method: req.method ?? '',
        path: req.url ?? '',
        headers,
        payloadHash: String(req.headers['x-amz-content-sha256'] ?? ''),
        region: 'us-east-1',
        service: 's3',
        accessKey: ACCESS,
        secretKey: SECRET,
        amzDate,
      });
      if (auth !== want || !signed.includes('host') || !signed.includes('x-amz-content-sha256')) {
        res.writeHead(403).end('SignatureDoesNotMatch');
        return;
      }
      seen.push(`${req.method} ${req.url}`);
      if (req.method === 'PUT') {
        objects.set(req.url ?? '', body);
        res.writeHead(200).end();
      } else {
        const o = objects.get(req.url ?? '');
        if (!o) res.writeHead(404).end();
        else res.writeHead(200).end(o);
      }
    });
  });
  return { server, objects, seen };
}

describe('the object store', () => {
  it('signs like AWS Signature Version 4 (the S3 documentation’s GET example)', () => {
    expect(
      signV4({
        method: 'GET',
        path: '/test.txt',
        headers: {
          Host: 'examplebucket.s3.amazonaws.com',
          Range: 'bytes=0-9',
          'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
          'x-amz-date': '20130524T000000Z',
        },
        payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        region: 'us-east-1',
        service: 's3',
        accessKey: ACCESS,
        secretKey: SECRET,
        amzDate: '20130524T000000Z',
      }),
    ).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  describe('uploads kept in an S3-compatible store when one is configured', () => {
    const s3 = fakeS3();
    let srv: TestServer;
    beforeAll(async () => {
      await new Promise<void>((r) => s3.server.listen(0, '127.0.0.1', r));
      const port = (s3.server.address() as AddressInfo).port;
      srv = await startServer({
        env: {
          S3_ENDPOINT: `http://127.0.0.1:${port}`,
          S3_BUCKET: 'kyc-bucket',
          S3_ACCESS_KEY: ACCESS,
          S3_SECRET_KEY: SECRET,
        },
      });
    });
    afterAll(async () => {
      await srv.close();
      await new Promise((r) => s3.server.close(r));
    });

    it('stores the sealed file there and serves it back to its owner', async () => {
      const wallet = newWallet();
      const token = (await signIn(srv, wallet)).body.data.token;
      const img = new PNG({ width: 2, height: 2 });
      img.data.fill(90);
      const bytes = PNG.sync.write(img);
      const link = await api(
        srv,
        '/api/visa/uploadImg',
        { purpose: 'kyc_front', content_type: 'image/png', size: bytes.length },
        { token },
      );
      const put = await fetch(`${srv.url}${link.body.data.url}`, {
        method: 'PUT',
        headers: link.body.data.headers,
        body: new Uint8Array(bytes),
      });
      expect(put.status).toBe(200);
      const key = `/kyc-bucket/uploads/${link.body.data.upload_id}`;
      const kept = s3.objects.get(key);
      expect(kept).toBeDefined();
      expect(sniff(kept ?? Buffer.alloc(0))).toBeNull();
      const view = await srv.app.modules.cards.files.viewLink(link.body.data.upload_id, 'u:1');
      const got = await fetch(`${srv.url}${view.url}`);
      expect(got.status).toBe(200);
      expect(sniff(Buffer.from(await got.arrayBuffer()))).toBe('image/png');
      // A wrong key is refused by the store, and the upload fails rather than pretending.
      const wrong = s3BlobStore({
        endpoint: `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`,
        bucket: 'kyc-bucket',
        region: 'us-east-1',
        accessKey: ACCESS,
        secretKey: 'not-the-secret',
      });
      await expect(wrong.put('x1', Buffer.from('a'))).rejects.toThrow(/403/);
      expect(s3.seen.some((s) => s.startsWith('GET /kyc-bucket/uploads/'))).toBe(true);
    });
  });
});
