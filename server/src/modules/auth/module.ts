import type { AppDeps } from '../../kernel/context';
import { defineModule, OWNS_NOTHING } from '../../kernel/module';
import { createAuth } from './service';

/** Sign-in with a wallet signature, email codes, sessions. */
export function authModule(deps: AppDeps) {
  const auth = createAuth(deps);
  return {
    api: auth,
    module: defineModule({
      domains: ['auth'],
      owns: OWNS_NOTHING,
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
