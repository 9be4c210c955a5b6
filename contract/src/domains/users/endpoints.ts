import { z } from 'zod';
import { live, liveList } from '../../endpoint';
import { zTime } from '../../schemas';

export const zReferral = z.object({
  uid: z.string(),
  /** Masked: the first 6 and last 4 characters. */
  address: z.string(),
  valid: z.boolean(),
  /** Cumulative volume in USDT, decimal string. */
  volume: z.string(),
  registered_at: zTime,
});

export const zUserInfo = z.object({
  uid: z.string(),
  address: z.string(),
  invite_code: z.string(),
  level: z.number().int(),
  email: z.string().nullable(),
  parent: z.object({ uid: z.string(), address: z.string() }).nullable(),
  registered_at: zTime,
  share_list: z.object({ list: z.array(zReferral), total: z.number().int() }),
  share_user_list: z.object({ list: z.array(zReferral), total: z.number().int() }),
});

const zLevelRule = z.object({
  level: z.number().int(),
  team_performance: z.string(),
  legs: z.number().int(),
});

/** The invitation screen: my code and my team's kept figures (USDT amounts as decimal strings). */
export const zInvitation = z.object({
  invite_code: z.string(),
  /** V0 … V5. */
  level: z.number().int(),
  /** Everyone below me in the referral tree. */
  headcount: z.number().int(),
  direct: z.number().int(),
  valid_direct: z.number().int(),
  /** Volume (USDT) from which a referral is valid. */
  valid_volume: z.string(),
  /** Staked or bought in total (cumulative). */
  personal_volume: z.string(),
  team_volume: z.string(),
  /** Held in products now (stakes and running machines). */
  personal_performance: z.string(),
  team_performance: z.string(),
  /** The team's new staking today, and in all (node performance). */
  node_today: z.string(),
  node_total: z.string(),
  levels: z.array(zLevelRule),
  /** What the next level needs (null at V5). */
  next: z
    .object({
      level: z.number().int(),
      team_performance: z.string(),
      legs: z.number().int(),
      have_legs: z.number().int(),
      missing_performance: z.string(),
    })
    .nullable(),
});

/** The account, its referrals and its team. */
const userCalls = {
  '/api/user/smarInvitation': live('users', {
    summary:
      'My invitation code and team: headcount, direct and valid referrals, personal and team volume and ' +
      'performance, node performance today and in all, my level and what the next one needs',
    request: z.object({}),
    data: zInvitation,
  }),
  '/api/user/info': live('users', {
    summary: 'The signed-in user: address, uid, invitation code, level, parent, referrals',
    request: z.object({}),
    data: zUserInfo,
  }),
  '/api/user/shareList': liveList('users', {
    summary: 'Direct referrals: address, valid, cumulative volume, registration time',
    filters: {},
    item: zReferral,
  }),
  '/v1/user/teamList': liveList('users', {
    summary:
      'Everyone in my team (all levels below me), nearest first: address, valid, volume, registration time',
    extension: true,
    filters: {},
    item: zReferral.extend({ distance: z.number().int(), level: z.number().int() }),
  }),
} as const;

/** A user's id as the operator console names it (the database id, not the public UID). */
const zUserId = z.number().int().positive().max(2_147_483_647);
/** Why an operator acts on an account: kept in the audit log. */
const zReason = z.string().trim().min(1).max(500);

/** A user as the operator console lists them. */
export const zAdminUser = z.object({
  user_id: z.number().int(),
  uid: z.string(),
  address: z.string(),
  email: z.string().nullable(),
  level: z.number().int(),
  created_at: zTime,
  frozen: z.boolean(),
  parent_uid: z.string().nullable(),
});

/** The referral team's kept figures (USDT amounts as decimal strings). */
export const zAdminTeamFigures = z.object({
  headcount: z.number().int(),
  direct: z.number().int(),
  valid_direct: z.number().int(),
  personal_volume: z.string(),
  team_volume: z.string(),
  personal_performance: z.string(),
  team_performance: z.string(),
  node_today: z.string(),
  node_total: z.string(),
  /** The highest level anywhere below the user. */
  best_below: z.number().int(),
  /** Direct referrals whose branch holds level 1, 2, 3, 4 or higher. */
  legs: z.array(z.number().int()),
});

export const zAdminUserDetail = zAdminUser.extend({
  invite_code: z.string(),
  /** Depth in the referral tree (0: a root). */
  depth: z.number().int(),
  frozen_info: z.object({ at: zTime, reason: z.string() }).nullable(),
  team: z.object({
    parent: z.object({ user_id: z.number().int(), uid: z.string(), address: z.string() }).nullable(),
    direct_referrals: z.number().int(),
    figures: zAdminTeamFigures,
  }),
});

export const zAdminSession = z.object({
  id: z.number().int(),
  created_at: zTime,
  expires_at: zTime,
  revoked_at: zTime.nullable(),
  ip: z.string().nullable(),
  /** Neither revoked nor expired. */
  active: z.boolean(),
});

export const zAdminNote = z.object({
  id: z.number().int(),
  text: z.string(),
  operator_id: z.number().int(),
  operator_name: z.string(),
  created_at: zTime,
});

const readers = { roles: ['support', 'finance'] } as const;
const actors = { roles: ['support'], acts: true } as const;

/** Operators' calls on users: search, profile and team, sessions, freezing, notes. */
const operatorCalls = {
  '/admin/users/search': liveList('users', {
    summary:
      'Users by UID (exact), address (0x…, whole or its start), email (whole or its start, any case) or ' +
      'numeric user id; newest first, and the newest users when q is empty',
    extension: true,
    access: readers,
    filters: { q: z.string().trim().max(254).default('') },
    item: zAdminUser,
  }),
  '/admin/users/detail': live('users', {
    summary: 'A user: profile, whether and why frozen, parent, direct referrals and the kept team figures',
    extension: true,
    access: readers,
    request: z.object({ user_id: zUserId }),
    data: zAdminUserDetail,
    errors: ['NotFound'],
  }),
  '/admin/users/referrals': liveList('users', {
    summary: "A user's direct referrals, newest first, with their level and team volume",
    extension: true,
    access: readers,
    filters: { user_id: zUserId },
    item: z.object({
      user_id: z.number().int(),
      uid: z.string(),
      address: z.string(),
      level: z.number().int(),
      created_at: zTime,
      /** USDT, decimal string. */
      team_volume: z.string(),
    }),
    errors: ['NotFound'],
  }),
  '/admin/users/sessions': liveList('users', {
    summary: "A user's sign-in sessions, newest first",
    extension: true,
    access: readers,
    filters: { user_id: zUserId },
    item: zAdminSession,
    errors: ['NotFound'],
  }),
  '/admin/users/revokeSession': live('users', {
    summary:
      "End one of the user's sessions at once (its token answers 406 from the next call); an ended one cannot be",
    extension: true,
    access: actors,
    request: z.object({ user_id: zUserId, session_id: z.number().int().positive(), reason: zReason }),
    data: zAdminSession,
    errors: ['NotFound', 'InvalidState'],
  }),
  '/admin/users/freeze': live('users', {
    summary: 'Freeze an account: every session ends at once and sign-in is refused until it is unfrozen',
    extension: true,
    access: actors,
    request: z.object({ user_id: zUserId, reason: zReason }),
    data: zAdminUserDetail,
    errors: ['NotFound', 'InvalidState'],
  }),
  '/admin/users/unfreeze': live('users', {
    summary: 'Unfreeze an account: the user may sign in again',
    extension: true,
    access: actors,
    request: z.object({ user_id: zUserId, reason: zReason }),
    data: zAdminUserDetail,
    errors: ['NotFound', 'InvalidState'],
  }),
  '/admin/users/notes': liveList('users', {
    summary: "Operators' notes on a user, newest first (kept as written)",
    extension: true,
    access: readers,
    filters: { user_id: zUserId },
    item: zAdminNote,
    errors: ['NotFound'],
  }),
  '/admin/users/addNote': live('users', {
    summary: 'Add a note on a user; notes cannot be edited or removed',
    extension: true,
    access: actors,
    request: z.object({ user_id: zUserId, text: z.string().trim().min(1).max(2000) }),
    data: zAdminNote,
    errors: ['NotFound'],
  }),
} as const;

export const usersEndpoints = { ...userCalls, ...operatorCalls } as const;
