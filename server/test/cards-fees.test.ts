/**
 * What a card costs and who approves a verification: a test card of the simulated issuer costs nothing, a real
 * issuer's card costs its fee, and a card the issuer never made costs nothing (its fee comes back, even when
 * the instance stopped between the fee and the issuer's answer). A verification waits for an operator unless
 * the demo's setting approves it by itself, which the screens are told; production never approves by itself.
 */
import { parseAmount } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/ledger';
import type { CardIssuer } from '../src/modules/cards/issuer';
import { createCards } from '../src/modules/cards/service';
import { queryRows } from '../src/store';
import { api, newWallet, operatorToken, signIn, startServer, type TestServer } from './harness';

let srv: TestServer;

beforeAll(async () => {
  srv = await startServer();
  await srv.app.settings.set('demo.kyc_auto_approve', false);
});
afterEach(async () => {
  expect(await srv.app.ledger.audit()).toEqual([]);
  expect((await srv.app.ledger.solvency()).every((l) => l.balanced && !l.short)).toBe(true);
});
afterAll(() => srv.close());

const U = (text: string) => parseAmount(text, 6) ?? 0n;
const simulated = () => srv.app.modules.cards.issuer;

/** Another cards service on the same store and ledger, on the issuer given (or a production config). */
function cardsWith(issuer: CardIssuer, env?: 'production') {
  const deps = srv.app.deps;
  return createCards({
    ...deps,
    config: env ? { ...deps.config, env } : deps.config,
    ledger: srv.app.ledger,
    reauthenticate: async () => undefined,
    issuer,
  });
}

/** A real issuer as far as money goes: not simulated, its own tokens; `issue` as the test wants it. */
function realIssuer(issue?: CardIssuer['issue']): CardIssuer {
  const sim = simulated();
  return {
    ...sim,
    simulated: false,
    issue:
      issue ??
      (async (input) => {
        const c = await sim.issue(input);
        return { ...c, token: c.token.replace(/^sim_/, 'iss_') };
      }),
  };
}

const form = {
  country: 'TH',
  doc_type: 'id_card' as const,
  doc_number: '1234567890123',
  surname: 'Srisai',
  given_name: 'Malee',
  birth_date: '1990-04-12',
};

async function upload(token: string, purpose: 'kyc_front' | 'kyc_back' | 'kyc_selfie') {
  const { PNG } = await import('pngjs');
  const img = new PNG({ width: 4, height: 4 });
  img.data.fill(180);
  const bytes = PNG.sync.write(img);
  const link = await api(
    srv,
    '/api/visa/uploadImg',
    { purpose, content_type: 'image/png', size: bytes.length },
    { token },
  );
  await fetch(`${srv.url}${link.body.data.url}`, {
    method: 'PUT',
    headers: link.body.data.headers,
    body: new Uint8Array(bytes),
  });
  return link.body.data.upload_id;
}

async function newUser(usdt: string) {
  const res = await signIn(srv, newWallet());
  const token = res.body.data.token;
  const me = await srv.app.modules.auth.authenticate(token);
  if (!me) throw new Error('no user');
  if (usdt !== '0')
    await srv.app.deps.store.db.transaction((tx) =>
      srv.app.ledger.credit(tx, {
        account: { userId: me.id, asset: 'USDT', kind: 'spot' },
        system: SYSTEM.deposits,
        amount: U(usdt),
        cause: 'deposit',
      }),
    );
  return { token, id: me.id };
}

async function submitKyc(token: string) {
  const k = await api(
    srv,
    '/api/visa/addKyc',
    {
      ...form,
      front_upload: await upload(token, 'kyc_front'),
      back_upload: await upload(token, 'kyc_back'),
      selfie_upload: await upload(token, 'kyc_selfie'),
    },
    { token },
  );
  expect(k.body.code).toBe(200);
  return k.body.data;
}

async function verified(usdt = '1000') {
  const u = await newUser(usdt);
  const k = await submitKyc(u.token);
  const op = await operatorToken(srv, 'admin', 'nexa-admin');
  await api(srv, '/admin/kyc/review', { id: k.id, decision: 'approve' }, { token: op });
  return u;
}

async function spot(userId: number): Promise<bigint> {
  const b = (await srv.app.ledger.balances(userId)).find((x) => x.asset === 'USDT' && x.kind === 'spot');
  return b?.available ?? 0n;
}

/** What the user paid in card fees, net, from the ledger's entries of that cause. */
async function feesPaid(userId: number): Promise<bigint> {
  const rows = await queryRows<{ n: string }>(
    srv.app.deps.store.db,
    sql`select coalesce(-sum(p.amount), 0)::text as n from ledger_postings p
        join ledger_transactions t on t.id = p.transaction_id
        join ledger_accounts a on a.id = p.account_id
        where t.cause = 'cards.fee' and a.user_id = ${userId}`,
  );
  return BigInt(rows[0]?.n ?? '0');
}

describe('card fees', () => {
  it('a test card of the simulated issuer costs nothing: to open, top up or replace', async () => {
    const bins = await api(srv, '/api/visa/getVirtualCardBin', {});
    expect(bins.body.data.list.every((b) => b.test && b.fee === '0')).toBe(true);
    const u = await verified('1000');
    const info = await api(srv, '/api/visa/info', {}, { token: u.token });
    expect(info.body.data).toMatchObject({ simulated: true, topup_fee_rate: '0', replace_fee: '0' });
    const open = await api(srv, '/api/visa/openVirtualCard', { bin: '424242' }, { token: u.token });
    expect(open.body.data).toMatchObject({ status: 'active', fee: '0', test: true });
    const top = await api(
      srv,
      '/api/visa/recharge',
      { card_id: open.body.data.id, amount: '50' },
      { token: u.token },
    );
    expect(top.body.data).toMatchObject({ fee: '0', received: '50' });
    const rep = await api(
      srv,
      '/api/visa/replaceApply',
      { card_id: open.body.data.id, reason: 'damaged' },
      { token: u.token },
    );
    expect(rep.body.data).toMatchObject({ fee: '0', test: true });
    expect(await spot(u.id)).toBe(U('950'));
    expect(await feesPaid(u.id)).toBe(0n);
  });

  it('a real issuer’s card costs its fee; a card the issuer refuses costs nothing', async () => {
    const real = cardsWith(realIssuer());
    expect((await real.bins()).list.find((b) => b.bin === '424242')).toMatchObject({
      fee: '10',
      test: false,
    });
    const u = await verified('100');
    const card = await real.openVirtual(u.id, { bin: '424242' });
    expect(card).toMatchObject({ status: 'active', fee: '10', test: false });
    expect(await spot(u.id)).toBe(U('90'));
    expect(await feesPaid(u.id)).toBe(U('10'));

    const refusing = cardsWith(
      realIssuer(async () => {
        throw new Error('the issuer declined the application');
      }),
    );
    const v = await verified('100');
    await expect(refusing.openVirtual(v.id, { bin: '535522' })).rejects.toThrow('declined');
    expect(await spot(v.id)).toBe(U('100'));
    expect(await feesPaid(v.id)).toBe(0n);
    expect((await refusing.cardList(v.id, { page: 1, size: 10 })).total).toBe(0);
  });

  it('a fee taken before the issuer answered comes back when the issuer never makes the card', async () => {
    // The instance stops after the fee and before the issuer's answer: the issuer never answers here.
    const stopping = cardsWith(realIssuer(() => new Promise(() => undefined)));
    const u = await verified('100');
    void stopping.openVirtual(u.id, { bin: '424242' });
    await expect.poll(() => spot(u.id)).toBe(U('90'));
    // Too early: the request may still be waiting for the issuer.
    const refusing = cardsWith(
      realIssuer(async () => {
        throw new Error('no such application');
      }),
    );
    await refusing.sweep();
    expect(await spot(u.id)).toBe(U('90'));
    srv.clock.advance(61_000);
    await refusing.sweep();
    expect(await spot(u.id)).toBe(U('100'));
    expect(await feesPaid(u.id)).toBe(0n);
    expect((await refusing.cardList(u.id, { page: 1, size: 10 })).total).toBe(0);

    // Another stopped the same way, whose issuer did make the card: the sweep finishes it and the fee stays.
    const w = await verified('100');
    void stopping.openVirtual(w.id, { bin: '424242' });
    await expect.poll(() => spot(w.id)).toBe(U('90'));
    srv.clock.advance(61_000);
    const real = cardsWith(realIssuer());
    await real.sweep();
    const list = await real.cardList(w.id, { page: 1, size: 10 });
    expect(list.list).toMatchObject([{ status: 'active', fee: '10', test: false }]);
    expect(await feesPaid(w.id)).toBe(U('10'));
  });
});

describe('identity verification review', () => {
  it('waits for an operator unless the demo’s setting approves it by itself, and says which', async () => {
    const u = await newUser('0');
    const k = await submitKyc(u.token);
    expect(k).toMatchObject({ status: 'pending', demo_approval: false });
    srv.clock.advance(3_600_000);
    await srv.app.modules.cards.sweep();
    const waiting = await api(srv, '/api/digitalAssets/showRealName', {}, { token: u.token });
    expect(waiting.body.data).toMatchObject({ status: 'pending', kyc: { demo_approval: false } });

    await srv.app.settings.set('demo.kyc_auto_approve', true);
    try {
      const told = await api(srv, '/api/digitalAssets/showRealName', {}, { token: u.token });
      expect(told.body.data.kyc?.demo_approval).toBe(true);
      // Production never approves by itself, whatever the setting says.
      const production = cardsWith(simulated(), 'production');
      await production.sweep();
      expect((await production.kycDetail(u.id, k.id)).status).toBe('pending');
      expect((await production.kycDetail(u.id, k.id)).demo_approval).toBe(false);
      await srv.app.modules.cards.sweep();
      const done = await api(srv, '/api/digitalAssets/showRealName', {}, { token: u.token });
      expect(done.body.data).toMatchObject({ status: 'approved', kyc: { demo_approval: true } });
    } finally {
      await srv.app.settings.set('demo.kyc_auto_approve', false);
    }
    // An operator's approval is not a demo one.
    const v = await verified('0');
    const shown = await api(srv, '/api/digitalAssets/showRealName', {}, { token: v.token });
    expect(shown.body.data).toMatchObject({ status: 'approved', kyc: { demo_approval: false } });
  });

  it('the demo seed turns the approval by itself on at its first start', async () => {
    const fresh = await startServer();
    try {
      expect(await fresh.app.settings.get('demo.kyc_auto_approve')).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
