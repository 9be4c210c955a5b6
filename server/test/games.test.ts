import { createHash } from 'node:crypto';
import { raceFinish, raceRanking, splitPool } from '@nexa/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGames, demoContribution, GAMES_SYSTEM, maskUid, TICKET } from '../src/modules/games/service';
import { raceEntries, raceGroups } from '../src/modules/games/tables';
import {
  api,
  depositConfirmed,
  operatorToken,
  present,
  signedInUser,
  startServer,
  type TestServer,
} from './harness';

let srv: TestServer;

async function player(usdt: string) {
  const finance = await operatorToken(srv);
  const u = await signedInUser(srv);
  await depositConfirmed(srv, u.token, finance, usdt, 'USDT');
  const me = present(await srv.app.modules.auth.authenticate(u.token));
  return { token: u.token, id: me.id, uid: me.uid };
}
const spot = async (token: string, asset = 'USDT') => {
  const b = (await api(srv, '/api/finance/userFinance', {}, { token })).body.data.list.find(
    (a) => a.asset === asset && a.account === 'spot',
  );
  return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' };
};
const seedHex = (n: number) => n.toString(16).padStart(16, '0');

/** The draw of docs/fairness.md written again from its text, without the shared code. */
function recompute(seed: string, entrants: { entry_id: number; tickets: number; client_seed: string }[]) {
  const sha = (t: string) => createHash('sha256').update(t, 'utf8').digest('hex');
  const mix = sha(entrants.map((e) => `${e.entry_id}:${e.tickets}:${e.client_seed}`).join('|'));
  const left = [...entrants];
  const out: number[] = [];
  for (let k = 1; left.length; k++) {
    const total = left.reduce((s, e) => s + e.tickets, 0);
    const r = BigInt(`0x${sha(`${seed}:${mix}:${k}`)}`) % BigInt(total);
    let acc = 0n;
    let i = 0;
    for (; i < left.length; i++) {
      acc += BigInt(left[i]?.tickets ?? 0);
      if (r < acc) break;
    }
    out.push(left.splice(i, 1)[0]?.entry_id ?? -1);
  }
  return out;
}

/** Moves the clock and runs what the server's second timer runs, until `done` or `max` steps. */
async function run(done: () => Promise<boolean>, stepMs = 2_100, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await done()) return;
    srv.clock.advance(stepMs);
    await srv.app.modules.games.tick();
  }
  throw new Error('the games did not get there');
}

beforeAll(async () => {
  srv = await startServer({ env: { SESSION_TTL_S: String(3650 * 86_400) } });
  await srv.app.settings.set('games.group_size', 4);
  await srv.app.settings.set('games.race_seconds', 10);
});
afterEach(async () => {
  expect(await srv.app.ledger.audit()).toEqual([]);
  expect((await srv.app.ledger.solvency()).every((l) => l.balanced)).toBe(true);
  // Every ticket in users' hands is backed by its price.
  const o = (await srv.app.modules.games.overview()) as { backing: string; tickets_outstanding: number };
  expect(Number(o.backing)).toBe(o.tickets_outstanding * 10);
});
afterAll(() => srv.close());

describe('the draw', () => {
  it('is a permutation, the same for the same inputs, and matches the text of docs/fairness.md', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 0n, max: 2n ** 64n }),
        fc.array(fc.record({ tickets: fc.integer({ min: 1, max: 10 }), seed: fc.integer({ min: 0 }) }), {
          minLength: 1,
          maxLength: 12,
        }),
        async (s, list) => {
          const seed = s.toString(16);
          const entrants = list.map((e, i) => ({
            entry_id: 100 + i,
            tickets: e.tickets,
            client_seed: seedHex(e.seed),
          }));
          const order = await raceRanking(seed, entrants);
          expect([...order].sort((a, b) => a - b)).toEqual(entrants.map((e) => e.entry_id));
          expect(await raceRanking(seed, entrants)).toEqual(order);
          expect(order).toEqual(recompute(seed, entrants));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('gives rank 1 in proportion to tickets', async () => {
    let first = 0;
    for (let i = 0; i < 600; i++) {
      const order = await raceRanking(`s${i}`, [
        { entry_id: 1, tickets: 3, client_seed: 'aa' },
        { entry_id: 2, tickets: 1, client_seed: 'bb' },
      ]);
      if (order[0] === 1) first++;
    }
    // 3:1 odds: about 450 against 150.
    expect(first).toBeGreaterThan(390);
    expect(first).toBeLessThan(510);
  });

  it('splits a pool exactly, rank 1 taking what rounding leaves', () => {
    expect(splitPool(100n, ['0.5', '0.3', '0.2'])).toEqual([50n, 30n, 20n]);
    expect(splitPool(101n, ['0.5', '0.3', '0.2'])).toEqual([51n, 30n, 20n]);
    expect(splitPool(7n, ['0.333', '0.333', '0.334'])).toEqual([3n, 2n, 2n]);
    expect(maskUid('10000301')).toBe('10****01');
  });
});

describe('tickets', () => {
  it('read in whole tickets in the asset records, at the registry scale of 0 (never "0.00000001")', async () => {
    const p = await player('30');
    const bought = await api(srv, '/api/racer/buyTicket', { count: 2 }, { token: p.token });
    expect(bought.body.code).toBe(200);
    const records = await api(srv, '/api/assets/moneyRecord', { page: 1 }, { token: p.token });
    const line = records.body.data.list.find((r) => r.asset === TICKET);
    expect(line).toMatchObject({ amount: '2', balance_after: '2', returned: '0' });
    // The registry the app reads its units from lists tickets too, whole, though the wallet does not list them.
    const currencies = await api(srv, '/v1/basic/currencyList', {});
    expect(currencies.body.data.find((c) => c.symbol === TICKET)).toMatchObject({
      scale: 0,
      display_precision: 0,
      enabled: false,
    });
  });

  it('are bought with USDT, exchanged from tokens at the one price, and refused without the money', async () => {
    const p = await player('100');
    const bought = await api(
      srv,
      '/api/racer/buyTicket',
      { count: 3, request_id: 'buy-tickets-1' },
      { token: p.token },
    );
    expect(bought.body.code).toBe(200);
    expect(bought.body.data).toMatchObject({ kind: 'buy', count: 3, pay_asset: 'USDT', pay_amount: '30' });
    // The same request again answers the same order and moves nothing.
    const again = await api(
      srv,
      '/api/racer/buyTicket',
      { count: 3, request_id: 'buy-tickets-1' },
      { token: p.token },
    );
    expect(again.body.data.id).toBe(bought.body.data.id);
    expect((await spot(p.token)).available).toBe('70');
    const tooMany = await api(srv, '/api/racer/buyTicket', { count: 8 }, { token: p.token });
    expect(tooMany.body.code).toBe(2001);
    for (const bad of [{ count: 0 }, { count: -1 }, { count: 1.5 }, { count: '2' }, {}, { count: 10_000 }]) {
      const r = await api(srv, '/api/racer/buyTicket', bad as { count: number }, { token: p.token });
      expect(r.body.code, JSON.stringify(bad)).not.toBe(200);
    }
    const lobby = await api(srv, '/api/racer/index', {}, { token: p.token });
    expect(lobby.body.data).toMatchObject({ ticket_price: '10', tickets: 3, usdt: '70', group_size: 4 });
    const bwc = lobby.body.data.exchange.find((e) => e.asset === 'BWC');
    // BWC has no book in this test: its reference price, 0.5 USDT, so 20 BWC a ticket.
    expect(bwc).toMatchObject({ per_ticket: '20' });

    const none = await api(srv, '/api/racer/exchangeTicket', { count: 1, asset: 'BWC' }, { token: p.token });
    expect(none.body.code).toBe(2001);
    const notAToken = await api(
      srv,
      '/api/racer/exchangeTicket',
      { count: 1, asset: 'BTC' },
      { token: p.token },
    );
    expect(notAToken.body.code).not.toBe(200);
    const finance = await operatorToken(srv);
    await depositConfirmed(srv, p.token, finance, '50', 'BWC');
    const ex = await api(srv, '/api/racer/exchangeTicket', { count: 2, asset: 'BWC' }, { token: p.token });
    expect(ex.body.data).toMatchObject({ kind: 'exchange', count: 2, pay_asset: 'BWC', pay_amount: '40' });
    expect((await spot(p.token, 'BWC')).available).toBe('10');
    expect(await srv.app.modules.games.ticketsOf(p.id)).toBe(5);
    // At most `games.exchange_daily_tickets` a platform day.
    await srv.app.settings.set('games.exchange_daily_tickets', 3);
    const over = await api(srv, '/api/racer/exchangeTicket', { count: 2, asset: 'BWC' }, { token: p.token });
    expect(over.body).toMatchObject({ code: 2909 });
    expect(over.body.msg).toContain('1');
    await srv.app.settings.set('games.exchange_daily_tickets', 100);
    const log = await api(srv, '/api/game/orderList', { page: 1, size: 10 }, { token: p.token });
    expect(log.body.data.list.map((m) => [m.change, m.reason, m.balance])).toEqual([
      [2, 'exchange', 5],
      [3, 'buy', 3],
    ]);
    const orders = await api(srv, '/api/racer/ticketOrderList', { page: 1, size: 10 }, { token: p.token });
    expect(orders.body.data.total).toBe(2);
  });

  it('exchanged and quiz tickets stop when the game fund is dry', async () => {
    const fundBefore = (await srv.app.modules.games.overview()).fund;
    await srv.app.settings.set('games.ticket_price', '1000000000');
    const p = await player('10');
    const finance = await operatorToken(srv);
    await depositConfirmed(srv, p.token, finance, '100000', 'BWC');
    const ex = await api(srv, '/api/racer/exchangeTicket', { count: 1, asset: 'BWC' }, { token: p.token });
    // 1,000,000,000 USDT a ticket: the fund (100,000 USDT in the demo) cannot back it. Nothing moved.
    expect(ex.body.code).toBe(2905);
    expect((await spot(p.token, 'BWC')).available).toBe('100000');
    await srv.app.settings.set('games.ticket_price', '10');
    expect((await srv.app.modules.games.overview()).fund).toBe(fundBefore);
  });
});

describe('a race', () => {
  it('fills with demo racers, runs, settles once with the revealed seed, pays the top three and unlocks every principal', async () => {
    const p = await player('200');
    await api(srv, '/api/racer/buyTicket', { count: 4 }, { token: p.token });
    const lobby = (await api(srv, '/api/racer/index', {}, { token: p.token })).body.data;
    const group = present(lobby.group);
    expect(group.status).toBe('open');
    expect(group.seed).toBeNull();
    expect(group.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(lobby.demo_fill).toBe('on');

    // Refused: more tickets than I hold, more than the most one entry may use, a bad seed, a closed group.
    const fail = async (body: Record<string, unknown>, code: number) => {
      const r = await api(
        srv,
        '/api/racer/play',
        { group_id: group.id, tickets: 2, client_seed: 'abcdef0123456789', ...body } as never,
        { token: p.token },
      );
      expect(r.body.code, JSON.stringify(body)).toBe(code);
    };
    await fail({ tickets: 5 }, 2901);
    await fail({ tickets: 11 }, 1001);
    await fail({ client_seed: 'not hex!' }, 1001);
    await fail({ group_id: 999_999 }, 2904);
    await fail({ pay: 'chain', tx_hash: `0x${'1'.repeat(64)}` }, 1002);

    const joined = await api(
      srv,
      '/api/racer/play',
      { group_id: group.id, tickets: 3, client_seed: 'c0ffee00c0ffee00', request_id: 'race-join-1' },
      { token: p.token },
    );
    expect(joined.body.code).toBe(200);
    expect(joined.body.data).toMatchObject({
      tickets: 3,
      principal: '30',
      status: 'not_drawn',
      join_order: 1,
    });
    // 200 − 40 for tickets − 30 locked.
    expect(await spot(p.token)).toEqual({ available: '130', frozen: '30' });
    await fail({}, 2903);

    // Demo racers join one every two seconds until the group is full; then the race runs ten seconds. Each
    // racer's client seed is public from the moment it joins, before anyone after it picks theirs.
    const seenAt = new Map<number, { seed: string; entrants: number }>();
    await run(async () => {
      const info = (await api(srv, '/api/racer/racerInfo', { id: group.id }, { token: p.token })).body.data;
      for (const e of info.entrants)
        if (!seenAt.has(e.entry_id))
          seenAt.set(e.entry_id, { seed: e.client_seed, entrants: info.entrants.length });
      return info.group.status === 'settled';
    }, 1_000);
    await srv.app.modules.games.tick();
    const info = (await api(srv, '/api/racer/racerInfo', { id: group.id }, { token: p.token })).body.data;
    expect(info.group.entrants).toBe(4);
    const seed = present(info.group.seed);
    expect(createHash('sha256').update(seed).digest('hex')).toBe(group.seed_hash);
    const byRank = [...info.entrants].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
    expect(byRank.map((e) => e.entry_id)).toEqual(recompute(seed, info.entrants));
    // Demo racers' seeds are fresh random values, published as each joined (seen while it was the last
    // entrant), and not derivable from the committed seed: whoever could open the committed seed before the
    // race could not compute them, so could not know the ranking once the last real player picked theirs.
    const sha = (t: string) => createHash('sha256').update(t, 'utf8').digest('hex');
    const demo = info.entrants.filter((x) => !x.mine);
    for (const e of demo) {
      expect(e.client_seed).toMatch(/^[0-9a-f]{32}$/);
      expect(e.client_seed).not.toBe(sha(`${seed}:demo:${e.join_order}`).slice(0, 32));
      expect(seenAt.get(e.entry_id)).toEqual({ seed: e.client_seed, entrants: e.join_order });
      // Shown as demo racers, never as a masked UID that looks like a real user's.
      expect(e).toMatchObject({ demo: true, uid: expect.stringMatching(/^demo-\d{2}$/) });
    }
    expect(present(info.entrants.find((x) => x.mine))).toMatchObject({ demo: false, uid: p.uid });
    // The finish: the winner first, each next rank 60–600 ms behind the one before (docs/fairness.md).
    const behind = byRank.map((e) => e.finish_ms ?? -1);
    expect(behind[0]).toBe(0);
    for (let k = 1; k < behind.length; k++) {
      const gap = (behind[k] ?? 0) - (behind[k - 1] ?? 0);
      expect(gap).toBeGreaterThanOrEqual(60);
      expect(gap).toBeLessThanOrEqual(600);
    }
    expect(behind).toEqual(await raceFinish(seed, byRank.length));
    expect(new Set(demo.map((e) => e.client_seed)).size).toBe(demo.length);
    expect(demoContribution(10).clientSeed).not.toBe(demoContribution(10).clientSeed);
    // The pool is 90% of the tickets' worth, split 50/30/20; the rest is the platform's.
    const tickets = info.entrants.reduce((s, e) => s + e.tickets, 0);
    const pool = BigInt(tickets) * 9_000_000n;
    const rewards = byRank.map((e) => BigInt(Math.round(Number(e.reward) * 1e6)));
    expect(rewards.slice(0, 3)).toEqual(splitPool(pool, ['0.5', '0.3', '0.2']));
    expect(rewards[3]).toBe(0n);
    const overview = await srv.app.modules.games.overview();
    expect(overview.pools).toBe('0');

    const mine = present(info.entrants.find((e) => e.mine));
    const entry = (await api(srv, '/api/racer/playInfo', { id: mine.entry_id }, { token: p.token })).body
      .data;
    expect(entry).toMatchObject({
      status: 'finished',
      group_status: 'settled',
      rank: mine.rank,
      reward: mine.reward,
    });
    // The principal is back, and the reward on top.
    expect(await spot(p.token)).toEqual({ available: String(160 + Number(mine.reward)), frozen: '0' });
    const locks = (await api(srv, '/api/racer/lockLog', { page: 1, size: 10 }, { token: p.token })).body.data
      .list;
    expect(locks.map((l) => [l.action, l.amount])).toEqual([
      ['unlock', '30'],
      ['lock', '30'],
    ]);
    const plays = (await api(srv, '/api/racer/playLog', { page: 1, size: 10 }, { token: p.token })).body.data;
    expect(plays.total).toBe(1);
    // A finished entry is found by its result.
    const won = Number(mine.reward) > 0;
    const byResult = async (status: 'won' | 'not_won') =>
      (await api(srv, '/api/racer/playLog', { status, page: 1, size: 10 }, { token: p.token })).body.data
        .total;
    expect([await byResult('won'), await byResult('not_won')]).toEqual(won ? [1, 0] : [0, 1]);
    // Someone else's entry is not mine to read.
    const other = await player('1');
    const theirs = await api(srv, '/api/racer/playInfo', { id: mine.entry_id }, { token: other.token });
    expect(theirs.body.code).toBe(2904);
    // A fresh group is open for the next race, with a new committed seed.
    const next = present((await api(srv, '/api/racer/index', {}, { token: p.token })).body.data.group);
    expect(next.id).toBeGreaterThan(group.id);
    expect(next.seed_hash).not.toBe(group.seed_hash);
  });

  it('a group that does not fill in time refunds tickets and unlocks principal', async () => {
    // No demo racer comes to fill it.
    await srv.app.settings.set('games.demo_racers', 0);
    const games = srv.app.modules.games;
    const p = await player('50');
    await api(srv, '/api/racer/buyTicket', { count: 2 }, { token: p.token });
    const g = await games.currentGroup();
    const r = await api(
      srv,
      '/api/racer/play',
      { group_id: g.id, tickets: 2, client_seed: 'deadbeefdeadbeef' },
      { token: p.token },
    );
    expect(r.body.code).toBe(200);
    srv.clock.advance(599_000);
    await games.tick();
    expect((await games.currentGroup()).id).toBe(g.id);
    srv.clock.advance(2_000);
    await games.tick();
    const entry = (await api(srv, '/api/racer/playInfo', { id: r.body.data.id }, { token: p.token })).body
      .data;
    expect(entry).toMatchObject({ status: 'refunded', group_status: 'expired' });
    expect(await spot(p.token)).toEqual({ available: '30', frozen: '0' });
    expect(await games.ticketsOf(p.id)).toBe(2);
    await srv.app.settings.set('games.demo_racers', 12);
  });

  it('settles once when the payout crashes and a restarted server runs it again, with two runners at once', async () => {
    const games = srv.app.modules.games;
    const db = srv.app.deps.store.db;
    const users = [];
    for (let i = 0; i < 4; i++) users.push(await player('100'));
    for (const u of users) await api(srv, '/api/racer/buyTicket', { count: 2 }, { token: u.token });
    const g = await games.currentGroup();
    for (const [i, u] of users.entries()) {
      const r = await api(
        srv,
        '/api/racer/play',
        { group_id: g.id, tickets: 1 + (i % 2), client_seed: seedHex(i + 1) },
        { token: u.token },
      );
      expect(r.body.code).toBe(200);
    }
    srv.clock.advance(11_000);
    await games.draw(g.id);
    // The payout dies after its money moved, before its commit: nothing of it stays.
    const real = srv.app.ledger.post.bind(srv.app.ledger);
    const spy = vi.spyOn(srv.app.ledger, 'post').mockImplementation(async (tx, input) => {
      await real(tx, input);
      throw new Error('killed');
    });
    await expect(games.payout(g.id)).rejects.toThrow('killed');
    spy.mockRestore();
    const [drawn] = await db.select().from(raceGroups).where(eq(raceGroups.id, g.id));
    expect(drawn).toMatchObject({ status: 'settled', paidAt: null });
    // A restarted server (a new games service on the same store), two runners at once.
    const restarted = createGames({
      ...srv.app.deps,
      ledger: srv.app.ledger,
      priceUsdt18: async () => null,
      chainPayment: null,
    });
    await Promise.all([restarted.settleDue(), games.settleDue(), restarted.settleDue()]);
    const entries = await db.select().from(raceEntries).where(eq(raceEntries.groupId, g.id));
    expect(entries.every((e) => e.status === 'finished')).toBe(true);
    // Each entrant: 100 − 20 for tickets + their reward; nothing frozen; paid once.
    let rewards = 0n;
    for (const u of users) {
      const e = present(entries.find((x) => x.userId === u.id));
      rewards += e.reward;
      const b = await spot(u.token);
      expect(b.frozen).toBe('0');
      expect(BigInt(Math.round(Number(b.available) * 1e6))).toBe(80_000_000n + e.reward);
    }
    // Tickets spent: 1 + 2 + 1 + 2 = 6, worth 60; 90% of it paid.
    expect(rewards).toBe(54_000_000n);
    expect((await db.select().from(raceGroups).where(eq(raceGroups.id, g.id)))[0]?.paidAt).not.toBeNull();
  });

  it('the server cannot change a result after it published the hash: a tampered sealed seed stops the draw', async () => {
    const games = srv.app.modules.games;
    const db = srv.app.deps.store.db;
    const users = [];
    for (let i = 0; i < 4; i++) users.push(await player('20'));
    const g = await games.currentGroup();
    for (const [i, u] of users.entries()) {
      await api(srv, '/api/racer/buyTicket', { count: 1 }, { token: u.token });
      await api(
        srv,
        '/api/racer/play',
        { group_id: g.id, tickets: 1, client_seed: seedHex(99 + i) },
        { token: u.token },
      );
    }
    // Someone swaps the sealed seed for another one: it does not match the published hash.
    const [self] = await db.select().from(raceGroups).where(eq(raceGroups.id, g.id));
    const [other] = await db
      .select()
      .from(raceGroups)
      .where(eq(raceGroups.id, g.id - 1));
    await db
      .update(raceGroups)
      .set({ seedSealed: present(other).seedSealed })
      .where(eq(raceGroups.id, g.id));
    srv.clock.advance(11_000);
    await expect(games.draw(g.id)).rejects.toThrow(/does not match/);
    const [row] = await db.select().from(raceGroups).where(eq(raceGroups.id, g.id));
    expect(row).toMatchObject({ status: 'formed', seed: null });
    // With its own seed back, it settles as it would have.
    await db
      .update(raceGroups)
      .set({ seedSealed: present(self).seedSealed })
      .where(eq(raceGroups.id, g.id));
    await games.settleDue();
    for (const u of users) expect((await spot(u.token)).frozen).toBe('0');
  });
});

describe('the quiz', () => {
  it('opens once on the server clock; pays a right answer in time once, when the question closes; nothing late or wrong', async () => {
    const p = await player('1');
    const list = (
      await api(srv, '/api/ticket/quizList', { page: 1, size: 10 }, { token: p.token, lang: 'zh_CN' })
    ).body.data;
    expect(list.total).toBeGreaterThanOrEqual(3);
    expect(list.list.every((q) => q.state === 'new')).toBe(true);
    const overview = await srv.app.modules.games.overview();
    const [q1, q2, q3] = overview.quizzes.filter((q) => q.settled_at === null);
    const open = async (id: number, token = p.token) =>
      (await api(srv, '/v1/quiz/open', { id }, { token, lang: 'zh_CN' })).body;
    const answer = async (id: number, choice: number, token = p.token) =>
      (await api(srv, '/v1/quiz/answer', { id, choice }, { token })).body;

    expect((await answer(present(q1).id, 0)).code).toBe(2908);
    const o = await open(present(q1).id);
    expect(o.data.choices.length).toBeGreaterThan(1);
    expect(o.data.question).toMatch(/[\u4e00-\u9fff]/);
    srv.clock.advance(5_000);
    // Opening again keeps the first deadline.
    expect((await open(present(q1).id)).data.deadline).toBe(o.data.deadline);
    const right = await answer(present(q1).id, present(q1).answer);
    expect((await answer(present(q1).id, present(q1).answer)).code).toBe(2907);
    expect((await open(present(q1).id)).code).toBe(2907);

    // A throwaway account answering wrong learns nothing: its answer reads exactly as a right one.
    const throwaway = await player('1');
    await open(present(q1).id, throwaway.token);
    const wrong = await answer(present(q1).id, (present(q1).answer + 1) % 4, throwaway.token);
    expect(right.data).toEqual({ ...wrong.data, tickets: right.data.tickets });
    expect(right.data).toMatchObject({ correct: null, answer: null, reward: 0, in_time: true });
    const mine = async (token = p.token) =>
      (await api(srv, '/api/ticket/quizList', { page: 1, size: 50 }, { token })).body.data.list.find(
        (q) => q.id === present(q1).id,
      );
    expect(await mine()).toMatchObject({ state: 'answered', correct: null, answer: null, reward: 0 });
    expect(await srv.app.modules.games.ticketsOf(p.id)).toBe(0);

    await open(present(q2).id);
    await answer(present(q2).id, (present(q2).answer + 1) % 4);
    await open(present(q3).id);
    srv.clock.advance((present(q3).time_limit_s + 1) * 1000);
    const late = await answer(present(q3).id, present(q3).answer);
    expect(late.data).toMatchObject({ in_time: false, reward: 0, answer: null });

    // The questions close for everyone (games.quiz_open_hours): right answers in time are paid, once.
    srv.clock.advance(25 * 3_600_000);
    await srv.app.modules.games.tick();
    await srv.app.modules.games.tick();
    expect(await srv.app.modules.games.ticketsOf(p.id)).toBe(present(q1).reward_tickets);
    expect(await srv.app.modules.games.ticketsOf(throwaway.id)).toBe(0);
    expect(await mine()).toMatchObject({
      correct: true,
      answer: present(q1).answer,
      reward: present(q1).reward_tickets,
      settled: true,
    });
    expect(await mine(throwaway.token)).toMatchObject({ correct: false, reward: 0 });
    // Closed: a new account cannot open or answer it now that the answer is public.
    const latecomer = await player('1');
    expect((await open(present(q1).id, latecomer.token)).code).toBe(2914);
    expect((await answer(present(q1).id, present(q1).answer, latecomer.token)).code).toBe(2908);
    expect((await api(srv, '/v1/quiz/open', { id: 999_999 }, { token: p.token })).body.code).toBe(2906);
    // The demo puts its questions up again once all have closed.
    const after = await srv.app.modules.games.overview();
    expect(after.quizzes.some((q) => q.settled_at === null)).toBe(true);
  });

  it('operators add questions; a user cannot', async () => {
    const p = await player('1');
    const body = {
      texts: { en: { question: 'Two plus two?', choices: ['3', '4'] } },
      answer: 1,
      reward_tickets: 1,
      time_limit_s: 30,
    };
    expect((await api(srv, '/admin/games/saveQuiz', body, { token: p.token })).body.code).not.toBe(200);
    const support = await operatorToken(srv, 'admin', 'nexa-admin');
    const saved = await api(srv, '/admin/games/saveQuiz', body, { token: support });
    expect(saved.body.code).toBe(200);
    const bad = await api(srv, '/admin/games/saveQuiz', { ...body, answer: 3 }, { token: support });
    expect(bad.body.code).toBe(1001);
    expect(TICKET).toBe('TICKET');
    expect(GAMES_SYSTEM.fund).toBe('system:games:fund');
  });
});
