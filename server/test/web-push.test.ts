// Web Push: a device subscribes with the server's VAPID key; a notice written for its user is pushed once to
// each subscribed device, signed (an ES256 JWT for the push service's origin, checked here against the
// public key) and encrypted to the device (aes128gcm, RFC 8291, decrypted here with the device's keys), in
// the language the device subscribed in. A delivery run twice pushes nothing twice; a push never sent (a
// crash after the notice's commit or after the claim, a refusing service) goes on a later round; a subscription the push
// service calls gone is removed; the addresses and keys are never answered back and are sealed at rest.

import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { headerForLang, LANGS } from '@nexa/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/kernel/clock';
import { writeNotice } from '../src/kernel/notices';
import { EMAIL_WORDS } from '../src/modules/notifications/email-words';
import {
  noticeDeliveries,
  notices,
  pushReceipts,
  pushSubscriptions,
  pushVapid,
} from '../src/modules/notifications/tables';
import { api, present, signedInUser, startServer, type TestServer } from './harness';

interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

let srv: TestServer;
let push: Server;
let pushUrl = '';
const received: Received[] = [];

beforeAll(async () => {
  srv = await startServer();
  // The push service: records what it is sent; a path under /gone/ answers 410 as for an expired subscription.
  // A certificate of its own for the local push service (the server reaches loopback services without checking).
  const dir = mkdtempSync(join(tmpdir(), 'nexa-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const tls = { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  push = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      // A path under /flaky/ refuses its first message (a push service down for a moment).
      const path = req.url ?? '';
      const first = path.startsWith('/flaky/') && received.filter((r) => r.path === path).length === 1;
      res.writeHead(path.startsWith('/gone/') ? 410 : first ? 500 : 201).end();
    });
  });
  await new Promise<void>((resolve) => push.listen(0, '127.0.0.1', resolve));
  pushUrl = `https://127.0.0.1:${(push.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => push.close(() => resolve()));
  await srv.close();
});

const db = () => srv.app.deps.store.db;
const b64u = (b: Uint8Array) => Buffer.from(b).toString('base64url');

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function device(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: {
      endpoint: `${pushUrl}${path}`,
      keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
    },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 / RFC 8188: the message's plaintext, with the device's keys. */
function decrypt(body: Buffer, d: ReturnType<typeof device>): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  const shared = d.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    d.ecdh.getPublicKey(),
    serverKey,
    Buffer.from([1]),
  ]);
  const ikm = hmac(hmac(d.auth, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const padded = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2); // the last record's delimiter
  return padded.subarray(0, end).toString('utf8');
}

/** Checks the VAPID header: an ES256 JWT for the push service's origin, signed by the key it names. */
function checkVapid(headers: IncomingHttpHeaders, publicKey: string): Record<string, unknown> {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(headers.authorization));
  expect(match, String(headers.authorization)).not.toBeNull();
  const [, jwt = '', k = ''] = match ?? [];
  expect(k).toBe(publicKey);
  const [head = '', claims = '', signature = ''] = jwt.split('.');
  expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(ok).toBe(true);
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
}

async function member() {
  const u = await signedInUser(srv);
  const me = present(await srv.app.modules.auth.authenticate(u.token), 'user');
  return { ...u, id: me.id };
}

async function notify(userId: number, ref: string) {
  await db().transaction((tx) =>
    writeNotice(srv.app.deps.outbox, tx, {
      userId,
      kind: 'deposit_credited',
      ref,
      params: { amount: '12.5', asset: 'USDT' },
    }),
  );
  await srv.app.deps.outbox.drain();
  await srv.app.deps.outbox.drain();
}

const waitFor = async (path: string, count = 1) => {
  await expect.poll(() => received.filter((r) => r.path === path).length, { timeout: 60_000 }).toBe(count);
  return received.filter((r) => r.path === path);
};

describe('Web Push', () => {
  it('pushes a notice once, signed with VAPID and encrypted to the device, in its language', async () => {
    const u = await member();
    const key = await api(srv, '/api/notice/pushKey', {});
    expect(key.body.code).toBe(200);
    const publicKey = key.body.data.public_key;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);

    const phone = device('/send/phone');
    const sub = await api(
      srv,
      '/api/notice/pushSubscribe',
      { ...phone.subscription, device_id: 'dev-1' },
      {
        token: u.token,
        lang: headerForLang('de'),
      },
    );
    expect(sub.body.code).toBe(200);
    expect(sub.body.data).toMatchObject({ device_id: 'dev-1', service: '127.0.0.1', lang: 'de' });
    expect(JSON.stringify(sub.body.data)).not.toContain(phone.subscription.keys.auth);

    await notify(u.id, 'push-dep-1');
    const [got] = await waitFor('/send/phone');
    const message = present(got);
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(message.headers.ttl)).toBeGreaterThan(0);
    const claims = checkVapid(message.headers, publicKey);
    expect(claims.aud).toBe(pushUrl);
    expect(String(claims.sub)).toMatch(/^(mailto:|https:)/);
    expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000);
    expect(Number(claims.exp)).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 3600);

    const payload = JSON.parse(decrypt(message.body, phone)) as Record<string, unknown>;
    const [row] = await db().select().from(notices).where(eq(notices.ref, 'push-dep-1'));
    expect(payload).toMatchObject({
      id: row?.id,
      kind: 'deposit_credited',
      title: 'Einzahlung gutgeschrieben',
      url: `/notices?id=${row?.id}`,
    });
    expect(String(payload.body)).toContain('12.5 USDT');

    // Its delivery run again (a crash after the push, before the row was marked sent; a second instance):
    // the device's receipt holds, nothing is pushed twice. The round that pushed it ends first (the service
    // may answer the push before that round has written its receipt).
    const pushRowStatus = async () =>
      (
        await db()
          .select({ status: noticeDeliveries.status })
          .from(noticeDeliveries)
          .where(and(eq(noticeDeliveries.ref, 'push-dep-1'), eq(noticeDeliveries.channel, 'push')))
      )[0]?.status;
    await expect.poll(pushRowStatus, { timeout: 60_000 }).toBe('sent');
    await db()
      .update(noticeDeliveries)
      .set({ status: 'pending', claimedAt: null })
      .where(and(eq(noticeDeliveries.ref, 'push-dep-1'), eq(noticeDeliveries.channel, 'push')));
    expect(await srv.app.modules.notifications.sendPushes()).toBe(0);
    expect(received.filter((r) => r.path === '/send/phone')).toHaveLength(1);
    const receipts = await db()
      .select()
      .from(pushReceipts)
      .where(eq(pushReceipts.noticeId, present(row).id));
    expect(receipts.map((r) => r.status)).toEqual(['sent']);
  });

  it('a push the process never sent (it died after the commit, or the service refused it) goes on a later round, once', async () => {
    const u = await member();
    const phone = device('/flaky/phone');
    expect(
      (await api(srv, '/api/notice/pushSubscribe', phone.subscription, { token: u.token })).body.code,
    ).toBe(200);
    const pushes = () => received.filter((r) => r.path === '/flaky/phone');
    const delivery = async (ref: string) =>
      present(
        (
          await db()
            .select()
            .from(noticeDeliveries)
            .where(and(eq(noticeDeliveries.ref, ref), eq(noticeDeliveries.channel, 'push')))
        )[0],
        'push row',
      );

    // The service refuses the first send: the row waits, the next round sends it.
    await notify(u.id, 'push-flaky-1');
    await waitFor('/flaky/phone', 1);
    // The refused round frees its claim (one try counted) for the next one.
    await expect
      .poll(async () => {
        const d = await delivery('push-flaky-1');
        return `${d.status} ${d.attempts} ${d.claimedAt === null}`;
      })
      .toBe('pending 1 true');
    expect(await srv.app.modules.notifications.sendPushes()).toBe(1);
    expect(pushes()).toHaveLength(2);
    expect((await delivery('push-flaky-1')).status).toBe('sent');

    // The process died right after the notice's commit: its row is there, nothing was sent.
    const clock = srv.app.deps.clock as ManualClock;
    await db().transaction(async (tx) => {
      await tx
        .insert(notices)
        .values({ userId: u.id, kind: 'deposit_credited', ref: 'push-crash-1', params: {} });
      await tx.insert(noticeDeliveries).values({
        userId: u.id,
        channel: 'push',
        kind: 'deposit_credited',
        ref: 'push-crash-1',
        createdAt: clock.now(),
      });
    });
    expect(await srv.app.modules.notifications.sendPushes()).toBe(1);
    expect(pushes()).toHaveLength(3);
    expect(await srv.app.modules.notifications.sendPushes()).toBe(0);

    // It died after claiming the row and the device, before the send: the claim is taken again once stale,
    // under the same topic (a message the service still holds is replaced).
    await db().transaction(async (tx) => {
      const [n] = await tx
        .insert(notices)
        .values({ userId: u.id, kind: 'deposit_credited', ref: 'push-crash-2', params: {} })
        .returning();
      await tx.insert(noticeDeliveries).values({
        userId: u.id,
        channel: 'push',
        kind: 'deposit_credited',
        ref: 'push-crash-2',
        createdAt: clock.now(),
        claimedAt: clock.now(),
        attempts: 1,
      });
      const [sub] = await tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, u.id));
      await tx
        .insert(pushReceipts)
        .values({ noticeId: present(n).id, subscriptionId: present(sub).id, status: 'sending' });
    });
    expect(await srv.app.modules.notifications.sendPushes()).toBe(0);
    clock.advance(11 * 60_000);
    expect(await srv.app.modules.notifications.sendPushes()).toBe(1);
    const last = present(pushes().at(-1));
    expect(last.headers.topic).toMatch(/^notice\d+$/);
    expect(JSON.parse(decrypt(last.body, phone))).toMatchObject({ kind: 'deposit_credited' });
    expect((await delivery('push-crash-2')).status).toBe('sent');
    expect(pushes()).toHaveLength(4);
  });

  it('removes a subscription the push service calls gone, and lists and unsubscribes without secrets', async () => {
    const u = await member();
    const live = device('/send/live');
    const gone = device('/gone/old');
    for (const d of [live, gone]) {
      const res = await api(srv, '/api/notice/pushSubscribe', d.subscription, { token: u.token });
      expect(res.body.code).toBe(200);
    }
    await notify(u.id, 'push-dep-2');
    await waitFor('/send/live');
    await waitFor('/gone/old');
    await expect
      .poll(
        async () => (await api(srv, '/api/notice/pushList', {}, { token: u.token })).body.data?.list.length,
      )
      .toBe(1);
    const list = await api(srv, '/api/notice/pushList', {}, { token: u.token });
    const text = JSON.stringify(list.body.data);
    expect(text).not.toContain('/send/live');
    expect(text).not.toContain(live.subscription.keys.auth);
    expect(list.body.data.list[0]?.lang).toBe('en');

    // Another user cannot remove it; its owner can.
    const other = await member();
    const foreign = await api(
      srv,
      '/api/notice/pushUnsubscribe',
      { endpoint: live.subscription.endpoint },
      {
        token: other.token,
      },
    );
    expect(foreign.body.data?.removed).toBe(0);
    const mine = await api(
      srv,
      '/api/notice/pushUnsubscribe',
      { endpoint: live.subscription.endpoint },
      {
        token: u.token,
      },
    );
    expect(mine.body.data?.removed).toBe(1);
  });

  it('refuses an address that is no push service, and keeps keys and the VAPID private key sealed', async () => {
    const u = await member();
    const d = device('/send/x');
    const bad = await api(
      srv,
      '/api/notice/pushSubscribe',
      { ...d.subscription, endpoint: 'https://internal.example.com/hook' },
      { token: u.token },
    );
    expect(bad.body.code).toBe(1001);
    const noKey = await api(srv, '/api/notice/pushSubscribe', d.subscription, {});
    expect(noKey.body.code).not.toBe(200);

    await api(srv, '/api/notice/pushSubscribe', d.subscription, { token: u.token });
    const [row] = await db()
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, d.subscription.endpoint));
    expect(row?.keysSealed).not.toContain(d.subscription.keys.auth);
    expect(row?.keysSealed).not.toContain(d.subscription.keys.p256dh);
    const [vapid] = await db().select().from(pushVapid);
    const key = await api(srv, '/api/notice/pushKey', {});
    expect(vapid?.publicKey).toBe(key.body.data.public_key);
    expect(vapid?.privateSealed.split('.')).toHaveLength(3);
  });

  it('carries the app’s own notice texts, in the words of the emails', () => {
    for (const lang of LANGS) {
      const app = JSON.parse(
        readFileSync(
          new URL(`../../web/src/features/notifications/locales/${lang}.json`, import.meta.url),
          'utf8',
        ),
      ) as { notices: { kinds: unknown } };
      expect(EMAIL_WORDS[lang].kinds, lang).toEqual(app.notices.kinds);
    }
  });
});
