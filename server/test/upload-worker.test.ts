// Uploaded images are decoded off the event loop: while ten large images are worked on, other calls are
// answered (this test runs in the server's own thread, so a call answered while an image is still in
// progress shows that thread was free); each image is processed whole; one user has one upload in progress
// at a time (a second gets a localized refusal); an image beyond the pixel limit is refused before decoding.
// Behaviour only: how long anything takes is the bench's (bench/upload-stall.ts).
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/store';
import { api, signedInUser, startServer, type TestServer } from './harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
  await srv.app.settings.set('uploads.per_hour', 1000);
});
afterAll(() => srv.close());

const files = () => srv.app.modules.cards.files;

/** A flat-coloured image: a few KB on the wire, any number of pixels once decoded. */
function image(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
  return (format === 'png' ? base.png() : base.jpeg()).toBuffer();
}

async function link(token: string, bytes: Buffer, type: 'image/png' | 'image/jpeg' = 'image/png') {
  const res = await api(
    srv,
    '/api/visa/uploadImg',
    { purpose: 'kyc_front', content_type: type, size: bytes.length },
    { token },
  );
  expect(res.body.code).toBe(200);
  return res.body.data;
}

const put = (url: string, bytes: Buffer, headers: Record<string, string> = {}) =>
  fetch(`${srv.url}${url}`, {
    method: 'PUT',
    headers: { 'content-type': 'image/png', ...headers },
    body: new Uint8Array(bytes),
  });

/** Resolves once the server has an image in progress (checked on each turn of the shared event loop). */
async function untilInProgress(): Promise<void> {
  for (let i = 0; i < 10_000; i++) {
    const s = files().images();
    if (s.running + s.waiting > 0) return;
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error('no image was ever in progress');
}

describe('image uploads off the event loop', () => {
  it('processes ten large images while other calls are answered', async () => {
    // 4,900 × 4,900 = 24.0 MP, under the 25 MP limit.
    const bytes = await image(4900, 4900);
    const users = await Promise.all(Array.from({ length: 10 }, () => signedInUser(srv)));
    const links = await Promise.all(users.map((u) => link(u.token, bytes)));
    const puts = links.map((l) =>
      put(l.url, bytes).then(async (r) => ({ status: r.status, body: await r.text() })),
    );
    let done = false;
    const all = Promise.all(puts).finally(() => {
      done = true;
    });
    await untilInProgress();
    let answered = 0;
    let answeredDuring = 0;
    while (!done) {
      const res = await api(srv, '/api/user/info', {}, { token: users[0]?.token ?? '' });
      expect(res.body.code).toBe(200);
      answered++;
      const s = files().images();
      if (s.running + s.waiting > 0) answeredDuring++;
    }
    const results = await all;
    for (const r of results) expect(r, r.body).toMatchObject({ status: 200 });
    expect(answered).toBeGreaterThan(0);
    expect(answeredDuring).toBeGreaterThan(0);
    // Each image was processed whole: its stored copy reads back at its size.
    for (const l of links.slice(0, 2)) {
      const view = await files().viewLink(l.upload_id, 'op:1');
      const stored = Buffer.from(await (await fetch(`${srv.url}${view.url}`)).arrayBuffer());
      expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 4900, height: 4900 });
    }
    expect(files().images()).toEqual({ running: 0, waiting: 0, users: 0, lined: 0 });
  });

  it('works on one image of a user at a time, lets the next two wait, and refuses a fourth, in their language', async () => {
    const u = await signedInUser(srv);
    const me = await api(srv, '/api/user/info', {}, { token: u.token });
    const [row] = await queryRows<{ id: number }>(
      srv.app.deps.store.db,
      sql`select id from users where uid = ${String(me.body.data.uid)}`,
    );
    const id = Number(row?.id);
    const bytes = await image(400, 300);
    // Three of the user's images are in line, the first held in progress (as a large one would be).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: number[] = [];
    const line = [1, 2, 3].map((n) =>
      files().imageLine.run(id, async () => {
        order.push(n);
        if (n === 1) await held;
      }),
    );
    await expect.poll(() => files().images()).toMatchObject({ running: 1, lined: 3 });
    const fourth = await link(u.token, bytes);
    const refused = await put(fourth.url, bytes, { lang: 'german' });
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { error: string; msg: string; code: number };
    expect(body).toMatchObject({ error: 'UploadInProgress', code: 3016 });
    expect(body.msg).toContain('verarbeitet');
    const viaBrowser = await put(fourth.url, bytes, { 'accept-language': 'ja-JP,ja;q=0.9' });
    expect(viaBrowser.status).toBe(429);
    expect(((await viaBrowser.json()) as { msg: string }).msg).toContain('処理');
    // Another user is not held by this one's line.
    const other = await signedInUser(srv);
    const otherLink = await link(other.token, bytes);
    expect((await put(otherLink.url, bytes)).status).toBe(200);
    // One at a time, in the order they came; then the refused link works.
    expect(order).toEqual([1]);
    release();
    await Promise.all(line);
    expect(order).toEqual([1, 2, 3]);
    expect((await put(fourth.url, bytes)).status).toBe(200);
    expect(files().images()).toEqual({ running: 0, waiting: 0, users: 0, lined: 0 });
  });

  it('refuses images beyond the pixel limit (a 6,300 × 6,300 PNG, a 27 MP JPEG) without storing them', async () => {
    const u = await signedInUser(srv);
    for (const [bytes, type] of [
      [await image(6300, 6300), 'image/png'],
      [await image(6000, 4500, 'jpeg'), 'image/jpeg'],
    ] as const) {
      const l = await link(u.token, bytes, type);
      const res = await put(l.url, bytes, { 'content-type': type });
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ ok: false, reason: 'too many pixels' });
      const view = await files().viewLink(l.upload_id, 'op:1');
      expect((await fetch(`${srv.url}${view.url}`)).status).toBe(404);
    }
  });
});
