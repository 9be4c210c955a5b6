// Money that moves in reaction to other money (a reward on a fill, a copy of a lead's order) is written to
// the outbox in the transaction of the posting that causes it and handed to consumers by event id: a crash
// between commit and delivery loses nothing, and no retry pays twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbox, type Outbox } from '../src/kernel/outbox';
import { SYSTEM } from '../src/ledger';
import { schema } from '../src/store';
import { ledgerFixture, minor, testCause } from './ledger-fixture';

let f: Awaited<ReturnType<typeof ledgerFixture>>;

beforeAll(async () => {
  f = await ledgerFixture();
  // The reward pool the consumer pays from.
  await f.inTx((tx) =>
    f.ledger.credit(tx, {
      account: { system: SYSTEM.rewards('test'), asset: 'USDT' },
      system: SYSTEM.capital('test'),
      amount: minor('1000'),
      cause: testCause('test.funding'),
    }),
  );
});
afterAll(() => f.drop());

interface Fill {
  readonly userId: number;
  readonly reward: string;
}

/** A process's outbox with the reward consumer on it; `fail` makes the consumer throw once per event. */
function process(fail = new Set<number>()): Outbox {
  const outbox = createOutbox({ store: f.store });
  outbox.consume<Fill>('test.fill', 'rewards', async (tx, event) => {
    if (fail.delete(event.id)) throw new Error('consumer down');
    await f.ledger.transfer(tx, {
      from: { system: SYSTEM.rewards('test'), asset: 'USDT' },
      to: { userId: event.payload.userId, asset: 'USDT', kind: 'spot' },
      amount: minor(event.payload.reward),
      cause: testCause('reward.test'),
      ref: `outbox:${event.id}`,
    });
  });
  return outbox;
}

/** A fill and its event, committed together (or rolled back together). */
async function fill(outbox: Outbox, userId: number, reward: string, rollback = false): Promise<void> {
  await f
    .inTx(async (tx) => {
      await f.ledger.credit(tx, {
        account: { userId, asset: 'USDT', kind: 'spot' },
        system: 'system:deposits',
        amount: minor('1'),
        cause: 'deposit',
      });
      await outbox.write(tx, 'test.fill', { userId, reward } satisfies Fill);
      if (rollback) throw new Error('rolled back');
    })
    .catch((err: unknown) => {
      if (!rollback) throw err;
    });
}

describe('outbox', () => {
  it('delivers after a crash between commit and delivery, once, however often it is drained', async () => {
    const user = f.newUser();
    // The producing process commits and dies before it delivers.
    await fill(createOutbox({ store: f.store }), user, '2.5');
    expect((await f.balance(user, 'USDT')).available).toBe(minor('1'));
    // The next process finds the event and pays the reward once.
    const next = process();
    expect(await next.drain()).toBeGreaterThanOrEqual(1);
    await next.drain();
    await process().drain();
    expect((await f.balance(user, 'USDT')).available).toBe(minor('3.5'));
  });

  it('never delivers an event whose transaction rolled back', async () => {
    const user = f.newUser();
    const outbox = process();
    await fill(outbox, user, '5', true);
    await outbox.drain();
    expect((await f.balance(user, 'USDT')).available).toBe(0n);
  });

  it('keeps an event a consumer failed on, and retries it until it is handled once', async () => {
    const user = f.newUser();
    const fail = new Set<number>();
    const outbox = process(fail);
    await fill(outbox, user, '1.25');
    const [pending] = await f.store.db
      .select({ id: schema.outboxEvents.id })
      .from(schema.outboxEvents)
      .orderBy(schema.outboxEvents.id)
      .then((rows) => rows.slice(-1));
    if (!pending) throw new Error('no event');
    fail.add(pending.id);
    await outbox.drain();
    expect((await f.balance(user, 'USDT')).available).toBe(minor('1'));
    await outbox.drain();
    await outbox.drain();
    expect((await f.balance(user, 'USDT')).available).toBe(minor('2.25'));
  });

  it('handles each event once when two processes drain at the same moment', async () => {
    const users = Array.from({ length: 8 }, () => f.newUser());
    const producer = createOutbox({ store: f.store });
    for (const u of users) await fill(producer, u, '0.5');
    const a = process();
    const b = process();
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    await Promise.all([a.drain(), b.drain()]);
    for (const u of users) expect((await f.balance(u, 'USDT')).available).toBe(minor('1.5'));
    const pending = await f.store.db.select().from(schema.outboxEvents);
    expect(pending.every((e) => e.deliveredAt !== null)).toBe(true);
  });
});
