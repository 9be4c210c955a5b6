import type { AppDeps } from '../../kernel/context';
import { defineModule, OWNS_NOTHING } from '../../kernel/module';
import type { ProgramReport } from '../../kernel/rewards';
import type { Ledger } from '../../ledger';
import { createAdmin } from '.';

/** Operators: sign-in with a second factor, operator accounts, the solvency report (with every rewards program). */
export function adminModule(
  deps: AppDeps & { readonly ledger: Ledger; readonly programs: () => Promise<readonly ProgramReport[]> },
) {
  const admin = createAdmin(deps);
  return {
    api: admin,
    module: defineModule({
      domains: ['admin'],
      owns: OWNS_NOTHING,
      handlers: {
        '/admin/auth/login': (ctx) => admin.login(ctx.body.name, ctx.body.password, ctx.ip, ctx.body.totp),
        '/admin/auth/logout': (ctx) => admin.logout(ctx.op()),
        '/admin/auth/totpSetup': (ctx) => admin.totpSetup(ctx.op()),
        '/admin/auth/totpConfirm': (ctx) => admin.totpConfirm(ctx.op(), ctx.body.code),
        '/admin/operators/create': (ctx) => admin.createOperatorBy(ctx.op(), ctx.body),
        '/admin/solvency': () => admin.solvency(),
      },
    }),
  };
}
