import type { AppDeps } from '../../kernel/context';
import { defineModule, OWNS_NOTHING } from '../../kernel/module';
import { createUsers } from '.';

/** The account and its direct referrals. */
export function usersModule(deps: AppDeps) {
  const users = createUsers(deps);
  return {
    api: users,
    module: defineModule({
      domains: ['users'],
      owns: OWNS_NOTHING,
      handlers: {
        '/api/user/info': (ctx) => users.info(ctx.me().id),
        '/api/user/shareList': (ctx) => users.directReferrals(ctx.me().id, ctx.body),
      },
    }),
  };
}
