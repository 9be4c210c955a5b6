/**
 * Uploads: the server hands out a short-lived signed link for one file; the client PUTs the bytes there. What
 * arrives is checked (size; type by its first bytes, which must match what was declared; pixel count) and
 * re-encoded from its pixels, so nothing but the image survives (no EXIF, no location, no trailing data).
 * The decoding runs off the event loop (`image-reencode.ts`), a few images at a time and one per user: a
 * user's next images wait for the earlier ones, three in line at most; a fourth is refused (`UploadInProgress`).
 * The result is sealed (AES-256-GCM) and kept in the blob store: the data folder by default. Images are
 * shown only through links signed for their owner or an operator, which expire.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ERRORS, errorMessage, isLang, LANG_HEADER, type Lang, langFromHeader } from '@nexa/contract';
import { and, count, eq, gte } from 'drizzle-orm';
import type { BlobStore } from '../../kernel/blobs';
import type { Clock } from '../../kernel/clock';
import { DomainError } from '../../kernel/errors';
import type { RawReply, RawRequest, RawRoute } from '../../kernel/module';
import { seal, unseal } from '../../kernel/seal';
import type { Store, Tx } from '../../store';
import { createImageQueue, ImageRefused, reencodeImage } from './image-reencode';
import { uploads } from './tables';

/** No upload link takes more than this, whatever the settings say. */
export const UPLOAD_CEILING = 20 * 1024 * 1024;

export type Sniffed = 'image/jpeg' | 'image/png' | null;

/** The type a file's first bytes say it is (JPEG, PNG), whatever its name or declared type. */
export function sniff(bytes: Buffer): Sniffed {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  return null;
}

/**
 * No image takes more pixels than this, whatever the settings say: the old default, 40 MP, which let a
 * 116 KB PNG of 6,300 × 6,300 pixels cost seconds of decoding.
 */
export const PIXEL_CEILING = 40_000_000;
/** Uploads waiting for their turn to be decoded beyond which more are refused at once (each holds its file). */
export /** One user's images in line at once, one worked on at a time: a verification form's slots picked quickly. */
const IMAGES_A_USER = 3;
const MAX_WAITING_IMAGES = 32;

/** The language of a PUT to an upload link: the app's `lang` header, else the browser's first language. */
export function uploadLang(headers: Readonly<Record<string, string | undefined>>): Lang {
  const own = headers[LANG_HEADER];
  if (own) return langFromHeader(own);
  const first = (headers['accept-language'] ?? '').split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return isLang(first) ? first : 'en';
}

export interface UploadDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly blobs: BlobStore;
  /** Seals the files at rest. */
  readonly sealKey: Uint8Array;
  /** Signs the links. */
  readonly linkKey: Uint8Array;
  readonly terms: () => Promise<{
    maxBytes: number;
    maxPixels: number;
    ttlS: number;
    perHour: number;
    /** Seconds one image's decoding may take. */
    decodeTimeoutS: number;
    /** Images decoded at once. */
    decodeConcurrency: number;
  }>;
}

/** What the upload operations share: the dependencies, the images' line and the links' signature. */
interface UploadsCtx {
  readonly deps: UploadDeps;
  readonly images: ReturnType<typeof createImageQueue>;
  /** Images decoded at once, as the settings last said. */
  readonly state: { concurrency: number };
  mac(text: string): string;
  same(a: string, b: string): boolean;
}

/** A link to PUT one file: bound to the upload's id and its expiry. */
async function begin(
  u: UploadsCtx,
  userId: number,
  body: { purpose: string; content_type: string; size: number },
) {
  const { deps, mac } = u;
  const { store, clock } = deps;
  const t = await deps.terms();
  if (body.size > t.maxBytes)
    throw new DomainError('UploadRejected', { reason: `larger than ${t.maxBytes} bytes` });
  const now = clock.now();
  const [recent] = await store.db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), gte(uploads.createdAt, new Date(now.getTime() - 3_600_000))));
  if ((recent?.n ?? 0) >= t.perHour) throw new DomainError('RateLimited');
  const id = randomBytes(16).toString('hex');
  const expiresAt = new Date(now.getTime() + t.ttlS * 1000);
  await store.db.insert(uploads).values({
    id,
    userId,
    purpose: body.purpose,
    contentType: body.content_type,
    maxBytes: t.maxBytes,
    status: 'pending',
    createdAt: now,
    expiresAt,
  });
  const exp = Math.floor(expiresAt.getTime() / 1000);
  return {
    upload_id: id,
    url: `/uploads/${id}?exp=${exp}&sig=${mac(`put:${id}:${exp}`)}`,
    method: 'PUT' as const,
    headers: { 'content-type': body.content_type },
    max_bytes: t.maxBytes,
    expires_at: expiresAt.toISOString(),
  };
}

const refuse = (status: number, reason: string): RawReply => ({ status, body: { ok: false, reason } });

/** The PUT of a file to its link. */
async function receive(x: UploadsCtx, req: RawRequest): Promise<RawReply> {
  const { deps, images, mac, same } = x;
  const { store, clock } = deps;
  const id = req.params.id ?? '';
  const exp = Number(req.query.exp);
  const sig = req.query.sig ?? '';
  if (!/^[a-f0-9]{32}$/.test(id) || !Number.isSafeInteger(exp) || !same(sig, mac(`put:${id}:${exp}`)))
    return refuse(403, 'bad link');
  if (exp * 1000 < clock.now().getTime()) return refuse(410, 'link expired');
  const [u] = await store.db.select().from(uploads).where(eq(uploads.id, id));
  if (!u || u.expiresAt.getTime() < clock.now().getTime()) return refuse(410, 'link expired');
  if (u.status !== 'pending') return refuse(409, 'already uploaded');
  if (req.body.length === 0) return refuse(400, 'empty file');
  if (req.body.length > u.maxBytes) return refuse(413, 'file too large');
  const type = sniff(req.body);
  if (!type || type !== u.contentType) return refuse(415, 'not the declared image type');
  const t = await deps.terms();
  x.state.concurrency = Math.max(1, t.decodeConcurrency);
  const limits = { maxPixels: Math.min(t.maxPixels, PIXEL_CEILING), timeoutS: t.decodeTimeoutS };
  let clean: Buffer | 'busy' | 'full';
  try {
    clean = await images.run(u.userId, () => reencodeImage(req.body, type, limits));
  } catch (err) {
    return refuse(422, err instanceof ImageRefused ? err.message : 'not a readable image');
  }
  if (clean === 'busy' || clean === 'full') {
    // One image at a time per user; and a full line refuses rather than holds more files in memory.
    const name = clean === 'busy' ? 'UploadInProgress' : 'RateLimited';
    const lang = uploadLang(req.headers);
    return {
      status: clean === 'busy' ? 429 : 503,
      headers: { 'retry-after': '5' },
      body: { ok: false, code: ERRORS[name].code, msg: errorMessage(name, lang), data: null, error: name },
    };
  }
  await deps.blobs.put(id, Buffer.from(seal(deps.sealKey, clean), 'utf8'));
  await store.db
    .update(uploads)
    .set({ status: 'stored', size: clean.length, storedAt: clock.now() })
    .where(and(eq(uploads.id, id), eq(uploads.status, 'pending')));
  return { status: 200, body: { ok: true, upload_id: id, size: clean.length } };
}

/** A link to view a stored file, for its owner (`u:<id>`) or an operator (`op:<id>`), expiring. */
async function viewLink(u: UploadsCtx, id: string, viewer: string, ttlS?: number) {
  const { deps, mac } = u;
  const t = await deps.terms();
  const expiresAt = new Date(deps.clock.now().getTime() + (ttlS ?? t.ttlS) * 1000);
  const exp = Math.floor(expiresAt.getTime() / 1000);
  return {
    upload_id: id,
    url: `/uploads/${id}?exp=${exp}&v=${encodeURIComponent(viewer)}&sig=${mac(`get:${id}:${viewer}:${exp}`)}`,
    expires_at: expiresAt.toISOString(),
  };
}

async function serve(x: UploadsCtx, req: RawRequest): Promise<RawReply> {
  const { deps, mac, same } = x;
  const { store, clock } = deps;
  const id = req.params.id ?? '';
  const exp = Number(req.query.exp);
  const viewer = req.query.v ?? '';
  const sig = req.query.sig ?? '';
  if (
    !/^[a-f0-9]{32}$/.test(id) ||
    !Number.isSafeInteger(exp) ||
    !same(sig, mac(`get:${id}:${viewer}:${exp}`))
  )
    return refuse(403, 'bad link');
  if (exp * 1000 < clock.now().getTime()) return refuse(410, 'link expired');
  const [u] = await store.db.select().from(uploads).where(eq(uploads.id, id));
  if (u?.status !== 'stored') return refuse(404, 'not found');
  const sealed = await deps.blobs.get(id);
  if (!sealed) return refuse(404, 'not found');
  return {
    status: 200,
    headers: {
      'content-type': u.contentType,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
    body: unseal(deps.sealKey, sealed.toString('utf8')),
  };
}

/**
 * A link anyone may open, for a goods image only (a storefront is public; identity documents never are),
 * valid a day. Null for anything else.
 */
async function publicLink(x: UploadsCtx, id: string) {
  const [u] = await x.deps.store.db.select().from(uploads).where(eq(uploads.id, id));
  if (u?.purpose !== 'product' || u.status !== 'stored') return null;
  return viewLink(x, id, 'pub', 86_400);
}

/** A stored upload of the user for a purpose, not yet taken by anything else. */
async function claimable(db: Tx, userId: number, id: string, purpose: string, by: string) {
  const [u] = await db.select().from(uploads).where(eq(uploads.id, id)).for('update');
  if (!u || u.userId !== userId || u.status !== 'stored' || u.purpose !== purpose) return null;
  if (u.usedBy !== null && u.usedBy !== by) return null;
  return u;
}

/** Takes a stored upload of the user for a purpose on behalf of `by`, in the caller's transaction. */
async function take(db: Tx, userId: number, id: string, purpose: string, by: string): Promise<boolean> {
  if (!(await claimable(db, userId, id, purpose, by))) return false;
  await db.update(uploads).set({ usedBy: by }).where(eq(uploads.id, id));
  return true;
}

export function createUploads(deps: UploadDeps) {
  const state = { concurrency: 2 };
  const images = createImageQueue({
    concurrency: () => state.concurrency,
    maxWaiting: MAX_WAITING_IMAGES,
    perUser: IMAGES_A_USER,
  });
  const u: UploadsCtx = {
    deps,
    images,
    state,
    mac: (text: string) => createHmac('sha256', deps.linkKey).update(text).digest('hex'),
    same: (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b)),
  };
  const onReceive = (req: RawRequest) => receive(u, req);
  const onServe = (req: RawRequest) => serve(u, req);

  /** The upload link's routes; the body limit here is a ceiling, each upload's own limit is checked on it. */
  const routes: RawRoute[] = [
    { method: 'PUT', url: '/uploads/:id', bodyLimit: UPLOAD_CEILING, handle: onReceive },
    { method: 'GET', url: '/uploads/:id', bodyLimit: 1024, handle: onServe },
  ];

  return {
    begin: (userId: number, body: { purpose: string; content_type: string; size: number }) =>
      begin(u, userId, body),
    receive: onReceive,
    serve: onServe,
    viewLink: (id: string, viewer: string, ttlS?: number) => viewLink(u, id, viewer, ttlS),
    publicLink: (id: string) => publicLink(u, id),
    claimable,
    take,
    routes,
    images: images.stats,
    /** The images' line itself: where a user's image waits its turn (an operator tool or a test can hold it). */
    imageLine: images,
  };
}

export type Uploads = ReturnType<typeof createUploads>;
