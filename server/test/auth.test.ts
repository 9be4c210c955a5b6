import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { sha256Hex } from '../src/kernel/tokens';
import { queryRows } from '../src/store';
import { api, call, newWallet, signedInUser, signIn, startServer, type TestServer } from './harness';

let srv: TestServer;

beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

describe('sign-in', () => {
  it('creates the account on first sign-in, binds the parent and returns a token', async () => {
    const wallet = newWallet();
    const res = await signIn(srv, wallet);
    expect(res.body.code).toBe(200);
    expect(res.body.data.token).toMatch(/^[\w-]{40,}$/);
    const info = await api(srv, '/api/user/info', {}, { token: res.body.data.token });
    expect(info.body.data).toMatchObject({
      address: wallet.address.toLowerCase(),
      parent: { uid: '10000001' },
    });
    expect(info.body.data.invite_code).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('stores only a hash of the token', async () => {
    const { token } = await signedInUser(srv);
    const rows = await queryRows(srv.app.deps.store.db, sql`select token_hash from sessions`);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('binds the parent once, forever', async () => {
    const parentA = await signedInUser(srv);
    const codeA = (await api(srv, '/api/user/info', {}, { token: parentA.token })).body.data.invite_code;
    const parentB = await signedInUser(srv);
    const codeB = (await api(srv, '/api/user/info', {}, { token: parentB.token })).body.data.invite_code;
    const child = newWallet();
    expect((await signIn(srv, child, { code: codeA })).body.code).toBe(200);
    const again = await signIn(srv, child, { code: codeB });
    expect(again.body.code).toBe(200);
    const info = await api(srv, '/api/user/info', {}, { token: again.body.data.token });
    expect(info.body.data.parent?.address).toBe(parentA.wallet.address.toLowerCase());
    const aInfo = await api(srv, '/api/user/info', {}, { token: parentA.token });
    expect(aInfo.body.data.share_list.total).toBe(1);
    expect(aInfo.body.data.share_list.list[0]).toMatchObject({
      address: `${child.address.toLowerCase().slice(0, 6)}…${child.address.toLowerCase().slice(-4)}`,
      valid: false,
    });
    const bInfo = await api(srv, '/api/user/info', {}, { token: parentB.token });
    expect(bInfo.body.data.share_list.total).toBe(0);
  });

  it('counts the whole team below a user', async () => {
    const top = await signedInUser(srv);
    const topCode = (await api(srv, '/api/user/info', {}, { token: top.token })).body.data.invite_code;
    const mid = await signedInUser(srv, topCode);
    const midCode = (await api(srv, '/api/user/info', {}, { token: mid.token })).body.data.invite_code;
    await signedInUser(srv, midCode);
    await signedInUser(srv, midCode);
    const info = await api(srv, '/api/user/info', {}, { token: top.token });
    expect(info.body.data.share_list.total).toBe(1);
    expect(info.body.data.share_user_list.total).toBe(3);
    const page = await api(srv, '/api/user/shareList', { page: 1 }, { token: mid.token });
    expect(page.body.data.total).toBe(2);
  });

  it('refuses a signature by another wallet', async () => {
    const wallet = newWallet();
    const other = newWallet();
    const res = await signIn(srv, other, { over: { address: wallet.address }, name: wallet.address });
    expect(res.body).toMatchObject({ code: 1030, error: 'BadSignature' });
  });

  it('refuses when the address does not match the message', async () => {
    const wallet = newWallet();
    const res = await signIn(srv, wallet, { name: newWallet().address });
    expect(res.body).toMatchObject({ code: 1031, error: 'AddressMismatch' });
  });

  it('refuses a stale message and one from the future', async () => {
    const wallet = newWallet();
    const stale = new Date(srv.clock.now().getTime() - 301_000);
    expect((await signIn(srv, wallet, { over: { issuedAt: stale } })).body.error).toBe('StaleMessage');
    const future = new Date(srv.clock.now().getTime() + 120_000);
    expect((await signIn(srv, wallet, { over: { issuedAt: future } })).body.error).toBe('StaleMessage');
  });

  it('refuses a reused nonce', async () => {
    const wallet = newWallet();
    expect((await signIn(srv, wallet, { over: { nonce: 'abcdef1234567890' } })).body.code).toBe(200);
    expect((await signIn(srv, wallet, { over: { nonce: 'abcdef1234567890' } })).body).toMatchObject({
      code: 1033,
      error: 'NonceReused',
    });
  });

  it('refuses a phished message relayed with a forged Host: the domain comes from configuration only', async () => {
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const phished = await signIn(srv, newWallet(), { over: { domain: 'evil.example' }, headers: forged });
    expect(phished.body).toMatchObject({ error: 'WrongDomain' });
    expect(phished.body.data).toBeNull();
    // The configured public host still signs in, whatever Host the request carries.
    const honest = await signIn(srv, newWallet(), { headers: forged });
    expect(honest.body.code).toBe(200);
  });

  it('takes the sign-in host from PUBLIC_URL or SIWE_DOMAINS, and production refuses to start without', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://app.example.com' }).siweDomains).toEqual(['app.example.com']);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).siweDomains).toEqual([
      'localhost:3000',
      '127.0.0.1:3000',
    ]);
    expect(loadConfig({ SIWE_DOMAINS: 'a.example, b.example' }).siweDomains).toEqual([
      'a.example',
      'b.example',
    ]);
    expect(loadConfig({ PORT: '9000' }).siweDomains).toEqual(['localhost:9000', '127.0.0.1:9000']);
    const prod = {
      NODE_ENV: 'production',
      ENVELOPE_KEY: Buffer.alloc(32, 7).toString('base64'),
      SIGN_SECRET: 'prod-sign-secret',
      OPERATOR_KEY: Buffer.alloc(32, 5).toString('base64'),
      OKX_LINK_KEYS: `1:${Buffer.alloc(32, 6).toString('base64')}`,
    };
    expect(() => loadConfig(prod)).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ ...prod, PUBLIC_URL: 'http://localhost:8080' }).siweDomains).toEqual([
      'localhost:8080',
    ]);
  });

  it('refuses a message for another domain or chain', async () => {
    expect((await signIn(srv, newWallet(), { over: { domain: 'evil.example' } })).body.error).toBe(
      'WrongDomain',
    );
    expect((await signIn(srv, newWallet(), { over: { chainId: 56 } })).body.error).toBe('WrongDomain');
  });

  it('refuses an unknown invitation code and asks for one when missing', async () => {
    expect((await signIn(srv, newWallet(), { code: 'ZZZZ9999' })).body).toMatchObject({
      code: 1036,
      error: 'UnknownInvitationCode',
    });
    const res = await signIn(srv, newWallet(), { code: '', lang: 'korean' });
    expect(res.body).toMatchObject({ code: 1035, msg: '초대 코드를 입력하세요' });
  });

  it('lets an existing user sign in without a code', async () => {
    const { wallet } = await signedInUser(srv);
    expect((await signIn(srv, wallet, { code: '' })).body.code).toBe(200);
  });

  it('refuses malformed sign-in input and changes nothing', async () => {
    const before = await queryRows<{ n: string }>(
      srv.app.deps.store.db,
      sql`select count(*)::text as n from users`,
    );
    const res = await call(srv, '/api/auth/login', {
      name: 'not-an-address',
      sign_message: '0x12',
      message: 'hi',
    });
    expect(res.body).toMatchObject({ code: 1001, msg: 'name: has an invalid format' });
    const bad = await call(srv, '/api/auth/login', {
      name: newWallet().address,
      sign_message: `0x${'1'.repeat(130)}`,
      message: 'not a siwe message',
    });
    expect(bad.body).toMatchObject({ code: 1001, msg: 'message: has an invalid format' });
    const after = await queryRows<{ n: string }>(
      srv.app.deps.store.db,
      sql`select count(*)::text as n from users`,
    );
    expect(after).toEqual(before);
  });
});

describe('sessions end', () => {
  it('answers 406 after logout', async () => {
    const { token } = await signedInUser(srv);
    expect((await call(srv, '/api/auth/logout', {}, { token })).body.code).toBe(200);
    expect((await call(srv, '/api/user/info', {}, { token })).body.code).toBe(406);
  });

  it('answers from memory once a session is known, and 406 at once after logout', async () => {
    const { token } = await signedInUser(srv);
    expect((await call(srv, '/api/user/info', {}, { token })).body.code).toBe(200);
    // The session is now cached: answered without the sessions table, even while it cannot be read.
    const { db } = srv.app.deps.store;
    await db.execute(sql`alter table sessions rename to sessions_away`);
    try {
      expect((await call(srv, '/api/user/info', {}, { token })).body.code).toBe(200);
    } finally {
      await db.execute(sql`alter table sessions_away rename to sessions`);
    }
    expect((await call(srv, '/api/auth/logout', {}, { token })).body.code).toBe(200);
    expect((await call(srv, '/api/user/info', {}, { token })).body.code).toBe(406);
  });

  it('ends one user’s sessions or every session at once when revoked through the product', async () => {
    const a = await signedInUser(srv);
    const b = await signedInUser(srv);
    for (const u of [a, b])
      expect((await call(srv, '/api/user/info', {}, { token: u.token })).body.code).toBe(200);
    const me = await srv.app.modules.auth.authenticate(a.token);
    await srv.app.modules.auth.revokeSessions(me?.id);
    expect((await call(srv, '/api/user/info', {}, { token: a.token })).body.code).toBe(406);
    expect((await call(srv, '/api/user/info', {}, { token: b.token })).body.code).toBe(200);
    await srv.app.modules.auth.revokeSessions();
    expect((await call(srv, '/api/user/info', {}, { token: b.token })).body.code).toBe(406);
  });

  it('asks the store again after 30 s, so a revocation made elsewhere is seen', async () => {
    const { token } = await signedInUser(srv);
    expect((await call(srv, '/api/user/info', {}, { token })).body.code).toBe(200);
    await srv.app.deps.store.db.execute(
      sql`update sessions set revoked_at = now() where token_hash = ${sha256Hex(token)}`,
    );
    srv.clock.advance(31_000);
    try {
      expect((await call(srv, '/api/user/info', {}, { token })).body.code).toBe(406);
    } finally {
      srv.clock.advance(-31_000);
    }
  });

  it('answers 406 after expiry', async () => {
    const { token } = await signedInUser(srv);
    // Known to the cache first: its expiry still ends it.
    expect((await call(srv, '/api/user/info', {}, { token })).body.code).toBe(200);
    srv.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    try {
      expect((await call(srv, '/api/user/info', {}, { token })).body.code).toBe(406);
    } finally {
      srv.clock.advance(-(7 * 24 * 3600 * 1000 + 1000));
    }
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per address of origin', async () => {
    await srv.app.settings.set('auth.login_per_ip_per_minute', 30);
    let limited = false;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await call(srv, '/api/auth/login', {
        name: newWallet().address,
        sign_message: `0x${'1'.repeat(130)}`,
        message: 'x',
      });
      limited = res.body.error === 'RateLimited';
    }
    // Validation happens before the limiter, so use well-formed but wrong messages.
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await signIn(srv, newWallet(), { over: { domain: 'evil.example' } });
      limited = res.body.error === 'RateLimited';
    }
    expect(limited).toBe(true);
  });
});

describe('email codes', () => {
  it('keeps a hashed code in the outbox, limits resends and verifies once', async () => {
    const sent: string[] = [];
    const mailer = srv.app.deps.mailer;
    const original = mailer.send;
    mailer.send = async (mail) => {
      sent.push(mail.text);
      return false;
    };
    try {
      const res = await call(srv, '/api/auth/sendEmail', { email: 'Ada@Example.com' });
      expect(res.body).toMatchObject({ code: 200, data: { expires_in_s: 600 } });
      const again = await call(srv, '/api/auth/sendEmail', { email: 'ada@example.com' });
      expect(again.body.error).toBe('RateLimited');
      const code = /(\d{6})/.exec(sent[0] ?? '')?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);
      const rows = await queryRows(srv.app.deps.store.db, sql`select * from email_outbox`);
      expect(JSON.stringify(rows)).not.toContain(code);
      expect(
        await srv.app.modules.auth.verifyEmailCode(
          'ada@example.com',
          '000000' === code ? '111111' : '000000',
        ),
      ).toBe(false);
      expect(await srv.app.modules.auth.verifyEmailCode('ada@example.com', code)).toBe(true);
      expect(await srv.app.modules.auth.verifyEmailCode('ada@example.com', code)).toBe(false);
    } finally {
      mailer.send = original;
    }
  });

  it('refuses a malformed address', async () => {
    expect((await call(srv, '/api/auth/sendEmail', { email: 'not-mail' })).body.error).toBe(
      'ValidationFailed',
    );
  });
});
