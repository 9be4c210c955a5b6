// Hostile input for every live call of the contract table, signed in and not, as a user and as an
// operator: the server answers every one with a known error of the contract, localized, never HTTP 5xx,
// and not one row or balance changes anywhere. The calls are dealt into slices (`fuzz-1.test.ts` …), each
// its own test file with its own server, so the slices run side by side.
import { type EndpointPath, endpointPaths, endpoints, errorNameByCode } from '@nexa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seededRandom as seeded } from '../src/modules/market/sim/random';
import { queryRows } from '../src/store';
import { call, depositConfirmed, operatorToken, signedInUser, startServer, type TestServer } from './harness';

let srv: TestServer;
let user: string;
let operator: string;

/** Values no field of any call accepts as valid input (each mutates one field of the body). */
const HOSTILE: readonly unknown[] = [
  null,
  [],
  [1, 2, 3],
  {},
  { $gt: '' },
  true,
  -1,
  0,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  '-1',
  '1e99',
  'NaN',
  '0.0000000000000000001',
  '99999999999999999999999999999999',
  'x'.repeat(5000),
  'a\u0000b',
  'pay \u202Egnp.exe',
  "1' OR '1'='1' --",
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '0x0000000000000000000000000000000000000000',
  '999999999',
];
/**
 * Invalid Unicode, sent to every field of every call (not a seeded pick): lone surrogates, high and low,
 * alone and inside text, which a jsonb column refuses deep inside a write.
 */
const EVERY_FIELD: readonly string[] = ['a\ud800b', '\udc00'];
/**
 * Seeded hostile values per field, beside the invalid Unicode every field gets: three of the list above (each
 * run picks the same ones; a different slice of fields gets different ones), so every call still sees wrong
 * types, bad numbers and bad text in a run of about 7,000 calls.
 */
const PICKS = 3;
/** The one hostile value that is also a valid amount. */
const PLAUSIBLE = '999999999';

/**
 * Calls that change state on a body with no fields at all (their request has none to refuse): each is
 * exercised elsewhere, and here only with the wrong session or none.
 */
const ACTS_ON_EMPTY = new Set<string>([
  '/api/auth/logout',
  '/admin/auth/logout',
  '/admin/auth/totpSetup',
  '/api/auth/totpSetup',
  '/api/recharge/faucet',
]);

/**
 * Calls whose one field takes short plain text a user may choose (nine digits or `1e99` make an anti-phishing
 * code): the hostile values their schema accepts are left out.
 */
const TAKES_PLAUSIBLE = new Set<string>(['/api/notice/setAntiPhishing']);

/** Tables a request may touch without changing anything a user or operator owns. */
const BOOKKEEPING = new Set(['request_signs', '__drizzle_migrations']);

async function snapshot(): Promise<Record<string, string>> {
  const db = srv.app.deps.store.db;
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    if (BOOKKEEPING.has(name)) continue;
    const [row] = await queryRows<{ n: string }>(
      db,
      sql`select count(*)::text as n from ${sql.identifier(name)}`,
    );
    out[name] = row?.n ?? '0';
  }
  const [sums] = await queryRows<{ a: string; f: string }>(
    db,
    sql`select coalesce(sum(available), 0)::text as a, coalesce(sum(frozen), 0)::text as f from ledger_accounts`,
  );
  out['ledger_accounts.available'] = sums?.a ?? '';
  out['ledger_accounts.frozen'] = sums?.f ?? '';
  const [settings] = await queryRows<{ v: string }>(
    db,
    sql`select coalesce(string_agg(key || '=' || value::text, ';' order by key), '') as v from settings`,
  );
  out.settings = settings?.v ?? '';
  return out;
}

function fieldsOf(path: EndpointPath): string[] {
  const schema = endpoints[path].request as z.ZodType;
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

const CJK = /[\u3000-\u9fff\uff00-\uffef]/;

/** Sends one hostile body and checks the answer; returns the error name ('Success' for a harmless read). */
async function attack(path: EndpointPath, body: unknown, token: string | undefined): Promise<string> {
  const res = await call(srv, path, body as Record<string, unknown>, {
    ...(token ? { token } : {}),
    lang: 'zh_CN',
  });
  const where = `${path} ${JSON.stringify(body).slice(0, 120)}`;
  expect(res.status, where).toBeLessThan(500);
  // A read whose fields are all optional takes a body it cannot use as no filter at all.
  if (res.body.code === 200) return 'Success';
  const name = errorNameByCode(res.body.code);
  expect(name, `${where}: unknown code ${res.body.code}`).toBeDefined();
  expect(res.body.error, where).toBe(name);
  expect(res.body.msg, `${where}: ${res.body.msg}`).toMatch(CJK);
  return res.body.error ?? '';
}

async function start(): Promise<void> {
  srv = await startServer();
  const u = await signedInUser(srv);
  user = u.token;
  operator = await operatorToken(srv, 'admin', 'nexa-admin');
  // A user with money, so nothing fails only for want of a balance.
  await depositConfirmed(srv, user, await operatorToken(srv, 'finance', 'nexa-finance'), '500');
  // What those set going (the deposit's and the sign-in's notices) is delivered before the fuzz counts rows.
  await srv.app.deps.outbox.drain();
  await srv.app.deps.outbox.drain();
  // The push keys are made once, on their first read; made here, the fuzz's reads of them change nothing.
  expect((await call(srv, '/api/notice/pushKey', {})).body.code).toBe(200);
}

/** Slice `slice` of `of` (every `of`-th live call from the `slice`-th): its test, on a server of its own. */
export function fuzzSlice(slice: number, of: number): void {
  beforeAll(start, 120_000);
  afterAll(() => srv.close());
  describe(`hostile input (calls ${slice + 1} of every ${of})`, () => {
    const live = endpointPaths
      .filter((p) => endpoints[p].status === 'live')
      .filter((_p, i) => i % of === slice);
    it(
      'every live call refuses it with a known, localized error and changes nothing',
      () => attackAll(live),
      600_000,
    );
  });
}

async function attackAll(live: readonly EndpointPath[]): Promise<void> {
  // The same seed in every slice: each slice's picks stay the same from run to run.
  const rand = seeded(20261124);
  const before = await snapshot();
  const seen = new Map<string, number>();
  let sent = 0;
  for (const path of live) {
    const ep = endpoints[path];
    const own = ep.operator ? operator : user;
    const other = ep.operator ? user : operator;
    const fields = fieldsOf(path);
    const bodies: unknown[] = [];
    for (const field of fields) {
      // A seeded handful of hostile values per field keeps the run short and the same every time.
      const picks = [...[...HOSTILE].sort(() => rand() - 0.5).slice(0, PICKS), ...EVERY_FIELD];
      for (const value of picks) {
        // A plain large amount is a real order to an operator call that moves money on one field (fund a
        // pool): it would be carried out, as it should. Every other value still goes.
        if (ep.access?.acts && value === PLAUSIBLE) continue;
        const body = { [field]: value };
        // A call whose one field takes short plain text (a code) is given only what it refuses.
        if (TAKES_PLAUSIBLE.has(path) && (ep.request as z.ZodType).safeParse(body).success) continue;
        bodies.push(body);
      }
    }
    // A call without a session takes the field values once, from a caller without one; a call with one
    // takes them from its own session, and a wrong or missing session gets the bodies of no shape at all
    // (the session is refused before the body is read, so more values there would test nothing more).
    const tokens: (string | undefined)[] = ep.auth ? [own, other, undefined, `${own}x`] : [undefined];
    for (const token of tokens) {
      const sessionOk = token === own || !ep.auth;
      if (!sessionOk || !ACTS_ON_EMPTY.has(path)) {
        const shapeless = sessionOk ? [null, 'x', [1], 7] : [null, [1]];
        for (const body of [...(sessionOk ? bodies : []), ...(fields.length > 0 ? [{}] : []), ...shapeless]) {
          if (sessionOk && ACTS_ON_EMPTY.has(path)) continue;
          const name = await attack(path, body, token);
          seen.set(name, (seen.get(name) ?? 0) + 1);
          sent++;
        }
      }
    }
  }
  expect(await snapshot()).toEqual(before);
  expect(await srv.app.ledger.audit()).toEqual([]);
  // The run reached past the session checks into validation.
  expect(seen.get('ValidationFailed') ?? 0).toBeGreaterThan(sent / 3);
  expect(seen.get('SessionInvalid') ?? 0).toBeGreaterThan(0);
}
