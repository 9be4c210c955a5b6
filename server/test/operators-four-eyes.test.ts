// One admin alone cannot pass four eyes (issue 34, finding 1): the admin made two finance operators, credited
// 5,000 USDT with an invented hash through one, approved it with the other and paid 4,990 out. Here an
// operator made with a money role waits for a second admin (never the one who asked), the only admin may make
// one second admin at once (once ever, flagged), and a new money role approves no money for a day.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, call, operatorToken, signedInUser, startServer, type TestServer } from './harness';

let srv: TestServer;
const DAY = 24 * 3_600_000;
const hash = () => `0x${randomBytes(32).toString('hex')}`;

beforeAll(async () => {
  srv = await startServer({ env: { SESSION_TTL_S: String(30 * 86_400) } });
});
afterAll(() => srv.close());

const admin = () => operatorToken(srv, 'admin', 'nexa-admin');
const make = async (token: string, name: string, roles: string[]) =>
  call<{ id: number; pending: boolean; request_id: number | null }>(
    srv,
    '/admin/operators/create',
    { name, password: `${name}-password-1`, roles },
    { token },
  );
const login = (name: string) =>
  call<{ token: string }>(srv, '/admin/auth/login', { name, password: `${name}-password-1` });

async function spot(token: string) {
  const res = await api(srv, '/api/finance/userFinance', {}, { token });
  return res.body.data.list.find((b) => b.asset === 'USDT' && b.account === 'spot')?.available ?? '0';
}

describe('four eyes on operators', () => {
  it('one admin cannot make two finance operators and move money with them', async () => {
    const a = await admin();
    const one = await make(a, 'fin.one', ['finance']);
    const two = await make(a, 'fin.two', ['finance']);
    expect(one.body.data).toMatchObject({ pending: true });
    expect(two.body.data).toMatchObject({ pending: true });
    // Neither signs in until a second admin approves, and the admin who asked cannot.
    expect((await login('fin.one')).body.error).toBe('OperatorPending');
    const own = await call(
      srv,
      '/admin/operators/decide',
      { request_id: one.body.data.request_id, approve: true, reason: 'it is me' },
      { token: a },
    );
    expect(own.body.error).toBe('OwnRequest');

    // The attack as reported: nothing gets credited, nothing is paid.
    const u = await signedInUser(srv);
    expect((await login('fin.two')).body.code).not.toBe(200);
    expect(await spot(u.token)).toBe('0');
    const audit = await api(
      srv,
      '/admin/audit/list',
      { action: 'operator.', page: 1, size: 20 },
      { token: a },
    );
    expect(audit.body.data.list.filter((r) => r.action === 'operator.create')).toHaveLength(2);
  });

  it('the only admin makes a second admin at once, once, flagged; that admin approves after its cooldown', async () => {
    const a = await admin();
    const second = await make(a, 'admin.two', ['admin']);
    expect(second.body.data).toMatchObject({ pending: false });
    const requests = await api(srv, '/admin/operators/requests', {}, { token: a });
    expect(requests.body.data.find((r) => r.operator_name === 'admin.two')).toMatchObject({
      status: 'approved',
      single_admin: true,
      requested_by: 'admin',
      decided_by: 'admin',
    });
    const list = await api(srv, '/admin/operators/list', {}, { token: a });
    expect(list.body.data.find((o) => o.name === 'admin.two')).toMatchObject({
      single_admin: true,
      created_by: 'admin',
      status: 'active',
    });
    // Once ever: a third admin waits for a second admin even though it is asked the same way.
    const third = await make(a, 'admin.three', ['admin']);
    expect(third.body.data).toMatchObject({ pending: true });

    const pending = await api(srv, '/admin/operators/requests', {}, { token: a });
    const forFinOne = pending.body.data.find((r) => r.operator_name === 'fin.one' && r.status === 'pending');
    const forFinTwo = pending.body.data.find((r) => r.operator_name === 'fin.two' && r.status === 'pending');
    const t2 = (await login('admin.two')).body.data.token;
    // A new admin cannot approve while its own cooldown runs.
    const early = await call(
      srv,
      '/admin/operators/decide',
      { request_id: forFinOne?.id, approve: true, reason: 'second admin' },
      { token: t2 },
    );
    expect(early.body.error).toBe('OperatorCooling');

    srv.clock.advance(DAY + 60_000);
    const t2b = (await login('admin.two')).body.data.token;
    for (const r of [forFinOne, forFinTwo]) {
      const ok = await call(
        srv,
        '/admin/operators/decide',
        { request_id: r?.id, approve: true, reason: 'second admin' },
        { token: t2b },
      );
      expect(ok.body.code).toBe(200);
    }
    // Decided once.
    const again = await call(
      srv,
      '/admin/operators/decide',
      { request_id: forFinOne?.id, approve: false, reason: 'second admin' },
      { token: t2b },
    );
    expect(again.body.error).toBe('InvalidState');

    // Active now, but a new money role approves no money for a day: the invented 5,000 stays uncredited.
    const f1 = (await login('fin.one')).body.data.token;
    const f2 = (await login('fin.two')).body.data.token;
    const u = await signedInUser(srv);
    const credit = await call<{ id: number }>(
      srv,
      '/admin/deposits/confirm',
      { user: u.wallet.address, amount: '5000', tx_hash: hash() },
      { token: f1 },
    );
    expect(credit.body.error).toBe('OperatorCooling');
    const claim = await api(
      srv,
      '/api/recharge/recharge',
      { chain: 'manual', tx_hash: hash(), amount: '5000' },
      { token: u.token },
    );
    const id = claim.body.data.list[0]?.id;
    expect((await call(srv, '/admin/deposits/confirm', { deposit_id: id }, { token: f2 })).body.error).toBe(
      'OperatorCooling',
    );
    expect(await spot(u.token)).toBe('0');

    // After the cooldown they act, and the console sees that both were asked for by the same admin.
    srv.clock.advance(DAY + 60_000);
    const f1b = (await login('fin.one')).body.data.token;
    const sponsors = await api(srv, '/admin/operators/sponsors', {}, { token: f1b });
    const of = (n: string) => sponsors.body.data.find((s) => s.name === n);
    expect(of('fin.one')).toMatchObject({ created_by: 'admin', granted_by: 'admin' });
    expect(of('fin.two')).toMatchObject({ created_by: 'admin', granted_by: 'admin' });
    expect(of('admin.two')).toMatchObject({ single_admin: true });
    // The demo's operators are exempt (no activation time), as the bootstrap admin is.
    expect(of('finance')).toMatchObject({ active_from: null, created_by: null });
  });

  it('a support operator is made at once; a money role granted later waits, and not for oneself', async () => {
    const a = await admin();
    const made = await make(a, 'help.one', ['support']);
    expect(made.body.data).toMatchObject({ pending: false, request_id: null });
    expect((await login('help.one')).body.code).toBe(200);
    const grant = await call<{ pending: boolean; request_id: number }>(
      srv,
      '/admin/operators/setRoles',
      { operator_id: made.body.data.id, roles: ['support', 'finance'], reason: 'needs to pay out' },
      { token: a },
    );
    expect(grant.body.data).toMatchObject({ pending: true, operator: { roles: ['support'] } });
    // One pending request per operator.
    const twice = await call(
      srv,
      '/admin/operators/setRoles',
      { operator_id: made.body.data.id, roles: ['finance'], reason: 'needs to pay out' },
      { token: a },
    );
    expect(twice.body.error).toBe('InvalidState');
    const self = await call(
      srv,
      '/admin/operators/setRoles',
      { operator_id: 1, roles: ['support'], reason: 'drop my admin' },
      { token: a },
    );
    expect(self.body.error).toBe('InvalidState');
    const own = await call(
      srv,
      '/admin/operators/decide',
      { request_id: grant.body.data.request_id, approve: true, reason: 'mine' },
      { token: a },
    );
    expect(own.body.error).toBe('OwnRequest');
    const t2 = (await login('admin.two')).body.data.token;
    const refused = await api(
      srv,
      '/admin/operators/decide',
      { request_id: grant.body.data.request_id, approve: false, reason: 'not needed' },
      { token: t2 },
    );
    expect(refused.body.data).toMatchObject({ status: 'refused', decided_by: 'admin.two' });
    const list = await api(srv, '/admin/operators/list', {}, { token: a });
    expect(list.body.data.find((o) => o.name === 'help.one')?.roles).toEqual(['support']);
    // Taking a role away applies at once.
    const drop = await api(
      srv,
      '/admin/operators/setRoles',
      { operator_id: made.body.data.id, roles: [], reason: 'leaves the team' },
      { token: a },
    );
    expect(drop.body.data).toMatchObject({ pending: false, operator: { roles: [] } });
  });
});
