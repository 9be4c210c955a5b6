import type { AppDeps } from '../../kernel/context';
import { defineEntry, defineModule, OWNS_NOTHING } from '../../kernel/module';
import { createAuth } from './service';
import { AUTH_SETTINGS } from './settings';

/** Sign-in with a wallet signature, email codes, sessions. */
function buildAuth(deps: AppDeps) {
  const auth = createAuth(deps);
  return {
    api: auth,
    module: defineModule({
      domains: ['auth'],
      handlers: {
        '/api/auth/login': (ctx) => auth.login(ctx.body, { ip: ctx.ip }),
        '/api/auth/sendEmail': (ctx) => auth.sendEmail(ctx.body.email, ctx.body.scene, ctx.ip, ctx.user?.id),
        '/api/auth/logout': async (ctx) => {
          await auth.logout(ctx.me());
          return null;
        },
      },
      sweep: () => auth.sweep(),
    }),
  };
}

export const authModule = defineEntry({
  name: 'auth',
  settings: AUTH_SETTINGS,
  owns: OWNS_NOTHING,
  build: buildAuth,
});
