// Invalid Unicode in a string field (a lone surrogate, which PostgreSQL's jsonb cannot hold) is refused
// at the contract boundary as ValidationFailed naming the field, localized, never HTTP 500, and moves
// nothing.
import { isSafeText, textIssue } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  call,
  depositConfirmed,
  operatorToken,
  present,
  signedInUser,
  startServer,
  type TestServer,
} from './harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const LONE = ['\ud800', 'a\udc00b', 'x\ud800\ud800', '\udfff\ud800', 'end\udbff'];

const balance = async (token: string) =>
  (await api(srv, '/api/finance/userFinance', {}, { token })).body.data.list.find(
    (a) => a.asset === 'USDT' && a.account === 'spot',
  )?.available ?? '0';

describe('invalid Unicode', () => {
  it('is told apart from well-formed text (pairs, emoji and CJK pass)', () => {
    for (const text of LONE) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(false);
      expect(textIssue(text)).toBe('invalid_unicode');
    }
    for (const text of ['😀 lunch', '午饭', '\ud83d\ude00', 'plain', '']) expect(isSafeText(text)).toBe(true);
  });

  it('a lone surrogate in a transfer remark or an NFT name is ValidationFailed, localized, and moves nothing', async () => {
    const finance = await operatorToken(srv);
    const a = await signedInUser(srv);
    const b = await signedInUser(srv);
    await depositConfirmed(srv, a.token, finance, '100');
    const list = (await api(srv, '/v1/nft/collections', {})).body.data.list;
    const genesis = present(list.find((c) => c.name === 'Nexa Genesis'));
    for (const lone of LONE) {
      const t = await call(
        srv,
        '/api/transfer/index',
        { to: b.wallet.address, amount: '10', remark: lone },
        { token: a.token, lang: 'de' },
      );
      expect(t.status).toBe(200);
      expect(t.body).toMatchObject({ error: 'ValidationFailed' });
      expect(t.body.msg).toContain('remark');
      expect(t.body.msg).toContain('Unicode');
      const c = await call(
        srv,
        '/api/cast/cast',
        { collection_id: genesis.id, name: lone },
        { token: a.token, lang: 'zh_CN' },
      );
      expect(c.status).toBe(200);
      expect(c.body).toMatchObject({ error: 'ValidationFailed' });
      expect(c.body.msg).toContain('name');
    }
    // A key of an object may not carry one either.
    const k = await call(
      srv,
      '/api/transfer/index',
      { to: b.wallet.address, amount: '1', '\ud800': 1 },
      { token: a.token },
    );
    expect(k.body.error).toBe('ValidationFailed');
    expect(await balance(a.token)).toBe('100');
    expect(await balance(b.token)).toBe('0');
  });
});
