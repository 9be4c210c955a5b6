import type { AppDeps } from '../../kernel/context';
import { defineModule, OWNS_NOTHING } from '../../kernel/module';
import { createUsers } from '.';
import { createTeams } from './team';

/** The account, its referrals, and the referral team's kept figures and levels. */
export function usersModule(deps: AppDeps) {
  const users = createUsers(deps);
  const teams = createTeams(deps);
  return {
    api: { ...users, teams },
    module: defineModule({
      domains: ['users'],
      owns: OWNS_NOTHING,
      handlers: {
        '/api/user/info': (ctx) => users.info(ctx.me().id),
        '/api/user/shareList': (ctx) => users.directReferrals(ctx.me().id, ctx.body),
        '/api/user/smarInvitation': (ctx) => teams.summary(ctx.me().id),
        '/v1/user/teamList': (ctx) => users.teamList(ctx.me().id, ctx.body),
      },
    }),
  };
}
