import { z } from 'zod';
import { live, liveList } from '../../endpoint';
import { toMinorUnits, zExactAmount, zMinorUnits, zUsdtAmount } from '../../money';
import { MAX_MACHINES_A_PURCHASE, zTime } from '../../schemas';
import { zRequestId } from '../wallet/endpoints';

/** Hash power travels as a decimal with this many places ("12.5" T). */
export const POWER_SCALE = 4;

/**
 * Kinds of hash power: base (own machines running), bonus (promotional power of those machines), personal
 * (base + bonus), direct (a share of direct referrals' personal power), level (the team-level share of team
 * power), team (the whole downline's personal power), cumulative (all power ever bought), network (the whole
 * platform's effective power).
 */
export const POWER_KINDS = [
  'base',
  'bonus',
  'personal',
  'direct',
  'level',
  'team',
  'cumulative',
  'network',
] as const;
/** Kinds a hash-power record changes: own machines (base, bonus) and direct referrals' (direct). */
export const POWER_LOG_KINDS = ['base', 'bonus', 'direct'] as const;
export const MACHINE_STATUSES = ['active', 'paused', 'closed'] as const;
export const MACHINE_ORDER_STATUSES = ['running', 'expired'] as const;

/** A machine of the catalogue. */
export const zMachine = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.string(),
  pay_asset: z.string(),
  power: z.string(),
  /** Promotional power each machine adds on top of its power while it runs. */
  bonus_power: z.string(),
  term_days: z.number().int(),
  output_asset: z.string(),
  /** What one machine would earn a day at today's network power (an estimate, not a promise). */
  daily_output: z.string(),
  /** Machines left to sell; null when the catalogue does not limit it. */
  left: z.number().int().nullable(),
  status: z.enum(MACHINE_STATUSES),
});

/** One purchase of machines: it earns from the platform day after the purchase for its term. */
export const zMachineOrder = z.object({
  id: z.number().int(),
  machine_id: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  amount: z.string(),
  pay_asset: z.string(),
  /** Power of the whole order (machine power × quantity), and its bonus power. */
  power: z.string(),
  bonus_power: z.string(),
  term_days: z.number().int(),
  output_asset: z.string(),
  /** Output paid on this order so far (its share of each day's payout, by its power). */
  output: z.string(),
  status: z.enum(MACHINE_ORDER_STATUSES),
  /** Start of the first day it earns, and of the day it stops. */
  start_at: zTime,
  end_at: zTime,
  created_at: zTime,
});

/** My hash power of every kind, with the output it earns. */
export const zPowerInfo = z.object({
  output_asset: z.string(),
  /** My team level (V0–V5) and the share of team power it gives. */
  level: z.number().int(),
  level_rate: z.string(),
  direct_rate: z.string(),
  base: z.string(),
  bonus: z.string(),
  personal: z.string(),
  direct: z.string(),
  level_power: z.string(),
  team: z.string(),
  cumulative: z.string(),
  network: z.string(),
  /** Power that earns: personal, plus direct and level while I run machines of my own. */
  effective: z.string(),
  daily_emission: z.string(),
  /** Today's estimate at the current powers, and what was paid: yesterday and in all. */
  estimated_daily: z.string(),
  yesterday_output: z.string(),
  total_output: z.string(),
  running_orders: z.number().int(),
});

export const zPowerRecord = z.object({
  id: z.number().int(),
  kind: z.enum(POWER_LOG_KINDS),
  /** Positive when power was added (a purchase), negative when it ended (an order's term). */
  change: z.string(),
  reason: z.enum(['buy', 'expire']),
  order_id: z.number().int(),
  created_at: zTime,
});

/** One day's mining output of mine: my effective power, the network's, what it paid. */
export const zMiningDay = z.object({
  id: z.number().int(),
  day: zTime,
  power: z.string(),
  network: z.string(),
  asset: z.string(),
  amount: z.string(),
  status: z.enum(['paid', 'queued']),
});

/** An investment: valid while its machine runs. */
export const zInvestment = z.object({
  id: z.number().int(),
  kind: z.literal('machine'),
  name: z.string(),
  amount: z.string(),
  asset: z.string(),
  valid: z.boolean(),
  start_at: zTime,
  end_at: zTime,
});

const zAdminMachine = zMachine.extend({
  line: z.string(),
  stock: z.number().int().nullable(),
  sold: z.number().int(),
  sort: z.number().int(),
});

const zLine = z.string().trim().min(1).max(20).default('main');

/** Mining machines: hash power bought for a term, each platform day's emission shared by effective power. */
export const miningEndpoints = {
  '/api/machine/list': liveList('mining', {
    summary: 'Mining machines on sale: price, power, term and the daily output one would earn today',
    auth: false,
    filters: {},
    item: zMachine,
    extraData: { output_asset: z.string(), daily_emission: z.string(), network: z.string() },
  }),
  '/api/machine/getMachinePowerOrder': live('mining', {
    summary:
      'Buy machines from the spot account; their power counts at once and earns from the next platform day',
    request: z.object({
      machine_id: z.number().int().positive(),
      quantity: z.number().int().min(1).max(MAX_MACHINES_A_PURCHASE).default(1),
      request_id: zRequestId.optional(),
    }),
    data: zMachineOrder,
    errors: ['MachineNotFound', 'MachineSoldOut', 'InsufficientBalance', 'IdempotencyConflict'],
  }),
  '/api/machine/machinePowerOrderList': liveList('mining', {
    summary: 'My machine orders, newest first, by status',
    filters: { status: z.enum(MACHINE_ORDER_STATUSES).optional() },
    item: zMachineOrder,
  }),
  '/api/machine/machinePowerInfo': live('mining', {
    summary: 'My hash power of every kind, the network power, and the output it earns',
    request: z.object({}),
    data: zPowerInfo,
  }),
  '/api/user/userPowerCate': live('mining', {
    summary: 'My hash power by category (base, bonus, personal, direct, level, team, cumulative, network)',
    request: z.object({}),
    data: z.object({ list: z.array(z.object({ kind: z.enum(POWER_KINDS), power: z.string() })) }),
  }),
  '/api/user/userPower': liveList('mining', {
    summary: 'My hash-power records, newest first: what each purchase and each ended order changed',
    filters: { kind: z.enum(POWER_LOG_KINDS).optional() },
    item: zPowerRecord,
  }),
  '/api/mine/buyLog': liveList('mining', {
    summary: 'My machine purchases, newest first',
    filters: {},
    item: zMachineOrder,
  }),
  '/api/mine/mineList': liveList('mining', {
    summary: 'My mining output per platform day: my power, the network power, the amount',
    filters: {},
    item: zMiningDay,
    extraData: { asset: z.string(), total_paid: z.string() },
  }),
  '/api/moneylog/investLog': liveList('mining', {
    summary: 'My investments (machines), valid while they run, with the minimum investment',
    filters: { valid: z.boolean().optional() },
    item: zInvestment,
    extraData: { min_price: z.string(), asset: z.string(), valid_total: z.string() },
  }),
  '/api/moneylog/profitLog': liveList('mining', {
    summary: 'My mining profit per platform day, newest first, with the total paid',
    filters: {},
    item: zMiningDay,
    extraData: { asset: z.string(), total_paid: z.string() },
  }),
  '/admin/mining/machines': live('mining', {
    summary: 'The machine catalogue of a line, every status, with what each has sold',
    extension: true,
    access: { roles: ['admin', 'finance', 'support'] },
    request: z.object({ line: zLine }),
    data: z.object({ list: z.array(zAdminMachine) }),
    errors: ['MiningLineNotFound'],
  }),
  '/admin/mining/saveMachine': live('mining', {
    summary: 'Add a machine to a line, or change one (price, power and term apply to later purchases)',
    extension: true,
    access: { roles: ['admin'], acts: true },
    request: z.object({
      id: z.number().int().positive().optional(),
      line: zLine,
      name: z.string().trim().min(1).max(60),
      price: zUsdtAmount,
      power: zMinorUnits(POWER_SCALE),
      bonus_power: z
        .string()
        .regex(/^\d+(\.\d+)?$/)
        .transform(toMinorUnits(POWER_SCALE))
        .prefault('0'),
      term_days: z.number().int().min(1).max(3650),
      stock: z.number().int().positive().nullable().default(null),
      sort: z.number().int().min(0).max(10_000).default(0),
    }),
    data: zAdminMachine,
    errors: ['MachineNotFound', 'MiningLineNotFound'],
  }),
  '/admin/mining/machineStatus': live('mining', {
    summary: 'Put a machine on sale, pause its sale, or close it for good (running orders run their term)',
    extension: true,
    access: { roles: ['admin'], acts: true },
    request: z.object({ id: z.number().int().positive(), status: z.enum(MACHINE_STATUSES) }),
    data: zAdminMachine,
    errors: ['MachineNotFound'],
  }),
  '/admin/mining/fund': live('mining', {
    summary: "Fund a line's output pool from the platform's capital",
    extension: true,
    access: { roles: ['finance'], acts: true },
    request: z.object({
      line: zLine,
      amount: zExactAmount,
      /** Why the operator funds it: kept in the audit log. */
      reason: z.string().trim().min(1).max(200).optional(),
    }),
    data: z.object({ line: z.string(), asset: z.string(), pool_balance: z.string() }),
    errors: ['MiningLineNotFound'],
  }),
  '/admin/mining/lines': live('mining', {
    summary:
      'Every mining line: output pool and what it holds, paid, queued (owed), network power, last settled day',
    extension: true,
    access: { roles: ['finance', 'support'] },
    request: z.object({}),
    data: z.object({
      list: z.array(
        z.object({
          line: z.string(),
          asset: z.string(),
          daily_emission: z.string(),
          pool_balance: z.string(),
          paid: z.string(),
          queued: z.string(),
          network: z.string(),
          last_period_day: zTime.nullable(),
        }),
      ),
    }),
  }),
} as const;
