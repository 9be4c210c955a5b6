// Operators' second factor (issue 34, finding 2): wrong codes lock the account (counted in the store, not in
// memory), an admin unlocks it with an audit entry; enrolling a factor or changing the password ends every
// other session, and a session opened with the password alone never counts as second-factor.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, hotp, stepAt } from '../src/modules/admin/totp';
import { schema } from '../src/store';
import { api, call, operatorToken, startServer, type TestServer } from './harness';

let srv: TestServer;

beforeAll(async () => {
  srv = await startServer({ env: { OPERATOR_2FA: 'required' } });
});
afterAll(() => srv.close());

const password = (name: string) => `${name}-password-1`;
const login = (name: string, totp?: string, pass = password(name)) =>
  call<{ token: string; second_factor: boolean }>(srv, '/admin/auth/login', {
    name,
    password: pass,
    ...(totp ? { totp } : {}),
  });
const row = async (name: string) => {
  const [r] = await srv.app.deps.store.db
    .select()
    .from(schema.operators)
    .where(eq(schema.operators.name, name));
  return r;
};

/** Enrols a factor from `token`'s session; answers the code at a moment. */
async function enrol(token: string) {
  const setup = await api(srv, '/admin/auth/totpSetup', {}, { token });
  const secret = base32Decode(setup.body.data.secret);
  const codeAt = (ms: number) => hotp(secret, stepAt(ms));
  const ok = await api(
    srv,
    '/admin/auth/totpConfirm',
    { code: codeAt(srv.clock.now().getTime()) },
    { token },
  );
  expect(ok.body.data.recovery_codes).toHaveLength(10);
  return codeAt;
}
const now = () => srv.clock.now().getTime();
const reads = async (token: string) =>
  (await call(srv, '/admin/deposits/list', { page: 1 }, { token })).body.code;

describe('operator sessions and the second factor', () => {
  it('enrolling ends every password-only session; the enrolling one alone goes on, as second-factor', async () => {
    await srv.app.modules.admin.createOperator('early', password('early'), ['finance']);
    const first = present((await login('early')).body.data).token;
    const other = present((await login('early')).body.data).token;
    // Before enrolment, in required mode, a password-only session may only enrol.
    expect((await call(srv, '/admin/deposits/list', { page: 1 }, { token: other })).body.error).toBe(
      'SecondFactorRequired',
    );
    const codeAt = await enrol(first);
    // The other session, opened with the password alone, is over: it does not become second-factor.
    expect(await reads(other)).toBe(406);
    expect(await reads(first)).toBe(200);
    const me = await api(srv, '/admin/auth/me', {}, { token: first });
    expect(me.body.data.second_factor).toBe(true);
    const audit = await api(
      srv,
      '/admin/audit/list',
      {
        action: 'operator.second_factor',
        subject: `operator:${present(await row('early')).id}`,
        page: 1,
        size: 5,
      },
      { token: await adminToken() },
    );
    expect(audit.body.data.list[0]?.after).toMatchObject({ enrolled: true, revoked: 1 });
    // Enrolled: a factor is never set up again from a session.
    expect((await call(srv, '/admin/auth/totpSetup', {}, { token: first })).body.error).toBe('InvalidState');

    // A password change ends every other session; the changing one goes on.
    srv.clock.advance(31_000);
    const second = present((await login('early', codeAt(now()))).body.data).token;
    const changed = await call(
      srv,
      '/admin/auth/changePassword',
      { password: password('early'), new_password: 'early-new-password-2' },
      { token: first },
    );
    expect(changed.body.code).toBe(200);
    expect(await reads(second)).toBe(406);
    expect(await reads(first)).toBe(200);
    const wrong = await call(
      srv,
      '/admin/auth/changePassword',
      { password: 'not-the-password', new_password: 'early-new-password-3' },
      { token: first },
    );
    expect(wrong.body.error).toBe('OperatorLoginFailed');
  });

  it('locks an operator after five wrong codes, in the store; an admin unlocks it, audited', async () => {
    await srv.app.modules.admin.createOperator('guessed', password('guessed'), ['finance']);
    const token = present((await login('guessed')).body.data).token;
    const codeAt = await enrol(token);
    srv.clock.advance(31_000);
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await login('guessed', '000000')).body.error ?? 'ok');
    expect(answers).toEqual([...Array(4).fill('OperatorLoginFailed'), 'OperatorLocked']);
    const locked = present(await row('guessed'));
    expect(locked.failedCodes).toBe(5);
    expect(locked.lockedAt).not.toBeNull();
    // Even the right code is refused now, and the session already open ended with the lock.
    expect((await login('guessed', codeAt(now()))).body.error).toBe('OperatorLocked');
    expect(await reads(token)).toBe(406);
    // A wrong password says nothing about the lock.
    expect((await login('guessed', codeAt(now()), 'wrong-password')).body.error).toBe('OperatorLoginFailed');

    const admin = await adminToken();
    const id = locked.id;
    const finance = await adminFinance();
    expect(
      (
        await call(
          srv,
          '/admin/operators/unlock',
          { operator_id: id, reason: 'it was me' },
          { token: finance },
        )
      ).body.error,
    ).toBe('Forbidden');
    const unlocked = await api(
      srv,
      '/admin/operators/unlock',
      { operator_id: id, reason: 'called them, phone lost' },
      { token: admin },
    );
    expect(unlocked.body.data).toMatchObject({ locked_at: null, failed_codes: 0 });
    const audit = await api(
      srv,
      '/admin/audit/list',
      { subject: `operator:${id}`, page: 1, size: 10 },
      { token: admin },
    );
    expect(audit.body.data.list.map((r) => r.action).slice(0, 2)).toEqual([
      'operator.unlock',
      'operator.locked',
    ]);
    srv.clock.advance(31_000);
    expect((await login('guessed', codeAt(now()))).body.data).toMatchObject({ second_factor: true });
    // A right code resets the count.
    expect(present(await row('guessed')).failedCodes).toBe(0);
    expect(
      (
        await call(
          srv,
          '/admin/operators/unlock',
          { operator_id: id, reason: 'again please' },
          { token: admin },
        )
      ).body.error,
    ).toBe('InvalidState');
  });
});

function present<T>(v: T | null | undefined): T {
  if (v === null || v === undefined) throw new Error('missing');
  return v;
}

/** The demo admin, enrolled once in this server (required mode), signed in with a fresh code. */
let adminCode: ((ms: number) => string) | null = null;
async function adminToken(): Promise<string> {
  if (!adminCode) {
    const t = await operatorToken(srv, 'admin', 'nexa-admin');
    adminCode = await enrol(t);
    return t;
  }
  srv.clock.advance(31_000);
  return present((await login('admin', adminCode(now()), 'nexa-admin')).body.data).token;
}
let financeCode: ((ms: number) => string) | null = null;
async function adminFinance(): Promise<string> {
  if (!financeCode) {
    const t = await operatorToken(srv, 'finance', 'nexa-finance');
    financeCode = await enrol(t);
    return t;
  }
  srv.clock.advance(31_000);
  return present((await login('finance', financeCode(now()), 'nexa-finance')).body.data).token;
}
