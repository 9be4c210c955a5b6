import { z } from 'zod';
import { live, liveList } from '../../endpoint';
import { zTime } from '../../schemas';

export const zReferral = z.object({
  uid: z.string(),
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

/** The account and its direct referrals. */
export const usersEndpoints = {
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
} as const;
