// Confirming what moves money: a withdrawal or a transfer needs a fresh EIP-712 signature of the account's
// wallet naming what it does (and the authenticator's code where enabled); each broken rule is refused with its
// own answer, in the caller's language, and nothing is held or moved. Also the second factor's life, the
// address book and whitelist mode, and the notices they send.
import * as OTPAuth from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  type CallOptions,
  call,
  confirmation,
  depositConfirmed,
  newWallet,
  operatorToken,
  signedInUser,
  startServer,
  type TestServer,
} from './harness';

let srv: TestServer;
let finance: string;

beforeAll(async () => {
  srv = await startServer();
  finance = await operatorToken(srv, 'finance', 'nexa-finance');
});
afterEach(async () => {
  expect(await srv.app.ledger.audit()).toEqual([]);
});
afterAll(() => srv.close());

async function funded(amount = '500') {
  const u = await signedInUser(srv);
  // The tests move the clock by days: an operator's session of before may have ended.
  finance = await operatorToken(srv, 'finance', 'nexa-finance');
  await depositConfirmed(srv, u.token, finance, amount);
  return u;
}

async function balance(token: string) {
  const res = await api(srv, '/api/finance/userFinance', {}, { token });
  const row = res.body.data.list.find((b) => b.asset === 'USDT' && b.account === 'spot');
  return `${row?.available}/${row?.frozen}`;
}

async function withdrawals(token: string) {
  return (await api(srv, '/api/withdraw/list', {}, { token })).body.data.total;
}

const HOUR = 3_600_000;
const raw: CallOptions = { confirm: false };

/** Sends a withdrawal as given (no automatic confirmation), in a language. */
function withdraw(token: string, body: Record<string, unknown>, lang = 'en') {
  return call(srv, '/api/withdraw/index', body, { token, lang, ...raw });
}

/** The current code of an authenticator secret, at the server's clock. */
function codeOf(secret: string, at = srv.clock.now().getTime()) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: at });
}

async function noticeKinds(token: string): Promise<string[]> {
  await srv.app.deps.outbox.drain();
  await srv.app.deps.outbox.drain();
  return (await api(srv, '/api/notice/list', { size: 100 }, { token })).body.data.list.map((n) => n.kind);
}

describe('a withdrawal is confirmed by a fresh signature of the account wallet', () => {
  it('refuses each broken rule with its own answer (zh, de), holding and moving nothing', async () => {
    const u = await funded();
    const to = newWallet().address;
    const body = { asset: 'USDT', address: to, amount: '50' };
    const sign = (over: Partial<{ asset: string; amount: string; destination: string }> = {}, w = u.wallet) =>
      confirmation(srv, u.token, w, {
        action: 'withdraw',
        asset: 'USDT',
        amount: '50',
        destination: to,
        ...over,
      });

    const none = await withdraw(u.token, body, 'zh_CN');
    expect(none.body).toMatchObject({ error: 'ConfirmationRequired', msg: '请使用钱包签名确认' });
    expect((await withdraw(u.token, body, 'german')).body.msg).toBe(
      'Bitte mit Ihrer Wallet-Signatur bestätigen',
    );

    const amount = await withdraw(u.token, { ...body, confirm: await sign({ amount: '5' }) }, 'zh_CN');
    expect(amount.body).toMatchObject({ error: 'SignedAmountMismatch', msg: '签名对应的是另一个金额' });
    const address = await withdraw(
      u.token,
      { ...body, confirm: await sign({ destination: newWallet().address }) },
      'german',
    );
    expect(address.body).toMatchObject({
      error: 'SignedDestinationMismatch',
      msg: 'Die Signatur galt einer anderen Adresse oder einem anderen Empfänger',
    });
    const asset = await withdraw(u.token, { ...body, confirm: await sign({ asset: 'NEU' }) }, 'zh_CN');
    expect(asset.body.error).toBe('SignedAssetMismatch');
    const other = await withdraw(u.token, { ...body, confirm: await sign({}, newWallet()) }, 'german');
    expect(other.body).toMatchObject({
      error: 'ConfirmationWrongSigner',
      msg: 'Die Bestätigung wurde nicht mit der Wallet dieses Kontos signiert',
    });

    const late = await sign();
    srv.clock.advance(301_000);
    const expired = await withdraw(u.token, { ...body, confirm: late }, 'zh_CN');
    expect(expired.body).toMatchObject({ error: 'ConfirmationExpired', msg: '确认已过期，请重新签名' });

    // Another user's nonce, signed by this wallet: not issued to this account.
    const v = await signedInUser(srv);
    const theirs = await confirmation(srv, v.token, u.wallet, {
      action: 'withdraw',
      asset: 'USDT',
      amount: '50',
      destination: to,
    });
    expect((await withdraw(u.token, { ...body, confirm: theirs })).body.error).toBe('ConfirmationUnknown');
    // A transfer's nonce does not confirm a withdrawal.
    const transferNonce = await confirmation(srv, u.token, u.wallet, {
      action: 'transfer',
      asset: 'USDT',
      amount: '50',
      destination: to,
    });
    expect((await withdraw(u.token, { ...body, confirm: transferNonce })).body.error).toBe(
      'SignedActionMismatch',
    );

    expect(await balance(u.token)).toBe('500/0');
    expect(await withdrawals(u.token)).toBe(0);

    // The happy path, then the same signature again.
    const good = await sign();
    const ok = await withdraw(u.token, { ...body, confirm: good });
    expect(ok.body).toMatchObject({ code: 200, data: { status: 'pending', amount: '50' } });
    expect(await balance(u.token)).toBe('449/51');
    const again = await withdraw(u.token, { ...body, confirm: good }, 'german');
    expect(again.body).toMatchObject({
      error: 'ConfirmationReplayed',
      msg: 'Diese Bestätigung wurde bereits verwendet; bitte erneut signieren',
    });
    expect(await balance(u.token)).toBe('449/51');
    expect(await withdrawals(u.token)).toBe(1);
  });

  it('gives a confirmation back when the withdrawal it was for is refused (short balance)', async () => {
    const u = await funded('30');
    const to = newWallet().address;
    const c = await confirmation(srv, u.token, u.wallet, {
      action: 'withdraw',
      asset: 'USDT',
      amount: '100',
      destination: to,
    });
    const short = await withdraw(u.token, { address: to, amount: '100', confirm: c });
    expect(short.body.error).toBe('InsufficientBalance');
    finance = await operatorToken(srv, 'finance', 'nexa-finance');
    await depositConfirmed(srv, u.token, finance, '100');
    expect((await withdraw(u.token, { address: to, amount: '100', confirm: c })).body.code).toBe(200);
  });

  it('confirms a transfer to another user the same way', async () => {
    const u = await funded('100');
    const v = await signedInUser(srv);
    const vAddress = v.wallet.address.toLowerCase();
    const body = { to: vAddress, asset: 'USDT', amount: '10' };
    const none = await call(srv, '/api/transfer/index', body, { token: u.token, lang: 'zh_CN', ...raw });
    expect(none.body.error).toBe('ConfirmationRequired');
    const wrong = await confirmation(srv, u.token, u.wallet, {
      action: 'transfer',
      asset: 'USDT',
      amount: '11',
      destination: vAddress,
    });
    expect(
      (await call(srv, '/api/transfer/index', { ...body, confirm: wrong }, { token: u.token, ...raw })).body
        .error,
    ).toBe('SignedAmountMismatch');
    expect(await balance(u.token)).toBe('100/0');
    const ok = await call(srv, '/api/transfer/index', body, { token: u.token });
    expect(ok.body.code).toBe(200);
    expect(await balance(u.token)).toBe('90/0');
    expect(await balance(v.token)).toBe('10/0');
  });
});

describe('the authenticator (TOTP)', () => {
  it('is enabled with its first code, locks withdrawals for 24 hours, then asks for a code on each', async () => {
    const u = await funded();
    const setup = await api(srv, '/api/auth/totpSetup', {}, { token: u.token });
    expect(setup.body.data.uri).toMatch(/^otpauth:\/\/totp\//);
    const secret = setup.body.data.secret;
    const bad = await call(srv, '/api/auth/totpEnable', { code: '000000' }, { token: u.token });
    expect(bad.body.error).toBe('TotpInvalid');
    const on = await api(srv, '/api/auth/totpEnable', { code: codeOf(secret) }, { token: u.token });
    expect(on.body.data.recovery_codes).toHaveLength(10);
    expect((await api(srv, '/api/auth/security', {}, { token: u.token })).body.data).toMatchObject({
      totp_enabled: true,
      recovery_left: 10,
    });
    expect(await noticeKinds(u.token)).toContain('security_changed');

    const to = newWallet().address;
    const body = { address: to, amount: '20' };
    const locked = await call(srv, '/api/withdraw/index', body, { token: u.token, lang: 'zh_CN' });
    expect(locked.body).toMatchObject({ error: 'WithdrawalsLocked' });
    expect(locked.body.msg).toMatch(/^您的安全设置最近已更改，提现将于 .+ 恢复$/);

    srv.clock.advance(24 * HOUR + 60_000);
    const noCode = await call(srv, '/api/withdraw/index', body, { token: u.token, lang: 'german' });
    expect(noCode.body).toMatchObject({
      error: 'TotpRequired',
      msg: 'Bitte den Code aus Ihrer Authenticator-App eingeben',
    });
    const wrongCode = await call(
      srv,
      '/api/withdraw/index',
      { ...body, totp_code: codeOf(secret, srv.clock.now().getTime() + 10 * 60_000) },
      { token: u.token, lang: 'zh_CN' },
    );
    expect(wrongCode.body).toMatchObject({ error: 'TotpInvalid', msg: '身份验证器验证码错误' });
    expect(await balance(u.token)).toBe('500/0');

    srv.clock.advance(60_000);
    const code = codeOf(secret);
    const ok = await call(srv, '/api/withdraw/index', { ...body, totp_code: code }, { token: u.token });
    expect(ok.body.code).toBe(200);
    // The same code a second time: taken already.
    const reused = await call(srv, '/api/withdraw/index', { ...body, totp_code: code }, { token: u.token });
    expect(reused.body.error).toBe('TotpInvalid');
    expect(await balance(u.token)).toBe('479/21');

    // Disabling needs a code (a recovery code will do) and locks withdrawals again.
    const noDisable = await call(srv, '/api/auth/totpDisable', { code: 'AAAAA-BBBBB' }, { token: u.token });
    expect(noDisable.body.error).toBe('TotpInvalid');
    const off = await call(
      srv,
      '/api/auth/totpDisable',
      { code: on.body.data.recovery_codes[0] },
      { token: u.token },
    );
    expect(off.body.code).toBe(200);
    expect((await call(srv, '/api/withdraw/index', body, { token: u.token })).body.error).toBe(
      'WithdrawalsLocked',
    );
  });
});

describe('the address book and whitelist mode', () => {
  it('allows only saved addresses once usable, tells of each new one', async () => {
    const u = await funded();
    const saved = newWallet().address;
    const bad = await call(
      srv,
      '/api/wallet/addAddress',
      { chain: 'evm', address: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', label: 'x' },
      { token: u.token },
    );
    expect(bad.body.error).toBe('ValidationFailed');
    const tron = await api(
      srv,
      '/api/wallet/addAddress',
      { chain: 'tron', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', label: 'Tron' },
      { token: u.token },
    );
    expect(tron.body.data).toMatchObject({ network: 'TRC20' });
    const added = await api(
      srv,
      '/api/wallet/addAddress',
      { chain: 'evm', address: saved, label: 'Cold' },
      { token: u.token },
    );
    expect(added.body.data).toMatchObject({ network: 'ERC20', label: 'Cold', address: saved.toLowerCase() });
    const twice = await call(
      srv,
      '/api/wallet/addAddress',
      { chain: 'evm', address: saved, label: 'Again' },
      { token: u.token },
    );
    expect(twice.body.error).toBe('AddressExists');
    expect(await noticeKinds(u.token)).toContain('address_added');

    await api(srv, '/api/wallet/setWhitelist', { on: true }, { token: u.token });
    const book = await api(srv, '/api/wallet/addresses', {}, { token: u.token });
    expect(book.body.data.whitelist).toBe(true);
    expect(book.body.data.list.map((a) => a.label)).toEqual(['Cold', 'Tron']);

    const elsewhere = await call(
      srv,
      '/api/withdraw/index',
      { address: newWallet().address, amount: '20' },
      { token: u.token, lang: 'german' },
    );
    expect(elsewhere.body).toMatchObject({
      error: 'AddressNotWhitelisted',
      msg: 'Der Whitelist-Modus ist aktiv: Auszahlungen nur an Adressen aus Ihrem Adressbuch',
    });
    srv.clock.advance(HOUR);
    const fresh = await call(
      srv,
      '/api/withdraw/index',
      { address: saved, amount: '20' },
      { token: u.token, lang: 'zh_CN' },
    );
    expect(fresh.body.error).toBe('AddressNotYetUsable');
    expect(fresh.body.msg).toMatch(/^该地址刚添加，可于 .+ 起使用$/);
    expect(await balance(u.token)).toBe('500/0');
    expect(await withdrawals(u.token)).toBe(0);

    srv.clock.advance(23 * HOUR + 60_000);
    const ok = await call(srv, '/api/withdraw/index', { address: saved, amount: '20' }, { token: u.token });
    expect(ok.body.code).toBe(200);

    // Someone else's entry cannot be deleted; one's own can.
    const v = await signedInUser(srv);
    expect(
      (await call(srv, '/api/wallet/deleteAddress', { id: added.body.data.id }, { token: v.token })).body
        .error,
    ).toBe('NotFound');
    expect(
      (await api(srv, '/api/wallet/deleteAddress', { id: added.body.data.id }, { token: u.token })).body.data
        .deleted,
    ).toBe(1);

    // Turning whitelist mode off is a security change: withdrawals wait again.
    await api(srv, '/api/wallet/setWhitelist', { on: false }, { token: u.token });
    const after = await call(
      srv,
      '/api/withdraw/index',
      { address: saved, amount: '20' },
      { token: u.token },
    );
    expect(after.body.error).toBe('WithdrawalsLocked');
  });
});
