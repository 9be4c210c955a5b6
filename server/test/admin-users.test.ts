// Operators on users: search by every key, a user's profile and team, referrals, sessions and ending one,
// freezing (every session ends, sign-in refused) and unfreezing, notes — each audited, each refused to an
// operator without the role, and bad input changing nothing.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../src/store';
import {
  api,
  call,
  newOperatorToken,
  operatorToken,
  present,
  signedInUser,
  signIn,
  startServer,
  type TestServer,
} from './harness';

let srv: TestServer;
let admin: string;
let finance: string;
let support: string;

const db = () => srv.app.deps.store.db;

async function idOf(token: string): Promise<number> {
  return present(await srv.app.modules.auth.authenticate(token), 'user').id;
}

async function userRow(id: number) {
  const [u] = await db().select().from(schema.users).where(eq(schema.users.id, id));
  return present(u, 'user row');
}

async function auditOf(userId: number, action: string) {
  return db()
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.subject, `user:${userId}`), eq(schema.auditLog.action, action)))
    .orderBy(desc(schema.auditLog.id));
}

/** A user invited by `code`, with their id and wallet. */
async function member(code = 'NEXA2026') {
  const u = await signedInUser(srv, code);
  const id = await idOf(u.token);
  const info = await api(srv, '/api/user/info', {}, { token: u.token });
  return { ...u, id, uid: info.body.data.uid, code: info.body.data.invite_code };
}

beforeAll(async () => {
  srv = await startServer();
  admin = await operatorToken(srv, 'admin', 'nexa-admin');
  finance = await operatorToken(srv, 'finance', 'nexa-finance');
  support = await newOperatorToken(srv, admin, 'helpdesk', ['support']);
});
afterAll(() => srv.close());

describe('search', () => {
  it('finds a user by UID, address (any case, or its start), email (any case, or its start) and id', async () => {
    const parent = await member();
    const u = await member(parent.code);
    const email = `Mixed.Case.${u.uid}@Example.com`;
    await db().update(schema.users).set({ email }).where(eq(schema.users.id, u.id));
    const find = async (q: string, token = support) => {
      const res = await api(srv, '/admin/users/search', { q, page: 1, size: 100 }, { token });
      expect(res.body.code, q).toBe(200);
      return res.body.data;
    };
    const expected = {
      user_id: u.id,
      uid: u.uid,
      address: u.wallet.address.toLowerCase(),
      email,
      level: 0,
      frozen: false,
      parent_uid: parent.uid,
    };
    expect((await find(u.uid)).list).toEqual([expect.objectContaining(expected)]);
    expect((await find(u.wallet.address.toUpperCase().replace('0X', '0x'))).list).toEqual([
      expect.objectContaining(expected),
    ]);
    expect((await find(u.wallet.address.slice(0, 30))).list.map((r) => r.user_id)).toContain(u.id);
    expect((await find(email.toLowerCase())).list).toEqual([expect.objectContaining(expected)]);
    expect((await find(`mixed.case.${u.uid}@`, finance)).list).toEqual([expect.objectContaining(expected)]);
    expect((await find(String(u.id))).list.map((r) => r.user_id)).toContain(u.id);
    // A LIKE wildcard is taken literally.
    expect((await find('%')).total).toBe(0);
    expect((await find('nobody-has-this@example.com')).list).toEqual([]);
    // Empty: the newest users first.
    const newest = await find('');
    expect(newest.list[0]?.user_id).toBe(u.id);
    expect(newest.list[1]?.user_id).toBe(parent.id);
    expect(newest.total).toBeGreaterThanOrEqual(2);
  });

  it('pages the newest users without overlap', async () => {
    for (let i = 0; i < 3; i++) await member();
    const page = async (p: number) =>
      (await api(srv, '/admin/users/search', { q: '', page: p, size: 2 }, { token: admin })).body.data;
    const [a, b] = [await page(1), await page(2)];
    expect(a.list).toHaveLength(2);
    expect(b.list).toHaveLength(2);
    const ids = [...a.list, ...b.list].map((r) => r.user_id);
    expect(new Set(ids).size).toBe(4);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect((await page(1)).list).toEqual(a.list);
  });
});

describe('a user and their team', () => {
  it('detail shows the profile, parent, direct referrals and the kept team figures', async () => {
    const top = await member();
    const kid = await member(top.code);
    const kid2 = await member(top.code);
    const grandkid = await member(kid.code);
    // What products report to the team: a stake of 150 USDT by the grandchild, 40 by the child.
    await db().transaction(async (tx) => {
      const teams = srv.app.modules.users.teams;
      await teams.record(tx, {
        userId: grandkid.id,
        volume: 150_000_000n,
        performance: 150_000_000n,
        node: 150_000_000n,
        ref: 't1',
      });
      await teams.record(tx, {
        userId: kid.id,
        volume: 40_000_000n,
        performance: 40_000_000n,
        node: 0n,
        ref: 't2',
      });
    });
    const d = await api(srv, '/admin/users/detail', { user_id: top.id }, { token: finance });
    expect(d.body.data).toMatchObject({
      user_id: top.id,
      uid: top.uid,
      invite_code: top.code,
      frozen: false,
      frozen_info: null,
      team: {
        direct_referrals: 2,
        figures: {
          headcount: 3,
          direct: 2,
          valid_direct: 0,
          personal_volume: '0',
          team_volume: '190',
          team_performance: '190',
          node_total: '150',
          node_today: '150',
        },
      },
    });
    const kd = await api(srv, '/admin/users/detail', { user_id: kid.id }, { token: support });
    expect(kd.body.data.team).toMatchObject({
      parent: { user_id: top.id, uid: top.uid, address: top.wallet.address.toLowerCase() },
      direct_referrals: 1,
      figures: { personal_volume: '40', team_volume: '150', valid_direct: 1, headcount: 1 },
    });
    expect(kd.body.data.parent_uid).toBe(top.uid);

    const refs = await api(srv, '/admin/users/referrals', { user_id: top.id, page: 1 }, { token: support });
    expect(refs.body.data.total).toBe(2);
    expect(refs.body.data.list).toEqual([
      expect.objectContaining({ user_id: kid2.id, uid: kid2.uid, level: 0, team_volume: '0' }),
      expect.objectContaining({ user_id: kid.id, uid: kid.uid, level: 0, team_volume: '150' }),
    ]);
    expect(refs.body.data.list[0]?.address).toBe(kid2.wallet.address.toLowerCase());
  });

  it('an unknown user is NotFound on every call; bad ids are refused', async () => {
    const unknown = 2_000_000_000;
    for (const path of [
      '/admin/users/detail',
      '/admin/users/referrals',
      '/admin/users/sessions',
      '/admin/users/notes',
    ] as const) {
      expect((await call(srv, path, { user_id: unknown }, { token: admin })).body.error, path).toBe(
        'NotFound',
      );
    }
    for (const user_id of [-1, 0, 1.5, '7', true, 2 ** 31, 1e30, null]) {
      const bad = await call(srv, '/admin/users/detail', { user_id }, { token: admin });
      expect(bad.body.error, JSON.stringify(user_id)).toBe('ValidationFailed');
    }
    expect(
      (await call(srv, '/admin/users/search', { q: 'x'.repeat(300) }, { token: admin })).body.error,
    ).toBe('ValidationFailed');
    expect((await call(srv, '/admin/users/search', { q: 42 }, { token: admin })).body.error).toBe(
      'ValidationFailed',
    );
  });
});

describe('sessions', () => {
  it('lists a user’s sessions and ends one at once, even when it was served from memory', async () => {
    const u = await member();
    const second = await signIn(srv, u.wallet, {});
    const other = present(second.body.data?.token, 'second token');
    // Both sessions known to the cache.
    expect((await call(srv, '/api/user/info', {}, { token: u.token })).body.code).toBe(200);
    expect((await call(srv, '/api/user/info', {}, { token: other })).body.code).toBe(200);

    const list = await api(srv, '/admin/users/sessions', { user_id: u.id, page: 1 }, { token: support });
    expect(list.body.data.total).toBe(2);
    const [newest, oldest] = list.body.data.list;
    expect(newest).toMatchObject({ active: true, revoked_at: null, ip: '127.0.0.1' });
    const target = present(oldest, 'first session');

    const ended = await api(
      srv,
      '/admin/users/revokeSession',
      { user_id: u.id, session_id: target.id, reason: 'reported stolen phone' },
      { token: support },
    );
    expect(ended.body.data).toMatchObject({ id: target.id, active: false });
    expect(ended.body.data.revoked_at).not.toBeNull();
    expect((await call(srv, '/api/user/info', {}, { token: u.token })).body.code).toBe(406);
    expect((await call(srv, '/api/user/info', {}, { token: other })).body.code).toBe(200);

    // Not twice.
    const again = await call(
      srv,
      '/admin/users/revokeSession',
      { user_id: u.id, session_id: target.id, reason: 'again' },
      { token: support },
    );
    expect(again.body.error).toBe('InvalidState');

    const [audit] = await auditOf(u.id, 'user.session_revoke');
    expect(audit).toMatchObject({
      actorKind: 'operator',
      before: { session_id: target.id, revoked_at: null },
    });
    expect(audit?.after).toMatchObject({ session_id: target.id, reason: 'reported stolen phone' });
    expect(JSON.stringify(audit)).not.toContain('token');
  });

  it('another user’s session id is NotFound and ends nothing', async () => {
    const a = await member();
    const b = await member();
    const [bs] = (await api(srv, '/admin/users/sessions', { user_id: b.id, page: 1 }, { token: admin })).body
      .data.list;
    const refused = await call(
      srv,
      '/admin/users/revokeSession',
      { user_id: a.id, session_id: present(bs).id, reason: 'wrong user' },
      { token: admin },
    );
    expect(refused.body.error).toBe('NotFound');
    expect((await call(srv, '/api/user/info', {}, { token: b.token })).body.code).toBe(200);
    expect(await auditOf(a.id, 'user.session_revoke')).toEqual([]);
    const missing = await call(
      srv,
      '/admin/users/revokeSession',
      { user_id: a.id, session_id: 2_000_000_000, reason: 'none' },
      { token: admin },
    );
    expect(missing.body.error).toBe('NotFound');
  });
});

describe('freeze', () => {
  it('ends every session, refuses sign-in in the user’s language, and unfreezing lets them back', async () => {
    const u = await member();
    const second = present((await signIn(srv, u.wallet, {})).body.data?.token);
    expect((await call(srv, '/api/user/info', {}, { token: second })).body.code).toBe(200);

    const frozen = await api(
      srv,
      '/admin/users/freeze',
      { user_id: u.id, reason: 'chargeback investigation' },
      { token: support },
    );
    expect(frozen.body.data).toMatchObject({
      frozen: true,
      frozen_info: { reason: 'chargeback investigation' },
    });
    for (const t of [u.token, second]) {
      expect((await call(srv, '/api/user/info', {}, { token: t })).body.code).toBe(406);
    }
    const sessions = await api(srv, '/admin/users/sessions', { user_id: u.id, page: 1 }, { token: support });
    expect(sessions.body.data.list.every((s) => !s.active && s.revoked_at !== null)).toBe(true);

    const refused = await signIn(srv, u.wallet, {});
    expect(refused.body).toMatchObject({ error: 'AccountFrozen', code: 1041 });
    expect(refused.body.msg).toMatch(/frozen/);
    const zh = await signIn(srv, u.wallet, { lang: 'zh_CN' });
    expect(zh.body.msg).toBe('该账户已被冻结，请联系客服');
    expect(
      (await api(srv, '/admin/users/search', { q: u.uid }, { token: support })).body.data.list[0]?.frozen,
    ).toBe(true);

    // Not twice; the row and the audit stay as the first freeze left them.
    const twice = await call(
      srv,
      '/admin/users/freeze',
      { user_id: u.id, reason: 'again' },
      { token: support },
    );
    expect(twice.body.error).toBe('InvalidState');
    expect((await userRow(u.id)).frozenReason).toBe('chargeback investigation');
    const audits = await auditOf(u.id, 'user.freeze');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      before: { frozen_at: null, frozen_reason: null },
      after: { frozen_reason: 'chargeback investigation', reason: 'chargeback investigation' },
    });
    expect((present(audits[0]).after as { sessions_ended: number[] }).sessions_ended).toHaveLength(2);

    const thawed = await api(
      srv,
      '/admin/users/unfreeze',
      { user_id: u.id, reason: 'cleared' },
      { token: admin },
    );
    expect(thawed.body.data).toMatchObject({ frozen: false, frozen_info: null });
    const [unfreezeAudit] = await auditOf(u.id, 'user.unfreeze');
    expect(unfreezeAudit).toMatchObject({
      before: { frozen_reason: 'chargeback investigation' },
      after: { frozen_at: null, frozen_reason: null, reason: 'cleared' },
    });
    // Old sessions stay ended; a new sign-in works.
    expect((await call(srv, '/api/user/info', {}, { token: second })).body.code).toBe(406);
    const back = await signIn(srv, u.wallet, {});
    expect(back.body.code).toBe(200);
    expect((await call(srv, '/api/user/info', {}, { token: present(back.body.data?.token) })).body.code).toBe(
      200,
    );

    const active = await call(
      srv,
      '/admin/users/unfreeze',
      { user_id: u.id, reason: 'again' },
      { token: admin },
    );
    expect(active.body.error).toBe('InvalidState');
    expect(await auditOf(u.id, 'user.unfreeze')).toHaveLength(1);
  });

  it('is the support role’s: finance is Forbidden; bad input and unknown users change nothing', async () => {
    const u = await member();
    const asFinance = await call(
      srv,
      '/admin/users/freeze',
      { user_id: u.id, reason: 'x' },
      { token: finance },
    );
    expect(asFinance.body.error).toBe('Forbidden');
    for (const body of [
      { user_id: u.id, reason: '' },
      { user_id: u.id, reason: '   ' },
      { user_id: u.id },
      { user_id: u.id, reason: 'r'.repeat(501) },
      { user_id: String(u.id), reason: 'x' },
      { user_id: -u.id, reason: 'x' },
    ]) {
      const bad = await call(srv, '/admin/users/freeze', body, { token: support });
      expect(bad.body.error, JSON.stringify(body)).toBe('ValidationFailed');
    }
    expect(
      (await call(srv, '/admin/users/freeze', { user_id: 2_000_000_000, reason: 'x' }, { token: support }))
        .body.error,
    ).toBe('NotFound');
    // A user's own token is no operator's.
    expect(
      (await call(srv, '/admin/users/freeze', { user_id: u.id, reason: 'x' }, { token: u.token })).body.code,
    ).not.toBe(200);
    expect((await userRow(u.id)).frozenAt).toBeNull();
    expect((await call(srv, '/api/user/info', {}, { token: u.token })).body.code).toBe(200);
    expect(await auditOf(u.id, 'user.freeze')).toEqual([]);
  });

  it('a frozen account’s session is refused even if its row was never revoked', async () => {
    const u = await member();
    expect((await call(srv, '/api/user/info', {}, { token: u.token })).body.code).toBe(200);
    // The account frozen behind the sessions' back (as another process would): the next check refuses it.
    await db()
      .update(schema.users)
      .set({ frozenAt: srv.clock.now(), frozenReason: 'x' })
      .where(eq(schema.users.id, u.id));
    srv.app.modules.auth.sessionCache.invalidateUser(u.id);
    expect((await call(srv, '/api/user/info', {}, { token: u.token })).body.code).toBe(406);
  });
});

describe('notes', () => {
  it('keeps who wrote what and when, newest first; finance may read but not write', async () => {
    const u = await member();
    const first = await api(
      srv,
      '/admin/users/addNote',
      { user_id: u.id, text: 'Called about a deposit' },
      { token: support },
    );
    expect(first.body.data).toMatchObject({ text: 'Called about a deposit', operator_name: 'helpdesk' });
    srv.clock.advance(1000);
    const second = await api(
      srv,
      '/admin/users/addNote',
      { user_id: u.id, text: 'Follow-up: resolved' },
      { token: admin },
    );
    expect(second.body.data.operator_name).toBe('admin');
    const list = await api(srv, '/admin/users/notes', { user_id: u.id, page: 1 }, { token: finance });
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.list.map((n) => n.text)).toEqual(['Follow-up: resolved', 'Called about a deposit']);
    expect(list.body.data.list[1]?.operator_id).toBe(first.body.data.operator_id);

    expect(
      (await call(srv, '/admin/users/addNote', { user_id: u.id, text: 'nope' }, { token: finance })).body
        .error,
    ).toBe('Forbidden');
    for (const text of ['', '  ', 'x'.repeat(2001), 5, null]) {
      const bad = await call(srv, '/admin/users/addNote', { user_id: u.id, text }, { token: support });
      expect(bad.body.error, JSON.stringify(text)).toBe('ValidationFailed');
    }
    expect(
      (await call(srv, '/admin/users/addNote', { user_id: 2_000_000_000, text: 'ghost' }, { token: support }))
        .body.error,
    ).toBe('NotFound');
    const okLong = await call(
      srv,
      '/admin/users/addNote',
      { user_id: u.id, text: 'y'.repeat(2000) },
      { token: support },
    );
    expect(okLong.body.code).toBe(200);
    expect(
      (await api(srv, '/admin/users/notes', { user_id: u.id, page: 1 }, { token: support })).body.data.total,
    ).toBe(3);
    expect(await auditOf(u.id, 'user.note')).toHaveLength(3);
  });
});

describe('dashboard', () => {
  it('counts the sign-ups since a moment', async () => {
    srv.clock.advance(60_000);
    const since = srv.clock.now();
    expect((await srv.app.modules.users.dashboard(since)).figures).toEqual([
      { key: 'signups', asset: null, count: 0, amount: null },
    ]);
    await member();
    await member();
    expect((await srv.app.modules.users.dashboard(since)).figures).toEqual([
      { key: 'signups', asset: null, count: 2, amount: null },
    ]);
  });
});
