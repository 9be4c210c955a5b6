// The console's own operator calls: who is signed in, operators and their sessions, the dashboard, typed
// settings with who changed what, and the audit log — each as a rogue or careless operator would try it.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  call,
  newOperatorToken,
  operatorToken,
  signedInUser,
  startServer,
  type TestServer,
} from './harness';

let srv: TestServer;
let admin: string;
let finance: string;
let support: string;

const hash = () => `0x${randomBytes(32).toString('hex')}`;

beforeAll(async () => {
  srv = await startServer();
  admin = await operatorToken(srv, 'admin', 'nexa-admin');
  finance = await operatorToken(srv, 'finance', 'nexa-finance');
  support = await newOperatorToken(srv, admin, 'support1', ['support']);
});
afterAll(() => srv.close());

describe('who is signed in and the operators', () => {
  it('me answers the operator and when the session ends', async () => {
    const me = await api(srv, '/admin/auth/me', {}, { token: finance });
    expect(me.body.data).toMatchObject({ name: 'finance', roles: ['finance'], second_factor: false });
    expect(Date.parse(me.body.data.expires_at)).toBeGreaterThan(srv.clock.now().getTime());
  });

  it('only an admin lists operators, revokes their sessions and disables them', async () => {
    expect((await call(srv, '/admin/operators/list', {}, { token: finance })).body.error).toBe('Forbidden');
    const list = await api(srv, '/admin/operators/list', {}, { token: admin });
    const sup = list.body.data.find((o) => o.name === 'support1');
    expect(sup).toMatchObject({ roles: ['support'], disabled_at: null, active_sessions: 1 });
    if (!sup) throw new Error('no support operator');

    const short = await call(
      srv,
      '/admin/operators/revokeSessions',
      { operator_id: sup.id, reason: '' },
      { token: admin },
    );
    expect(short.body.error).toBe('ValidationFailed');
    const revoked = await api(
      srv,
      '/admin/operators/revokeSessions',
      { operator_id: sup.id, reason: 'laptop lost' },
      { token: admin },
    );
    expect(revoked.body.data).toEqual({ revoked: 1 });
    expect((await call(srv, '/admin/auth/me', {}, { token: support })).body.code).toBe(406);

    // Disabled: sign-in refused; not oneself; not twice.
    const meAdmin = await api(srv, '/admin/auth/me', {}, { token: admin });
    const self = await call(
      srv,
      '/admin/operators/setDisabled',
      { operator_id: meAdmin.body.data.id, disabled: true, reason: 'just trying' },
      { token: admin },
    );
    expect(self.body.error).toBe('InvalidState');
    const off = await api(
      srv,
      '/admin/operators/setDisabled',
      { operator_id: sup.id, disabled: true, reason: 'left the team' },
      { token: admin },
    );
    expect(off.body.data.disabled_at).not.toBeNull();
    const login = await call(srv, '/admin/auth/login', { name: 'support1', password: 'support1-password-1' });
    expect(login.body.error).toBe('OperatorLoginFailed');
    const twice = await call(
      srv,
      '/admin/operators/setDisabled',
      { operator_id: sup.id, disabled: true, reason: 'left the team' },
      { token: admin },
    );
    expect(twice.body.error).toBe('InvalidState');
    await api(
      srv,
      '/admin/operators/setDisabled',
      { operator_id: sup.id, disabled: false, reason: 'came back' },
      { token: admin },
    );
    support = await operatorToken(srv, 'support1', 'support1-password-1');
    const missing = await call(
      srv,
      '/admin/operators/revokeSessions',
      { operator_id: 999_999, reason: 'nobody' },
      { token: admin },
    );
    expect(missing.body.error).toBe('NotFound');
  });
});

describe('settings', () => {
  it('lists every setting with its type and default; only an admin changes one, validated and audited', async () => {
    const list = await api(srv, '/admin/settings/list', {}, { token: support });
    const fee = list.body.data.find((s) => s.key === 'market.taker_fee_rate');
    expect(fee).toMatchObject({ value: '0.001', default: '0.001', changed: false, changed_by: null });
    const perMinute = list.body.data.find((s) => s.key === 'admin.actions_per_minute');
    expect(perMinute?.schema).toMatchObject({ type: 'integer' });

    const refused = await call(
      srv,
      '/admin/settings/set',
      { key: 'market.taker_fee_rate', value: '0.002', reason: 'fee review' },
      { token: finance },
    );
    expect(refused.body.error).toBe('Forbidden');
    for (const value of ['-1', 'abc', 12, null, { x: 1 }]) {
      const bad = await call(
        srv,
        '/admin/settings/set',
        { key: 'market.taker_fee_rate', value, reason: 'fee review' },
        { token: admin },
      );
      expect(bad.body.error, JSON.stringify(value)).toBe('ValidationFailed');
    }
    const unknown = await call(
      srv,
      '/admin/settings/set',
      { key: 'no.such', value: 1, reason: 'typo' },
      { token: admin },
    );
    expect(unknown.body.error).toBe('NotFound');
    expect(await srv.app.settings.get('market.taker_fee_rate')).toMatchObject({ text: '0.001' });

    const set = await api(
      srv,
      '/admin/settings/set',
      { key: 'market.taker_fee_rate', value: '0.0012', reason: 'fee review Q4' },
      { token: admin },
    );
    expect(set.body.data).toMatchObject({ value: '0.0012', changed: true, changed_by: 'admin' });
    expect(await srv.app.settings.get('market.taker_fee_rate')).toMatchObject({ text: '0.0012' });

    const log = await api(
      srv,
      '/admin/audit/list',
      { subject: 'setting:market.taker_fee_rate', page: 1, size: 10 },
      { token: support },
    );
    expect(log.body.data.total).toBe(1);
    expect(log.body.data.list[0]).toMatchObject({
      action: 'setting.set',
      actor_name: 'admin',
      before: { value: '0.001' },
      after: { value: '0.0012', reason: 'fee review Q4' },
    });
    await api(
      srv,
      '/admin/settings/set',
      { key: 'market.taker_fee_rate', value: '0.001', reason: 'back to the old fee' },
      { token: admin },
    );
  });
});

describe('dashboard', () => {
  it("answers today's deposits and the open queues", async () => {
    const before = await api(srv, '/admin/dashboard', {}, { token: support });
    expect(before.body.code).toBe(200);
    expect(Date.parse(before.body.data.day_start)).toBeLessThanOrEqual(srv.clock.now().getTime());
    const u = await signedInUser(srv);
    const dep0 = await api(
      srv,
      '/admin/deposits/confirm',
      { user: u.wallet.address, amount: '25', tx_hash: hash(), reason: 'bank slip 4411 checked' },
      { token: finance },
    );
    // The operator's reason is kept with the change in the audit log.
    const trail = await api(
      srv,
      '/admin/audit/list',
      { subject: `deposit:${dep0.body.data.id}`, page: 1, size: 10 },
      { token: support },
    );
    expect(trail.body.data.list[0]?.after).toMatchObject({ operator_note: 'bank slip 4411 checked' });
    const after = await api(srv, '/admin/dashboard', {}, { token: support });
    const dep = (d: typeof after.body.data) =>
      d.figures.find((f) => f.key === 'deposits' && f.asset === 'USDT') ?? { count: 0, amount: '0' };
    expect(dep(after.body.data).count).toBe(dep(before.body.data).count + 1);
    expect(after.body.data.figures.find((f) => f.key === 'signups')?.count).toBeGreaterThanOrEqual(1);
    expect(after.body.data.queues.map((q) => q.key)).toEqual(
      expect.arrayContaining(['deposits', 'withdrawals']),
    );
  });
});

describe('audit log', () => {
  it('filters by action prefix, operator and time, pages, and refuses bad times', async () => {
    const all = await api(srv, '/admin/audit/list', { page: 1, size: 50 }, { token: finance });
    expect(all.body.data.total).toBeGreaterThan(0);
    const ops = await api(
      srv,
      '/admin/audit/list',
      { action: 'operator.', page: 1, size: 50 },
      { token: finance },
    );
    expect(ops.body.data.list.length).toBeGreaterThanOrEqual(4);
    expect(ops.body.data.list.every((r) => r.action.startsWith('operator.'))).toBe(true);
    const exact = await api(
      srv,
      '/admin/audit/list',
      { action: 'operator.disable', page: 1, size: 50 },
      { token: finance },
    );
    expect(exact.body.data.list).toHaveLength(1);
    expect(exact.body.data.list[0]?.after).toMatchObject({ reason: 'left the team' });
    const meAdmin = await api(srv, '/admin/auth/me', {}, { token: admin });
    const byAdmin = await api(
      srv,
      '/admin/audit/list',
      { operator_id: meAdmin.body.data.id, page: 1, size: 50 },
      { token: finance },
    );
    expect(
      byAdmin.body.data.list.every((r) => r.actor_id === meAdmin.body.data.id && r.actor_name === 'admin'),
    ).toBe(true);
    const future = await api(
      srv,
      '/admin/audit/list',
      { from: new Date(srv.clock.now().getTime() + 86_400_000).toISOString(), page: 1, size: 50 },
      { token: finance },
    );
    expect(future.body.data).toEqual({ list: [], total: 0 });
    const bad = await call(
      srv,
      '/admin/audit/list',
      { from: 'yesterday', page: 1, size: 50 },
      { token: finance },
    );
    expect(bad.body.error).toBe('ValidationFailed');
    // A wildcard in the filter is taken as text.
    const wild = await api(
      srv,
      '/admin/audit/list',
      { subject: '%:', page: 1, size: 50 },
      { token: finance },
    );
    expect(wild.body.data.total).toBe(0);
    const page2 = await api(srv, '/admin/audit/list', { page: 2, size: 2 }, { token: finance });
    expect(page2.body.data.list[0]?.id).toBe(all.body.data.list[2]?.id);
  });
});

describe('money an operator moves', () => {
  it("keeps the operator's reason with every pool funding in the audit log", async () => {
    const funds = [
      api(
        srv,
        '/admin/earn/fund',
        { pool: 'pledge', amount: '10', reason: 'Q4 staking budget' },
        { token: admin },
      ),
      api(
        srv,
        '/admin/mining/fund',
        { line: 'main', amount: '10', reason: 'Q4 mining budget' },
        { token: admin },
      ),
      api(
        srv,
        '/admin/nft/fund',
        { account: 'nft', amount: '10', reason: 'Q4 NFT budget' },
        { token: admin },
      ),
      api(srv, '/admin/games/fund', { amount: '10', reason: 'Q4 games budget' }, { token: admin }),
      api(srv, '/admin/neu/fund', { amount: '10', reason: 'Q4 NEU budget' }, { token: admin }),
    ];
    for (const f of await Promise.all(funds)) expect(f.body.code).toBe(200);
    const log = await api(srv, '/admin/audit/list', { page: 1, size: 20 }, { token: admin });
    const reasons = log.body.data.list.map((r) => (r.after as { reason?: string } | null)?.reason);
    for (const r of [
      'Q4 staking budget',
      'Q4 mining budget',
      'Q4 NFT budget',
      'Q4 games budget',
      'Q4 NEU budget',
    ]) {
      expect(reasons).toContain(r);
    }
  });
});

describe('settings the market builds from', () => {
  it('refuses instruments the books could not be built with, and keeps a good change', async () => {
    const list = await api(srv, '/admin/settings/list', {}, { token: admin });
    const spot = list.body.data.find((s) => s.key === 'market.instruments')?.value as Array<
      Record<string, unknown>
    >;
    const swaps = list.body.data.find((s) => s.key === 'futures.instruments')?.value as Array<
      Record<string, unknown>
    >;
    const refusals: Array<[string, unknown]> = [
      // tick × lot must be whole quote minor units: 0.0000001 USDT is not even a minor unit.
      ['market.instruments', spot.map((c, i) => (i === 0 ? { ...c, tick_size: '0.0000001' } : c))],
      ['market.instruments', [...spot, spot[0]]],
      ['market.instruments', [...spot, { ...spot[0], inst_id: 'XYZ-USDT', base: 'XYZ' }]],
      ['market.instruments', spot.map((c, i) => (i === 0 ? { ...c, inst_id: 'ETH-USDT' } : c))],
      ['futures.instruments', swaps.map((c, i) => (i === 0 ? { ...c, tick_size: '0.0000001' } : c))],
      [
        'futures.instruments',
        swaps.map((c, i) =>
          i === 0
            ? {
                ...c,
                tiers: [
                  { max_notional: '100', mmr: '0.01' },
                  { max_notional: '50', mmr: '0.02' },
                  { max_notional: null, mmr: '0.05' },
                ],
              }
            : c,
        ),
      ],
      [
        'futures.instruments',
        swaps.map((c, i) =>
          i === 0
            ? {
                ...c,
                tiers: [
                  { max_notional: null, mmr: '0.01' },
                  { max_notional: '50', mmr: '0.02' },
                ],
              }
            : c,
        ),
      ],
    ];
    for (const [key, value] of refusals) {
      const res = await call(
        srv,
        '/admin/settings/set',
        { key, value, reason: 'trying a bad list' },
        { token: admin },
      );
      expect(res.body.error, JSON.stringify(value).slice(0, 120)).toBe('SettingRefused');
      expect(res.body.msg).toMatch(/^The setting was not changed: /);
    }
    const after = await api(srv, '/admin/settings/list', {}, { token: admin });
    expect(after.body.data.find((s) => s.key === 'market.instruments')?.value).toEqual(spot);
    // Disabling an instrument is a good change.
    const off = spot.map((c, i) => (i === 0 ? { ...c, enabled: false } : c));
    const ok = await api(
      srv,
      '/admin/settings/set',
      { key: 'market.instruments', value: off, reason: 'pause BTC' },
      { token: admin },
    );
    expect(ok.body.code).toBe(200);
    await api(
      srv,
      '/admin/settings/set',
      { key: 'market.instruments', value: spot, reason: 'resume BTC' },
      { token: admin },
    );
  });
});
