import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  call,
  depositConfirmed,
  operatorToken,
  signedInUser,
  startServer,
  type TestServer,
} from './harness';

let srv: TestServer;
let admin: string;
let finance: string;
let cashier: string;

const hash = () => `0x${randomBytes(32).toString('hex')}`;
const rid = () => `req-${randomBytes(8).toString('hex')}`;

async function balance(token: string, asset = 'USDT', account = 'spot') {
  const res = await api(srv, '/api/finance/userFinance', {}, { token });
  const row = res.body.data.list.find((b) => b.asset === asset && b.account === account);
  return { available: row?.available ?? '?', frozen: row?.frozen ?? '?' };
}

/**
 * A signed-in user with `amount` USDT credited through an operator-confirmed deposit. The cashier records
 * it (and the admin approves it from the threshold on), so the finance operator may pay the user out.
 */
async function funded(amount: string) {
  const u = await signedInUser(srv);
  if (amount !== '0') await depositConfirmed(srv, u.token, cashier, amount);
  return u;
}

beforeAll(async () => {
  srv = await startServer();
  admin = await operatorToken(srv, 'admin', 'nexa-admin');
  finance = await operatorToken(srv, 'finance', 'nexa-finance');
  await srv.app.modules.admin.createOperator('cashier', 'cashier-password', ['finance']);
  cashier = await operatorToken(srv, 'cashier', 'cashier-password');
});
afterEach(async () => {
  expect(await srv.app.ledger.audit()).toEqual([]);
  const solvency = await srv.app.ledger.solvency();
  expect(solvency.every((l) => l.balanced)).toBe(true);
});
afterAll(() => srv.close());

describe('deposits confirmed by an operator', () => {
  it('shows the address mode, takes a claim, credits it once on confirmation', async () => {
    const u = await signedInUser(srv);
    const recv = await call(srv, '/api/withdraw/receiveUsdt', {}, { token: u.token });
    // The user's own address, derived from the demo's key; without a watcher an operator confirms reports.
    expect(recv.body.data).toMatchObject({
      mode: 'operator',
      address: expect.stringMatching(/^0x[0-9a-f]{40}$/),
    });
    const tx = hash();
    const rep = await api(
      srv,
      '/api/recharge/recharge',
      { chain: 'manual', tx_hash: tx, amount: '250.5' },
      { token: u.token },
    );
    expect(rep.body.data.list[0]).toMatchObject({ status: 'pending', amount: '250.5' });
    expect(await balance(u.token)).toEqual({ available: '0', frozen: '0' });
    const id = rep.body.data.list[0]?.id;
    const ok = await call(srv, '/admin/deposits/confirm', { deposit_id: id }, { token: finance });
    expect(ok.body.data).toMatchObject({ status: 'approved' });
    expect(
      (await call(srv, '/admin/deposits/confirm', { deposit_id: id }, { token: finance })).body.error,
    ).toBe('InvalidState');
    expect(await balance(u.token)).toEqual({ available: '250.5', frozen: '0' });
    const list = await api(srv, '/v1/recharge/list', { page: 1 }, { token: u.token });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]?.status).toBe('approved');
    const log = await api(srv, '/api/user/usdtLog', { page: 1 }, { token: u.token });
    expect(log.body.data.list[0]).toMatchObject({ type: 'deposit', amount: '250.5' });
  });

  it('lets nobody squat a hash: a rejected claim frees it, and the rightful owner is always credited', async () => {
    const a = await signedInUser(srv);
    const b = await signedInUser(srv);
    const tx = hash();
    const claim = (token: string) =>
      api(srv, '/api/recharge/recharge', { chain: 'manual', tx_hash: tx, amount: '10' }, { token });
    // B reports A's public hash first; the operator rejects B's claim.
    const squat = await claim(b.token);
    const rej = await call(
      srv,
      '/admin/deposits/reject',
      { deposit_id: squat.body.data.list[0]?.id, reason: 'not received' },
      { token: finance },
    );
    expect(rej.body.data).toMatchObject({ status: 'failed', reason: 'not received' });
    // A can still report it, and is credited.
    const first = await claim(a.token);
    expect(first.body.data.list[0]).toMatchObject({ status: 'pending' });
    expect((await claim(a.token)).body.data.list[0]?.id).toBe(first.body.data.list[0]?.id);
    // A claim by B beside A's pending one is marked contested; crediting A's fails B's.
    const again = await claim(b.token);
    const queue = await api(
      srv,
      '/admin/deposits/list',
      { status: 'pending', page: 1, size: 50 },
      { token: finance },
    );
    expect(queue.body.data.list.find((d) => d.id === first.body.data.list[0]?.id)).toMatchObject({
      contested: true,
    });
    const credited = await call(
      srv,
      '/admin/deposits/confirm',
      { deposit_id: first.body.data.list[0]?.id },
      { token: finance },
    );
    expect(credited.body.data).toMatchObject({ status: 'approved', contested: false });
    expect(await balance(a.token)).toEqual({ available: '10', frozen: '0' });
    const lost = await api(srv, '/v1/recharge/list', { page: 1 }, { token: b.token });
    expect(lost.body.data.list.find((d) => d.id === again.body.data.list[0]?.id)).toMatchObject({
      status: 'failed',
    });
    // Once credited, the hash is nobody else's, and never credited twice.
    expect((await claim(b.token)).body.error).toBe('NotFound');
    expect(
      (
        await call(
          srv,
          '/admin/deposits/confirm',
          { user: a.wallet.address, amount: '10', tx_hash: tx },
          { token: admin },
        )
      ).body.error,
    ).toBe('InvalidState');
    expect(await balance(b.token)).toEqual({ available: '0', frozen: '0' });
  });

  it('credits the owner directly after a squatter was rejected', async () => {
    const a = await signedInUser(srv);
    const b = await signedInUser(srv);
    const tx = hash();
    const squat = await api(
      srv,
      '/api/recharge/recharge',
      { chain: 'manual', tx_hash: tx, amount: '10' },
      { token: b.token },
    );
    await call(
      srv,
      '/admin/deposits/reject',
      { deposit_id: squat.body.data.list[0]?.id, reason: 'not yours' },
      { token: finance },
    );
    const direct = await call(
      srv,
      '/admin/deposits/confirm',
      { user: a.wallet.address, amount: '10', tx_hash: tx },
      { token: finance },
    );
    expect(direct.body.data).toMatchObject({ status: 'approved' });
    expect(await balance(a.token)).toEqual({ available: '10', frozen: '0' });
  });

  it('keeps operator calls for operators and user calls for users', async () => {
    const u = await signedInUser(srv);
    expect((await call(srv, '/admin/deposits/list', { page: 1 }, { token: u.token })).body.code).toBe(406);
    expect((await call(srv, '/api/finance/userFinance', {}, { token: finance })).body.code).toBe(406);
    await srv.app.modules.admin.createOperator('helpdesk', 'helpdesk-pass', ['support']);
    const support = await operatorToken(srv, 'helpdesk', 'helpdesk-pass');
    expect((await call(srv, '/admin/deposits/list', { page: 1 }, { token: support })).body.code).toBe(200);
    expect(
      (await call(srv, '/admin/deposits/confirm', { deposit_id: 1 }, { token: support })).body.error,
    ).toBe('Forbidden');
    expect((await call(srv, '/admin/auth/login', { name: 'admin', password: 'wrong' })).body.error).toBe(
      'OperatorLoginFailed',
    );
  });
});

describe('withdrawals', () => {
  it('freezes amount + fee, and an approval settles it', async () => {
    const u = await funded('100');
    const addr = `0x${'ab'.repeat(20)}`;
    expect(
      (await call(srv, '/api/withdraw/index', { address: addr, amount: '9.99' }, { token: u.token })).body,
    ).toMatchObject({
      code: 2004,
      msg: 'The amount is below the minimum of 10 USDT',
    });
    expect(
      (await call(srv, '/api/withdraw/index', { address: addr, amount: '100' }, { token: u.token })).body
        .error,
    ).toBe('InsufficientBalance');
    expect(
      (await call(srv, '/api/withdraw/index', { address: 'nope', amount: '10' }, { token: u.token })).body
        .error,
    ).toBe('ValidationFailed');
    const w = await api(srv, '/api/withdraw/index', { address: addr, amount: '50' }, { token: u.token });
    expect(w.body.data).toMatchObject({ status: 'pending', fee: '1', amount: '50', stage: 'requested' });
    expect(await balance(u.token)).toEqual({ available: '49', frozen: '51' });
    const list = await api(srv, '/api/withdraw/list', { page: 1 }, { token: u.token });
    expect(list.body.data.list[0]?.status).toBe('pending');
    const ok = await call(
      srv,
      '/admin/withdrawals/approve',
      { withdrawal_id: w.body.data.id },
      { token: finance },
    );
    expect(ok.body.data).toMatchObject({ status: 'approved', stage: 'sent' });
    expect(await balance(u.token)).toEqual({ available: '49', frozen: '0' });
    expect(
      (
        await call(
          srv,
          '/admin/withdrawals/reject',
          { withdrawal_id: w.body.data.id, reason: 'x' },
          { token: finance },
        )
      ).body.error,
    ).toBe('InvalidState');
  });

  it('releases the hold when rejected and shows the reason', async () => {
    const u = await funded('30');
    const w = await api(
      srv,
      '/api/withdraw/index',
      { address: `0x${'cd'.repeat(20)}`, amount: '20' },
      { token: u.token },
    );
    const rej = await call(
      srv,
      '/admin/withdrawals/reject',
      { withdrawal_id: w.body.data.id, reason: 'address on a sanctions list' },
      { token: finance },
    );
    expect(rej.body.data).toMatchObject({ status: 'failed', reason: 'address on a sanctions list' });
    expect(await balance(u.token)).toEqual({ available: '30', frozen: '0' });
    const mine = await api(srv, '/api/withdraw/list', { page: 1, status: 'failed' }, { token: u.token });
    expect(mine.body.data.list[0]).toMatchObject({ status: 'failed', reason: 'address on a sanctions list' });
  });

  it('needs two different operators from 10,000 and holds the daily limit', async () => {
    const u = await funded('60000');
    const addr = `0x${'ef'.repeat(20)}`;
    const big = await api(srv, '/api/withdraw/index', { address: addr, amount: '30000' }, { token: u.token });
    const first = await call(
      srv,
      '/admin/withdrawals/approve',
      { withdrawal_id: big.body.data.id },
      { token: finance },
    );
    expect(first.body.data).toMatchObject({
      status: 'pending',
      stage: 'first_approved',
      required_approvals: 2,
    });
    expect(
      (await call(srv, '/admin/withdrawals/approve', { withdrawal_id: big.body.data.id }, { token: finance }))
        .body.error,
    ).toBe('Forbidden');
    const second = await call(
      srv,
      '/admin/withdrawals/approve',
      { withdrawal_id: big.body.data.id },
      { token: admin },
    );
    expect(second.body.data).toMatchObject({ status: 'approved', approvals: ['finance', 'admin'] });
    const over = await call(
      srv,
      '/api/withdraw/index',
      { address: addr, amount: '20001' },
      { token: u.token },
    );
    expect(over.body).toMatchObject({
      error: 'DailyLimitExceeded',
      msg: 'This exceeds your daily limit; 20000 USDT left today',
    });
    expect(
      (await call(srv, '/api/withdraw/index', { address: addr, amount: '20000' }, { token: u.token })).body
        .code,
    ).toBe(200);
    srv.clock.advance(86_400_000);
    try {
      expect(
        (await call(srv, '/api/withdraw/index', { address: addr, amount: '1000' }, { token: u.token })).body
          .code,
      ).toBe(200);
    } finally {
      srv.clock.advance(-86_400_000);
    }
  });
});

describe('transfers', () => {
  it('moves money to another user by address or UID, both see it', async () => {
    const a = await funded('100');
    const b = await signedInUser(srv);
    const bInfo = await api(srv, '/api/user/info', {}, { token: b.token });
    const t1 = await call(
      srv,
      '/api/transfer/index',
      { to: b.wallet.address, amount: '10', remark: 'lunch' },
      { token: a.token },
    );
    expect(t1.body.data).toMatchObject({ direction: 'out', amount: '10', remark: 'lunch' });
    const t2 = await call(
      srv,
      '/api/user/transfer',
      { to: bInfo.body.data.uid, amount: '5.5' },
      { token: a.token },
    );
    expect(t2.body.code).toBe(200);
    expect(await balance(a.token)).toEqual({ available: '84.5', frozen: '0' });
    expect(await balance(b.token)).toEqual({ available: '15.5', frozen: '0' });
    const bl = await api(srv, '/api/transfer/transferList', { page: 1 }, { token: b.token });
    expect(bl.body.data.total).toBe(2);
    expect(bl.body.data.list[0]).toMatchObject({
      direction: 'in',
      counterparty: { address: a.wallet.address.toLowerCase() },
    });
  });

  it.each([
    [{ to: 'self', amount: '1' }, 'RecipientNotFound'],
    [{ to: '0x0000000000000000000000000000000000000001', amount: '1' }, 'RecipientNotFound'],
    [{ to: 'other', amount: '0.5' }, 'BelowMinimum'],
    [{ to: 'other', amount: '1000' }, 'InsufficientBalance'],
    [{ to: 'other', amount: '-5' }, 'ValidationFailed'],
    [{ to: 'other', amount: '1e3' }, 'ValidationFailed'],
    [{ to: 'other', amount: 5 }, 'ValidationFailed'],
    [{ to: 'other', amount: '1.0000001' }, 'ValidationFailed'],
    [{ to: 'other', amount: '99999999999999999999' }, 'ValidationFailed'],
    [{ to: 'other', amount: '1', asset: 'NOPE' }, 'ValidationFailed'],
  ])('refuses %j with %s and changes nothing', async (body, error) => {
    const a = await funded('20');
    const b = await signedInUser(srv);
    const to = body.to === 'self' ? a.wallet.address : body.to === 'other' ? b.wallet.address : body.to;
    const res = await call(srv, '/api/transfer/index', { ...body, to }, { token: a.token });
    expect(res.body.error).toBe(error);
    expect(await balance(a.token)).toEqual({ available: '20', frozen: '0' });
  });
});

describe('recipient lookup', () => {
  it('names the UID for an address and the masked address for a UID, before anything moves', async () => {
    const a = await signedInUser(srv);
    const b = await signedInUser(srv);
    const bInfo = await api(srv, '/api/user/info', {}, { token: b.token });
    const uid = bInfo.body.data.uid;
    const address = b.wallet.address.toLowerCase();
    const masked = `${address.slice(0, 6)}…${address.slice(-4)}`;
    const byAddress = await call(
      srv,
      '/api/transfer/recipient',
      { to: b.wallet.address },
      { token: a.token },
    );
    expect(byAddress.body.data).toEqual({ uid, address: masked, self: false });
    const byUid = await api(srv, '/api/transfer/recipient', { to: uid }, { token: a.token });
    expect(byUid.body.data).toEqual({ uid, address: masked, self: false });
    // The full address of a user found by UID is never handed out.
    expect(JSON.stringify(byUid.body)).not.toContain(address);
    const mine = await api(srv, '/api/transfer/recipient', { to: a.wallet.address }, { token: a.token });
    expect(mine.body.data.self).toBe(true);
  });

  it.each([
    ['0x0000000000000000000000000000000000000001', 'RecipientNotFound'],
    ['hello', 'RecipientNotFound'],
    ['', 'ValidationFailed'],
  ])('answers %j with %s', async (to, error) => {
    const a = await signedInUser(srv);
    const res = await call(srv, '/api/transfer/recipient', { to }, { token: a.token });
    expect(res.body.error).toBe(error);
  });

  it('is for signed-in users, and too many lookups a minute are refused', async () => {
    const anon = await call(srv, '/api/transfer/recipient', { to: 'x' });
    expect(anon.body.code).not.toBe(200);
    const a = await signedInUser(srv);
    const errors: string[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await call(srv, '/api/transfer/recipient', { to: `1000${i}` }, { token: a.token });
      errors.push(res.body.error ?? '');
    }
    expect(errors.slice(0, 30).every((e) => e === 'RecipientNotFound')).toBe(true);
    expect(errors[30]).toBe('RateLimited');
  });
});

describe('internal transfer', () => {
  it('moves between own accounts', async () => {
    const u = await funded('40');
    const res = await call(
      srv,
      '/api/transferBalance/index',
      { from: 'spot', to: 'futures', amount: '15' },
      { token: u.token },
    );
    expect(res.body.data).toMatchObject({
      from: { account: 'spot', available: '25' },
      to: { account: 'futures', available: '15' },
    });
    expect(
      (
        await call(
          srv,
          '/api/transferBalance/index',
          { from: 'spot', to: 'spot', amount: '1' },
          { token: u.token },
        )
      ).body.error,
    ).toBe('SameAccount');
    expect(
      (
        await call(
          srv,
          '/api/transferBalance/index',
          { from: 'futures', to: 'shop', amount: '16' },
          { token: u.token },
        )
      ).body.error,
    ).toBe('InsufficientBalance');
  });
});

describe('retries and other people', () => {
  it('answers a retried request id with the first answer and moves money once', async () => {
    const a = await funded('50');
    const b = await signedInUser(srv);
    const id = rid();
    const body = { to: b.wallet.address, amount: '7', request_id: id };
    const first = await call(srv, '/api/transfer/index', body, { token: a.token });
    const second = await call(srv, '/api/transfer/index', body, { token: a.token });
    expect(second.body.data).toEqual(first.body.data);
    expect(await balance(a.token)).toEqual({ available: '43', frozen: '0' });
    const conflict = await call(srv, '/api/transfer/index', { ...body, amount: '8' }, { token: a.token });
    expect(conflict.body.error).toBe('IdempotencyConflict');
    const wBody = { address: `0x${'12'.repeat(20)}`, amount: '10', request_id: rid() };
    const w1 = await api(srv, '/api/withdraw/index', wBody, {
      token: a.token,
    });
    expect(w1.body.data.status).toBe('pending');
    await call(srv, '/admin/withdrawals/approve', { withdrawal_id: w1.body.data.id }, { token: finance });
    // A retry after the approval still answers what the first call answered.
    const w2 = await call(srv, '/api/withdraw/index', wBody, { token: a.token });
    expect(w2.body.data).toEqual(w1.body.data);
  });

  it('never shows one user the records of another', async () => {
    const a = await funded('25');
    const b = await signedInUser(srv);
    await call(
      srv,
      '/api/withdraw/index',
      { address: `0x${'34'.repeat(20)}`, amount: '10' },
      { token: a.token },
    );
    for (const path of [
      '/v1/recharge/list',
      '/api/withdraw/list',
      '/api/assets/moneyRecord',
      '/api/user/usdtLog',
      '/api/transfer/transferList',
    ] as const) {
      const res = await call<{ total: number }>(srv, path, { page: 1 }, { token: b.token });
      expect(res.body.data.total, path).toBe(0);
    }
    const aRecords = await api(srv, '/api/assets/moneyRecord', { page: 1 }, { token: a.token });
    const txId = aRecords.body.data.list[0]?.transaction_id;
    const peek = await api(srv, '/api/moneylog/moneyDetail', { id: txId, page: 1 }, { token: b.token });
    expect(peek.body.data.total).toBe(0);
    const own = await api(srv, '/api/moneylog/moneyDetail', { id: txId, page: 1 }, { token: a.token });
    expect(own.body.data.total).toBeGreaterThan(0);
    const locked = await api(srv, '/api/user/lock_coin', { page: 1 }, { token: a.token });
    expect(locked.body.data.list[0]?.amount).toBe('11');
  });
});
