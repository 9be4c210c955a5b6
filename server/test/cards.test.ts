import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { formatAmount, parseAmount } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/ledger';
import { type CardEvent, luhnValid, TIMESTAMP_HEADER } from '../src/modules/cards/issuer';
import { ageOn, weakPin } from '../src/modules/cards/nations';
import { topupFee } from '../src/modules/cards/service';
import { sniff } from '../src/modules/cards/uploads';
import { queryRows } from '../src/store';
import { api, newWallet, operatorToken, signIn, startServer, type TestServer } from './harness';

let srv: TestServer;
let logs = '';
const logStream = new Writable({
  write(chunk, _enc, done) {
    logs += String(chunk);
    done();
  },
});

beforeAll(async () => {
  srv = await startServer({ logStream, env: { SESSION_TTL_S: String(3650 * 86_400) } });
  // Operators review every verification here; the demo's approval by itself is tested on its own.
  await srv.app.settings.set('demo.kyc_auto_approve', false);
});
afterEach(async () => {
  expect(await srv.app.ledger.audit()).toEqual([]);
  expect((await srv.app.ledger.solvency()).every((l) => l.balanced && !l.short)).toBe(true);
});
afterAll(() => srv.close());

const cards = () => srv.app.modules.cards;
const U = (text: string) => parseAmount(text, 6) ?? 0n;

async function newUser(usdt = '0') {
  const wallet = newWallet();
  const res = await signIn(srv, wallet);
  const token = res.body.data.token;
  const me = await srv.app.modules.auth.authenticate(token);
  if (!me) throw new Error('no user');
  if (usdt !== '0') {
    await srv.app.deps.store.db.transaction((tx) =>
      srv.app.ledger.credit(tx, {
        account: { userId: me.id, asset: 'USDT', kind: 'spot' },
        system: SYSTEM.deposits,
        amount: U(usdt),
        cause: 'deposit',
      }),
    );
  }
  return { wallet, token, id: me.id };
}
type User = Awaited<ReturnType<typeof newUser>>;

function png(): Buffer {
  const img = new PNG({ width: 4, height: 4 });
  img.data.fill(200);
  return PNG.sync.write(img);
}
/** A JPEG with an EXIF segment that carries a location a re-encode must drop. */
function jpegWithExif(): Buffer {
  const raw = jpeg.encode({ data: Buffer.alloc(8 * 8 * 4, 120), width: 8, height: 8 }, 80).data;
  const payload = Buffer.concat([
    Buffer.from('Exif\0\0', 'latin1'),
    Buffer.from('GPS-SECRET-PLACE', 'latin1'),
  ]);
  const seg = Buffer.alloc(4);
  seg.writeUInt16BE(0xffe1, 0);
  seg.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([raw.subarray(0, 2), seg, payload, raw.subarray(2)]);
}

async function upload(u: User, purpose: string, bytes: Buffer, type = 'image/png') {
  const link = await api(
    srv,
    '/api/visa/uploadImg',
    { purpose: purpose as 'kyc_front', content_type: type as 'image/png', size: bytes.length },
    { token: u.token },
  );
  expect(link.body.code).toBe(200);
  const put = await fetch(`${srv.url}${link.body.data.url}`, {
    method: 'PUT',
    headers: link.body.data.headers,
    body: new Uint8Array(bytes),
  });
  return { id: link.body.data.upload_id, status: put.status, url: link.body.data.url };
}

async function images(u: User) {
  return {
    front_upload: (await upload(u, 'kyc_front', png())).id,
    back_upload: (await upload(u, 'kyc_back', png())).id,
    selfie_upload: (await upload(u, 'kyc_selfie', jpegWithExif(), 'image/jpeg')).id,
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

/** A user whose identity an operator approved. */
async function verified(usdt = '1000') {
  const u = await newUser(usdt);
  const k = await api(srv, '/api/visa/addKyc', { ...form, ...(await images(u)) }, { token: u.token });
  expect(k.body.code).toBe(200);
  const op = await operatorToken(srv, 'admin', 'nexa-admin');
  const r = await api(srv, '/admin/kyc/review', { id: k.body.data.id, decision: 'approve' }, { token: op });
  expect(r.body.data.status).toBe('approved');
  return u;
}

async function freshSignature(u: User) {
  const message = createSiweMessage({
    domain: srv.host,
    address: u.wallet.address,
    statement: 'Show my card number',
    uri: srv.url,
    version: '1',
    chainId: 1,
    nonce: randomBytes(8).toString('hex'),
    issuedAt: srv.clock.now(),
  });
  return { message, sign_message: await u.wallet.signMessage({ message }) };
}

describe('rules, by hand', () => {
  it('age, weak PINs, Luhn, fees and file types', () => {
    expect(ageOn('2008-11-28', new Date('2026-11-27T00:00:00Z'))).toBe(17);
    expect(ageOn('2008-11-27', new Date('2026-11-27T00:00:00Z'))).toBe(18);
    expect(ageOn('2001-02-29', new Date())).toBeNull();
    for (const pin of ['000000', '123456', '654321', '121212', '123123', '890123'])
      expect(weakPin(pin)).toBe(true);
    for (const pin of ['739162', '204857']) expect(weakPin(pin)).toBe(false);
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(topupFee(U('100'), 1_000_000n)).toBe(U('1'));
    expect(topupFee(1n, 1_000_000n)).toBe(1n); // rounded up
    expect(sniff(png())).toBe('image/png');
    expect(sniff(jpegWithExif())).toBe('image/jpeg');
    expect(sniff(Buffer.from('<svg></svg>'))).toBeNull();
  });
});

describe('identity verification', () => {
  it('runs from the form and images through a rejection, a correction and an approval', async () => {
    const u = await newUser();
    expect((await api(srv, '/api/digitalAssets/showRealName', {}, { token: u.token })).body.data.status).toBe(
      'none',
    );
    const nations = await api(srv, '/api/digitalAssets/nationList', {});
    expect(nations.body.data.list.find((n) => n.code === 'TH')?.doc_types).toContain('id_card');
    const imgs = await images(u);
    // Bad input changes nothing: a minor, a number of the wrong format, an unknown country.
    const young = await api(
      srv,
      '/api/visa/addKyc',
      { ...form, ...imgs, birth_date: '2015-01-01' },
      { token: u.token },
    );
    expect(young.body.code).toBe(1001);
    expect(young.body.msg).toContain('minimum');
    const badNo = await api(
      srv,
      '/api/visa/addKyc',
      { ...form, ...imgs, doc_number: 'AB12' },
      { token: u.token },
    );
    expect(badNo.body.code).toBe(1001);
    const badLand = await api(
      srv,
      '/api/visa/addKyc',
      { ...form, ...imgs, country: 'ZZ' },
      { token: u.token },
    );
    expect(badLand.body.code).toBe(1001);
    const k = await api(srv, '/api/visa/addKyc', { ...form, ...imgs }, { token: u.token });
    expect(k.body.data).toMatchObject({ status: 'pending', doc_number: '••••0123' });
    expect((await api(srv, '/api/visa/addKyc', { ...form, ...imgs }, { token: u.token })).body.error).toBe(
      'KycPending',
    );
    // The owner sees the images; the EXIF location did not survive the re-encode.
    const selfie = k.body.data.selfie;
    if (!selfie) throw new Error('no selfie link');
    const got = await fetch(`${srv.url}${selfie.url}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await got.arrayBuffer());
    expect(sniff(bytes)).toBe('image/jpeg');
    expect(bytes.includes(Buffer.from('GPS-SECRET-PLACE'))).toBe(false);
    // At rest the file is sealed: the stored bytes are not an image.
    const stored = await cards().files.serve({
      params: { id: selfie.upload_id },
      query: { exp: '0', v: 'x', sig: 'x' },
      headers: {},
      body: Buffer.alloc(0),
      ip: '',
    });
    expect(stored.status).toBe(403);
    // A link changed to name another viewer is refused.
    expect((await fetch(`${srv.url}${selfie.url.replace(/v=u%3A\d+/, 'v=u%3A1')}`)).status).toBe(403);

    const op = await operatorToken(srv, 'admin', 'nexa-admin');
    const queue = await api(srv, '/admin/kyc/list', { status: 'pending' }, { token: op });
    const mine = queue.body.data.list.find((x) => x.id === k.body.data.id);
    expect(mine?.doc_number).toBe('1234567890123');
    expect(mine?.front?.url).toContain('v=op%3A');
    expect(
      (await api(srv, '/admin/kyc/review', { id: k.body.data.id, decision: 'reject' }, { token: op })).body
        .code,
    ).toBe(1001);
    const no = await api(
      srv,
      '/admin/kyc/review',
      { id: k.body.data.id, decision: 'reject', reason: 'The back image is blurred' },
      { token: op },
    );
    expect(no.body.data).toMatchObject({ status: 'failed', reason: 'The back image is blurred' });
    const shown = await api(srv, '/api/digitalAssets/showRealName', {}, { token: u.token });
    expect(shown.body.data).toMatchObject({ status: 'failed', kyc: { reason: 'The back image is blurred' } });
    const back = (await upload(u, 'kyc_back', png())).id;
    const fixed = await api(
      srv,
      '/api/visa/editKyc',
      { ...form, ...imgs, back_upload: back, id: k.body.data.id },
      { token: u.token },
    );
    expect(fixed.body.data.status).toBe('pending');
    const yes = await api(
      srv,
      '/admin/kyc/review',
      { id: k.body.data.id, decision: 'approve' },
      { token: op },
    );
    expect(yes.body.data.status).toBe('approved');
    expect((await api(srv, '/api/visa/addKyc', { ...form, ...imgs }, { token: u.token })).body.error).toBe(
      'KycApproved',
    );
    expect(
      (await api(srv, '/api/visa/editKyc', { ...form, ...imgs, id: k.body.data.id }, { token: u.token })).body
        .error,
    ).toBe('KycNotEditable');
    const list = await api(srv, '/api/visa/kycList', {}, { token: u.token });
    expect(list.body.data.total).toBe(1);
    const other = await newUser();
    expect(
      (await api(srv, '/api/visa/kycDetail', { id: k.body.data.id }, { token: other.token })).body.error,
    ).toBe('KycNotFound');
  });

  it('refuses uploads of the wrong type, too large, to an expired link, twice, or of another user', async () => {
    const u = await newUser();
    // Declared PNG, sent something else.
    expect((await upload(u, 'kyc_front', jpegWithExif())).status).toBe(415);
    expect((await upload(u, 'kyc_front', Buffer.from('<svg onload=alert(1)></svg>'))).status).toBe(415);
    // A PNG header with nothing readable behind it.
    expect((await upload(u, 'kyc_front', png().subarray(0, 40))).status).toBe(422);
    // Declared too large: no link at all.
    const big = await api(
      srv,
      '/api/visa/uploadImg',
      { purpose: 'kyc_front', content_type: 'image/png', size: 50 * 1024 * 1024 },
      { token: u.token },
    );
    expect(big.body.error).toBe('UploadRejected');
    // Sent larger than the limit.
    await srv.app.settings.set('uploads.max_bytes', 100);
    try {
      const small = await api(
        srv,
        '/api/visa/uploadImg',
        { purpose: 'kyc_front', content_type: 'image/png', size: 50 },
        { token: u.token },
      );
      const put = await fetch(`${srv.url}${small.body.data.url}`, {
        method: 'PUT',
        headers: small.body.data.headers,
        body: new Uint8Array(Buffer.concat([png(), Buffer.alloc(200)])),
      });
      expect(put.status).toBe(413);
    } finally {
      await srv.app.settings.set('uploads.max_bytes', 5 * 1024 * 1024);
    }
    // A forged signature; an expired link; a second PUT.
    const ok = await upload(u, 'kyc_front', png());
    expect(ok.status).toBe(200);
    expect((await fetch(`${srv.url}${ok.url}`, { method: 'PUT', body: new Uint8Array(png()) })).status).toBe(
      409,
    );
    const forged = ok.url.replace(/sig=[a-f0-9]+/, `sig=${'0'.repeat(64)}`);
    expect((await fetch(`${srv.url}${forged}`, { method: 'PUT', body: new Uint8Array(png()) })).status).toBe(
      403,
    );
    const late = await api(
      srv,
      '/api/visa/uploadImg',
      { purpose: 'kyc_front', content_type: 'image/png', size: 100 },
      { token: u.token },
    );
    srv.clock.advance(301_000);
    const put = await fetch(`${srv.url}${late.body.data.url}`, {
      method: 'PUT',
      headers: late.body.data.headers,
      body: new Uint8Array(png()),
    });
    expect(put.status).toBe(410);
    // Someone else's uploads cannot back my verification.
    const thief = await newUser();
    const theirs = await images(u);
    const stolen = await api(srv, '/api/visa/addKyc', { ...form, ...theirs }, { token: thief.token });
    expect(stolen.body.error).toBe('UploadNotFound');
  });
});

describe('cards', () => {
  it('a virtual card: fee, top-up, a purchase, the number on a fresh signature, PIN, replacement', async () => {
    const nobody = await newUser('100');
    expect(
      (await api(srv, '/api/visa/openVirtualCard', { bin: '424242' }, { token: nobody.token })).body.error,
    ).toBe('KycRequired');
    const u = await verified('1000');
    expect(
      (await api(srv, '/api/visa/openVirtualCard', { bin: '999999' }, { token: u.token })).body.error,
    ).toBe('BinNotFound');
    const open = await api(srv, '/api/visa/openVirtualCard', { bin: '424242' }, { token: u.token });
    // A test card of the simulated issuer: no fee to open, top up or replace it.
    expect(open.body.data).toMatchObject({
      kind: 'virtual',
      status: 'active',
      holder: 'MALEE SRISAI',
      fee: '0',
      test: true,
    });
    const card = open.body.data;
    expect(card.masked).toMatch(/^4242 42•• •••• \d{4}$/);
    const top = await api(srv, '/api/visa/recharge', { card_id: card.id, amount: '100' }, { token: u.token });
    expect(top.body.data).toMatchObject({ amount: '100', fee: '0', received: '100' });
    expect(
      (await api(srv, '/api/visa/recharge', { card_id: card.id, amount: '5' }, { token: u.token })).body.code,
    ).toBe(1001);
    const buy = await api(
      srv,
      '/v1/visa/simulatePurchase',
      { card_id: card.id, merchant: 'Coffee Corner', amount: '30.5' },
      { token: u.token },
    );
    expect(buy.body.data).toMatchObject({ status: 'settled', settled: '30.5', merchant: 'Coffee Corner' });
    const tooMuch = await api(
      srv,
      '/v1/visa/simulatePurchase',
      { card_id: card.id, merchant: 'Jeweller', amount: '5000' },
      { token: u.token },
    );
    expect(tooMuch.body.data.status).toBe('declined');
    const detail = await api(srv, '/api/visa/cardDetail', { card_id: card.id }, { token: u.token });
    expect(detail.body.data).toMatchObject({ balance: '69.5', held: '0' });
    expect((await api(srv, '/api/visa/consumeList', {}, { token: u.token })).body.data.total).toBe(2);
    expect(
      (await api(srv, '/api/visa/rechargeList', {}, { token: u.token })).body.data.list[0]?.received,
    ).toBe('100');

    // The number only after signing again; a signature used once does not work twice.
    const sig = await freshSignature(u);
    const shown = await api(srv, '/v1/visa/reveal', { card_id: card.id, ...sig }, { token: u.token });
    expect(shown.body.code).toBe(200);
    expect(luhnValid(shown.body.data.number)).toBe(true);
    expect(shown.body.data.number.startsWith('424242')).toBe(true);
    expect(shown.body.data.number.slice(-4)).toBe(card.last4);
    expect(
      (await api(srv, '/v1/visa/reveal', { card_id: card.id, ...sig }, { token: u.token })).body.error,
    ).toBe('NonceReused');
    const other = await verified('100');
    const theirs = await freshSignature(other);
    expect(
      (await api(srv, '/v1/visa/reveal', { card_id: card.id, ...theirs }, { token: other.token })).body.error,
    ).toBe('CardNotFound');
    // Another wallet's signature for my session is refused.
    const wrong = await freshSignature(other);
    expect(
      (await api(srv, '/v1/visa/reveal', { card_id: card.id, ...wrong }, { token: u.token })).body.code,
    ).not.toBe(200);
    // Neither the number nor the CVV is in our tables in clear.
    const dump = JSON.stringify(await queryRows(srv.app.deps.store.db, sql`select * from cards`));
    expect(dump.includes(shown.body.data.number)).toBe(false);

    const pin = '739162';
    // Changing the PIN takes the same fresh signature as revealing the card: a stolen session alone is not
    // enough, nor another wallet's signature, nor one already used.
    const pinWith = (body: Record<string, unknown>) =>
      api(srv, '/api/visa/updatePin', { card_id: card.id, pin, ...body } as never, { token: u.token });
    const bare = await pinWith({});
    expect([bare.body.code, bare.body.msg]).toEqual([1001, expect.stringContaining('message')]);
    expect((await pinWith(await freshSignature(other))).body.code).not.toBe(200);
    expect((await pinWith(sig)).body.error).toBe('NonceReused');
    expect((await pinWith({ ...(await freshSignature(u)), pin: '123456' })).body.error).toBe('WeakPin');
    const set = await pinWith(await freshSignature(u));
    expect(set.body.data).toMatchObject({ pin_set: true });
    // The PIN is in no table and no log line.
    const tables = await queryRows<{ table_name: string }>(
      srv.app.deps.store.db,
      sql`select table_name from information_schema.tables where table_schema = current_schema()`,
    );
    for (const t of tables) {
      const rows = await queryRows(srv.app.deps.store.db, sql.raw(`select * from "${t.table_name}"`));
      expect(JSON.stringify(rows).includes(pin), t.table_name).toBe(false);
    }
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.includes(pin)).toBe(false);

    const rep = await api(
      srv,
      '/api/visa/replaceApply',
      { card_id: card.id, reason: 'lost' },
      { token: u.token },
    );
    expect(rep.body.data).toMatchObject({ kind: 'virtual', status: 'active' });
    expect(rep.body.data.id).not.toBe(card.id);
    const old = await api(srv, '/api/visa/cardDetail', { card_id: card.id }, { token: u.token });
    expect(old.body.data).toMatchObject({
      status: 'replaced',
      replaced_by: rep.body.data.id,
      balance: '69.5',
    });
    expect(
      (await api(srv, '/api/visa/recharge', { card_id: card.id, amount: '10' }, { token: u.token })).body
        .error,
    ).toBe('CardNotActive');
    const oldBuy = await cards().deliver({
      id: `evt_${randomBytes(6).toString('hex')}`,
      type: 'authorization',
      card_token: (await cardToken(card.id)) ?? '',
      auth_id: `auth_${randomBytes(6).toString('hex')}`,
      amount: '1',
      merchant: 'Thief',
    });
    expect(oldBuy.body).toMatchObject({ approved: false });
  });

  it('a physical card: address, application, shipping, activation with the letter’s code', async () => {
    const u = await verified('1000');
    expect(
      (await api(srv, '/api/visa/openRealCard', { bin: '455676', address_id: 999 }, { token: u.token })).body
        .error,
    ).toBe('AddressNotFound');
    const addr = await api(
      srv,
      '/api/visa/addAddress',
      {
        name: 'Malee Srisai',
        phone: '+66 81 234 5678',
        country: 'th',
        city: 'Bangkok',
        line1: '12 Sukhumvit Rd',
        postcode: '10110',
      },
      { token: u.token },
    );
    expect(addr.body.data.country).toBe('TH');
    const card = await api(
      srv,
      '/api/visa/openRealCard',
      { bin: '455676', address_id: addr.body.data.id },
      { token: u.token },
    );
    expect(card.body.data).toMatchObject({ kind: 'physical', status: 'applying', fee: '0', test: true });
    const again = await api(
      srv,
      '/api/visa/openRealCard',
      { bin: '455676', address_id: addr.body.data.id },
      { token: u.token },
    );
    expect(again.body.error).toBe('CardLimit');
    const op = await operatorToken(srv, 'admin', 'nexa-admin');
    const shipped = await api(
      srv,
      '/admin/cards/ship',
      { card_id: card.body.data.id, tracking: 'TH123456789' },
      { token: op },
    );
    expect(shipped.body.data.status).toBe('shipped');
    const mine = await api(srv, '/api/visa/cardDetail', { card_id: card.body.data.id }, { token: u.token });
    const code = mine.body.data.demo_code;
    if (!code) throw new Error('no activation letter');
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(
      (
        await api(
          srv,
          '/api/visa/active',
          { card_id: card.body.data.id, code: wrongCode },
          { token: u.token },
        )
      ).body.error,
    ).toBe('BadActivationCode');
    const on = await api(srv, '/api/visa/active', { card_id: card.body.data.id, code }, { token: u.token });
    expect(on.body.data.status).toBe('active');
    expect(
      (await api(srv, '/api/visa/applyCardList', { kind: 'physical' }, { token: u.token })).body.data.total,
    ).toBe(1);
  });
});

async function cardToken(id: number): Promise<string | null> {
  const rows = await queryRows<{ issuer_token: string | null }>(
    srv.app.deps.store.db,
    sql`select issuer_token from cards where id = ${id}`,
  );
  return rows[0]?.issuer_token ?? null;
}

describe('the issuer’s webhooks', () => {
  it('are refused without the issuer’s signature, with a stale timestamp, and applied once when delivered twice', async () => {
    const u = await verified('500');
    const card = (await api(srv, '/api/visa/openVirtualCard', { bin: '535522' }, { token: u.token })).body
      .data;
    await api(srv, '/api/visa/recharge', { card_id: card.id, amount: '101' }, { token: u.token });
    const event: CardEvent = {
      id: `evt_${randomBytes(6).toString('hex')}`,
      type: 'authorization',
      card_token: (await cardToken(card.id)) ?? '',
      auth_id: `auth_${randomBytes(6).toString('hex')}`,
      amount: '40',
      merchant: 'Bookshop',
    };
    const body = JSON.stringify(event);
    const post = (headers: Record<string, string>, b = body) =>
      fetch(`${srv.url}/webhooks/card-issuer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: b,
      });
    const good = cards().issuer.sign(body, srv.clock.now().getTime());
    expect((await post({ ...good, 'x-issuer-signature': `v1=${'ab'.repeat(32)}` })).status).toBe(401);
    expect((await post({})).status).toBe(401);
    const stale = cards().issuer.sign(body, srv.clock.now().getTime() - 3_600_000);
    expect((await post(stale)).status).toBe(401);
    // The signature covers the body: a changed amount is refused.
    expect((await post(good, body.replace('"40"', '"4"'))).status).toBe(401);
    const first = await post(good);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ ok: true, duplicate: false, approved: true });
    const second = await post(cards().issuer.sign(body, srv.clock.now().getTime()));
    expect(await second.json()).toMatchObject({ ok: true, duplicate: true });
    const d = await api(srv, '/api/visa/cardDetail', { card_id: card.id }, { token: u.token });
    expect(d.body.data).toMatchObject({ balance: '61', held: '40' });
    expect(TIMESTAMP_HEADER).toBe('x-issuer-timestamp');
  });

  it('keep card balance = top-ups − settled + refunds, never below zero, over random sequences', async () => {
    const u = await verified('100000');
    const card = (await api(srv, '/api/visa/openVirtualCard', { bin: '424242' }, { token: u.token })).body
      .data;
    const token = (await cardToken(card.id)) ?? '';
    let received = 0n;
    const spendIds: string[] = [];
    const op = fc.record({
      kind: fc.constantFrom('topup', 'authorization', 'settlement', 'reversal', 'refund', 'duplicate'),
      auth: fc.nat({ max: 5 }),
      cents: fc.integer({ min: 1, max: 20_000 }),
    });
    let run = 0;
    const sent: CardEvent[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        run++;
        for (const o of ops) {
          if (o.kind === 'topup') {
            const r = await api(
              srv,
              '/api/visa/recharge',
              { card_id: card.id, amount: formatAmount(BigInt(o.cents) * 10_000n + 10_000_000n, 6) },
              { token: u.token },
            );
            received += parseAmount(r.body.data.received, 6) ?? 0n;
            continue;
          }
          if (o.kind === 'duplicate') {
            const again = sent[o.auth % Math.max(1, sent.length)];
            if (again) await cards().deliver(again);
            continue;
          }
          const authId = `r${run}-a${o.auth}`;
          if (!spendIds.includes(authId)) spendIds.push(authId);
          const e: CardEvent = {
            id: `evt_${randomBytes(6).toString('hex')}`,
            type: o.kind,
            card_token: token,
            auth_id: authId,
            amount: formatAmount(BigInt(o.cents) * 10_000n, 6),
            merchant: 'Shop',
          };
          sent.push(e);
          await cards().deliver(e);
        }
        const rows = await queryRows<{ s: string; r: string; h: string }>(
          srv.app.deps.store.db,
          sql`select coalesce(sum(settled), 0)::text as s, coalesce(sum(refunded), 0)::text as r,
              coalesce(sum(held), 0)::text as h from card_spends where card_id = ${card.id}`,
        );
        const settled = BigInt(rows[0]?.s ?? '0');
        const refunded = BigInt(rows[0]?.r ?? '0');
        const held = BigInt(rows[0]?.h ?? '0');
        const b = (await srv.app.ledger.balances(u.id)).find((x) => x.asset === 'USDT' && x.kind === 'card');
        const available = b?.available ?? 0n;
        const frozen = b?.frozen ?? 0n;
        expect(available).toBeGreaterThanOrEqual(0n);
        expect(frozen).toBe(held);
        expect(available + frozen).toBe(received - settled + refunded);
        expect(refunded).toBeLessThanOrEqual(settled);
      }),
      {
        numRuns: Number(process.env.FC_RUNS ?? 25),
        seed: process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined,
      },
    );
  });
});
