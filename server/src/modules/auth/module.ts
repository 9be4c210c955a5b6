import { defineEntry, defineModule, OWNS_NOTHING } from '../../kernel/module';
import type { AuthDeps } from './context';
import { createAuth } from './service';
import { AUTH_SETTINGS } from './settings';

/** Sign-in with a wallet signature, email codes, sessions. */
function buildAuth(deps: AuthDeps) {
  const auth = createAuth(deps);
  return {
    api: auth,
    module: defineModule({
      domains: ['auth'],
      handlers: {
        '/api/auth/login': (ctx) => auth.login(ctx.body, { ip: ctx.ip, userAgent: ctx.userAgent }),
        '/api/auth/sendEmail': (ctx) =>
          auth.sendEmail(ctx.body.email, ctx.body.scene, ctx.ip, ctx.user?.id, ctx.lang),
        '/api/auth/bindEmail': (ctx) => auth.email.bind(ctx.me().id, ctx.body.email, ctx.body.code),
        '/api/auth/changeEmail': (ctx) => auth.email.change(ctx.me().id, ctx.body),
        '/api/auth/logout': async (ctx) => {
          await auth.logout(ctx.me());
          return null;
        },
        '/api/auth/sessions': (ctx) => auth.mySessions(ctx.me(), ctx.body),
        '/api/auth/endSession': async (ctx) => ({ ended: await auth.endMine(ctx.me(), ctx.body.session_id) }),
        '/api/auth/endOtherSessions': async (ctx) => ({ ended: await auth.endMine(ctx.me(), 'others') }),
        '/api/auth/confirmNonce': (ctx) => auth.security.issueNonce(ctx.me().id, ctx.body.action),
        '/api/auth/security': (ctx) => auth.security.status(ctx.me().id),
        '/api/auth/totpSetup': (ctx) => auth.security.totpSetup(ctx.me().id),
        '/api/auth/totpEnable': (ctx) => auth.security.totpEnable(ctx.me().id, ctx.body.code),
        '/api/auth/totpDisable': (ctx) => auth.security.totpDisable(ctx.me().id, ctx.body.code),
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
