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
export const usersEndpoints = {
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
