// The audit log keeps every pool funding in one unit (issue 34, finding 5): decimal strings in the asset
// (1 USDT is "1", never "1000000"), with the pool's real balance before and after, not `before: null`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, operatorToken, startServer, type TestServer } from './harness';

let srv: TestServer;
let admin: string;

beforeAll(async () => {
  srv = await startServer();
  admin = await operatorToken(srv, 'admin', 'nexa-admin');
});
afterAll(() => srv.close());

type Side = { asset?: string; balance?: string; amount?: string; reason?: string } | null;

describe('pool funding in the audit log', () => {
  it('writes decimal strings with the pool balance before and after, for every pool', async () => {
    const calls = [
      [
        'earn.fund',
        () =>
          api(
            srv,
            '/admin/earn/fund',
            { pool: 'pledge', amount: '1', reason: 'unit check' },
            { token: admin },
          ),
      ],
      [
        'mining.fund',
        () =>
          api(
            srv,
            '/admin/mining/fund',
            { line: 'main', amount: '1', reason: 'unit check' },
            { token: admin },
          ),
      ],
      [
        'nft.fund',
        () =>
          api(
            srv,
            '/admin/nft/fund',
            { account: 'nft', amount: '1', reason: 'unit check' },
            { token: admin },
          ),
      ],
      [
        'games.fund',
        () => api(srv, '/admin/games/fund', { amount: '1', reason: 'unit check' }, { token: admin }),
      ],
      [
        'neu.fund',
        () => api(srv, '/admin/neu/fund', { amount: '1', reason: 'unit check' }, { token: admin }),
      ],
    ] as const;
    for (const [action, fund] of calls) {
      // Twice: the second entry starts where the first ended.
      for (let i = 0; i < 2; i++) expect((await fund()).body.code, action).toBe(200);
      const log = await api(srv, '/admin/audit/list', { action, page: 1, size: 2 }, { token: admin });
      const [second, first] = log.body.data.list.map((r) => ({
        before: r.before as Side,
        after: r.after as Side,
      }));
      for (const e of [first, second]) {
        expect(e?.before, action).toMatchObject({ asset: expect.any(String), balance: expect.any(String) });
        expect(e?.after, action).toMatchObject({
          amount: '1',
          reason: 'unit check',
          asset: e?.before?.asset,
        });
        expect(Number(e?.after?.balance) - Number(e?.before?.balance), action).toBeCloseTo(1, 8);
      }
      expect(second?.before?.balance, action).toBe(first?.after?.balance);
    }
  });
});
