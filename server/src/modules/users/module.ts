import { defineEntry, defineModule, OWNS_NOTHING } from '../../kernel/module';
import { createUsers, type UsersDeps } from './service';
import { USERS_SETTINGS } from './settings';

/** The account, its referrals, and the referral team's kept figures and levels; operators' calls on users. */
function buildUsers(deps: UsersDeps) {
  const { admin, ...users } = createUsers(deps);
  const { teams } = users;
  return {
    api: users,
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
      dashboard: (since) => users.dashboard(since),
    }),
  };
}

export const usersModule = defineEntry({
  name: 'users',
  settings: USERS_SETTINGS,
  owns: OWNS_NOTHING,
  build: buildUsers,
});
