// Operators as a rogue one would try them: one operator alone cannot credit a large invented deposit,
// cannot pay out a user they credited by hand, cannot act without limit; sign-in takes a second factor
// once enrolled; logout revokes; support reads queues and moves nothing.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, hotp, stepAt, verifyTotp } from '../src/modules/admin/totp';
import { schema } from '../src/store';
import { api, call, operatorToken, signedInUser, startServer, type TestServer } from './harness';

let srv: TestServer;
let admin: string;
let finance: string;

const hash = () => `0x${randomBytes(32).toString('hex')}`;

beforeAll(async () => {
  srv = await startServer();
  admin = await operatorToken(srv, 'admin', 'nexa-admin');
  finance = await operatorToken(srv, 'finance', 'nexa-finance');
});
afterAll(() => srv.close());

async function balance(token: string) {
  const res = await api(srv, '/api/finance/userFinance', {}, { token });
  return res.body.data.list.find((b) => b.asset === 'USDT' && b.account === 'spot')?.available;
}

const credit = (token: string, user: string, amount: string) =>
  api(srv, '/admin/deposits/confirm', { user, amount, tx_hash: hash() }, { token });

describe('four eyes on money', () => {
  it('a manual credit from 1,000 USDT needs a second operator; below it one is enough', async () => {
    const u = await signedInUser(srv);
    const big = await credit(finance, u.wallet.address, '1000');
    expect(big.body.data).toMatchObject({ status: 'pending', approvals: ['finance'], required_approvals: 2 });
    expect(await balance(u.token)).toBe('0');
    // The same operator twice is not two operators.
    const again = await call(
      srv,
      '/admin/deposits/confirm',
      { deposit_id: big.body.data.id },
      { token: finance },
    );
    expect(again.body.error).toBe('Forbidden');
    const second = await api(
      srv,
      '/admin/deposits/confirm',
      { deposit_id: big.body.data.id },
      { token: admin },
    );
    expect(second.body.data).toMatchObject({ status: 'approved', approvals: ['finance', 'admin'] });
    expect(await balance(u.token)).toBe('1000');
    const small = await credit(finance, u.wallet.address, '999.99');
    expect(small.body.data).toMatchObject({ status: 'approved', required_approvals: 1 });
  });

  it('the operator who credited a user by hand cannot approve that user’s withdrawal', async () => {
    const u = await signedInUser(srv);
    await credit(finance, u.wallet.address, '500');
    const w = await api(
      srv,
      '/api/withdraw/index',
      { address: `0x${'cd'.repeat(20)}`, amount: '100' },
      { token: u.token },
    );
    expect(w.body.code).toBe(200);
    const mine = await call(
      srv,
      '/admin/withdrawals/approve',
      { withdrawal_id: w.body.data.id },
      { token: finance },
    );
    expect(mine.body).toMatchObject({ error: 'ConflictOfInterest' });
    const other = await api(
      srv,
      '/admin/withdrawals/approve',
      { withdrawal_id: w.body.data.id, tx_hash: hash() },
      { token: admin },
    );
    expect(other.body.data).toMatchObject({ status: 'approved' });
  });

  it('limits each operator’s actions per minute', async () => {
    await srv.app.modules.admin.createOperator('busy', 'busy-operator-pass', ['finance']);
    const busy = await operatorToken(srv, 'busy', 'busy-operator-pass');
    await srv.app.settings.set('admin.actions_per_minute', 3);
    try {
      const u = await signedInUser(srv);
      const answers: string[] = [];
      for (let i = 0; i < 4; i++)
        answers.push((await credit(busy, u.wallet.address, '1')).body.error ?? 'ok');
      expect(answers).toEqual(['ok', 'ok', 'ok', 'RateLimited']);
      expect(await balance(u.token)).toBe('3');
      // Reading is not limited.
      expect((await call(srv, '/admin/deposits/list', { page: 1 }, { token: busy })).body.code).toBe(200);
    } finally {
      await srv.app.settings.set('admin.actions_per_minute', 30);
    }
  });
});

describe('operator sign-in', () => {
  it('follows RFC 6238 (SHA-1 test vectors)', () => {
    const secret = Buffer.from('12345678901234567890');
    expect(hotp(secret, stepAt(59_000), 8)).toBe('94287082');
    expect(hotp(secret, stepAt(1_111_111_109_000), 8)).toBe('07081804');
    expect(hotp(secret, stepAt(1_234_567_890_000), 8)).toBe('89005924');
    expect(hotp(secret, stepAt(2_000_000_000_000), 8)).toBe('69279037');
    const code = hotp(secret, stepAt(1_000_000));
    expect(verifyTotp(secret, code, 1_000_000, null)).toBe(stepAt(1_000_000));
    expect(verifyTotp(secret, code, 1_000_000, stepAt(1_000_000))).toBeNull();
    expect(verifyTotp(secret, code, 1_000_000 + 120_000, null)).toBeNull();
  });

  it('enrols TOTP, then asks for a code (taken once) or a recovery code (used up), and logout revokes', async () => {
    await srv.app.modules.admin.createOperator('careful', 'careful-operator-pass', ['finance']);
    const first = await operatorToken(srv, 'careful', 'careful-operator-pass');
    const setup = await api(srv, '/admin/auth/totpSetup', {}, { token: first });
    expect(setup.body.data.otpauth_uri).toContain('otpauth://totp/');
    const secret = base32Decode(setup.body.data.secret);
    const codeAt = (ms: number) => hotp(secret, stepAt(ms));
    const now = () => srv.clock.now().getTime();
    expect(
      (await call(srv, '/admin/auth/totpConfirm', { code: codeAt(now() + 300_000) }, { token: first })).body
        .error,
    ).toBe('ValidationFailed');
    const confirmed = await api(srv, '/admin/auth/totpConfirm', { code: codeAt(now()) }, { token: first });
    const recovery = confirmed.body.data.recovery_codes;
    expect(recovery).toHaveLength(10);
    // The secret is sealed at rest: neither its text nor its bytes are in the row.
    const [row] = await srv.app.deps.store.db
      .select()
      .from(schema.operators)
      .where(eq(schema.operators.name, 'careful'));
    expect(row?.totpSecret).not.toContain(setup.body.data.secret);
    expect(row?.totpSecret).not.toContain(secret.toString('base64url'));
    expect(JSON.stringify(row?.recoveryCodes)).not.toContain(recovery[0]);

    const login = (totp?: string) =>
      api(srv, '/admin/auth/login', {
        name: 'careful',
        password: 'careful-operator-pass',
        ...(totp ? { totp } : {}),
      });
    expect((await login()).body.error).toBe('SecondFactorRequired');
    expect((await login('000000')).body.error).toBe('OperatorLoginFailed');
    srv.clock.advance(31_000);
    try {
      const code = codeAt(now());
      const ok = await login(code);
      expect(ok.body.data).toMatchObject({ second_factor: true });
      // The same code a second time is refused.
      expect((await login(code)).body.error).toBe('OperatorLoginFailed');
    } finally {
      srv.clock.advance(-31_000);
    }
    const rescue = recovery[3] ?? '';
    const viaRecovery = await login(rescue);
    expect(viaRecovery.body.code).toBe(200);
    expect((await login(rescue)).body.error).toBe('OperatorLoginFailed');

    const token = viaRecovery.body.data.token;
    expect((await call(srv, '/admin/deposits/list', { page: 1 }, { token })).body.code).toBe(200);
    expect((await call(srv, '/admin/auth/logout', {}, { token })).body.code).toBe(200);
    expect((await call(srv, '/admin/deposits/list', { page: 1 }, { token })).body.code).toBe(406);
  });

  it('where a second factor is required, an operator without one may only enrol', async () => {
    const strict = await startServer({ env: { OPERATOR_2FA: 'required' } });
    try {
      const token = await operatorToken(strict, 'finance', 'nexa-finance');
      const u = await signedInUser(strict);
      const refused = await call(
        strict,
        '/admin/deposits/confirm',
        { user: u.wallet.address, amount: '5', tx_hash: hash() },
        { token },
      );
      expect(refused.body.error).toBe('SecondFactorRequired');
      expect((await call(strict, '/admin/deposits/list', { page: 1 }, { token })).body.error).toBe(
        'SecondFactorRequired',
      );
      expect((await call(strict, '/admin/auth/totpSetup', {}, { token })).body.code).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('roles', () => {
  it('an admin creates a support operator, who reads the queues and moves nothing', async () => {
    const made = await api(
      srv,
      '/admin/operators/create',
      { name: 'helpdesk2', password: 'helpdesk-password', roles: ['support'] },
      { token: admin },
    );
    expect(made.body.data).toMatchObject({ roles: ['support'] });
    expect(
      (
        await call(
          srv,
          '/admin/operators/create',
          { name: 'sneaky', password: 'sneaky-password1', roles: ['admin'] },
          { token: finance },
        )
      ).body.error,
    ).toBe('Forbidden');
    const support = await operatorToken(srv, 'helpdesk2', 'helpdesk-password');
    for (const path of ['/admin/deposits/list', '/admin/withdrawals/list', '/admin/solvency'] as const) {
      expect((await call(srv, path, { page: 1 }, { token: support })).body.code).toBe(200);
    }
    const u = await signedInUser(srv);
    const claim = await api(
      srv,
      '/api/recharge/recharge',
      { chain: 'manual', tx_hash: hash(), amount: '50' },
      { token: u.token },
    );
    const id = claim.body.data.list[0]?.id;
    const refused = [
      await call(srv, '/admin/deposits/confirm', { deposit_id: id }, { token: support }),
      await call(srv, '/admin/deposits/reject', { deposit_id: id, reason: 'no' }, { token: support }),
      await call(
        srv,
        '/admin/deposits/confirm',
        { user: u.wallet.address, amount: '5', tx_hash: hash() },
        { token: support },
      ),
      await call(srv, '/admin/withdrawals/approve', { withdrawal_id: 1 }, { token: support }),
      await call(srv, '/admin/withdrawals/reject', { withdrawal_id: 1, reason: 'no' }, { token: support }),
      await call(
        srv,
        '/admin/operators/create',
        { name: 'another', password: 'another-password', roles: ['support'] },
        { token: support },
      ),
    ];
    expect(refused.map((r) => r.body.error)).toEqual(Array(6).fill('Forbidden'));
    expect(await balance(u.token)).toBe('0');
  });
});
