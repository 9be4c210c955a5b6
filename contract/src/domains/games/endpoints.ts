import { z } from 'zod';
import { live, liveList } from '../../endpoint';
import { zUsdtAmount } from '../../money';
import { TX_HASH_PATTERN, zTime } from '../../schemas';
import { zRequestId } from '../wallet/endpoints';

/** A race group: open ("group not formed"), formed (full, the race runs), settled; expired when it never filled. */
export const GROUP_STATUSES = ['open', 'formed', 'settled', 'expired'] as const;
/** My entry: not drawn until the draw; then won or not won; finished once its principal and reward are paid. */
export const ENTRY_STATUSES = ['not_drawn', 'not_won', 'won', 'finished', 'refunded'] as const;
export const PAY_METHODS = ['balance', 'chain'] as const;
export const TICKET_ORDER_KINDS = ['buy', 'exchange', 'quiz'] as const;
/** A hex client seed the entrant picks (the app makes a random one). */
export const zClientSeed = z.string().regex(/^[0-9a-f]{8,64}$/, { message: 'invalid_format' });

export const zRaceGroup = z.object({
  id: z.number().int(),
  status: z.enum(GROUP_STATUSES),
  size: z.number().int(),
  entrants: z.number().int(),
  tickets: z.number().int(),
  /** The prize pool in USDT: tickets spent × ticket price × prize share. */
  pool: z.string(),
  /** sha256 of the server seed, published when the group opened. */
  seed_hash: z.string(),
  /** The server seed, revealed at settlement (null before). */
  seed: z.string().nullable(),
  opened_at: zTime,
  /** When an unfilled group expires and refunds everyone. */
  expires_at: zTime,
  formed_at: zTime.nullable(),
  /** When a formed group's race ends and it settles. */
  race_ends_at: zTime.nullable(),
  settled_at: zTime.nullable(),
});

/** One entrant as anyone sees it: enough to recompute the draw. */
export const zEntrant = z.object({
  entry_id: z.number().int(),
  /**
   * The entrant's UID, masked except for its first and last two digits (mine in full). A demo racer's is
   * `demo-NN`, its number among the demo's racers: it is no user's.
   */
  uid: z.string(),
  join_order: z.number().int(),
  tickets: z.number().int(),
  client_seed: z.string(),
  rank: z.number().int().nullable(),
  /** The prize of the entrant's rank (a demo racer's goes back to the demo pool: docs/rules.md, Games). */
  reward: z.string(),
  mine: z.boolean(),
  /** A demo racer: a seat the demo pool paid for, shown with a "Demo" tag, never a real user. */
  demo: z.boolean(),
  /** Once settled: milliseconds behind the winner on the finish line (`raceFinish`, docs/fairness.md). */
  finish_ms: z.number().int().nullable(),
});

/**
 * Whether demo racers fill groups: `on` (they fill a group a real player is in), `empty` (the demo pool cannot
 * pay for the seats a group still needs, so groups wait for real players), `off` (no demo racers here).
 */
export const DEMO_FILL = ['on', 'empty', 'off'] as const;

export const zRaceEntry = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  group_status: z.enum(GROUP_STATUSES),
  tickets: z.number().int(),
  /** Locked until settlement: tickets × ticket price, in USDT. */
  principal: z.string(),
  pay: z.enum(PAY_METHODS),
  /** The chain transfer that paid the principal (pay = chain). */
  pay_tx: z.string().nullable(),
  client_seed: z.string(),
  join_order: z.number().int(),
  status: z.enum(ENTRY_STATUSES),
  rank: z.number().int().nullable(),
  reward: z.string(),
  created_at: zTime,
  settled_at: zTime.nullable(),
});

export const zTicketOrder = z.object({
  id: z.number().int(),
  kind: z.enum(TICKET_ORDER_KINDS),
  count: z.number().int(),
  /** What was paid: USDT for a purchase, the token for an exchange, nothing for a quiz reward. */
  pay_asset: z.string().nullable(),
  pay_amount: z.string(),
  created_at: zTime,
});

export const zLockRow = z.object({
  id: z.number().int(),
  entry_id: z.number().int(),
  group_id: z.number().int(),
  action: z.enum(['lock', 'unlock']),
  amount: z.string(),
  created_at: zTime,
});

/** One change of my ticket balance. */
export const zTicketMove = z.object({
  id: z.number().int(),
  change: z.number().int(),
  reason: z.enum(['buy', 'exchange', 'quiz', 'join', 'refund']),
  ref: z.string(),
  balance: z.number().int(),
  created_at: zTime,
});

export const zQuizItem = z.object({
  id: z.number().int(),
  /** The question in my language (English where it has none). */
  question: z.string(),
  reward_tickets: z.number().int(),
  time_limit_s: z.number().int(),
  /** Mine: not opened yet, opened (the clock runs until `deadline`), or answered. */
  state: z.enum(['new', 'opened', 'answered']),
  deadline: zTime.nullable(),
  /** Whether my answer was right: null until the question closes for everyone. */
  correct: z.boolean().nullable(),
  reward: z.number().int(),
  /** The right choice: null until the question closes for everyone (and its rewards are paid). */
  answer: z.number().int().nullable().optional(),
  /** When the question closes for everyone (null: when operators take it down). */
  closes_at: zTime.nullable().optional(),
  /** Closed, rewards paid, the right answer shown. */
  settled: z.boolean().optional(),
});

export const zQuizOpen = z.object({
  id: z.number().int(),
  question: z.string(),
  choices: z.array(z.string()),
  reward_tickets: z.number().int(),
  time_limit_s: z.number().int(),
  opened_at: zTime,
  deadline: zTime,
  /** Milliseconds left on the server's clock when it answered. */
  left_ms: z.number().int(),
});

const zQuizText = z.object({
  question: z.string().trim().min(1).max(300),
  choices: z.array(z.string().trim().min(1).max(120)).min(2).max(6),
});

const zExchangeRate = z.object({
  asset: z.string(),
  /** The token's price in USDT from the one price source. */
  price_usdt: z.string(),
  /** Tokens one ticket costs now. */
  per_ticket: z.string(),
});

const zTicketCount = z.number().int().min(1).max(1000);

/** Race and quiz games: tickets, race groups with a commit–reveal draw, quiz questions. */
export const gamesEndpoints = {
  '/api/racer/index': live('games', {
    summary:
      'The race lobby: ticket price and my tickets, the open group with its fill and seed hash, my entries not ' +
      'finished, the token exchange rates, how to pay on chain, whether demo racers fill groups, and the ' +
      'groups racing or just settled',
    request: z.object({}),
    data: z.object({
      ticket_price: z.string(),
      tickets: z.number().int(),
      usdt: z.string(),
      group_size: z.number().int(),
      max_tickets: z.number().int(),
      prize_share: z.string(),
      /** Shares of the prize pool for ranks 1, 2, 3. */
      rewards: z.array(z.string()),
      group: zRaceGroup.nullable(),
      /** My entry in the open group, if any. */
      joined: zRaceEntry.nullable(),
      active: z.array(zRaceEntry),
      exchange: z.array(zExchangeRate),
      chain: z.object({ enabled: z.boolean(), network: z.string().nullable() }),
      /** Whether demo racers fill the open group (`DEMO_FILL`). */
      demo_fill: z.enum(DEMO_FILL),
      /**
       * The groups that left the lobby lately, newest first (at most 3): racing (formed, until `race_ends_at`),
       * or settled or expired in the last two minutes. The lobby shows them as they run and end.
       */
      recent: z.array(zRaceGroup),
    }),
  }),
  '/api/racer/play': live('games', {
    summary:
      'Join the open race group with N tickets: the tickets are spent and the principal (N × ticket price) is ' +
      'locked until settlement, from the balance or paid by a chain transfer to my deposit address',
    request: z.object({
      group_id: z.number().int().positive(),
      tickets: zTicketCount,
      pay: z.enum(PAY_METHODS).default('balance'),
      tx_hash: z.string().regex(TX_HASH_PATTERN, { message: 'invalid_format' }).optional(),
      client_seed: zClientSeed,
      request_id: zRequestId.optional(),
    }),
    data: zRaceEntry,
    errors: [
      'RaceNotFound',
      'RaceNotOpen',
      'AlreadyInRace',
      'NotEnoughTickets',
      'InsufficientBalance',
      'PaymentPending',
      'PaymentNotFound',
      'PaymentTooSmall',
      'PaymentUsed',
      'NotAvailable',
      'IdempotencyConflict',
    ],
  }),
  '/api/racer/playInfo': live('games', {
    summary: 'One entry of mine',
    request: z.object({ id: z.number().int().positive() }),
    data: zRaceEntry,
    errors: ['RaceNotFound'],
  }),
  '/api/racer/racerInfo': live('games', {
    summary:
      'A race group with every entrant (masked UID or a demo tag, join order, tickets, client seed) and, once ' +
      'settled, the revealed seed, ranks, rewards and finish gaps: everything the verify view needs',
    request: z.object({ id: z.number().int().positive() }),
    data: z.object({ group: zRaceGroup, entrants: z.array(zEntrant), rewards: z.array(z.string()) }),
    errors: ['RaceNotFound'],
  }),
  '/api/racer/buyTicket': live('games', {
    summary: 'Buy race tickets with USDT from the spot account at the ticket price',
    request: z.object({ count: zTicketCount, request_id: zRequestId.optional() }),
    data: zTicketOrder,
    errors: ['InsufficientBalance', 'IdempotencyConflict'],
  }),
  '/api/racer/exchangeTicket': live('games', {
    summary:
      'Exchange a platform token for race tickets at its price from the one price source; the game fund backs ' +
      'the tickets',
    request: z.object({
      count: zTicketCount,
      asset: z.string().min(1).max(10),
      request_id: zRequestId.optional(),
    }),
    data: zTicketOrder,
    errors: ['InsufficientBalance', 'GameFundShort', 'ExchangeLimit', 'IdempotencyConflict'],
  }),
  '/api/racer/ticketOrderList': liveList('games', {
    summary: 'My ticket orders (bought, exchanged, quiz rewards), newest first',
    filters: {},
    item: zTicketOrder,
  }),
  '/api/racer/lockLog': liveList('games', {
    summary: 'Principal locked and unlocked by my entries, newest first',
    filters: {},
    item: zLockRow,
  }),
  '/api/racer/playLog': liveList('games', {
    summary:
      'My race entries (match records), newest first; `won` and `not_won` also find finished entries by their result',
    filters: { status: z.enum(ENTRY_STATUSES).optional() },
    item: zRaceEntry,
  }),
  '/api/game/orderList': liveList('games', {
    summary: 'Every change of my ticket balance, newest first',
    filters: {},
    item: zTicketMove,
  }),
  '/api/ticket/quizList': liveList('games', {
    summary: 'Quiz questions on offer with what I did with each, newest first',
    filters: {},
    item: zQuizItem,
  }),
  '/v1/quiz/open': live('games', {
    summary:
      "Open a question: its choices, and the server's clock starts (once; opening again gives the same deadline)",
    extension: true,
    request: z.object({ id: z.number().int().positive() }),
    data: zQuizOpen,
    errors: ['QuizNotFound', 'QuizAnswered', 'QuizClosed'],
  }),
  '/v1/quiz/answer': live('games', {
    summary:
      'Answer an opened question, once: a right answer within the time earns its tickets when the question ' +
      'closes for everyone; only then are the right answer and whether mine was right shown',
    extension: true,
    request: z.object({ id: z.number().int().positive(), choice: z.number().int().min(0).max(5) }),
    data: z.object({
      /** Null until the question closes for everyone. */
      correct: z.boolean().nullable(),
      in_time: z.boolean(),
      /** Null until the question closes for everyone. */
      answer: z.number().int().nullable(),
      /** Tickets paid for this answer: 0 until the question closes. */
      reward: z.number().int(),
      tickets: z.number().int(),
      closes_at: zTime.nullable().optional(),
    }),
    errors: ['QuizNotFound', 'QuizNotOpened', 'QuizAnswered', 'QuizClosed'],
  }),
  '/admin/games/overview': live('games', {
    summary:
      'The game fund, the ticket backing against tickets outstanding, open groups and their pools, and the quiz',
    extension: true,
    access: { roles: ['admin', 'finance', 'support'] },
    request: z.object({}),
    data: z.object({
      fund: z.string(),
      backing: z.string(),
      tickets_outstanding: z.number().int(),
      pools: z.string(),
      revenue: z.string(),
      /** The demo racers' pool: it pays demo seats and takes back what is left of them (docs/rules.md, Games). */
      demo_pool: z.string().optional(),
      groups: z.array(zRaceGroup),
      quizzes: z.array(
        z.object({
          id: z.number().int(),
          question: z.string(),
          answer: z.number().int(),
          reward_tickets: z.number().int(),
          time_limit_s: z.number().int(),
          active: z.boolean(),
          answered: z.number().int(),
          closes_at: zTime.nullable().optional(),
          settled_at: zTime.nullable().optional(),
        }),
      ),
    }),
  }),
  '/admin/games/fund': live('games', {
    summary: "Move USDT from the platform's capital into the game fund that backs exchanged and quiz tickets",
    extension: true,
    access: { roles: ['admin', 'finance'], acts: true },
    request: z.object({
      amount: zUsdtAmount,
      /** Why the operator funds it: kept in the audit log. */
      reason: z.string().trim().min(1).max(200).optional(),
    }),
    data: z.object({ fund: z.string() }),
  }),
  '/admin/games/saveQuiz': live('games', {
    summary: 'Add a quiz question (English required, other languages optional) or change one',
    extension: true,
    access: { roles: ['admin', 'support'], acts: true },
    request: z.object({
      id: z.number().int().positive().optional(),
      texts: z.object({ en: zQuizText }).catchall(zQuizText),
      answer: z.number().int().min(0).max(5),
      reward_tickets: z.number().int().min(1).max(100),
      time_limit_s: z.number().int().min(5).max(600),
      active: z.boolean().default(true),
      /** When it closes for everyone; without it, `games.quiz_open_hours` after it is added. */
      closes_at: zTime.nullable().optional(),
    }),
    data: z.object({ id: z.number().int() }),
    errors: ['QuizNotFound'],
  }),
} as const;
