// Email binding and notice emails, against a real SMTP server started here: the bind code arrives (in the
// caller's language) and verifies, and the console's search then finds the user by it; a notice's email
// arrives once, in the user's language, headed by their anti-phishing code; a refused hand-over, a crash after
// the claim and a replayed event still deliver once; a kind turned off sends no email, a security kind always
// does; a change of address needs the code sent to the old one.
import { type AddressInfo, createServer } from 'node:net';
import type { NoticeKind } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ManualClock } from '../src/kernel/clock';
import { NOTICE_TOPIC, writeNotice } from '../src/kernel/notices';
import { noticeDeliveries, notices } from '../src/modules/notifications/tables';
import { schema } from '../src/store';
import { api, operatorToken, present, signedInUser, startServer, type TestServer } from './harness';

interface Received {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly messageId: string;
}

let srv: TestServer;
let smtp: SMTPServer;
const inbox: Received[] = [];
const pending: Array<Promise<void>> = [];
/** Recipients whose next hand-over the SMTP server refuses (a mail server down for a moment). */
const refuseOnce = new Set<string>();

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (refuseOnce.delete(address.address)) {
        const err = Object.assign(new Error('try later'), { responseCode: 451 });
        cb(err);
        return;
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        pending.push(
          simpleParser(Buffer.concat(chunks)).then((m) => {
            inbox.push({ to, subject: m.subject ?? '', text: m.text ?? '', messageId: m.messageId ?? '' });
          }),
        );
        cb();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((r) => smtp.listen(port, '127.0.0.1', r));
  srv = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  await srv.app.settings.set('auth.email_per_ip_per_10min', 100_000);
});
afterAll(async () => {
  await srv.close();
  await new Promise<void>((r) => smtp.close(r));
});

const db = () => srv.app.deps.store.db;
let seq = 0;
const address = (name: string) => `${name}.${Date.now()}.${++seq}@example.test`;

async function mailsTo(to: string): Promise<Received[]> {
  await Promise.all(pending);
  return inbox.filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

async function codeSentTo(
  to: string,
  lang?: string,
  token?: string,
): Promise<{ code: string; mail: Received }> {
  const seen = new Set((await mailsTo(to)).map((m) => m.messageId));
  const res = await api(
    srv,
    '/api/auth/sendEmail',
    { email: to, scene: 'bind' },
    { ...(lang ? { lang } : {}), ...(token ? { token } : {}) },
  );
  expect(res.body.code).toBe(200);
  // The hand-over to the mail server runs after the answer, and other mails (a notice of the bind before)
  // may arrive meanwhile: the code's mail is the new one that carries a code.
  return vi.waitFor(
    async () => {
      const fresh = (await mailsTo(to)).filter((m) => !seen.has(m.messageId));
      const mail = present(
        fresh.find((m) => /\b\d{6}\b/.test(m.text)),
        `code mail among ${JSON.stringify(fresh.map((m) => m.subject))}`,
      );
      return { code: present(/\b(\d{6})\b/.exec(mail.text)?.[1], 'code'), mail };
    },
    { timeout: 60_000, interval: 100 },
  );
}

async function member() {
  const u = await signedInUser(srv);
  const me = present(await srv.app.modules.auth.authenticate(u.token), 'user');
  return { ...u, id: me.id };
}

async function boundMember(lang?: string) {
  const u = await member();
  const email = address('u');
  const { code } = await codeSentTo(email);
  const bound = await api(srv, '/api/auth/bindEmail', { email, code }, { token: u.token });
  expect(bound.body.code).toBe(200);
  if (lang) {
    const set = await api(srv, '/api/notice/setLanguage', { lang: lang as 'en' }, { token: u.token });
    expect(set.body.code).toBe(200);
  }
  await settle();
  return { ...u, email };
}

/** Every committed notice has been through the outbox and the email sender. */
async function settle(): Promise<void> {
  await srv.app.deps.outbox.drain();
  await srv.app.deps.outbox.drain();
  await srv.app.modules.notifications.sendEmails();
  await srv.app.modules.notifications.sendEmails();
}

async function notify(userId: number, kind: NoticeKind, ref: string, params: Record<string, string> = {}) {
  await db().transaction((tx) => writeNotice(srv.app.deps.outbox, tx, { userId, kind, ref, params }));
  await settle();
}

describe('binding an email', () => {
  it('the code arrives in the caller’s language, binds the address, and the console finds the user by it', async () => {
    const u = await member();
    const email = address('Bind');
    const { code, mail } = await codeSentTo(email, 'japanese');
    expect(mail.subject).toBe('Nexa の確認コード');
    expect(mail.text).toContain(code);
    // A wrong code changes nothing.
    const wrong = await api(
      srv,
      '/api/auth/bindEmail',
      { email, code: code === '000000' ? '111111' : '000000' },
      { token: u.token },
    );
    expect(wrong.body.error).toBe('EmailCodeInvalid');
    let status = await api(srv, '/api/auth/security', {}, { token: u.token });
    expect(status.body.data.email).toBeNull();

    const ok = await api(srv, '/api/auth/bindEmail', { email, code }, { token: u.token });
    expect(ok.body.code).toBe(200);
    expect(ok.body.data.email).toBe(email.toLowerCase());
    status = await api(srv, '/api/auth/security', {}, { token: u.token });
    expect(status.body.data.email).toBe(email.toLowerCase());
    // The code is used once; the account has an address now.
    const again = await api(srv, '/api/auth/bindEmail', { email, code }, { token: u.token });
    expect(again.body.error).toBe('EmailAlreadyBound');
    // Another account cannot take it.
    const other = await member();
    (srv.app.deps.clock as ManualClock).advance(61_000);
    const second = await codeSentTo(email);
    const taken = await api(srv, '/api/auth/bindEmail', { email, code: second.code }, { token: other.token });
    expect(taken.body.error).toBe('EmailTaken');

    const op = await operatorToken(srv);
    const found = await api(srv, '/admin/users/search', { q: email.toUpperCase() }, { token: op });
    expect(found.body.code).toBe(200);
    expect(found.body.data.list.map((r) => r.user_id)).toEqual([u.id]);
  });

  it('an expired code and a sixth try are refused', async () => {
    const u = await member();
    const email = address('expire');
    const { code } = await codeSentTo(email);
    for (let i = 0; i < 5; i++) {
      const bad = await api(
        srv,
        '/api/auth/bindEmail',
        { email, code: `${(Number(code) + 1 + i) % 1_000_000}`.padStart(6, '0') },
        { token: u.token },
      );
      expect(bad.body.error).toBe('EmailCodeInvalid');
    }
    const spent = await api(srv, '/api/auth/bindEmail', { email, code }, { token: u.token });
    expect(spent.body.error).toBe('EmailCodeInvalid');

    const later = address('expire');
    const fresh = await codeSentTo(later);
    (srv.app.deps.clock as ManualClock).advance(11 * 60_000);
    const expired = await api(
      srv,
      '/api/auth/bindEmail',
      { email: later, code: fresh.code },
      { token: u.token },
    );
    expect(expired.body.error).toBe('EmailCodeInvalid');
  });
});

describe('notice emails', () => {
  it('arrive once, in the user’s language (two tried), headed by the anti-phishing code', async () => {
    const de = await boundMember('de');
    const zh = await boundMember('zh');
    await api(srv, '/api/notice/setAntiPhishing', { code: 'BLUE-fox_42' }, { token: de.token });
    await notify(de.id, 'deposit_credited', 'dep_email_1', { amount: '12.5', asset: 'USDT' });
    await notify(zh.id, 'deposit_credited', 'dep_email_1', { amount: '7', asset: 'USDT' });
    // Delivered again: no second email.
    await notify(de.id, 'deposit_credited', 'dep_email_1', { amount: '12.5', asset: 'USDT' });

    const deMails = (await mailsTo(de.email)).filter((m) => !/\d{6}/.test(m.text));
    const deposit = deMails.filter((m) => m.subject === 'Einzahlung gutgeschrieben');
    expect(deposit).toHaveLength(1);
    const mail = present(deposit[0], 'german mail');
    expect(mail.text.startsWith('Anti-Phishing-Code: BLUE-fox_42')).toBe(true);
    expect(mail.text).toContain('12.5 USDT');

    const zhMails = (await mailsTo(zh.email)).filter((m) => m.subject === '充值已到账');
    expect(zhMails).toHaveLength(1);
    expect(present(zhMails[0], 'chinese mail').text).toContain('7 USDT');
  });

  it('a refused hand-over, a crash after the claim and a replayed event still deliver once', async () => {
    const u = await boundMember();
    // The mail server refuses the first hand-over: the row goes back, the next round sends it.
    refuseOnce.add(u.email);
    await notify(u.id, 'kyc_approved', 'kyc_email:approved');
    await settle();
    // A crash left another notice's row claimed but not sent: taken again once the claim is stale.
    await db()
      .insert(noticeDeliveries)
      .values({
        userId: u.id,
        channel: 'email',
        kind: 'card_shipped',
        params: { tracking: 'TRK1' },
        ref: 'card_email',
        attempts: 1,
        claimedAt: srv.app.deps.clock.now(),
      });
    await srv.app.modules.notifications.sendEmails();
    expect((await mailsTo(u.email)).filter((m) => m.text.includes('TRK1'))).toHaveLength(0);
    (srv.app.deps.clock as ManualClock).advance(11 * 60_000);
    await settle();
    // The event replayed with its receipts lost adds no second delivery.
    await db()
      .delete(schema.outboxReceipts)
      .where(eq(schema.outboxReceipts.consumer, 'notifications.notice'));
    await db()
      .update(schema.outboxEvents)
      .set({ deliveredAt: null })
      .where(eq(schema.outboxEvents.topic, NOTICE_TOPIC));
    await settle();

    const mails = await mailsTo(u.email);
    expect(mails.filter((m) => m.subject === 'Identity verified')).toHaveLength(1);
    expect(mails.filter((m) => m.text.includes('TRK1'))).toHaveLength(1);
    const rows = await db().select().from(noticeDeliveries).where(eq(noticeDeliveries.userId, u.id));
    expect(rows.filter((r) => r.ref === 'kyc_email:approved').map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 2],
    ]);
  });

  it('a kind turned off sends no email (nor an in-app notice when that is off too); a security kind always does', async () => {
    const u = await boundMember();
    const off = await api(
      srv,
      '/api/notice/setChannels',
      { kind: 'deposit_credited', in_app: false, email: false, push: false },
      { token: u.token },
    );
    expect(off.body.data.channels.deposit_credited).toEqual({ in_app: false, email: false, push: false });
    const sec = await api(
      srv,
      '/api/notice/setChannels',
      { kind: 'new_sign_in', in_app: false, email: false, push: false },
      { token: u.token },
    );
    expect(sec.body.data.channels.new_sign_in).toEqual({ in_app: true, email: true, push: true });
    await notify(u.id, 'deposit_credited', 'dep_muted', { amount: '1', asset: 'USDT' });
    await notify(u.id, 'new_sign_in', 'sign_in_email', {
      browser: 'Firefox 133',
      os: 'Linux',
      ip: '10.0.0.9',
    });

    const mails = await mailsTo(u.email);
    expect(mails.filter((m) => m.subject === 'Deposit credited')).toHaveLength(0);
    expect(mails.filter((m) => m.subject === 'New sign-in' && m.text.includes('Firefox 133'))).toHaveLength(
      1,
    );
    const inApp = await db().select().from(notices).where(eq(notices.userId, u.id));
    expect(inApp.map((n) => n.ref)).not.toContain('dep_muted');
    expect(inApp.map((n) => n.ref)).toContain('sign_in_email');
  });
});

describe('code emails', () => {
  it('to a signed-in user start with their anti-phishing code, in the caller’s language', async () => {
    const u = await boundMember();
    await api(srv, '/api/notice/setAntiPhishing', { code: 'RED-owl_7' }, { token: u.token });
    (srv.app.deps.clock as ManualClock).advance(61_000);
    const { mail } = await codeSentTo(u.email, 'german', u.token);
    expect(mail.subject).toBe('Ihr Nexa-Bestätigungscode');
    expect(mail.text.startsWith('Anti-Phishing-Code: RED-owl_7\n')).toBe(true);
    // Asked for without a session (nobody to name), the code comes without one.
    (srv.app.deps.clock as ManualClock).advance(61_000);
    const plain = await codeSentTo(u.email);
    expect(plain.mail.text).not.toContain('RED-owl_7');
  });
});

describe('changing the email', () => {
  it('needs the code sent to the old address as well as the new one’s', async () => {
    const u = await boundMember();
    const next = address('next');
    (srv.app.deps.clock as ManualClock).advance(61_000);
    const oldRes = await api(srv, '/api/auth/sendEmail', { email: u.email, scene: 'verify' });
    expect(oldRes.body.code).toBe(200);
    const oldMail = present((await mailsTo(u.email)).at(-1), 'old mail');
    const oldCode = present(/\b(\d{6})\b/.exec(oldMail.text)?.[1], 'old code');
    const { code } = await codeSentTo(next);
    // The new address's code alone (the old one wrong) changes nothing.
    const wrongOld = oldCode === '000000' ? '111111' : '000000';
    const refused = await api(
      srv,
      '/api/auth/changeEmail',
      { email: next, code, old_code: wrongOld },
      { token: u.token },
    );
    expect(refused.body.error).toBe('EmailOldCodeInvalid');
    // The new address's code given as the old one's is refused too (a code is for its address and scene).
    const swapped = await api(
      srv,
      '/api/auth/changeEmail',
      { email: next, code, old_code: code },
      { token: u.token },
    );
    expect(swapped.body.error).toBe('EmailOldCodeInvalid');
    let status = await api(srv, '/api/auth/security', {}, { token: u.token });
    expect(status.body.data.email).toBe(u.email.toLowerCase());

    const ok = await api(
      srv,
      '/api/auth/changeEmail',
      { email: next, code, old_code: oldCode },
      { token: u.token },
    );
    expect(ok.body.code).toBe(200);
    status = await api(srv, '/api/auth/security', {}, { token: u.token });
    expect(status.body.data.email).toBe(next.toLowerCase());
    expect(status.body.data.locked_until).not.toBeNull();
    // The security notice of the change reaches the new address.
    await settle();
    const told = (await mailsTo(next)).filter((m) => m.subject === 'Security settings changed');
    expect(told).toHaveLength(1);
    expect(present(told[0], 'change mail').text).toContain('email changed');
  });
});
