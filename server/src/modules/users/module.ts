import type { AppDeps } from '../../kernel/context';
import { defineEntry, defineModule, OWNS_NOTHING } from '../../kernel/module';
import { createUsersAdmin, type UserSessions } from './admin';
import { createUsers } from './service';
import { USERS_SETTINGS } from './settings';
import { createTeams } from './team';

/** The account, its referrals, and the referral team's kept figures and levels; operators' calls on users. */
function buildUsers(deps: AppDeps & { readonly sessions: UserSessions }) {
  const users = createUsers(deps);
  const teams = createTeams(deps);
  const admin = createUsersAdmin(deps);
  return {
    api: { ...users, teams, dashboard: admin.dashboard },
    module: defineModule({
      domains: ['users'],
      handlers: {
        '/api/user/info': (ctx) => users.info(ctx.me().id),
        '/api/user/shareList': (ctx) => users.directReferrals(ctx.me().id, ctx.body),
        '/api/user/smarInvitation': (ctx) => teams.summary(ctx.me().id),
        '/v1/user/teamList': (ctx) => users.teamList(ctx.me().id, ctx.body),

        // Operators' calls; the transport has checked each call's roles.
        '/admin/users/search': (ctx) => admin.search(ctx.body.q, ctx.body),
        '/admin/users/detail': (ctx) => admin.detail(ctx.body.user_id),
        '/admin/users/referrals': (ctx) => admin.referrals(ctx.body.user_id, ctx.body),
        '/admin/users/sessions': (ctx) => admin.sessions(ctx.body.user_id, ctx.body),
        '/admin/users/revokeSession': (ctx) =>
          admin.revokeSession(ctx.op(), ctx.body.user_id, ctx.body.session_id, ctx.body.reason),
        '/admin/users/freeze': (ctx) => admin.freeze(ctx.op(), ctx.body.user_id, ctx.body.reason),
        '/admin/users/unfreeze': (ctx) => admin.unfreeze(ctx.op(), ctx.body.user_id, ctx.body.reason),
        '/admin/users/notes': (ctx) => admin.notes(ctx.body.user_id, ctx.body),
        '/admin/users/addNote': (ctx) => admin.addNote(ctx.op(), ctx.body.user_id, ctx.body.text),
      },
      dashboard: (since) => admin.dashboard(since),
    }),
  };
}

export const usersModule = defineEntry({
  name: 'users',
  settings: USERS_SETTINGS,
  owns: OWNS_NOTHING,
  build: buildUsers,
});
