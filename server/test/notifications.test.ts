// A user's notices and devices: a notice per event kind wired (deposit credited, withdrawal sent and rejected,
// KYC decided, card shipped and used, shop order shipped, liquidation, new sign-in, sessions ended), written
// exactly once however often its event is delivered (a replay after a crash, a restarted outbox), pushed live
// on the private `notices` channel, paged, counted and marked read by its user only; the user's sessions
// listed with their device and ended one by one or all but this one, their tokens refused from then on.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { NOTICE_TOPIC, writeNotice } from '../src/kernel/notices';
import { createOutbox } from '../src/kernel/outbox';
import { notices } from '../src/modules/notifications/tables';
import { schema } from '../src/store';
import {
  api,
  call,
  depositConfirmed,
  newWallet,
  operatorToken,
  present,
  signedInUser,
  signIn,
  startServer,
  type TestServer,
} from './harness';

let srv: TestServer;
let finance: string;
let admin: string;

const db = () => srv.app.deps.store.db;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

beforeAll(async () => {
  srv = await startServer();
  finance = await operatorToken(srv);
  admin = await operatorToken(srv, 'admin', 'nexa-admin');
});
afterAll(() => srv.close());

/** Every event committed so far has been through a drain that started after it committed. */
async function delivered(): Promise<void> {
  await srv.app.deps.outbox.drain();
  await srv.app.deps.outbox.drain();
}

async function member() {
  const u = await signedInUser(srv);
  const me = present(await srv.app.modules.auth.authenticate(u.token), 'user');
  return { ...u, id: me.id };
}

async function kinds(token: string): Promise<string[]> {
  const res = await api(srv, '/api/notice/list', { size: 100 }, { token });
  expect(res.body.code).toBe(200);
  return res.body.data.list.map((n) => n.kind);
}

describe('notices of the wired events', () => {
  it('tells a credited deposit, a sent withdrawal (with its hash) and a rejected one, once each', async () => {
    const u = await member();
    await depositConfirmed(srv, u.token, finance, '500');
    const send = await api(
      srv,
      '/api/withdraw/index',
      { asset: 'USDT', address: newWallet().address, amount: '50' },
      { token: u.token },
    );
    const refuse = await api(
      srv,
      '/api/withdraw/index',
      { asset: 'USDT', address: newWallet().address, amount: '20' },
      { token: u.token },
    );
    const hash = `0x${'ab'.repeat(32)}`;
    const ok = await api(
      srv,
      '/admin/withdrawals/approve',
      { withdrawal_id: send.body.data.id, tx_hash: hash },
      { token: admin },
    );
    expect(ok.body.data?.stage, JSON.stringify(ok.body)).toBe('sent');
    const no = await api(
      srv,
      '/admin/withdrawals/reject',
      { withdrawal_id: refuse.body.data.id, reason: 'address under review' },
      { token: finance },
    );
    expect(no.body.code, JSON.stringify(no.body)).toBe(200);
    await delivered();
    await delivered();
    const list = (await api(srv, '/api/notice/list', {}, { token: u.token })).body.data;
    expect(list.list.map((n) => n.kind).sort()).toEqual([
      'deposit_credited',
      'withdrawal_rejected',
      'withdrawal_sent',
    ]);
    expect(list.unread).toBe(3);
    const byKind = Object.fromEntries(list.list.map((n) => [n.kind, n.params]));
    expect(byKind.deposit_credited).toMatchObject({ asset: 'USDT', amount: '500' });
    expect(byKind.withdrawal_sent).toMatchObject({ asset: 'USDT', amount: '50', tx_hash: hash });
    expect(byKind.withdrawal_rejected).toMatchObject({ reason: 'address under review' });
  });

  it('tells each notice kind another module asks for through the outbox', async () => {
    const u = await member();
    const asks = [
      { kind: 'kyc_approved', ref: 'kyc_1:approved', params: { reason: '' } },
      { kind: 'card_shipped', ref: 'card_1:shipped', params: { tracking: 'SIM123' } },
      { kind: 'card_activity', ref: 'card_event_x', params: { event: 'authorization', amount: '12.5' } },
      { kind: 'shop_shipped', ref: 'shop_1:shipped', params: { title: 'Tea', tracking: 'T1' } },
      { kind: 'liquidation', ref: 'swap_1:liq', params: { inst: 'BTC-USDT-SWAP' } },
    ] as const;
    await db().transaction(async (tx) => {
      for (const a of asks) await writeNotice(srv.app.deps.outbox, tx, { userId: u.id, ...a });
    });
    await delivered();
    expect((await kinds(u.token)).sort()).toEqual(asks.map((a) => a.kind).sort());
  });

  it('writes nothing for an event whose transaction rolled back', async () => {
    const u = await member();
    await expect(
      db().transaction(async (tx) => {
        await writeNotice(srv.app.deps.outbox, tx, {
          userId: u.id,
          kind: 'kyc_rejected',
          ref: 'kyc_9:failed',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await delivered();
    expect(await kinds(u.token)).toEqual([]);
  });
});

describe('exactly once', () => {
  it('a replayed event (delivered again after a crash, or by a restarted outbox) writes no second notice', async () => {
    const u = await member();
    await db().transaction((tx) =>
      writeNotice(srv.app.deps.outbox, tx, {
        userId: u.id,
        kind: 'kyc_approved',
        ref: 'kyc_replay:approved',
      }),
    );
    await delivered();
    const [event] = await db()
      .select()
      .from(schema.outboxEvents)
      .where(eq(schema.outboxEvents.topic, NOTICE_TOPIC))
      .orderBy(schema.outboxEvents.id);
    expect(event).toBeDefined();
    // The crash came after the consumer committed but before the event was marked delivered: it is sent again.
    await db().update(schema.outboxEvents).set({ deliveredAt: null });
    await delivered();
    // A restarted process with its receipts lost still writes one notice per user and ref.
    await db()
      .delete(schema.outboxReceipts)
      .where(eq(schema.outboxReceipts.consumer, 'notifications.notice'));
    await db().update(schema.outboxEvents).set({ deliveredAt: null });
    const restarted = createOutbox({ store: srv.app.deps.store });
    restarted.consume(NOTICE_TOPIC, 'notifications.notice', (tx, e) =>
      srv.app.modules.notifications.deliver(tx, e as never),
    );
    // Every pending event, a batch at a time.
    for (let n = 1; n > 0; ) n = await restarted.drain();
    const rows = await db()
      .select()
      .from(notices)
      .where(and(eq(notices.userId, u.id), eq(notices.ref, 'kyc_replay:approved')));
    expect(rows).toHaveLength(1);
  });
});

describe('a user sees and marks only their own notices', () => {
  it('pages newest first, counts unread, marks one and all read; another user’s answers NotFound', async () => {
    const u = await member();
    const other = await member();
    await db().transaction(async (tx) => {
      for (let i = 0; i < 12; i++)
        await writeNotice(srv.app.deps.outbox, tx, {
          userId: u.id,
          kind: 'card_activity',
          ref: `page_${i}`,
          params: { event: 'refund', amount: String(i) },
        });
    });
    await delivered();
    const p1 = (await api(srv, '/api/notice/list', { page: 1, size: 5 }, { token: u.token })).body.data;
    const p3 = (await api(srv, '/api/notice/list', { page: 3, size: 5 }, { token: u.token })).body.data;
    expect(p1.total).toBe(12);
    expect(p1.list.map((n) => n.params.amount)).toEqual(['11', '10', '9', '8', '7']);
    expect(p3.list.map((n) => n.params.amount)).toEqual(['1', '0']);
    expect((await api(srv, '/api/notice/unread', {}, { token: u.token })).body.data.count).toBe(12);

    const first = present(p1.list[0]);
    // Someone else's notice: not found, and still unread.
    const theirs = await api(srv, '/api/notice/read', { id: first.id }, { token: other.token });
    expect(theirs.body.error).toBe('NotFound');
    expect((await api(srv, '/api/notice/list', {}, { token: other.token })).body.data.total).toBe(0);
    expect((await api(srv, '/api/notice/readAll', {}, { token: other.token })).body.data.count).toBe(0);
    expect((await api(srv, '/api/notice/unread', {}, { token: u.token })).body.data.count).toBe(12);
    // Bad ids.
    for (const id of [-1, 0, 'x', 2 ** 60, 1.5])
      expect((await call(srv, '/api/notice/read', { id }, { token: u.token })).body.code).not.toBe(200);

    const read = await api(srv, '/api/notice/read', { id: first.id }, { token: u.token });
    expect(read.body.data.read_at).not.toBeNull();
    const again = await api(srv, '/api/notice/read', { id: first.id }, { token: u.token });
    expect(again.body.data.read_at).toBe(read.body.data.read_at);
    const unread = (await api(srv, '/api/notice/list', { unread: 1, size: 100 }, { token: u.token })).body
      .data;
    expect(unread.total).toBe(11);
    expect(unread.list.every((n) => n.read_at === null)).toBe(true);
    expect((await api(srv, '/api/notice/readAll', {}, { token: u.token })).body.data.count).toBe(11);
    expect((await api(srv, '/api/notice/unread', {}, { token: u.token })).body.data.count).toBe(0);
    expect((await api(srv, '/api/notice/list', {}, {})).body.code).toBe(406);
  });

  it('pushes a new notice to its user’s sockets on the private channel, and to no one else', async () => {
    const u = await member();
    const other = await member();
    const open = async (token: string) => {
      const ws = new WebSocket(`${srv.url.replace('http', 'ws')}/ws?token=${encodeURIComponent(token)}`);
      const frames: string[] = [];
      ws.on('message', (d) => frames.push(String(d)));
      await new Promise((resolve) => ws.once('open', resolve));
      ws.send(JSON.stringify({ op: 'subscribe', args: [{ channel: 'notices' }] }));
      await new Promise<void>((resolve) => {
        const check = () =>
          frames.some((f) => f.includes('"event":"subscribe"')) ? resolve() : setTimeout(check, 5);
        check();
      });
      return { ws, frames };
    };
    const mine = await open(u.token);
    const theirs = await open(other.token);
    await db().transaction((tx) =>
      writeNotice(srv.app.deps.outbox, tx, { userId: u.id, kind: 'kyc_approved', ref: 'live_1' }),
    );
    await delivered();
    const push = await new Promise<string>((resolve) => {
      const check = () => {
        const f = mine.frames.find((x) => x.includes('"channel":"notices"') && x.includes('"data"'));
        if (f) resolve(f);
        else setTimeout(check, 5);
      };
      check();
    });
    expect(JSON.parse(push).data[0]).toMatchObject({ kind: 'kyc_approved', read_at: null });
    expect(theirs.frames.some((x) => x.includes('"data"'))).toBe(false);
    mine.ws.close();
    theirs.ws.close();
  });
});

describe('the anti-phishing code', () => {
  it('is chosen, changed and removed by its user alone; a malformed one is refused in the caller’s language', async () => {
    const a = await member();
    const b = await member();
    const none = await api(srv, '/api/notice/settings', {}, { token: a.token });
    expect(none.body.data).toMatchObject({ anti_phishing: null, lang: 'en', email: null });
    const set = await api(srv, '/api/notice/setAntiPhishing', { code: ' Blue-Fox_7 ' }, { token: a.token });
    expect(set.body.data).toMatchObject({ anti_phishing: 'Blue-Fox_7' });
    // Too short, too long, a space inside, markup: refused, and the code stays as it was.
    for (const code of ['abc', 'x'.repeat(21), 'blue fox', '<b>code</b>']) {
      const bad = await call(srv, '/api/notice/setAntiPhishing', { code }, { token: a.token, lang: 'zh_CN' });
      expect(bad.body.error, code).toBe('ValidationFailed');
      expect(bad.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await api(srv, '/api/notice/settings', {}, { token: a.token })).body.data.anti_phishing).toBe(
      'Blue-Fox_7',
    );
    // Another user's is their own.
    expect(
      (await api(srv, '/api/notice/settings', {}, { token: b.token })).body.data.anti_phishing,
    ).toBeNull();
    await api(srv, '/api/notice/setAntiPhishing', { code: 'QUIET42' }, { token: a.token });
    expect((await api(srv, '/api/notice/settings', {}, { token: a.token })).body.data.anti_phishing).toBe(
      'QUIET42',
    );
    await api(srv, '/api/notice/setAntiPhishing', { code: null }, { token: a.token });
    expect(
      (await api(srv, '/api/notice/settings', {}, { token: a.token })).body.data.anti_phishing,
    ).toBeNull();
    // Without a session: refused.
    expect((await call(srv, '/api/notice/settings', {})).body.code).not.toBe(200);
  });
});

describe('devices and sessions', () => {
  const login = async (wallet: ReturnType<typeof newWallet>, ua: string) => {
    const res = await signIn(srv, wallet, { headers: { 'user-agent': ua } });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data.token;
  };

  it('lists the sessions with their device, tells a new device once, and ends one or all the others', async () => {
    const wallet = newWallet();
    const phone = await login(wallet, IPHONE);
    const me = present(await srv.app.modules.auth.authenticate(phone));
    const android = await login(wallet, ANDROID);
    const phoneAgain = await login(wallet, IPHONE);
    await delivered();
    const told = (await api(srv, '/api/notice/list', {}, { token: phone })).body.data.list;
    // The account's first session tells nothing; the second device once; the first device again nothing.
    expect(told.map((n) => n.kind)).toEqual(['new_sign_in']);
    expect(told[0]?.params).toMatchObject({ browser: 'Chrome 131.0', os: 'Android 14' });

    const list = (await api(srv, '/api/auth/sessions', {}, { token: android })).body.data;
    expect(list.total).toBe(3);
    expect(list.list[0]).toMatchObject({ current: true, browser: 'Chrome 131.0', device: 'mobile' });
    expect(list.list.filter((s) => s.current)).toHaveLength(1);
    expect(list.list.map((s) => s.os).sort()).toEqual(['Android 14', 'iOS 17.5', 'iOS 17.5']);
    expect(list.list.every((s) => s.ip === '127.0.0.1')).toBe(true);
    expect(JSON.stringify(list)).not.toContain(phone);

    // A session of someone else, this one, bad ids: refused, nothing ended.
    const stranger = await member();
    const strangerSession = present(await srv.app.modules.auth.authenticate(stranger.token)).sessionId;
    const androidId = present(list.list[0]).id;
    expect(
      (await api(srv, '/api/auth/endSession', { session_id: strangerSession }, { token: android })).body
        .error,
    ).toBe('NotFound');
    expect(
      (await api(srv, '/api/auth/endSession', { session_id: androidId }, { token: android })).body.error,
    ).toBe('InvalidState');
    expect(
      (await call(srv, '/api/auth/endSession', { session_id: -3 }, { token: android })).body.code,
    ).not.toBe(200);
    expect((await call(srv, '/api/user/info', {}, { token: stranger.token })).body.code).toBe(200);

    // End the first phone's session: its token is refused from its next call.
    const ended = await api(srv, '/api/auth/endSession', { session_id: me.sessionId }, { token: android });
    expect(ended.body.data.ended).toBe(1);
    expect((await call(srv, '/api/user/info', {}, { token: phone })).body.code).toBe(406);
    expect((await call(srv, '/api/user/info', {}, { token: phoneAgain })).body.code).toBe(200);
    // All the others: only this one stays.
    const rest = await api(srv, '/api/auth/endOtherSessions', {}, { token: android });
    expect(rest.body.data.ended).toBe(1);
    expect((await call(srv, '/api/user/info', {}, { token: phoneAgain })).body.code).toBe(406);
    expect((await call(srv, '/api/user/info', {}, { token: android })).body.code).toBe(200);
    expect((await api(srv, '/api/auth/sessions', {}, { token: android })).body.data.total).toBe(1);
    // Ending sessions is a security change the user is told of.
    await delivered();
    expect(await kinds(android)).toEqual(['sessions_ended', 'sessions_ended', 'new_sign_in']);
  });

  it('knows a device by the app’s device id before its User-Agent', async () => {
    const wallet = newWallet();
    const deviceId = randomBytes(16).toString('hex');
    const first = await signIn(srv, wallet, { headers: { 'user-agent': IPHONE } });
    expect(first.body.code).toBe(200);
    // Same browser, a different device id (another phone of the same model): a new device.
    const res = await call<{ token: string }>(
      srv,
      '/api/auth/login',
      await signedBody(wallet, { device_id: deviceId }),
      { headers: { 'user-agent': IPHONE } },
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    await delivered();
    expect(await kinds(res.body.data.token)).toEqual(['new_sign_in']);
  });
});

async function signedBody(wallet: ReturnType<typeof newWallet>, extra: Record<string, string>) {
  const { createSiweMessage } = await import('viem/siwe');
  const message = createSiweMessage({
    domain: srv.host,
    address: wallet.address,
    statement: 'Sign in to Nexa',
    uri: srv.url,
    version: '1',
    chainId: 1,
    nonce: randomBytes(8).toString('hex'),
    issuedAt: srv.clock.now(),
  });
  return {
    code: 'NEXA2026',
    name: wallet.address,
    sign_message: await wallet.signMessage({ message }),
    message,
    ...extra,
  };
}
