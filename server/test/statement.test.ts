// The monthly statement and its CSV: a month of the user's own time zone, each account's opening and closing
// balance agreeing with what came in and went out, every balance change with the balance after it, in the
// caller's language; another user's money never in it; a bad month or zone refused.
import { headerForLang } from '@nexa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../src/kernel/csv';
import { localTime, monthRange } from '../src/kernel/zoned-time';
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
let finance: string;

beforeAll(async () => {
  srv = await startServer();
  finance = await operatorToken(srv);
});
afterAll(() => srv.close());

const month = (d: Date) => d.toISOString().slice(0, 7);

describe('the month of a time zone', () => {
  it('starts and ends at the local midnights, daylight saving included', () => {
    expect(monthRange('2026-11', 'UTC')).toEqual({
      from: new Date('2026-11-01T00:00:00Z'),
      to: new Date('2026-12-01T00:00:00Z'),
    });
    // Tokyo is 9 hours ahead all year.
    expect(monthRange('2026-01', 'Asia/Tokyo').from).toEqual(new Date('2025-12-31T15:00:00Z'));
    // Berlin: March starts in winter time (+1), April in summer time (+2).
    expect(monthRange('2026-03', 'Europe/Berlin')).toEqual({
      from: new Date('2026-02-28T23:00:00Z'),
      to: new Date('2026-03-31T22:00:00Z'),
    });
    // New York, December into January of the next year.
    expect(monthRange('2026-12', 'America/New_York').to).toEqual(new Date('2027-01-01T05:00:00Z'));
    expect(localTime(new Date('2026-03-31T22:00:00Z'), 'Europe/Berlin')).toBe('2026-04-01 00:00:00');
  });

  it('writes cells a spreadsheet reads as text, never as a formula', () => {
    expect(csvCell('Spot trade')).toBe('Spot trade');
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('a,b')).toBe('"a,b"');
  });
});

describe('a statement', () => {
  it('adds up: opening + credits − debits = closing, and the CSV lists each change with its balance after', async () => {
    const a = await signedInUser(srv);
    const b = await signedInUser(srv);
    await depositConfirmed(srv, a.token, finance, '1000');
    await depositConfirmed(srv, b.token, finance, '77');
    const sent = await api(
      srv,
      '/api/transferBalance/index',
      { asset: 'USDT', from: 'spot', to: 'futures', amount: '250.5' },
      { token: a.token },
    );
    expect(sent.body.code).toBe(200);
    const now = srv.clock.now();
    const body = { month: month(now), tz: 'UTC' };
    const st = await api(srv, '/api/records/statement', body, { token: a.token });
    expect(st.body.code).toBe(200);
    const accounts = st.body.data.accounts;
    expect(accounts).toEqual([
      { asset: 'USDT', account: 'futures', opening: '0', credits: '250.5', debits: '0', closing: '250.5' },
      { asset: 'USDT', account: 'spot', opening: '0', credits: '1000', debits: '250.5', closing: '749.5' },
    ]);
    expect(st.body.data.lines).toBe(3);

    const de = await api(srv, '/api/records/statementCsv', body, {
      token: a.token,
      lang: headerForLang('de'),
    });
    expect(de.body.code).toBe(200);
    const csv = de.body.data;
    expect(csv.file_name).toBe(`statement-${body.month}.csv`);
    expect(csv.truncated).toBe(false);
    expect(csv.rows).toBe(3);
    expect(csv.csv.startsWith('\uFEFF')).toBe(true);
    const rows = csv.csv.slice(1).trimEnd().split('\r\n');
    expect(rows[0]).toBe('Zeit,Konto,Asset,Art,Betrag,Saldo danach,Referenz');
    const cells = rows.slice(1).map((r) => r.split(','));
    expect(cells.map((c) => [c[1], c[2], c[4], c[5]])).toEqual([
      ['Spot', 'USDT', '1000', '1000'],
      ['Spot', 'USDT', '-250.5', '749.5'],
      ['Futures', 'USDT', '250.5', '250.5'],
    ]);
    for (const c of cells) expect(c[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Causes named in the reader's language.
    const zh = await api(srv, '/api/records/statementCsv', body, { token: a.token, lang: 'zh_CN' });
    expect(zh.body.data.csv).toContain('变动后余额');

    // The next month holds nothing yet: its opening is this one's closing.
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15));
    const later = await api(
      srv,
      '/api/records/statement',
      { month: month(next), tz: 'UTC' },
      { token: a.token },
    );
    expect(later.body.data.accounts.map((x) => [x.account, x.opening, x.closing])).toEqual([
      ['futures', '250.5', '250.5'],
      ['spot', '749.5', '749.5'],
    ]);
    expect(later.body.data.lines).toBe(0);
    // A month before any of it: nothing.
    const before = await api(
      srv,
      '/api/records/statement',
      { month: '2020-01', tz: 'UTC' },
      { token: a.token },
    );
    expect(before.body.data).toMatchObject({ accounts: [], lines: 0 });
  });

  it('refuses a malformed month or an unknown zone, and answers only for its caller', async () => {
    const a = await signedInUser(srv);
    for (const body of [
      { month: '2026-13', tz: 'UTC' },
      { month: '26-11', tz: 'UTC' },
      { month: '2026-11', tz: 'Mars/Olympus' },
      { month: '2026-11', tz: '../../etc' },
    ]) {
      const res = await call(srv, '/api/records/statement', body, { token: a.token, lang: 'de' });
      expect(res.body.error, JSON.stringify(body)).toBe('ValidationFailed');
    }
    const anon = await call(srv, '/api/records/statementCsv', { month: '2026-11', tz: 'UTC' });
    expect(anon.body.error).toBe('SessionInvalid');
    // A new user's statement is empty, whatever other users hold.
    const mine = await api(
      srv,
      '/api/records/statement',
      { month: month(srv.clock.now()), tz: 'UTC' },
      {
        token: a.token,
      },
    );
    expect(mine.body.data).toMatchObject({ accounts: [], lines: 0 });
  });
});

describe('trade exports', () => {
  it('lists a month’s spot and swap orders, fills and funding as CSV in the caller’s language', async () => {
    const a = await signedInUser(srv);
    const b = await signedInUser(srv);
    await depositConfirmed(srv, a.token, finance, '0.5', 'BTC');
    await depositConfirmed(srv, a.token, finance, '5000');
    await depositConfirmed(srv, b.token, finance, '5000');
    const order = async (token: string, body: Record<string, unknown>) => {
      const res = await call(srv, '/v1/order/submitTrade', body, { token });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    };
    await order(a.token, { instId: 'BTC-USDT', side: 'sell', type: 'limit', px: '50000', sz: '0.01' });
    await order(b.token, { instId: 'BTC-USDT', side: 'buy', type: 'limit', px: '50000', sz: '0.01' });
    const body = { month: month(srv.clock.now()), tz: 'UTC' };
    const rowsOf = (csv: string) =>
      csv
        .slice(1)
        .trimEnd()
        .split('\r\n')
        .map((r) => r.split(','));
    const de = { token: a.token, lang: headerForLang('de') };
    const orders = await api(srv, '/v1/order/exportCsv', { ...body, kind: 'orders' }, de);
    expect(orders.body.code).toBe(200);
    expect(orders.body.data.file_name).toBe(`spot-orders-${body.month}.csv`);
    const [head, first] = rowsOf(orders.body.data.csv);
    expect(head).toEqual([
      'Zeit',
      'Order',
      'Instrument',
      'Seite',
      'Art',
      'Preis',
      'Menge',
      'Ausgeführt',
      'Wert',
      'Gebühr',
      'Status',
    ]);
    expect(first?.slice(2)).toEqual([
      'BTC-USDT',
      'Verkauf',
      'Limit',
      '50000',
      '0.01',
      '0.01',
      '500',
      '0.4',
      'Ausgeführt',
    ]);
    const fills = await api(srv, '/v1/order/exportCsv', { ...body, kind: 'fills' }, { token: b.token });
    expect(rowsOf(fills.body.data.csv)[1]?.slice(2)).toEqual([
      'BTC-USDT',
      'Buy',
      'Taker',
      '50000',
      '0.01',
      '500',
      '0.5',
    ]);

    // A swap fill and a funding settlement.
    const futures = srv.app.modules.futures;
    futures.pinIndex('BTC-USDT', '60000');
    await futures.tick();
    for (const u of [a, b])
      await api(
        srv,
        '/api/transferBalance/index',
        { asset: 'USDT', from: 'spot', to: 'futures', amount: '1000' },
        { token: u.token },
      );
    await order(a.token, { instId: 'BTC-USDT-SWAP', side: 'sell', type: 'limit', px: '60000', sz: '1' });
    await order(b.token, { instId: 'BTC-USDT-SWAP', side: 'buy', type: 'market', sz: '1' });
    // A book whose mid stands 0.5 % over the index: the rate is positive, the long pays.
    await order(a.token, { instId: 'BTC-USDT-SWAP', side: 'buy', type: 'limit', px: '60250', sz: '1' });
    await order(a.token, { instId: 'BTC-USDT-SWAP', side: 'sell', type: 'limit', px: '60350', sz: '1' });
    await futures.tick();
    await futures.settleFunding('BTC-USDT-SWAP', srv.clock.now().getTime());
    const swapFills = await api(srv, '/v1/futures/exportCsv', { ...body, kind: 'fills' }, { token: a.token });
    expect(rowsOf(swapFills.body.data.csv)[1]?.slice(2, 7)).toEqual([
      'BTC-USDT-SWAP',
      'Sell',
      'Maker',
      '60000',
      '1',
    ]);
    const funding = await api(srv, '/v1/futures/exportCsv', { ...body, kind: 'funding' }, { token: b.token });
    const [fHead, fRow] = rowsOf(funding.body.data.csv);
    expect(fHead).toEqual(['Time', 'Instrument', 'Side', 'Size', 'Funding rate', 'Funding (USDT)']);
    expect(fRow?.slice(1, 4)).toEqual(['BTC-USDT-SWAP', 'Long', '1']);
    const swapOrders = await api(
      srv,
      '/v1/futures/exportCsv',
      { ...body, kind: 'orders' },
      { token: b.token },
    );
    expect(swapOrders.body.data.rows).toBe(1);
    // Another month holds none of it; an unknown kind is refused.
    const empty = await api(srv, '/v1/order/exportCsv', { month: '2020-01', tz: 'UTC', kind: 'fills' }, de);
    expect(empty.body.data.rows).toBe(0);
    const bad = await call(srv, '/v1/futures/exportCsv', { ...body, kind: 'positions' }, { token: a.token });
    expect(bad.body.error).toBe('ValidationFailed');
  });
});
