/**
 * Where files are kept: the data folder by default, or an S3-compatible object store (AWS S3, MinIO) when one
 * is configured. Requests to the object store are signed with AWS Signature Version 4 (path-style addressing,
 * the body's SHA-256 in `x-amz-content-sha256`), so any S3-compatible endpoint takes them.
 */
import { createHash, createHmac } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface BlobStore {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
}

const safeKey = (key: string) => {
  if (!/^[a-z0-9_-]+$/i.test(key)) throw new Error('bad blob key');
  return key;
};

export function localBlobStore(dir: string): BlobStore {
  return {
    async put(key, bytes) {
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, safeKey(key)), bytes);
    },
    async get(key) {
      try {
        return await readFile(join(dir, safeKey(key)));
      } catch {
        return null;
      }
    },
  };
}

export interface S3Config {
  /** http(s)://host[:port] of the service. */
  readonly endpoint: string;
  readonly bucket: string;
  readonly region: string;
  readonly accessKey: string;
  readonly secretKey: string;
  /** Folder inside the bucket. */
  readonly prefix?: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding of a path segment, as Signature Version 4 wants it. */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The Authorization header of a request, signed with Signature Version 4 (headers signed: all given). */
export function signV4(r: {
  method: string;
  path: string;
  query?: string;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  service: string;
  accessKey: string;
  secretKey: string;
  amzDate: string;
}): string {
  const names = Object.keys(r.headers)
    .map((h) => h.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k.toLowerCase(), v.trim()]));
  const canonical = [
    r.method,
    r.path,
    r.query ?? '',
    ...names.map((n) => `${n}:${lower[n]}`),
    '',
    names.join(';'),
    r.payloadHash,
  ].join('\n');
  const day = r.amzDate.slice(0, 8);
  const scope = `${day}/${r.region}/${r.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', r.amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${r.secretKey}`, day), r.region), r.service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${r.accessKey}/${scope},SignedHeaders=${names.join(';')},Signature=${signature}`;
}

export function s3BlobStore(cfg: S3Config, now: () => Date = () => new Date()): BlobStore {
  const base = new URL(cfg.endpoint);
  const pathOf = (key: string) =>
    `/${encode(cfg.bucket)}/${[cfg.prefix, safeKey(key)]
      .filter(Boolean)
      .map((p) => encode(p as string))
      .join('/')}`;
  async function send(method: 'PUT' | 'GET', key: string, body?: Buffer) {
    const path = pathOf(key);
    const amzDate = now()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const payloadHash = sha256(body ?? '');
    const headers: Record<string, string> = {
      host: base.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
      ...(body ? { 'content-type': 'application/octet-stream' } : {}),
    };
    const authorization = signV4({
      method,
      path,
      headers,
      payloadHash,
      region: cfg.region,
      service: 's3',
      accessKey: cfg.accessKey,
      secretKey: cfg.secretKey,
      amzDate,
    });
    const { host: _host, ...sent } = headers;
    return fetch(new URL(path, base), {
      method,
      headers: { ...sent, authorization },
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
  }
  return {
    async put(key, bytes) {
      const res = await send('PUT', key, bytes);
      if (!res.ok) throw new Error(`object store refused a PUT: HTTP ${res.status}`);
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`object store refused a GET: HTTP ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
  };
}
